import { useState } from 'react';
import { Card, Descriptions, Empty, List, Rate, Skeleton, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SupplierDetail as Supplier } from '@spotzcity/shared/search-supplier';
import { useCurrentUser } from '../../../api/get-profile.ts';
import { Pager } from '../../../components/pager.tsx';
import { SupplierRating, type OwnRating } from '../../../components/supplier-rating.tsx';
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
          {item(t('supplierSearch.validated'), dash(s.tulipValidated))}
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
          {item('MBE', dash(s.minorityOwnedStatus))}
          {item('WBE', dash(s.wbeStatus))}
          {item('VBE', dash(s.vbeStatus))}
          {item('SDVBE', dash(s.sdvbeStatus))}
          {item('DOBE', dash(s.dobeStatus))}
          {item('DBE', dash(s.dbeStatus))}
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
