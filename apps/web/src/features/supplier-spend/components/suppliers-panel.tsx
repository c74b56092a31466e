import { Fragment, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Empty,
  Skeleton,
  Table,
  Typography,
  type TableColumnsType,
} from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import type { SupplierSpend } from '@spotzcity/shared/spend';
import { SupplierLink } from '../../../components/supplier-link.tsx';
import { spendTotalsQuery } from '../api/spend-totals.ts';
import { TOP_SUPPLIERS, topSuppliersQuery } from '../api/top-suppliers.ts';
import { SPEND_HOME, withFiles } from '../selection.ts';
import { DiversityTags } from './diversity-tags.tsx';
import css from '../supplier-spend.module.css';

function Kpi({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  testId: string;
}) {
  return (
    <div className={css.spendKpi} data-testid={testId}>
      <span className={css.spendKpiLabel}>{label}</span>
      <span className={css.spendKpiValue}>
        {/* A billion-dollar total breaks after a thousands comma rather than losing digits. */}
        {value.split(',').map((part, i) => (
          <Fragment key={i}>
            {i > 0 ? (
              <>
                ,<wbr />
              </>
            ) : null}
            {part}
          </Fragment>
        ))}
      </span>
      {note && <span className={css.spendKpiNote}>{note}</span>}
    </div>
  );
}

/** Right panel: totals of the selection and its largest suppliers, and All Suppliers. */
export function SuppliersPanel({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const totals = useQuery(spendTotalsQuery(fileIds));
  const top = useQuery(topSuppliersQuery(fileIds));

  const columns: TableColumnsType<SupplierSpend> = [
    {
      key: 'name',
      title: t('spend.company'),
      dataIndex: 'name',
      render: (name: string, row) => <SupplierLink name={name} duns={row.duns} />,
    },
    {
      key: 'category',
      title: t('spend.category'),
      dataIndex: 'category',
      width: 150,
      ellipsis: { showTitle: true },
    },
    {
      key: 'diversity',
      title: t('spend.diversity'),
      dataIndex: 'diversity',
      width: 112,
      render: (value: string) => <DiversityTags value={value} />,
    },
    {
      key: 'totalSpends',
      title: t('spend.totalSpendings'),
      dataIndex: 'totalSpends',
      align: 'right',
      width: 124,
      render: (value: number) => <span className={css.money}>{formatMoney(value)}</span>,
    },
  ];

  const scope =
    fileIds.length === 0
      ? t('spend.suppliersScopeAll')
      : t('spend.suppliersScopeSelected', { count: fileIds.length });

  let body: ReactNode;
  if (totals.isError || top.isError) {
    body = <Alert type="error" showIcon title={(totals.error ?? top.error)?.message} />;
  } else if (!totals.data || !top.data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (totals.data.rowCount === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spend.noSpendYet')} />;
  } else {
    const d = totals.data;
    body = (
      <>
        <div className={css.spendKpis}>
          <Kpi
            label={t('spend.totalSpend')}
            value={formatMoney(d.totalSpends)}
            note={
              d.firstPaymentDate &&
              d.lastPaymentDate &&
              t('spend.period', {
                from: formatDate(d.firstPaymentDate),
                to: formatDate(d.lastPaymentDate),
              })
            }
            testId="kpi-total"
          />
          <Kpi
            label={t('spend.diverseSpend')}
            value={formatMoney(d.diverseSpends)}
            note={t('spend.diverseOfTotal', { percent: d.diversePercentage.toFixed(1) })}
            testId="kpi-diverse"
          />
          <Kpi
            label={t('spend.suppliersCount')}
            value={d.supplierCount.toLocaleString('en-US')}
            note={t('spend.diverseSuppliers', { count: d.diverseSupplierCount })}
            testId="kpi-suppliers"
          />
        </div>
        <Typography.Text type="secondary" className={css.spendTopNote}>
          {t('spend.topSuppliersNote', { count: TOP_SUPPLIERS })}
        </Typography.Text>
        <Table<SupplierSpend>
          columns={columns}
          dataSource={top.data}
          rowKey={(row) => `${row.duns ?? ''}|${row.name}`}
          pagination={false}
          size="small"
          // On a phone the table scrolls sideways rather than squeezing names to a letter a line.
          scroll={{ x: 520 }}
          className="spend-top-table"
          data-testid="top-suppliers"
        />
      </>
    );
  }

  return (
    <Card
      className={`${css.spendPanel} spend-suppliers-panel`}
      title={
        <span>
          {t('spend.suppliersTitle')}
          <Typography.Text type="secondary" className={css.spendPanelScope}>
            {scope}
          </Typography.Text>
        </span>
      }
      extra={
        <Button
          icon={<TeamOutlined />}
          onClick={() => navigate(withFiles(`${SPEND_HOME}/list`, fileIds))}
          data-testid="all-suppliers"
        >
          {t('spend.allSuppliers')}
        </Button>
      }
      data-testid="suppliers-panel"
    >
      {body}
    </Card>
  );
}
