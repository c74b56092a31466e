/**
 * A chart drawn with ECharts (`./echarts-setup.ts`, which registers only the charts SpotzCity
 * draws). The library loads when the first chart is about to be drawn, not with the page: a
 * dashboard's headings, figures and tables paint without waiting for it.
 *
 *   <EChart option={{ xAxis: {...}, series: [...] }} height={320} />
 */
import { useEffect, useRef } from 'react';
import type * as Echarts from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import { CHART_COLORS, compactMoney, fitAxisLabels } from '@spotzcity/shared/charts/common';
import { onPrintChange } from './print.ts';
import { whenNeeded } from './when-needed.ts';

/** The echarts namespace's types (the library itself loads with `loadEcharts`). */
export type * as echarts from 'echarts/core';
/** Colours and compact money are shared with the server's reports (@spotzcity/shared/charts). */
export { CHART_COLORS, compactMoney };
export type { EChartsCoreOption };

type Setup = (lib: typeof Echarts) => void | Promise<void>;
const setups = new Map<Setup, Promise<void> | null>();
let library: Promise<typeof Echarts> | undefined;
/** The library once loaded and every setup done: charts are drawn synchronously from then on. */
let loaded: typeof Echarts | undefined;

/**
 * Something to do with the library before any chart is drawn (registering a map's shapes); it
 * may load what it needs itself. Runs once, when the library loads (at once if it has).
 */
export function beforeCharts(setup: Setup) {
  if (setups.has(setup)) return;
  setups.set(setup, null);
  // Charts drawn from now on wait for it.
  loaded = undefined;
  if (library) void loadEcharts();
}

/** Loads echarts (once) and runs the setups registered so far. */
export function loadEcharts(): Promise<typeof Echarts> {
  library ??= import('./echarts-setup.ts').then((m) => m.echarts);
  return library.then(async (lib) => {
    const pending = [...setups.keys()].map((setup) => {
      let done = setups.get(setup);
      if (!done) {
        done = Promise.resolve(setup(lib));
        setups.set(setup, done);
      }
      return done;
    });
    await Promise.all(pending);
    if (pending.length === setups.size) loaded = lib;
    return lib;
  });
}

export interface EChartProps {
  option: EChartsCoreOption;
  height?: number | string;
  /** Receives the chart once it exists (e.g. to register events). */
  onReady?: (chart: Echarts.ECharts) => void;
  'data-testid'?: string;
  className?: string;
}

/**
 * Charts are drawn after the page has painted, one chart per task: a dashboard's six charts
 * drawn in one go made one long task that kept the page from answering (Lighthouse's
 * total blocking time). Each job is a chart's init and first option.
 */
const pending: (() => void)[] = [];
let draining = false;

function drawSoon(job: () => void) {
  pending.push(job);
  if (draining) return;
  draining = true;
  const next = () => {
    const current = pending.shift();
    if (!current) {
      draining = false;
      return;
    }
    current();
    setTimeout(next, 0);
  };
  // After the next frame is painted (a timeout queued from the frame runs after it).
  requestAnimationFrame(() => setTimeout(next, 0));
}

const withDefaults = (option: EChartsCoreOption): EChartsCoreOption => ({
  color: [...CHART_COLORS],
  animation: false,
  ...fitAxisLabels(option),
});

/** An option's content, its formatters' source included, to tell a changed option from a rebuilt one. */
function optionKey(option: EChartsCoreOption): string {
  return JSON.stringify(option, (_, v: unknown) => (typeof v === 'function' ? String(v) : v));
}

export function EChart({
  option,
  height = 320,
  onReady,
  className,
  'data-testid': testId,
}: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<Echarts.ECharts | null>(null);
  // The newest option, for a chart drawn after it was given.
  const latest = useRef(option);
  // What the chart shows now (optionKey), to skip drawing an option that says the same.
  const applied = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let drawn = false;
    let stop: (() => void) | undefined;
    const host = element.current as (HTMLDivElement & { echarts?: Echarts.ECharts }) | null;
    if (!host) return;
    // Until it is drawn the element says so: the browser suite waits for every chart.
    host.setAttribute('data-chart-pending', '');
    const draw = (echarts: typeof Echarts) => {
      if (cancelled || drawn) return;
      drawn = true;
      host.removeAttribute('data-chart-pending');
      const instance = echarts.init(host, undefined, { renderer: 'canvas' });
      chart.current = instance;
      // The chart on its element: the browser suite reads where ECharts placed the axis labels
      // (e2e/chart-labels.e2e.ts), as one can from the devtools.
      host.echarts = instance;
      onReady?.(instance);
      applied.current = optionKey(latest.current);
      instance.setOption(withDefaults(latest.current), { notMerge: true });
      const observer = new ResizeObserver(() => instance.resize());
      observer.observe(host);
      // Printed, the chart takes the paper's width (a canvas would otherwise be stretched or cut).
      const stopPrint = onPrintChange(() => instance.resize());
      stop = () => {
        stopPrint();
        observer.disconnect();
        instance.dispose();
        delete host.echarts;
        chart.current = null;
      };
    };
    // A chart further down the page is drawn when the reader comes near it or the page is idle;
    // every chart before printing (./when-needed.ts).
    const stopWaiting = whenNeeded(host, {
      soon: () => void loadEcharts().then((lib) => drawSoon(() => draw(lib))),
      // Printing: at once when the library is there, else as soon as it is.
      now: () => (loaded ? draw(loaded) : loadEcharts().then(draw)),
    });
    return () => {
      cancelled = true;
      stopWaiting();
      stop?.();
    };
    // The chart is created once; option changes are applied below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A parent's render builds its options anew: the chart is drawn again only when the option
  // says something else (a dashboard re-rendered as each of its queries answered redrew every
  // chart it held).
  useEffect(() => {
    latest.current = option;
    if (!chart.current) return;
    const key = optionKey(option);
    if (key === applied.current) return;
    applied.current = key;
    chart.current.setOption(withDefaults(option), { notMerge: true });
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
