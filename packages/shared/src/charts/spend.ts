/**
 * The charts of the Supplier, Spend and Category Dashboards, built from the
 * graph endpoints' replies. The web draws them on canvas, the server renders them to SVG for the
 * PDF report: same option, same chart.
 */
import { diversityLabel } from '../diversity-words.ts';
import { formatMoney } from '../format.ts';
import { DIVERSE_LABEL, NON_DIVERSE_LABEL } from '../spend-dashboard-words.ts';
import type {
  CategoryDiversity,
  CategoryPercentage,
  SpendPerDiversity,
  SpendPerDiversityMom,
  SupplierCount,
  SupplierLocation,
  SupplierQuarter,
  YearSplit,
} from '../spend-dashboards.ts';
import { compactMoney, monthLabel, percentText, type ChartOption } from './common.ts';
import { SPEND_WORDS } from './words.ts';

export { SPEND_WORDS } from './words.ts';

/** How a type reads on every chart (NON_DIVERSE as 'Non Diverse'): the one `diversityLabel`. */
export const spendDiversityLabel = diversityLabel;

/** `Q1 2025`, or `Q1 2025 (partial: 2 of 3 months)` for a quarter the payments cover in part. */
export const quarterLabel = (q: SupplierQuarter) =>
  q.partial ? `${q.label} (${SPEND_WORDS.partialQuarter}: ${q.months} of 3 months)` : q.label;

/** The Spend Dashboard's types, Month over Month without NON_DIVERSE, then Diverse and Non Diverse. */
export const momTotals = (d: SpendPerDiversityMom) => [
  ...d.series
    .filter((s) => s.diversity !== 'NON_DIVERSE')
    .map((s) => ({ title: spendDiversityLabel(s.diversity), total: s.total })),
  { title: DIVERSE_LABEL, total: d.diverse.total },
  { title: NON_DIVERSE_LABEL, total: d.nonDiverse.total },
];

export function spendPerDiversityOption(d: SpendPerDiversity): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => percentText(v),
    },
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    // Side by side at widths just over 1000 px the labels would touch: overlapping ones hide.
    xAxis: { type: 'value', axisLabel: { formatter: '{value}%', hideOverlap: true } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: d.types.map((x) => spendDiversityLabel(x.diversity)),
    },
    series: [
      {
        type: 'bar',
        colorBy: 'data',
        data: d.types.map((x) => x.percentage),
        label: { show: true, position: 'right', formatter: '{c}%' },
      },
    ],
  };
}

/** Donuts of diverse vs non-diverse spend, one per year, in rows of three (two when narrow). */
export function diverseByYearLayout(d: YearSplit[], narrow: boolean) {
  const perRow = Math.max(1, Math.min(d.length, narrow ? 2 : 3));
  const rows = Math.ceil(d.length / perRow);
  const rowHeight = narrow ? 160 : 200;
  return { perRow, rows, rowHeight, height: rows * rowHeight + 48 };
}

export function diverseByYearOption(d: YearSplit[], narrow: boolean): ChartOption {
  const { perRow, rowHeight } = diverseByYearLayout(d, narrow);
  const outer = narrow ? 62 : 78;
  const x = (i: number) => `${((i % perRow) + 0.5) * (100 / perRow)}%`;
  const y = (i: number) => 8 + Math.floor(i / perRow) * rowHeight + rowHeight / 2;
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { seriesName: string; name: string; value: number; percent: number }) =>
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
  };
}

/** Month over month per type; Non Diverse dwarfs every type and stays in the 12-month totals. */
export function spendMomOption(d: SpendPerDiversityMom): ChartOption {
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMoney(v) },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: d.months.map(monthLabel) },
    yAxis: { type: 'value', axisLabel: { formatter: compactMoney } },
    series: d.series
      .filter((s) => s.diversity !== 'NON_DIVERSE')
      .map((s) => ({
        type: 'line',
        name: spendDiversityLabel(s.diversity),
        data: s.values,
        symbolSize: 5,
      })),
  };
}

export function categoryBarOption(d: CategoryDiversity[], narrow: boolean): ChartOption {
  return {
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: number) => formatMoney(v),
    },
    legend: { top: 0, data: [DIVERSE_LABEL, NON_DIVERSE_LABEL] },
    grid: { left: 8, right: 24, top: 32, bottom: 8, containLabel: true },
    // In a half-width card just over 1000 px, '$3M$6M$9M' ran together: overlapping labels hide.
    xAxis: { type: 'value', axisLabel: { formatter: compactMoney, hideOverlap: true } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: d.map((c) => c.category),
      axisLabel: { width: narrow ? 100 : 150, overflow: 'truncate' },
    },
    series: [
      { type: 'bar', name: DIVERSE_LABEL, stack: 'spend', data: d.map((c) => c.diverse) },
      { type: 'bar', name: NON_DIVERSE_LABEL, stack: 'spend', data: d.map((c) => c.nonDiverse) },
    ],
  };
}

export function categoryPieOption(d: CategoryPercentage, narrow: boolean): ChartOption {
  const called = new Set([d.max?.category, d.min?.category]);
  return {
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
          // The largest slice starts at 12 o'clock and the smallest ends there: aligned to the
          // edges, their labels fall on opposite sides.
          label: {
            show: called.has(c.category),
            alignTo: 'edge',
            edgeDistance: 8,
            lineHeight: 16,
            formatter: `${c.category === d.max?.category ? SPEND_WORDS.maxCategory : SPEND_WORDS.minCategory}\n{b}\n${percentText(c.percentage)}`,
          },
          labelLine: { show: called.has(c.category), length: 16, length2: 8 },
        })),
      },
    ],
  };
}

/**
 * Diverse suppliers per quarter. A partial first or last quarter (one or two months paid) is
 * drawn as a hollow grey point on a dashed stretch and named partial on the axis: its lower
 * count is the calendar, not a drop.
 */
export function suppliersPerQuarterOption(d: SupplierQuarter[]): ChartOption {
  const partialAt = (i: number) => d[i]?.partial === true;
  const whole = d.map((q, i) =>
    partialAt(i) && (i === 0 || i === d.length - 1) ? null : q.diverseSuppliers,
  );
  // The dashed stretches join a partial end to its whole neighbour.
  const dashed = d.map((q, i) =>
    (partialAt(0) && i <= 1) || (partialAt(d.length - 1) && i >= d.length - 2)
      ? q.diverseSuppliers
      : null,
  );
  const anyPartial = d.some((q) => q.partial);
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (items: { dataIndex: number }[]) => {
        const q = d[items[0]?.dataIndex ?? 0];
        if (!q) return '';
        return `<b>${quarterLabel(q)}</b><br/>${SPEND_WORDS.diverseSuppliers}: ${q.diverseSuppliers}`;
      },
    },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category',
      data: d.map((q) => (q.partial ? `${q.label}\n(${SPEND_WORDS.partialQuarter})` : q.label)),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'line',
        name: SPEND_WORDS.diverseSuppliers,
        data: whole,
        areaStyle: { opacity: 0.15 },
        label: { show: d.length <= 12, position: 'top' },
      },
      ...(anyPartial
        ? [
            {
              type: 'line',
              name: `${SPEND_WORDS.diverseSuppliers} (${SPEND_WORDS.partialQuarter})`,
              data: dashed.map((value, i) =>
                value === null
                  ? null
                  : partialAt(i)
                    ? {
                        value,
                        symbol: 'emptyCircle',
                        symbolSize: 9,
                        itemStyle: { color: '#94a3b8' },
                        label: { show: true, position: 'top', color: '#64748b' },
                      }
                    : { value, symbolSize: 0, label: { show: false } },
              ),
              lineStyle: { type: 'dashed', color: '#94a3b8' },
              itemStyle: { color: '#94a3b8' },
              tooltip: { show: false },
              z: 1,
            },
          ]
        : []),
    ],
  };
}

export function suppliersPerMonthOption(d: SupplierCount): ChartOption {
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 16, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: d.months.map((m) => monthLabel(m.month)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: SPEND_WORDS.diverseSuppliers,
        data: d.months.map((m) => m.diverseSuppliers),
        label: { show: true, position: 'top' },
        itemStyle: { color: '#10b981' },
      },
    ],
  };
}

/** The US mainland shaded by diverse spend; `mapName` is the map registered with `US_MAINLAND`. */
export function supplierMapOption(d: SupplierLocation[], mapName: string): ChartOption {
  const max = Math.max(1, ...d.map((s) => s.diverseSpend));
  const byName = new Map(d.map((s) => [s.stateName, s]));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string }) => {
        const state = byName.get(p.name);
        return `<b>${p.name}</b><br/>${SPEND_WORDS.diverseSuppliers}: ${state?.diverseSuppliers ?? 0}<br/>${SPEND_WORDS.diverseSpend}: ${formatMoney(state?.diverseSpend ?? 0)}`;
      },
    },
    visualMap: {
      min: 0,
      max,
      // Under the map, so that it never covers a state however narrow the chart.
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 160,
      calculable: true,
      formatter: (value: number) => compactMoney(value),
      text: [SPEND_WORDS.diverseSpend, ''],
      inRange: { color: ['#e0e7ff', '#4f46e5', '#1e1b4b'] },
    },
    series: [
      {
        type: 'map',
        map: mapName,
        roam: false,
        layoutCenter: ['50%', '44%'],
        layoutSize: '100%',
        name: SPEND_WORDS.diverseSpend,
        itemStyle: { areaColor: '#f1f5f9', borderColor: '#94a3b8' },
        emphasis: { label: { show: false }, itemStyle: { areaColor: '#f59e0b' } },
        data: d.map((s) => ({ name: s.stateName, value: s.diverseSpend })),
      },
    ],
  };
}
