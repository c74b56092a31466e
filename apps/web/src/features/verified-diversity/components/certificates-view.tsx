/**
 * Certificates: the supplier directory's certificates and the organisation's own,
 * filtered by status, agency, type and source (kept in the address, so that a reload or a link
 * shows the same list), sorted by expiry (soonest first; the header toggles), with the
 * qualification policy. Certificates are added on the supplier's page; the view says where.
 */
import { useMemo } from 'react';
import { Alert, Button, Card, Flex, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
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

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((v) => v === value);

/** The filter of the address (`?status=EXPIRING&type=WBE&…`); anything unknown is left out. */
export function filterFromSearch(params: URLSearchParams): CertificateFilter {
  const agency = params.get('agency')?.trim().slice(0, 50);
  return {
    status: oneOf(CERTIFICATE_STATUSES, params.get('status')),
    agency: agency || undefined,
    diversityType: oneOf(CERTIFICATE_TYPES, params.get('type')),
    source: oneOf(CERTIFICATE_SOURCES, params.get('source')),
    sortOrder: params.get('sort') === 'desc' ? 'desc' : 'asc',
  };
}

function searchOf(filter: CertificateFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.agency) params.set('agency', filter.agency);
  if (filter.diversityType) params.set('type', filter.diversityType);
  if (filter.source) params.set('source', filter.source);
  if (filter.sortOrder === 'desc') params.set('sort', 'desc');
  return params;
}

export function CertificatesView() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const agencies = useQuery(agenciesQuery());
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromSearch(params), [params]);
  const setFilter = (next: CertificateFilter) => setParams(searchOf(next), { replace: true });
  const set = (change: Partial<CertificateFilter>) => setFilter({ ...filter, ...change });
  const mayAdd = user.permissions.includes('UPLOAD_SUPPLIER_SPEND_FILE');
  return (
    <div className="page" data-testid="certificates-view">
      <SpendViewHeader
        view={t('verified.certificates')}
        subtitle={t('verified.certificatesSubtitle')}
      />
      {mayAdd && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="add-certificate-pointer"
          title={
            <Trans
              i18nKey="verified.addWhere"
              components={{ search: <Link to="/home/supplierSearch" /> }}
            />
          }
        />
      )}
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
            width: 200,
            render: (name: string, c) => <SupplierLink name={name} duns={c.duns} />,
          },
          // Status right after the supplier: on a phone both show before the table scrolls.
          {
            title: t('verified.status'),
            dataIndex: 'status',
            width: 110,
            render: (_: unknown, c) => <CertificateStatusTag status={c.status} />,
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
            title: t('verified.type'),
            dataIndex: 'diversityType',
            width: 90,
            render: (v: string) => diversityLabel(v),
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
