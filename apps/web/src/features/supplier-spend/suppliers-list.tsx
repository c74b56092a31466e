import { useState } from 'react';
import { Card, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@spotzcity/shared/enums';
import { formatMoney } from '@spotzcity/shared/format';
import type { SupplierListItem } from '@spotzcity/shared/spend';
import { useAddressColumns } from '../../components/address-columns.tsx';
import { InfiniteTable, useReloadList } from '../../components/infinite-table.tsx';
import { SupplierLink } from '../../components/supplier-link.tsx';
import { SupplierRating } from '../../components/supplier-rating.tsx';
import { spendKeys } from './api/keys.ts';
import { fetchSuppliersPage } from './api/list-suppliers.ts';
import { DiversityTags } from './components/diversity-tags.tsx';
import { SelectedFiles } from './components/selected-files.tsx';
import { SpendHeader } from './components/spend-header.tsx';
import { useSelectedFiles } from './selection.ts';
import layout from './spend-page.module.css';
import css from './supplier-spend.module.css';

/** All Suppliers (also the Rate Supplier entry): every supplier of the selection, with stars. */
export function SuppliersList() {
  const { t } = useTranslation();
  const [fileIds] = useSelectedFiles();
  const [sortOrder, setSortOrder] = useState<SortOrder>('DESC');
  const reload = useReloadList();
  const queryKey = spendKeys.suppliers(fileIds, sortOrder);
  const address = useAddressColumns<SupplierListItem>({
    state: 'stateOrProvince',
    widths: { city: 100, state: 124, zip: 68, country: 72 },
  });

  const columns: TableColumnsType<SupplierListItem> = [
    {
      key: 'name',
      title: t('spend.company'),
      dataIndex: 'name',
      width: 200,
      fixed: 'left',
      render: (name: string, row) => (
        <div className={css.spendSupplierCell}>
          <SupplierLink name={name} duns={row.duns} />
          {row.duns && (
            <Typography.Text type="secondary" className={css.spendSupplierDuns}>
              DUNS {row.duns}
            </Typography.Text>
          )}
        </div>
      ),
    },
    ...address,
    {
      key: 'category',
      title: t('spend.category'),
      dataIndex: 'category',
      width: 144,
      ellipsis: true,
    },
    {
      key: 'diversity',
      title: t('spend.diversity'),
      dataIndex: 'diversity',
      width: 112,
      render: (value: string) => <DiversityTags value={value} />,
    },
    {
      key: 'spend',
      title: t('spend.totalSpend'),
      dataIndex: 'totalSpends',
      align: 'right',
      width: 122,
      fixed: 'right',
      sorter: true,
      sortOrder: sortOrder === 'ASC' ? 'ascend' : 'descend',
      // Toggles between the two orders; there is no unsorted state.
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: number) => <span className={css.money}>{formatMoney(value)}</span>,
    },
    {
      key: 'rating',
      title: t('spend.rating'),
      width: 126,
      fixed: 'right',
      render: (_, row) => (
        <SupplierRating
          supplier={{ name: row.name, duns: row.duns }}
          current={row.supplierRatingBo}
          onSaved={() => void reload(queryKey)}
        />
      ),
    },
  ];

  return (
    <div className={`page ${layout.fullWidth} spend-page`} data-testid="suppliers-list">
      <SpendHeader title={t('spend.listTitle')} fileIds={fileIds} />
      <Card className={css.spendPanel}>
        <SelectedFiles fileIds={fileIds} />
        <InfiniteTable<SupplierListItem>
          queryKey={queryKey}
          fetchPage={(page, signal) => fetchSuppliersPage(fileIds, sortOrder, page, signal)}
          columns={columns}
          rowKey={(row) => `${row.duns ?? ''}|${row.name}`}
          onSortChange={(sort) =>
            setSortOrder(sort?.order ?? (sortOrder === 'ASC' ? 'DESC' : 'ASC'))
          }
          scrollX={1068}
          height={600}
          data-testid="suppliers-table"
        />
      </Card>
    </div>
  );
}
