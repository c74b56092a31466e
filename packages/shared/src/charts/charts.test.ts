import { describe, expect, it } from 'vitest';
import { baseOption, fitAxisLabels } from './common.ts';
import { treemapFit, treemapOption } from './market-share.ts';
import { quarterLabel, suppliersPerQuarterOption } from './spend.ts';

const quarter = (label: string, diverseSuppliers: number, months = 3) => ({
  year: Number(label.slice(3)),
  quarter: label.slice(0, 2),
  label,
  diverseSuppliers,
  months,
  partial: months < 3,
});

describe('treemap labels', () => {
  const tree = [
    { name: 'Arlington', value: 350_664 },
    { name: 'Dallas', value: 152_019 },
    { name: 'Plano', value: 9_000 },
  ];

  it('shows a label only where it fits, never a cut one', () => {
    const fit = treemapFit(tree, [
      { width: 300, height: 200 },
      // Room for 'Dallas' but not for '$152K' under it: the name alone.
      { width: 90, height: 40 },
      // Too narrow for 'Plano': nothing, rather than 'Pl'.
      { width: 30, height: 90 },
    ]);
    expect(fit).toEqual(['both', 'name', 'none']);
  });

  it('hides the labels it was told do not fit, and keeps the full value for the tooltip', () => {
    const option = treemapOption(tree, ['#000'], 'Diverse Revenue By City', [
      'both',
      'name',
      'none',
    ]);
    const series = (
      option.series as {
        data: { label?: { show: boolean } }[];
        label: { formatter: (p: unknown) => string };
      }[]
    )[0]!;
    expect(series.data.map((d) => d.label?.show)).toEqual([true, true, false]);
    expect(series.label.formatter({ name: 'Dallas', value: 152_019, dataIndex: 2 })).toBe(
      '{name|Dallas}',
    );
    expect(series.label.formatter({ name: 'Arlington', value: 350_664, dataIndex: 1 })).toBe(
      '{name|Arlington}\n{value|$350.6K}',
    );
    const tooltip = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(tooltip({ name: 'Dallas', value: 152_019 })).toContain('$152,019');
  });
});

describe('partial quarters', () => {
  it('names a partial first and last quarter and draws them apart from the whole ones', () => {
    const data = [quarter('Q4 2024', 3, 1), quarter('Q1 2025', 9), quarter('Q2 2025', 8, 2)];
    expect(quarterLabel(data[0]!)).toBe('Q4 2024 (partial: 1 of 3 months)');
    expect(quarterLabel(data[1]!)).toBe('Q1 2025');
    const option = suppliersPerQuarterOption(data);
    expect((option.xAxis as { data: string[] }).data).toEqual([
      'Q4 2024\n(partial)',
      'Q1 2025',
      'Q2 2025\n(partial)',
    ]);
    const [whole, partial] = option.series as { data: unknown[]; lineStyle?: { type: string } }[];
    // The solid line holds only whole quarters; the dashed one joins each partial end.
    expect(whole!.data).toEqual([null, 9, null]);
    expect(partial!.lineStyle?.type).toBe('dashed');
    expect(partial!.data.map((p) => (p as { value: number } | null)?.value ?? null)).toEqual([
      3, 9, 8,
    ]);
  });

  it('draws one solid line when every quarter is whole', () => {
    const option = suppliersPerQuarterOption([quarter('Q1 2025', 4), quarter('Q2 2025', 5)]);
    expect(option.series as unknown[]).toHaveLength(1);
  });
});

describe('axis labels', () => {
  it('hide a label that would overlap its neighbour on every cartesian axis, unless told not to', () => {
    const option = fitAxisLabels({
      xAxis: { type: 'category', axisLabel: { rotate: 40 } },
      yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { hideOverlap: false } }],
    });
    expect(option.xAxis).toEqual({
      type: 'category',
      axisLabel: { hideOverlap: true, lineHeight: 15, rotate: 40 },
    });
    expect(option.yAxis).toEqual([
      { type: 'value', axisLabel: { hideOverlap: true, lineHeight: 15 } },
      { type: 'value', axisLabel: { hideOverlap: false, lineHeight: 15 } },
    ]);
  });

  it('give each label the height of its line, from its font size', () => {
    // 12 px text (ECharts' default) on 15 px lines; 11 px on 14 px; a chart's own line height kept.
    const option = fitAxisLabels({
      xAxis: [{ axisLabel: { fontSize: 11 } }, { axisLabel: { lineHeight: 20 } }],
      yAxis: {},
    });
    expect(option.xAxis).toEqual([
      { axisLabel: { hideOverlap: true, lineHeight: 14, fontSize: 11 } },
      { axisLabel: { hideOverlap: true, lineHeight: 20 } },
    ]);
    expect(option.yAxis).toEqual({ axisLabel: { hideOverlap: true, lineHeight: 15 } });
  });

  it('leave a chart without axes alone', () => {
    const pie = { series: [{ type: 'pie' }] };
    expect(fitAxisLabels(pie)).toEqual(pie);
    expect(baseOption(pie)).not.toHaveProperty('xAxis');
  });
});
