/**
 * Supplier Dashboard: diverse suppliers per quarter, the US mainland shaded by diverse spend (the
 * tooltip gives suppliers and spend), diverse suppliers used per month, and the state table.
 */
import { Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import type { SupplierLocation } from '@spotzcity/shared/spend-dashboards';
import { EChart } from '../../../components/echart.tsx';
import { usePrinting } from '../../../components/print.ts';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import {
  suppliersPerMonthOption,
  suppliersPerQuarterOption,
  supplierMapOption,
} from '@spotzcity/shared/charts/spend';
import { useChartSize } from './chart-format.ts';
import { US_MAP, registerUsMap } from './us-map.ts';
import grid from '../../../components/dashboard-grid.module.css';

export function SupplierDashboard({ fileIds }: { fileIds: number[] }) {
  // The map's shapes load with the charts, and only for this dashboard.
  registerUsMap();
  const { t } = useTranslation();
  const printing = usePrinting();
  const { height, mapHeight } = useChartSize();
  const quarters = useQuery(graphQuery('supplierDataPerQuater', fileIds));
  const counts = useQuery(graphQuery('supplierCount', fileIds));
  const states = useQuery(graphQuery('supplierLocationData', fileIds));

  return (
    <div className={grid.pairs}>
      <ChartCard
        title={t('spendDashboards.diversePerQuarter')}
        query={quarters}
        isEmpty={(d) => d.length === 0}
        data-testid="chart-suppliers-per-quarter"
      >
        {(d) => <EChart height={height} option={suppliersPerQuarterOption(d)} />}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.diversePerMonth')}
        query={counts}
        isEmpty={(d) => d.months.length === 0}
        data-testid="chart-suppliers-per-month"
      >
        {(d) => <EChart height={height} option={suppliersPerMonthOption(d)} />}
      </ChartCard>

      <div className={grid.wide}>
        <ChartCard
          title={t('spendDashboards.supplierMap')}
          query={states}
          data-testid="chart-supplier-map"
        >
          {(d) => <EChart height={mapHeight} option={supplierMapOption(d, US_MAP)} />}
        </ChartCard>
      </div>

      <div className={grid.wide}>
        <ChartCard
          title={t('spendDashboards.stateTable')}
          query={states}
          isEmpty={(d) => d.length === 0}
          data-testid="state-table"
        >
          {(d) => (
            <Table<SupplierLocation>
              size="small"
              rowKey="state"
              dataSource={d}
              pagination={
                !printing && d.length > 10 ? { pageSize: 10, showSizeChanger: false } : false
              }
              columns={[
                { title: t('spendDashboards.state'), dataIndex: 'stateName' },
                {
                  title: t('spendDashboards.diverseSuppliers'),
                  dataIndex: 'diverseSuppliers',
                  align: 'right',
                  sorter: (a, b) => a.diverseSuppliers - b.diverseSuppliers,
                },
                {
                  title: t('spendDashboards.diverseSpend'),
                  dataIndex: 'diverseSpend',
                  align: 'right',
                  defaultSortOrder: 'descend',
                  sorter: (a, b) => a.diverseSpend - b.diverseSpend,
                  render: (v: number) => formatMoney(v),
                },
              ]}
            />
          )}
        </ChartCard>
      </div>
    </div>
  );
}
