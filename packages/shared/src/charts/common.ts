/**
 * ECharts option pieces shared by the web dashboards and the server's reports, so a chart in a
 * PDF is drawn from the very option the screen uses (DESIGN.md §7). Options are plain objects:
 * this package does not depend on echarts; the web and the server hand them to their own copy.
 */
import { formatCompactMoney, formatMoney } from '../format.ts';

/** An ECharts option (`EChartsCoreOption` on the web, `EChartsOption` on the server). */
export type ChartOption = Record<string, unknown>;

/** The spec's cycle of 16 chart colours. */
export const CHART_COLORS = [
  '#4f46e5',
  '#0ea5e9',
  '#10b981',
  '#f59e0b',
  '#ef4444',
  '#8b5cf6',
  '#14b8a6',
  '#f97316',
  '#6366f1',
  '#22c55e',
  '#e11d48',
  '#06b6d4',
  '#a855f7',
  '#84cc16',
  '#64748b',
  '#d946ef',
] as const;

/** $1.2M, $350.5K, $900: money on chart axes and labels, short enough to fit. */
export function compactMoney(value: number) {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const one = (n: number) => (Math.trunc(n * 10) / 10).toString();
  if (abs >= 1e9) return `${sign}$${one(abs / 1e9)}B`;
  if (abs >= 1e6) return `${sign}$${one(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}$${one(abs / 1e3)}K`;
  return `${sign}$${Math.trunc(abs)}`;
}

export const percentText = (value: number) => `${value.toFixed(2)}%`;

export const SPLIT_LINE = { lineStyle: { color: '#eef2f7' } } as const;

/** Text a chart draws in bold, in the app's text colour (antd's colorTextBase). */
export const STRONG_TEXT = '#0f172a';

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

/** Tooltips show dollars truncated to whole. */
export const moneyTooltipValue = (value: number) => formatMoney(value);

/** `2025-03` → `Mar 2025`. */
export function monthLabel(month: string): string {
  const names = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
  return `${names[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** ECharts' default label size (px). */
const LABEL_FONT_SIZE = 12;

/**
 * Axis labels never overlap, at any width: on every cartesian axis, a label that would touch
 * its neighbour is hidden (`hideOverlap`), after the category axes' own thinning (`interval`
 * 'auto') and any rotation the chart asks for. Money is already short ($3M, `compactMoney`).
 * Applied once, here, to every chart of the screens and of the reports; a chart can still say
 * `hideOverlap: false` for an axis whose every label must show.
 *
 * Each label is given its line's height: without one, ECharts takes the width of the wide
 * character '国' as the height of a line, which is 4 px for 12 px text where no CJK font is
 * installed (Debian's Chromium): `hideOverlap` then judged rotated labels by boxes a third of
 * their letters' height and let them cross (Market Share at 390 px).
 */
export function fitAxisLabels(option: ChartOption): ChartOption {
  const fit = (axis: unknown): unknown => {
    if (Array.isArray(axis)) return axis.map(fit);
    if (!axis || typeof axis !== 'object') return axis;
    const { axisLabel } = axis as { axisLabel?: Record<string, unknown> };
    const fontSize = typeof axisLabel?.fontSize === 'number' ? axisLabel.fontSize : LABEL_FONT_SIZE;
    return {
      ...axis,
      axisLabel: { hideOverlap: true, lineHeight: Math.ceil(fontSize * 1.25), ...axisLabel },
    };
  };
  return {
    ...option,
    ...('xAxis' in option ? { xAxis: fit(option.xAxis) } : {}),
    ...('yAxis' in option ? { yAxis: fit(option.yAxis) } : {}),
  };
}

/** What every chart starts from: the colour cycle and no animation (a printed chart is final). */
export const baseOption = (option: ChartOption): ChartOption => ({
  color: [...CHART_COLORS],
  animation: false,
  ...fitAxisLabels(option),
});
