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
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from './chart-card.tsx';
import { compactMoney, monthLabel, useChartSize } from './chart-format.ts';
import { US_MAP, registerUsMap } from './us-map.ts';

registerUsMap();

export function SupplierDashboard({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const { height, mapHeight } = useChartSize();
  const quarters = useQuery(graphQuery('supplierDataPerQuater', fileIds));
  const counts = useQuery(graphQuery('supplierCount', fileIds));
  const states = useQuery(graphQuery('supplierLocationData', fileIds));
  const suppliersLabel = t('spendDashboards.diverseSuppliers');
  const spendLabel = t('spendDashboards.diverseSpend');

  return (
    <div className="dashboard-grid">
      <ChartCard
        title={t('spendDashboards.diversePerQuarter')}
        query={quarters}
        isEmpty={(d) => d.length === 0}
        testId="chart-suppliers-per-quarter"
      >
        {(d) => (
          <EChart
            height={height}
            option={{
              tooltip: { trigger: 'axis' },
              grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
              xAxis: { type: 'category', data: d.map((q) => q.label) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                {
                  type: 'line',
                  name: suppliersLabel,
                  data: d.map((q) => q.diverseSuppliers),
                  areaStyle: { opacity: 0.15 },
                  label: { show: d.length <= 12, position: 'top' },
                },
              ],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.diversePerMonth')}
        query={counts}
        isEmpty={(d) => d.months.length === 0}
        testId="chart-suppliers-per-month"
      >
        {(d) => (
          <EChart
            height={height}
            option={{
              tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
              grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
              xAxis: { type: 'category', data: d.months.map((m) => monthLabel(m.month)) },
              yAxis: { type: 'value', minInterval: 1 },
              series: [
                {
                  type: 'bar',
                  name: suppliersLabel,
                  data: d.months.map((m) => m.diverseSuppliers),
                  label: { show: true, position: 'top' },
                  itemStyle: { color: '#10b981' },
                },
              ],
            }}
          />
        )}
      </ChartCard>

      <div className="dashboard-wide">
        <ChartCard
          title={t('spendDashboards.supplierMap')}
          query={states}
          isEmpty={() => false}
          testId="chart-supplier-map"
        >
          {(d) => {
            const max = Math.max(1, ...d.map((s) => s.diverseSpend));
            const byName = new Map(d.map((s) => [s.stateName, s]));
            return (
              <EChart
                height={mapHeight}
                option={{
                  tooltip: {
                    trigger: 'item',
                    formatter: (p: { name: string }) => {
                      const state = byName.get(p.name);
                      return `<b>${p.name}</b><br/>${suppliersLabel}: ${state?.diverseSuppliers ?? 0}<br/>${spendLabel}: ${formatMoney(state?.diverseSpend ?? 0)}`;
                    },
                  },
                  visualMap: {
                    min: 0,
                    max,
                    left: 8,
                    bottom: 8,
                    calculable: true,
                    formatter: (value: number) => compactMoney(value),
                    text: [t('spendDashboards.diverseSpend'), ''],
                    inRange: { color: ['#e0e7ff', '#4f46e5', '#1e1b4b'] },
                  },
                  series: [
                    {
                      type: 'map',
                      map: US_MAP,
                      roam: false,
                      layoutCenter: ['50%', '50%'],
                      layoutSize: '118%',
                      name: spendLabel,
                      itemStyle: { areaColor: '#f1f5f9', borderColor: '#94a3b8' },
                      emphasis: { label: { show: false }, itemStyle: { areaColor: '#f59e0b' } },
                      data: d.map((s) => ({ name: s.stateName, value: s.diverseSpend })),
                    },
                  ],
                }}
              />
            );
          }}
        </ChartCard>
      </div>

      <div className="dashboard-wide">
        <ChartCard
          title={t('spendDashboards.stateTable')}
          query={states}
          isEmpty={(d) => d.length === 0}
          testId="state-table"
        >
          {(d) => (
            <Table<SupplierLocation>
              size="small"
              rowKey="state"
              dataSource={d}
              pagination={d.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
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
