/**
 * ECharts through `echarts/core` with only the charts SpotzCity draws registered (never import
 * from 'echarts': one such import pulls the whole library). Dashboards load lazily, so this
 * module and echarts land in their own chunk.
 *
 *   <EChart option={{ xAxis: {...}, series: [...] }} height={320} />
 */
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart, TreemapChart } from 'echarts/charts';
import {
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsCoreOption } from 'echarts/core';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  TreemapChart,
  MapChart,
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

/** The spec's cycle of 16 chart colours (spec 01 point 9). */
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

export { echarts };

/** $1.2M, $350K, $900: money on chart axes and labels, short enough to fit. */
export function compactMoney(value: number) {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}$${+(abs / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${sign}$${+(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${sign}$${+(abs / 1e3).toFixed(1)}K`;
  return `${sign}$${Math.trunc(abs)}`;
}
export type { EChartsCoreOption };

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number | string;
  /** Receives the chart once it exists (e.g. to register events). */
  onReady?: (chart: echarts.ECharts) => void;
  'data-testid'?: string;
  className?: string;
}

export function EChart({
  option,
  height = 320,
  onReady,
  className,
  'data-testid': testId,
}: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = echarts.init(element.current, undefined, { renderer: 'canvas' });
    chart.current = instance;
    onReady?.(instance);
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
    // The chart is created once; option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    chart.current?.setOption(
      { color: [...CHART_COLORS], animation: false, ...option },
      { notMerge: true },
    );
  }, [option]);

  return (
    <div
      ref={element}
      className={className}
      style={{ width: '100%', height }}
      data-testid={testId}
    />
  );
}
