/**
 * Category Dashboard: diverse and non-diverse spend per category (bar graph), the share of each
 * category (pie, with the largest and smallest called out) and the Top Categories table.
 */
import { Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import type { TopCategory } from '@spotzcity/shared/spend-dashboards';
import { EChart } from '../../../components/echart.tsx';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from './chart-card.tsx';
import {
  DIVERSE_LABEL,
  NON_DIVERSE_LABEL,
  compactMoney,
  percentText,
  useChartSize,
} from './chart-format.ts';

export function CategoryDashboard({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const { height, narrow } = useChartSize();
  const bars = useQuery(graphQuery('categoryPerDiversity', fileIds));
  const pie = useQuery(graphQuery('categoryPercentage', fileIds));
  const top = useQuery(graphQuery('topCategoriesStatatics', fileIds));

  return (
    <div className="dashboard-grid">
      <ChartCard
        title={t('spendDashboards.categoryBar')}
        query={bars}
        isEmpty={(d) => d.length === 0}
        testId="chart-category-bar"
      >
        {(d) => (
          <EChart
            height={Math.max(height, d.length * 28 + 60)}
            option={{
              tooltip: {
                trigger: 'axis',
                axisPointer: { type: 'shadow' },
                valueFormatter: (v: number) => formatMoney(v),
              },
              legend: { top: 0, data: [DIVERSE_LABEL, NON_DIVERSE_LABEL] },
              grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
              xAxis: { type: 'value', axisLabel: { formatter: compactMoney } },
              yAxis: {
                type: 'category',
                inverse: true,
                data: d.map((c) => c.category),
                axisLabel: { width: narrow ? 100 : 150, overflow: 'truncate' },
              },
              series: [
                {
                  type: 'bar',
                  name: DIVERSE_LABEL,
                  stack: 'spend',
                  data: d.map((c) => c.diverse),
                },
                {
                  type: 'bar',
                  name: NON_DIVERSE_LABEL,
                  stack: 'spend',
                  data: d.map((c) => c.nonDiverse),
                },
              ],
            }}
          />
        )}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.categoryPie')}
        query={pie}
        isEmpty={(d) => d.categories.length === 0}
        testId="chart-category-pie"
      >
        {(d) => {
          const called = new Set([d.max?.category, d.min?.category]);
          return (
            <>
              {d.max && d.min && (
                <Space size={4} wrap>
                  <Tag color="green" data-testid="category-max">
                    {t('spendDashboards.maxCategory')}: {d.max.category} (
                    {percentText(d.max.percentage)})
                  </Tag>
                  <Tag color="orange" data-testid="category-min">
                    {t('spendDashboards.minCategory')}: {d.min.category} (
                    {percentText(d.min.percentage)})
                  </Tag>
                </Space>
              )}
              <EChart
                height={narrow ? height : Math.max(height, d.categories.length * 28 + 60) - 32}
                option={{
                  tooltip: {
                    trigger: 'item',
                    formatter: (p: { name: string; value: number; percent: number }) =>
                      `${p.name}<br/>${formatMoney(p.value)} (${p.percent.toFixed(2)}%)`,
                  },
                  series: [
                    {
                      type: 'pie',
                      radius: narrow ? ['30%', '58%'] : ['35%', '62%'],
                      center: ['50%', '52%'],
                      data: d.categories.map((c) => ({
                        name: c.category,
                        value: c.spend,
                        // The largest slice starts at 12 o'clock and the smallest ends there:
                        // aligned to the edges, their labels fall on opposite sides.
                        label: {
                          show: called.has(c.category),
                          alignTo: 'edge',
                          edgeDistance: 8,
                          lineHeight: 16,
                          formatter: `${c.category === d.max?.category ? t('spendDashboards.maxCategory') : t('spendDashboards.minCategory')}\n{b}\n${percentText(c.percentage)}`,
                        },
                        labelLine: { show: called.has(c.category), length: 16, length2: 8 },
                      })),
                    },
                  ],
                }}
              />
            </>
          );
        }}
      </ChartCard>

      <div className="dashboard-wide">
        <ChartCard
          title={t('spendDashboards.topCategories')}
          query={top}
          isEmpty={(d) => d.length === 0}
          testId="top-categories"
        >
          {(d) => (
            <Table<TopCategory>
              size="small"
              rowKey="category"
              dataSource={d}
              pagination={d.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: t('spendDashboards.categoryName'), dataIndex: 'category' },
                {
                  title: t('spendDashboards.totalSuppliers'),
                  dataIndex: 'supplierCount',
                  align: 'right',
                },
                {
                  title: t('spendDashboards.supplierShare'),
                  dataIndex: 'supplierPercentage',
                  align: 'right',
                  render: percentText,
                },
                {
                  title: t('spendDashboards.spendAmount'),
                  dataIndex: 'spend',
                  align: 'right',
                  render: (v: number) => formatMoney(v),
                },
                {
                  title: t('spendDashboards.spendShare'),
                  dataIndex: 'spendPercentage',
                  align: 'right',
                  render: percentText,
                },
              ]}
            />
          )}
        </ChartCard>
      </div>
    </div>
  );
}
