/**
 * The market share dashboard's charts: diverse vs non-diverse spend per category
 * and the treemaps of spend by span. A treemap label that does not fit its rectangle is hidden —
 * never cut into digits ('Da $15' for Dallas $152,019) — and the tooltip keeps the full value.
 */
import { formatMoney } from '../format.ts';
import type { CategoryGraph, RevenueTree } from '../market-share.ts';
import { compactMoney, type ChartOption } from './common.ts';
import { MARKET_WORDS } from './words.ts';

export { MARKET_WORDS } from './words.ts';

export const MARKET_COLORS = {
  diverse: '#10b981',
  nonDiverse: '#64748b',
  diverseShades: ['#065f46', '#047857', '#059669', '#10b981', '#34d399', '#6ee7b7'],
  nonDiverseShades: ['#1e293b', '#334155', '#475569', '#64748b', '#94a3b8', '#cbd5e1'],
} as const;

/**
 * Every category is named under its bars: rotated 30° when there are more than six, upright on a
 * phone (`narrow`), where the bars are a dozen pixels apart; labels that would still touch are
 * hidden (`fitAxisLabels`), and a name longer than the room is cut with an ellipsis.
 */
export function byCategoryOption(
  data: CategoryGraph['data'],
  words: { diverse: string; nonDiverse: string; spendAxis: string } = MARKET_WORDS,
  narrow = false,
): ChartOption {
  return {
    grid: { left: 16, right: 16, top: 44, bottom: 8, containLabel: true },
    legend: { top: 0, data: [words.diverse, words.nonDiverse] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (value: number) => formatMoney(value),
    },
    xAxis: {
      type: 'category',
      data: data.map((d) => d.category),
      axisLabel: {
        interval: 0,
        rotate: narrow ? 90 : data.length > 6 ? 30 : 0,
        width: narrow ? 90 : 110,
        overflow: 'truncate',
      },
      axisTick: { alignWithLabel: true },
    },
    yAxis: {
      type: 'value',
      name: words.spendAxis,
      nameTextStyle: { align: 'left' },
      axisLabel: { formatter: compactMoney },
      splitLine: { lineStyle: { type: 'dashed' } },
    },
    series: [
      {
        name: words.diverse,
        type: 'bar',
        data: data.map((d) => d.diverse),
        itemStyle: { color: MARKET_COLORS.diverse, borderRadius: [3, 3, 0, 0] },
        barMaxWidth: 28,
      },
      {
        name: words.nonDiverse,
        type: 'bar',
        data: data.map((d) => d.nonDiverse),
        itemStyle: { color: MARKET_COLORS.nonDiverse, borderRadius: [3, 3, 0, 0] },
        barMaxWidth: 28,
      },
    ],
  };
}

/** What a treemap cell can show: its name and value, its name only, or nothing. */
export type TreemapFit = 'both' | 'name' | 'none';

const NAME_FONT = 14;
const VALUE_FONT = 12;
const PADDING = { x: 8, y: 6 };
const BORDER = 2;

/**
 * A generous estimate of a label's width: wider than any real rendering of these characters in
 * the fonts the dashboards use, so a label judged to fit never gets truncated by ECharts.
 */
export function labelWidth(text: string, fontSize: number, bold = false) {
  let em = 0;
  for (const ch of text) {
    if (/[MW@%]/.test(ch)) em += 0.95;
    else if (/[A-Z$#&0-9]/.test(ch)) em += 0.72;
    else if (/[ilj.,:;'|!()\s]/.test(ch)) em += 0.32;
    else em += 0.6;
  }
  return em * fontSize * (bold ? 1.08 : 1);
}

/** Which label each cell of a treemap can hold, given the rectangles the chart laid out. */
export function treemapFit(
  tree: RevenueTree,
  rects: ({ width: number; height: number } | undefined)[],
): TreemapFit[] {
  return tree.map((node, i) => {
    const rect = rects[i];
    if (!rect) return 'none';
    // The cell's text area: its rectangle less the white border (2 px each side), the padding
    // and a safety margin, since ECharts cuts a label that is a pixel too wide.
    const width = rect.width - 2 * (PADDING.x + BORDER) - 4;
    const height = rect.height - 2 * (PADDING.y + BORDER);
    const nameFits = labelWidth(node.name, NAME_FONT, true) <= width && height >= 20;
    if (!nameFits) return 'none';
    const valueFits = labelWidth(compactMoney(node.value), VALUE_FONT) <= width && height >= 36;
    return valueFits ? 'both' : 'name';
  });
}

/**
 * A treemap of spend by span value. Without `fit` every label is shown (the first pass, whose
 * layout `treemapFit` reads); with it, each cell shows what fits and nothing is cut.
 */
export function treemapOption(
  tree: RevenueTree,
  shades: readonly string[],
  name: string,
  fit?: TreemapFit[],
): ChartOption {
  const total = tree.reduce((sum, node) => sum + node.value, 0);
  return {
    tooltip: {
      formatter: ({ name: label, value }: { name: string; value: number }) =>
        `<strong>${label}</strong><br/>${formatMoney(value)}` +
        (total > 0 ? ` (${((value / total) * 100).toFixed(2)}%)` : ''),
    },
    series: [
      {
        type: 'treemap',
        name,
        data: tree.map((node, i) => ({
          ...node,
          itemStyle: { color: shades[i % shades.length] },
          ...(fit ? { label: { show: fit[i] !== 'none' } } : {}),
        })),
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        width: '100%',
        height: '100%',
        top: 0,
        left: 0,
        itemStyle: { borderColor: '#fff', borderWidth: BORDER, gapWidth: 2 },
        label: {
          show: true,
          position: 'insideTopLeft',
          padding: [PADDING.y, PADDING.x],
          formatter: ({
            name: label,
            value,
            dataIndex,
          }: {
            name: string;
            value: number;
            dataIndex: number;
          }) =>
            // dataIndex 0 is the treemap's root; the nodes follow in the order given.
            fit?.[dataIndex - 1] === 'name'
              ? `{name|${label}}`
              : `{name|${label}}\n{value|${compactMoney(value)}}`,
          rich: {
            name: { fontSize: NAME_FONT, fontWeight: 700, color: '#fff', lineHeight: 20 },
            value: { fontSize: VALUE_FONT, color: 'rgba(255,255,255,0.92)', lineHeight: 16 },
          },
        },
      },
    ],
  };
}

/** The rectangles of a rendered treemap's nodes, in the order of `tree` (from the chart model). */
export function treemapRects(
  chart: { getModel(): unknown },
  tree: RevenueTree,
): ({ width: number; height: number } | undefined)[] {
  type Layout = { width: number; height: number } | undefined;
  const model = chart.getModel() as {
    getSeriesByIndex(i: number):
      | {
          getData(): {
            count(): number;
            getName(i: number): string;
            getItemLayout(i: number): Layout;
          };
        }
      | undefined;
  };
  const data = model.getSeriesByIndex(0)?.getData();
  if (!data) return [];
  const byName = new Map<string, Layout>();
  for (let i = 1; i < data.count(); i++) byName.set(data.getName(i), data.getItemLayout(i));
  return tree.map((node) => byName.get(node.name));
}
