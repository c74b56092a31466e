/** The cost savings dashboard's charts (DESIGN.md §6). */
import type { CategorySaving, DiversitySaving, YearSaving } from '../cost-savings.ts';
import { diversityLabel } from '../diversity-words.ts';
import { formatMoney } from '../format.ts';
import { CHART_COLORS, compactMoney, type ChartOption } from './common.ts';
import { COST_WORDS } from './words.ts';

export { COST_WORDS } from './words.ts';

/** How a diversity type reads on this dashboard: the one `diversityLabel`. */
export const costDiversityLabel = diversityLabel;

export function totalCostSavingsOption(
  data: YearSaving[],
  words: { savingsAxis: string; totalCostSavings: string } = COST_WORDS,
): ChartOption {
  return {
    grid: { left: 16, right: 24, top: 36, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => formatMoney(value) },
    xAxis: {
      type: 'category',
      data: data.map((d) => String(d.year)),
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      name: words.savingsAxis,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: compactMoney },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    series: [
      {
        name: words.totalCostSavings,
        type: 'line',
        data: data.map((d) => d.totalSaving),
        smooth: 0.3,
        symbolSize: 9,
        lineStyle: { width: 3 },
        areaStyle: { opacity: 0.12 },
        label: {
          show: true,
          position: 'top',
          formatter: ({ value }: { value: number }) => compactMoney(value),
          fontWeight: 600,
        },
      },
    ],
  };
}

export function savingsByDiversityOption(
  data: DiversitySaving[],
  words: { direct: string; indirect: string } = COST_WORDS,
): ChartOption {
  const label = {
    show: true,
    // Inside the bar only when there is room for "100.00%".
    formatter: ({ value }: { value: number }) => (value >= 14 ? `${value.toFixed(2)}%` : ''),
    color: '#fff',
    fontSize: 11,
    fontWeight: 600,
  };
  return {
    grid: { left: 12, right: 20, top: 36, bottom: 4, containLabel: true },
    legend: { top: 0, data: [words.direct, words.indirect] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[]) => {
        const row = data[params[0]?.dataIndex ?? 0];
        if (!row) return '';
        return (
          `<strong>${costDiversityLabel(row.ethnicity)}</strong><br/>` +
          `${words.direct}: ${row.data.Direct.toFixed(2)}% (${formatMoney(row.amounts.Direct)})<br/>` +
          `${words.indirect}: ${row.data.Indirect.toFixed(2)}% (${formatMoney(row.amounts.Indirect)})`
        );
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: data.map((d) => costDiversityLabel(d.ethnicity)),
      axisTick: { show: false },
    },
    xAxis: {
      type: 'value',
      min: 0,
      max: 100,
      interval: 20,
      axisLabel: { formatter: '{value}%' },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    // Direct and indirect shares of one bar, each in its own colour.
    series: (['Direct', 'Indirect'] as const).map((part, i) => ({
      name: part === 'Direct' ? words.direct : words.indirect,
      type: 'bar',
      stack: 'share',
      barMaxWidth: 22,
      data: data.map((d) => d.data[part]),
      itemStyle: { color: CHART_COLORS[i] },
      label,
    })),
  };
}

export function sparklineOption(row: CategorySaving, years: string[]): ChartOption {
  return {
    grid: { left: 4, right: 4, top: 6, bottom: 6 },
    xAxis: { type: 'category', data: years, show: false, boundaryGap: false },
    yAxis: { type: 'value', show: false, min: 0 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (value: number) => formatMoney(value),
    },
    series: [
      {
        type: 'line',
        data: years.map((y) => row.yearlySaving[y] ?? 0),
        smooth: true,
        symbol: 'circle',
        symbolSize: 4,
        lineStyle: { width: 2, color: CHART_COLORS[2] },
        itemStyle: { color: CHART_COLORS[2] },
        areaStyle: { color: CHART_COLORS[2], opacity: 0.15 },
      },
    ],
  };
}
