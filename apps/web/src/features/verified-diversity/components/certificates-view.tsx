/**
 * Certificates: the supplier directory's certificates and the organisation's own,
 * filtered by status, agency, type and source, sorted by expiry (soonest first; the header
 * toggles), with the qualification policy.
 */
import { useState } from 'react';
import { Button, Card, Flex, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import {
  CERTIFICATE_SOURCES,
  CERTIFICATE_SOURCE_LABELS,
  CERTIFICATE_STATUSES,
  CERTIFICATE_STATUS_LABELS,
  CERTIFICATE_TYPES,
  type Certificate,
} from '@spotzcity/shared/verified-diversity';
import { agenciesQuery } from '../../../api/certificate-agencies.ts';
import { useCurrentUser } from '../../../api/get-profile.ts';
import {
  CertificateSourceTag,
  CertificateStatusTag,
} from '../../../components/certificate-status.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { SupplierLink } from '../../../components/supplier-link.tsx';
import { fetchCertificates, verifiedKeys, type CertificateFilter } from '../api/certificates.ts';
import { PolicyCard } from './policy-card.tsx';
import { SpendViewHeader } from './spend-view-header.tsx';

const usDate = (iso: string | null) =>
  iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—';

export function CertificatesView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const agencies = useQuery(agenciesQuery());
  const [filter, setFilter] = useState<CertificateFilter>({ sortOrder: 'asc' });
  const set = (change: Partial<CertificateFilter>) => setFilter((f) => ({ ...f, ...change }));
  return (
    <div className="page" data-testid="certificates-view">
      <SpendViewHeader
        view={t('verified.certificates')}
        subtitle={t('verified.certificatesSubtitle')}
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            showSearch
            placeholder={t('verified.anyStatus')}
            style={{ minWidth: 160 }}
            value={filter.status}
            onChange={(status) => set({ status })}
            options={CERTIFICATE_STATUSES.map((s) => ({
              value: s,
              label: CERTIFICATE_STATUS_LABELS[s],
            }))}
            data-testid="filter-status"
          />
          <Select
            allowClear
            placeholder={t('verified.anyAgency')}
            style={{ minWidth: 180 }}
            value={filter.agency}
            onChange={(agency) => set({ agency })}
            options={(agencies.data ?? []).map((a) => ({ value: a.name, label: a.name }))}
            data-testid="filter-agency"
          />
          <Select
            allowClear
            placeholder={t('verified.anyType')}
            style={{ minWidth: 140 }}
            value={filter.diversityType}
            onChange={(diversityType) => set({ diversityType })}
            options={CERTIFICATE_TYPES.map((d) => ({ value: d, label: diversityLabel(d) }))}
            data-testid="filter-type"
          />
          <Select
            allowClear
            placeholder={t('verified.anySource')}
            style={{ minWidth: 170 }}
            value={filter.source}
            onChange={(source) => set({ source })}
            options={CERTIFICATE_SOURCES.map((s) => ({
              value: s,
              label: CERTIFICATE_SOURCE_LABELS[s],
            }))}
            data-testid="filter-source"
          />
          <Button onClick={() => setFilter({ sortOrder: 'asc' })}>
            {t('verified.clearFilters')}
          </Button>
        </Flex>
      </Card>
      <InfiniteTable<Certificate>
        queryKey={verifiedKeys.certificates(filter)}
        fetchPage={(page, signal) => fetchCertificates(filter, page, signal)}
        rowKey="id"
        height={480}
        onSortChange={(sort) => set({ sortOrder: sort?.order === 'DESC' ? 'desc' : 'asc' })}
        data-testid="certificates-table"
        columns={[
          {
            title: t('verified.supplier'),
            dataIndex: 'supplierName',
            width: 220,
            render: (name: string, c) => <SupplierLink name={name} duns={c.duns} />,
          },
          {
            title: t('verified.type'),
            dataIndex: 'diversityType',
            width: 90,
            render: (v: string) => diversityLabel(v),
          },
          {
            title: t('verified.expiryDate'),
            dataIndex: 'expiryDate',
            key: 'expiryDate',
            width: 130,
            sorter: true,
            sortOrder: filter.sortOrder === 'desc' ? 'descend' : 'ascend',
            sortDirections: ['ascend', 'descend', 'ascend'],
            render: usDate,
          },
          {
            title: t('verified.status'),
            dataIndex: 'status',
            width: 130,
            render: (_: unknown, c) => <CertificateStatusTag status={c.status} />,
          },
          { title: t('verified.agency'), dataIndex: 'agency', width: 150 },
          {
            title: t('verified.number'),
            dataIndex: 'certificateNumber',
            width: 140,
            render: (v: string | null) => v ?? '—',
          },
          {
            title: t('verified.source'),
            dataIndex: 'fromDirectory',
            width: 150,
            render: (fromDirectory: boolean) => (
              <CertificateSourceTag fromDirectory={fromDirectory} />
            ),
          },
        ]}
      />
      {user.features.supplierAndSpend.allowed && <PolicyCard />}
    </div>
  );
}
