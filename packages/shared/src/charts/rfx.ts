/** The RFx dashboard's 'Contract Value' chart: won deals per diversity type. */
import { DIVERSITY_NAMES, NON_DIVERSE, diversityLabel } from '../diversity-words.ts';
import { DIVERSITY_TYPES } from '../enums.ts';
import { formatMoney } from '../format.ts';
import { moneyTooltipValue, moneyValueAxis, type ChartOption } from './common.ts';
import { RFX_WORDS } from './words.ts';

export { RFX_WORDS } from './words.ts';

export function contractValueOption(
  graph: Record<string, number>,
  words: { axis: string; series: string } = { axis: RFX_WORDS.axis, series: RFX_WORDS.chartTitle },
): ChartOption {
  return {
    grid: { left: 30, right: 12, top: 28, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      // Whole dollars, truncated.
      valueFormatter: moneyTooltipValue,
      formatter: (items: { name: string; value: number }[]) => {
        const item = items[0];
        if (!item) return '';
        const type = DIVERSITY_TYPES.find((d) => diversityLabel(d) === item.name);
        const meaning = type
          ? `<br/><span style="color:#64748b">${DIVERSITY_NAMES[type]}</span>`
          : '';
        return `<b>${item.name}</b>${meaning}<br/>${formatMoney(item.value)}`;
      },
    },
    xAxis: {
      type: 'category',
      data: DIVERSITY_TYPES.map(diversityLabel),
      axisLabel: { interval: 0, rotate: 40, fontSize: 11 },
      axisTick: { alignWithLabel: true },
    },
    yAxis: moneyValueAxis(words.axis),
    series: [
      {
        name: words.series,
        type: 'bar',
        barMaxWidth: 28,
        data: DIVERSITY_TYPES.map((type) => ({
          value: graph[type] ?? 0,
          itemStyle: {
            color: type === NON_DIVERSE ? '#94a3b8' : '#4f46e5',
            borderRadius: [4, 4, 0, 0],
          },
        })),
      },
    ],
  };
}
