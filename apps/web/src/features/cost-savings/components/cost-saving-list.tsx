/**
 * The cost-saving cases: every column of the spec, an expandable 'Yearly
 * Savings' row, pencil and trash per the addEdit and deleteFile flags.
 */
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { useAlert } from '../../../components/alert-modal.tsx';
import { DeleteAction } from '../../../components/delete-action.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { useDeleteCostSaving } from '../api/delete-cost-saving.ts';
import { costSavingKeys } from '../api/keys.ts';
import { fetchCostSavingsPage } from '../api/list-cost-savings.ts';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { YearlySavings } from './yearly-savings.tsx';

interface CostSavingListProps {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (record: CostSaving) => void;
  onTotalChange: (total: number) => void;
}

const amountCell = (value: number) => <span className="cell-money">{formatMoney(value)}</span>;
/** Prices per item keep their cents: $0.92 truncated to whole dollars would read $0. */
const unitPriceCell = (value: number) => (
  <span className="cell-money">
    {value.toLocaleString('en-US', { style: 'currency', currency: 'USD' })}
  </span>
);

export function CostSavingList({ canEdit, canDelete, onEdit, onTotalChange }: CostSavingListProps) {
  const { t } = useTranslation();
  const alert = useAlert();
  const remove = useDeleteCostSaving();
  const f = (key: string) => t(`costSaving.fields.${key}` as 'costSaving.fields.actions');

  const columns: NonNullable<TableProps<CostSaving>['columns']> = [
    {
      title: f('currentContractAmount'),
      dataIndex: 'currentContractAmount',
      key: 'currentContractAmount',
      align: 'right',
      width: 150,
      render: amountCell,
    },
    {
      title: f('currentSpendPerItem'),
      dataIndex: 'currentSpendPerItem',
      key: 'currentSpendPerItem',
      align: 'right',
      width: 130,
      render: unitPriceCell,
    },
    {
      title: f('winnerVandorName'),
      dataIndex: 'winnerVandorName',
      key: 'winnerVandorName',
      width: 200,
      render: (value: string) => <Typography.Text strong>{value}</Typography.Text>,
    },
    {
      title: f('rfxOrOpportunityName'),
      dataIndex: 'rfxOrOpportunityName',
      key: 'rfxOrOpportunityName',
      width: 150,
    },
    {
      title: f('contractYears'),
      dataIndex: 'contractYears',
      key: 'contractYears',
      align: 'center',
      width: 100,
    },
    {
      title: f('startDate'),
      dataIndex: 'startDate',
      key: 'startDate',
      width: 115,
      render: (value: string) => formatDate(value),
    },
    {
      title: f('endDate'),
      dataIndex: 'endDate',
      key: 'endDate',
      width: 115,
      render: (value: string) => formatDate(value),
    },
    {
      title: f('newlyQuotedCotractAmount'),
      dataIndex: 'newlyQuotedCotractAmount',
      key: 'newlyQuotedCotractAmount',
      align: 'right',
      width: 160,
      render: amountCell,
    },
    {
      title: f('newlyQuotedAmountPerTime'),
      dataIndex: 'newlyQuotedAmountPerTime',
      key: 'newlyQuotedAmountPerTime',
      align: 'right',
      width: 150,
      render: unitPriceCell,
    },
    {
      title: f('businessCategory'),
      dataIndex: 'businessCategory',
      key: 'businessCategory',
      width: 180,
    },
    {
      title: f('precurementDirOrIndir'),
      dataIndex: 'precurementDirOrIndir',
      key: 'precurementDirOrIndir',
      width: 130,
      render: (value: string) => (
        <Tag color={value === 'Direct' ? 'geekblue' : 'cyan'} variant="filled">
          {value}
        </Tag>
      ),
    },
    {
      title: f('vendorDiversityCategory'),
      dataIndex: 'vendorDiversityCategory',
      key: 'vendorDiversityCategory',
      width: 170,
      render: (types: string[]) => (
        <Space size={[4, 4]} wrap>
          {types.map((type) => (
            <Tag key={type} color={type === 'NON_DIVERSE' ? 'default' : 'purple'}>
              {diversityLabel(type)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: f('vendorEthnicityCategory'),
      dataIndex: 'vendorEthnicityCategory',
      key: 'vendorEthnicityCategory',
      width: 150,
      render: (value: string | null) =>
        value ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: f('currentOrNewSuppliers'),
      dataIndex: 'currentOrNewSuppliers',
      key: 'currentOrNewSuppliers',
      width: 150,
    },
    {
      title: f('yearsOfContract'),
      dataIndex: 'yearsOfContract',
      key: 'yearsOfContract',
      width: 150,
      render: (years: number[]) => years.join(', '),
    },
  ];

  if (canEdit || canDelete) {
    columns.push({
      title: f('actions'),
      key: 'actions',
      fixed: 'right',
      width: 100,
      align: 'center',
      render: (_: unknown, row: CostSaving) => (
        <Space size={0}>
          {canEdit && (
            <Tooltip title={t('costSaving.edit')}>
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label={t('costSaving.edit')}
                onClick={(event) => {
                  event.stopPropagation();
                  onEdit(row);
                }}
                data-testid="cost-saving-edit"
              />
            </Tooltip>
          )}
          {canDelete && (
            <DeleteAction
              label={t('costSaving.itemLabel')}
              name={row.rfxOrOpportunityName}
              data-testid="cost-saving-delete"
              onConfirm={() =>
                remove.mutateAsync(row.id).then(
                  (reply) => alert.showSuccess(reply.message),
                  (error: Error) => alert.showError(error.message),
                )
              }
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <InfiniteTable<CostSaving>
      queryKey={costSavingKeys.list()}
      fetchPage={fetchCostSavingsPage}
      columns={columns}
      rowKey="id"
      scrollX={2300}
      height={560}
      onTotalChange={onTotalChange}
      expandable={{
        expandedRowRender: (row) => <YearlySavings record={row} />,
        columnWidth: 48,
      }}
      data-testid="cost-saving-table"
    />
  );
}
