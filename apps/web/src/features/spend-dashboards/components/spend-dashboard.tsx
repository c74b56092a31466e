/** Spend Dashboard: % of spend per diversity, month over month with 12-month totals, donuts per year. */
import { Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import type { SpendPerDiversityMom } from '@spotzcity/shared/spend-dashboards';
import { CountingNote } from '../../../components/counting-note.tsx';
import { EChart } from '../../../components/echart.tsx';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from './chart-card.tsx';
import {
  DIVERSE_LABEL,
  NON_DIVERSE_LABEL,
  compactMoney,
  diversityLabel,
  monthLabel,
  percentText,
  useChartSize,
} from './chart-format.ts';

/** The 12-month totals: every type, then Diverse and Non Diverse. */
const totals = (d: SpendPerDiversityMom) => [
  ...d.series
    .filter((s) => s.diversity !== 'NON_DIVERSE')
    .map((s) => ({ title: diversityLabel(s.diversity), total: s.total })),
  { title: DIVERSE_LABEL, total: d.diverse.total },
  { title: NON_DIVERSE_LABEL, total: d.nonDiverse.total },
];

export function SpendDashboard({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const { height, narrow } = useChartSize();
  const perType = useQuery(graphQuery('spendPerDiversity', fileIds));
  const mom = useQuery(graphQuery('spendPerDiversityMom', fileIds));
  const years = useQuery(graphQuery('spendDiversityOverNonDiversity', fileIds));

  return (
    <div className="dashboard-grid">
      <ChartCard
        title={t('spendDashboards.spendPerDiversity')}
        query={perType}
        isEmpty={(d) => d.types.length === 0}
        testId="chart-spend-per-diversity"
      >
        {(d) => (
          <>
            <div className="dashboard-stats">
              <Statistic
                title={t('spendDashboards.totalSpend')}
                value={formatMoney(d.totalSpend)}
              />
              <Statistic title={DIVERSE_LABEL} value={formatMoney(d.diverseSpend)} />
              <Statistic title={NON_DIVERSE_LABEL} value={formatMoney(d.nonDiverseSpend)} />
            </div>
            <EChart
              height={height - 60}
              option={{
                tooltip: {
                  trigger: 'axis',
                  axisPointer: { type: 'shadow' },
                  valueFormatter: (v: number) => percentText(v),
                },
                grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
                xAxis: { type: 'value', axisLabel: { formatter: '{value}%' } },
                yAxis: {
                  type: 'category',
                  inverse: true,
                  data: d.types.map((x) => diversityLabel(x.diversity)),
                },
                series: [
                  {
                    type: 'bar',
                    colorBy: 'data',
                    data: d.types.map((x) => x.percentage),
                    label: { show: true, position: 'right', formatter: '{c}%' },
                  },
                ],
              }}
            />
            <CountingNote />
          </>
        )}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.diverseByYear')}
        query={years}
        isEmpty={(d) => d.length === 0}
        testId="chart-diverse-by-year"
      >
        {(d) => {
          // Donuts in rows of three (two when narrow), the year in each donut's middle.
          const perRow = Math.min(d.length, narrow ? 2 : 3);
          const rows = Math.ceil(d.length / perRow);
          const rowHeight = narrow ? 160 : 200;
          const outer = narrow ? 62 : 78;
          const x = (i: number) => `${((i % perRow) + 0.5) * (100 / perRow)}%`;
          const y = (i: number) => 8 + Math.floor(i / perRow) * rowHeight + rowHeight / 2;
          return (
            <EChart
              height={rows * rowHeight + 48}
              option={{
                tooltip: {
                  trigger: 'item',
                  formatter: (p: {
                    seriesName: string;
                    name: string;
                    value: number;
                    percent: number;
                  }) =>
                    `${p.seriesName}<br/>${p.name}: ${formatMoney(p.value)} (${p.percent.toFixed(2)}%)`,
                },
                legend: { bottom: 0, data: [DIVERSE_LABEL, NON_DIVERSE_LABEL] },
                title: d.map((year, i) => ({
                  text: `${year.year}\n${percentText(year.diversePercentage)}`,
                  left: x(i),
                  top: y(i) - 18,
                  textAlign: 'center',
                  textStyle: { fontSize: 13, lineHeight: 18 },
                })),
                series: d.map((year, i) => ({
                  type: 'pie',
                  name: String(year.year),
                  radius: [Math.round(outer * 0.7), outer],
                  center: [x(i), y(i)],
                  label: { show: false },
                  data: [
                    { name: DIVERSE_LABEL, value: year.diverse },
                    { name: NON_DIVERSE_LABEL, value: year.nonDiverse },
                  ],
                })),
              }}
            />
          );
        }}
      </ChartCard>

      <div className="dashboard-wide">
        <ChartCard
          title={t('spendDashboards.spendMom')}
          query={mom}
          isEmpty={(d) => d.months.length === 0}
          testId="chart-spend-mom"
        >
          {(d) => (
            <>
              <EChart
                height={height}
                option={{
                  tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMoney(v) },
                  legend: { type: 'scroll', top: 0 },
                  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                  xAxis: { type: 'category', data: d.months.map(monthLabel) },
                  yAxis: { type: 'value', axisLabel: { formatter: compactMoney } },
                  // Non Diverse dwarfs every type; it stays in the 12-month totals below.
                  series: d.series
                    .filter((s) => s.diversity !== 'NON_DIVERSE')
                    .map((s) => ({
                      type: 'line',
                      name: diversityLabel(s.diversity),
                      data: s.values,
                      symbolSize: 5,
                    })),
                }}
              />
              <div className="mom-totals" data-testid="mom-totals">
                <Typography.Text strong>{t('spendDashboards.twelveMonthTotal')}</Typography.Text>
                {totals(d).map((c) => (
                  <span key={c.title} className="mom-total">
                    <Typography.Text type="secondary">{c.title}</Typography.Text>
                    <Typography.Text>{formatMoney(c.total)}</Typography.Text>
                  </span>
                ))}
              </div>
              <CountingNote />
            </>
          )}
        </ChartCard>
      </div>
    </div>
  );
}
