import { useState } from 'react';
import { Button, Card, type TableColumnsType } from 'antd';
import { BarChartOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '@spotzcity/shared/enums';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import type { SpendRowItem } from '@spotzcity/shared/spend';
import { useAddressColumns } from '../../components/address-columns.tsx';
import { InfiniteTable } from '../../components/infinite-table.tsx';
import { SupplierLink } from '../../components/supplier-link.tsx';
import { spendKeys } from './api/keys.ts';
import { fetchSpendRowsPage } from './api/list-spend-rows.ts';
import { DiversityTags } from './components/diversity-tags.tsx';
import { Legends } from './components/legends.tsx';
import { SelectedFiles } from './components/selected-files.tsx';
import { SpendHeader } from './components/spend-header.tsx';
import { SPEND_HOME, useSelectedFiles, withFiles } from './selection.ts';
import { matchReason } from '@spotzcity/shared/verified-words';
import layout from './spend-page.module.css';
import css from './supplier-spend.module.css';

const text = (value: string | null) => value ?? '';

/**
 * Table View of the selected files: every payment, infinite scroll, spend sortable (toggling
 * DESC/ASC and restarting at page 0), the Legends, and Create Report (the dashboards' chooser).
 */
export function TableView() {
  const { t } = useTranslation();
  const [fileIds] = useSelectedFiles();
  const [sortOrder, setSortOrder] = useState<SortOrder | undefined>(undefined);
  const [showLegends, setShowLegends] = useState(false);
  const address = useAddressColumns<SpendRowItem>({
    state: 'state',
    widths: { city: 140, state: 80, zip: 90, country: 90 },
  });

  const columns: TableColumnsType<SpendRowItem> = [
    {
      key: 'vandorId',
      title: t('spend.vendorId'),
      dataIndex: 'vandorId',
      width: 100,
      fixed: 'left',
    },
    {
      key: 'name',
      title: t('spend.name'),
      dataIndex: 'name',
      width: 240,
      fixed: 'left',
      ellipsis: true,
      render: (name: string, row) => <SupplierLink name={name} duns={row.duns} />,
    },
    { key: 'duns', title: t('spend.duns'), dataIndex: 'duns', width: 110 },
    {
      key: 'spend',
      title: t('spend.spend'),
      dataIndex: 'spend',
      width: 130,
      align: 'right',
      sorter: true,
      sortOrder: sortOrder === 'ASC' ? 'ascend' : sortOrder === 'DESC' ? 'descend' : null,
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (value: number) => <span className={css.money}>{formatMoney(value)}</span>,
    },
    {
      key: 'addressLine1',
      title: t('spend.addressLine1'),
      dataIndex: 'addressLine1',
      width: 200,
      ellipsis: true,
    },
    {
      key: 'addressLine2',
      title: t('spend.addressLine2'),
      dataIndex: 'addressLine2',
      width: 130,
      render: text,
    },
    ...address,
    { key: 'fein', title: t('spend.fein'), dataIndex: 'fein', width: 120 },
    {
      key: 'ethnicityCategory',
      title: t('spend.ethnicityCategory'),
      dataIndex: 'ethnicityCategory',
      width: 170,
    },
    {
      key: 'diversityCategory',
      title: t('spend.diversityCategory'),
      dataIndex: 'diversityCategory',
      width: 170,
      render: (value: string) => <DiversityTags value={value} />,
    },
    {
      key: 'paymentDate',
      title: t('spend.paymentDate'),
      dataIndex: 'paymentDate',
      width: 120,
      render: (value: string) => formatDate(value),
    },
    {
      key: 'payingCostCenter',
      title: t('spend.payingCostCenter'),
      dataIndex: 'payingCostCenter',
      width: 150,
    },
    {
      key: 'payingDivision',
      title: t('spend.payingDivision'),
      dataIndex: 'payingDivision',
      width: 190,
      ellipsis: true,
    },
    {
      key: 'paymentContractNumber',
      title: t('spend.paymentContractNumber'),
      dataIndex: 'paymentContractNumber',
      width: 200,
    },
    {
      key: 'category',
      title: t('spend.category'),
      dataIndex: 'category',
      width: 190,
      ellipsis: true,
    },
    {
      // Issue #21: the vendor's match to the directory, as the reason its row is (not) verified.
      key: 'matchReason',
      title: t('spend.matchReason'),
      dataIndex: 'matchRule',
      width: 300,
      ellipsis: true,
      render: (_: unknown, row) => {
        const reason = matchReason(row.matchRule, row.matchScore, row.matchedSupplier);
        return (
          <span title={reason} data-testid="row-match-reason">
            {reason}
          </span>
        );
      },
    },
  ];
  const width = columns.reduce((sum, c) => sum + Number(c.width ?? 120), 0);

  return (
    <div className={`page ${layout.fullWidth} spend-page`} data-testid="table-view">
      <SpendHeader
        title={t('spend.tableTitle')}
        fileIds={fileIds}
        actions={
          <>
            <Button
              icon={<InfoCircleOutlined />}
              type={showLegends ? 'primary' : 'default'}
              ghost={showLegends}
              onClick={() => setShowLegends((shown) => !shown)}
              aria-pressed={showLegends}
              data-testid="legends-toggle"
            >
              {showLegends ? t('spend.hideLegends') : t('spend.legends')}
            </Button>
            {/* The chooser and the dashboards are the spend-dashboards feature's routes. */}
            <Link to={withFiles(`${SPEND_HOME}/report`, fileIds)} data-testid="create-report">
              <Button type="primary" icon={<BarChartOutlined />}>
                {t('spendDashboards.createReport')}
              </Button>
            </Link>
          </>
        }
      />
      {showLegends && <Legends />}
      <Card className={css.spendPanel}>
        <SelectedFiles fileIds={fileIds} />
        <InfiniteTable<SpendRowItem>
          queryKey={spendKeys.rows(fileIds, sortOrder ?? 'file')}
          fetchPage={(page, signal) => fetchSpendRowsPage(fileIds, sortOrder, page, signal)}
          columns={columns}
          rowKey="id"
          size="small"
          scrollX={width}
          height={620}
          onSortChange={(sort) =>
            setSortOrder(sort?.order ?? (sortOrder === 'DESC' ? 'ASC' : 'DESC'))
          }
          data-testid="spend-rows"
        />
      </Card>
    </div>
  );
}
