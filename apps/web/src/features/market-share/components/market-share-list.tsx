/**
 * The Market Share list (spec 02 points 2, 4): one row per supplier of the organisation's spend,
 * largest spend first, with infinite scroll.
 */
import { Space, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MarketShareRecord } from '@spotzcity/shared/market-share';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { useAddressColumns } from '../../../components/address-columns.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { SupplierLink } from '../../../components/supplier-link.tsx';
import { marketShareKeys } from '../api/keys.ts';
import { fetchMarketSharePage } from '../api/list-market-share.ts';
import { diversityLabel } from '@spotzcity/shared/diversity-words';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export function MarketShareList({ onTotalChange }: { onTotalChange: (total: number) => void }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`marketShare.columns.${key}` as 'marketShare.columns.name');
  const address = useAddressColumns<MarketShareRecord>({
    state: 'stateOrProvince',
    widths: { city: 110, state: 118, zip: 72, country: 82 },
    missing: dash,
  });
  const columns: NonNullable<TableProps<MarketShareRecord>['columns']> = [
    {
      title: c('name'),
      dataIndex: 'name',
      key: 'name',
      minWidth: 180,
      render: (value: string, row) => <SupplierLink name={value} duns={row.duns} />,
    },
    ...address,
    { title: c('category'), dataIndex: 'category', key: 'category', width: 160 },
    {
      title: c('diversityCategory'),
      dataIndex: 'diversityCategory',
      key: 'diversityCategory',
      width: 130,
      render: (types: string[]) => (
        <Space size={[4, 4]} wrap>
          {types.map((type) => (
            <Tag key={type} color={type === 'NON_DIVERSE' ? 'default' : 'green'}>
              {diversityLabel(type)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: c('spend'),
      dataIndex: 'spend',
      key: 'spend',
      align: 'right',
      width: 122,
      render: (value: number) => <span className="cell-money">{formatMoney(value)}</span>,
    },
    {
      title: c('paymentDate'),
      dataIndex: 'paymentDate',
      key: 'paymentDate',
      width: 116,
      render: (value: string) => formatDate(value),
    },
  ];

  return (
    <InfiniteTable<MarketShareRecord>
      queryKey={marketShareKeys.list()}
      fetchPage={fetchMarketSharePage}
      columns={columns}
      rowKey="id"
      height={600}
      onTotalChange={onTotalChange}
      data-testid="market-share-table"
    />
  );
}
