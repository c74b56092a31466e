import { useState } from 'react';
import { Card, Descriptions, Empty, List, Rate, Skeleton, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SupplierDetail as Supplier } from '@spotzcity/shared/search-supplier';
import {
  CERTIFICATE_STATUS_LABELS,
  type Certificate,
  type CertificateStatus,
} from '@spotzcity/shared/verified-diversity';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { Pager } from '../../../components/pager.tsx';
import { SupplierRating, type OwnRating } from '../../../components/supplier-rating.tsx';
import { supplierCertificatesQuery } from '../api/certificates.ts';
import { supplierSearchKeys } from '../api/search-suppliers.ts';
import { RATINGS_PAGE_SIZE, ratingKeys, ratingListQuery } from '../api/list-ratings.ts';
import { SupplierCertificates } from './supplier-certificates.tsx';
import { SupplierSize } from './supplier-size.tsx';

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '—');
const usDate = (iso: string | null) =>
  iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : '—';

/** 'Rating & Comments': the supplier's ratings, RATINGS_PAGE_SIZE a page, with the pager. */
function RatingsAndComments({ duns }: { duns: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const ratings = useQuery(ratingListQuery(duns, page));
  const total = ratings.data?.totalCount ?? 0;
  return (
    <Card title={t('supplierSearch.ratingAndComments')} data-testid="ratings-and-comments">
      {ratings.isPending ? (
        <Skeleton active />
      ) : ratings.isError ? (
        <Typography.Text type="danger">{ratings.error.message}</Typography.Text>
      ) : total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noRecords')} />
      ) : (
        <>
          <List
            dataSource={ratings.data.data}
            rowKey="id"
            data-testid="ratings-list"
            renderItem={(r) => (
              <List.Item data-testid="rating-item">
                <List.Item.Meta
                  title={
                    <span>
                      {r.ratedBy}{' '}
                      <Rate disabled allowHalf value={r.rating} style={{ fontSize: 14 }} />
                    </span>
                  }
                  description={r.comment ?? ''}
                />
              </List.Item>
            )}
          />
          <Pager
            page={page}
            pageCount={Math.ceil(total / RATINGS_PAGE_SIZE)}
            onChange={setPage}
            data-testid="ratings-pager"
          />
        </>
      )}
    </Card>
  );
}

/** Statuses under which a certificate still counts (qualifiesOn, on today). */
const IN_FORCE = new Set<CertificateStatus>(['VALID', 'EXPIRING', 'IN_GRACE']);

/**
 * The certificate that says why the directory's uploaded status no longer holds: the latest of
 * the supplier's certificates of these types when none of them is in force, or null (no
 * certificate, or one in force).
 */
function lapsedCertificate(certificates: Certificate[], types?: string[]): Certificate | null {
  const of = types
    ? certificates.filter((c) => types.includes(c.diversityType.toUpperCase()))
    : certificates;
  if (!of.length || of.some((c) => IN_FORCE.has(c.status))) return null;
  return [...of].sort((a, b) => b.expiryDate.localeCompare(a.expiryDate))[0]!;
}

/** Every detail field the spec lists for a supplier, then 'Rating & Comments'. */
export function SupplierDetail({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const canRate = user.permissions.includes('RATE_SUPPLIER_VIEW');
  const [own, setOwn] = useState<OwnRating>(supplier.supplierRatingBo);
  const s = supplier;
  const item = (label: string, value: React.ReactNode) => (
    <Descriptions.Item label={label}>{value}</Descriptions.Item>
  );
  // The directory's statuses are as uploaded; beside them, a certificate that has lapsed says so.
  const readsCertificates = user.features.supplierAndSpend.allowed;
  const certificates = useQuery({
    ...supplierCertificatesQuery(s.id),
    enabled: readsCertificates,
  }).data;
  const lapsedNote = (value: string | null | undefined, types?: string[]) => {
    const lapsed = value?.trim() && certificates ? lapsedCertificate(certificates, types) : null;
    return (
      <>
        {dash(value)}
        {lapsed && (
          <Typography.Text type="warning" data-testid="status-lapsed">
            {' '}
            ·{' '}
            {lapsed.status === 'EXPIRED'
              ? t('supplierSearch.certificateExpired', { date: usDate(lapsed.expiryDate) })
              : t('supplierSearch.certificateStanding', {
                  status: CERTIFICATE_STATUS_LABELS[lapsed.status].toLowerCase(),
                })}
          </Typography.Text>
        )}
      </>
    );
  };
  return (
    <div className="supplier-detail" data-testid="supplier-detail">
      <Card style={{ marginBottom: 20 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="supplier-detail-name">
          {s.name}
        </Typography.Title>
        <Rate disabled allowHalf value={s.ratingCount.rating} />{' '}
        <Typography.Text type="secondary">
          {t('supplierSearch.ratingCount', { count: s.ratingCount.count })}
        </Typography.Text>
        {canRate && (
          <div className="supplier-own-rating">
            <Typography.Text strong>{t('supplierSearch.yourRating')}</Typography.Text>{' '}
            <SupplierRating
              supplier={{ name: s.name, duns: s.duns }}
              current={own}
              onSaved={(reply) => {
                setOwn({
                  id: reply.data.id,
                  rating: reply.data.rating,
                  comment: reply.data.comment,
                });
                void queryClient.invalidateQueries({ queryKey: ratingKeys.all });
                void queryClient.invalidateQueries({ queryKey: supplierSearchKeys.all });
              }}
              data-testid="supplier-own-rating"
            />
          </div>
        )}
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" style={{ marginTop: 16 }}>
          {item(t('supplierSearch.name'), s.name)}
          {item(t('supplierSearch.duns'), s.duns)}
          {item(t('supplierSearch.supplierDbaName'), dash(s.supplierDbaName))}
          {item(t('supplierSearch.industry'), dash(s.industry))}
          {item(t('supplierSearch.addressLine1'), dash(s.addressLine1))}
          {item(t('supplierSearch.addressLine2'), dash(s.addressLine2))}
          {item(t('supplierSearch.city'), dash(s.city))}
          {item(t('supplierSearch.stateOrProvince'), dash(s.stateOrProvince))}
          {item(t('supplierSearch.zip'), dash(s.zip))}
          {item(t('supplierSearch.country'), dash(s.country))}
          {item(t('supplierSearch.businessStartDate'), usDate(s.businessStartDate))}
          {item(
            t('supplierSearch.websiteUrl'),
            s.websiteUrl ? (
              <Typography.Link
                href={s.websiteUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="supplier-website"
              >
                {s.websiteUrl}
              </Typography.Link>
            ) : (
              '—'
            ),
          )}
          {item(t('supplierSearch.certificationType'), dash(s.certificationType))}
          {item(t('supplierSearch.validated'), lapsedNote(s.tulipValidated))}
        </Descriptions>
        <Typography.Title level={5}>{t('supplierSearch.businessContact')}</Typography.Title>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          {item(t('supplierSearch.contactName'), dash(s.businessContactName))}
          {item(t('supplierSearch.contactTitle'), dash(s.businessContactTitle))}
          {item(t('supplierSearch.contactPhone'), dash(s.businessContactPhone))}
          {item(t('supplierSearch.contactEmail'), dash(s.businessContactEmail))}
        </Descriptions>
        <Typography.Title level={5}>{t('supplierSearch.alternateContact')}</Typography.Title>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
          {item(t('supplierSearch.contactName'), dash(s.alternateContactName))}
          {item(t('supplierSearch.contactTitle'), dash(s.alternateContactTitle))}
          {item(t('supplierSearch.contactPhone'), dash(s.alternateContactPhone))}
          {item(t('supplierSearch.contactEmail'), dash(s.alternateContactEmail))}
        </Descriptions>
        <Typography.Title level={5}>{t('supplierSearch.statuses')}</Typography.Title>
        <Descriptions column={{ xs: 2, md: 3 }} bordered size="small">
          {item('MBE', lapsedNote(s.minorityOwnedStatus, ['MBE']))}
          {item('WBE', lapsedNote(s.wbeStatus, ['WBE']))}
          {item('VBE', lapsedNote(s.vbeStatus, ['VBE']))}
          {item('SDVBE', lapsedNote(s.sdvbeStatus, ['SDVBE']))}
          {item('DOBE', lapsedNote(s.dobeStatus, ['DOBE']))}
          {item('DBE', lapsedNote(s.dbeStatus, ['DBE']))}
        </Descriptions>
        <Typography.Title level={5}>{t('supplierSearch.naics')}</Typography.Title>
        <Descriptions column={1} bordered size="small">
          {item(t('supplierSearch.primaryNaics'), dash(s.primaryNaicsCode))}
          {item(t('supplierSearch.primaryNaicsDescription'), dash(s.primaryNaicsDescription))}
          {item(t('supplierSearch.additionalNaics'), dash(s.additionalNaicsCodes))}
          {item(t('supplierSearch.additionalNaicsDescription'), dash(s.additionalNaicsDescription))}
        </Descriptions>
        <SupplierSize
          key={s.id}
          supplier={s}
          canEdit={user.permissions.includes('UPLOAD_SUPPLIER_LIST')}
        />
      </Card>
      {user.features.supplierAndSpend.allowed && <SupplierCertificates supplierId={s.id} />}
      <RatingsAndComments duns={s.duns} />
    </div>
  );
}
