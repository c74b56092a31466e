/** ECharts option pieces the dashboards share, so their axes read the same way. */
import { formatCompactMoney, formatMoney } from '@spotzcity/shared/format';

export const SPLIT_LINE = { lineStyle: { color: '#eef2f7' } } as const;

/** A dollar value axis named along its side ('Values ($)'), labelled $1.2M / $480K. */
export const moneyValueAxis = (name: string) => ({
  type: 'value',
  name,
  nameLocation: 'middle',
  nameGap: 58,
  nameTextStyle: { color: '#64748b', fontWeight: 500 },
  axisLabel: { formatter: (value: number) => formatCompactMoney(value) },
  splitLine: SPLIT_LINE,
});

/** Tooltips show dollars truncated to whole (spec 02 point 2). */
export const moneyTooltipValue = (value: number) => formatMoney(value);
