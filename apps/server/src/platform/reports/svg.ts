/**
 * ECharts on the server: the dashboards' own options rendered to SVG (`ssr: true`) for the PDF,
 * and to a sharp PNG (resvg, twice the size) where PowerPoint has no native form (maps,
 * treemaps). The US mainland is registered once, from the same shapes the web uses.
 *
 * ECharts and resvg load with the first report a process builds (`loadChartRenderer`): held from
 * the start they were ~38 MB of every server's memory, a server that never builds a report
 * included.
 */
import { createRequire } from 'node:module';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type * as Echarts from 'echarts';
import { baseOption, type ChartOption } from '@spotzcity/shared/charts/common';
import { US_MAP, usMainland } from '@spotzcity/shared/charts/us-map';

const require = createRequire(import.meta.url);
let mapRegistered = false;

interface ChartRenderer {
  echarts: typeof Echarts;
  Resvg: typeof ResvgClass;
}
let renderer: ChartRenderer | undefined;

/** ECharts and resvg, loaded once: a report's builder awaits this before its first chart. */
export async function loadChartRenderer(): Promise<ChartRenderer> {
  if (!renderer) {
    const [echarts, { Resvg }] = await Promise.all([import('echarts'), import('@resvg/resvg-js')]);
    renderer = { echarts, Resvg };
  }
  return renderer;
}

function loadedRenderer(): ChartRenderer {
  if (!renderer) throw new Error('loadChartRenderer() must be awaited before a chart is drawn');
  return renderer;
}

export interface RenderRequest {
  option: ChartOption;
  width: number;
  height: number;
  /** A second option from the laid-out chart (treemap labels that fit). */
  relayout?: (chart: { getModel(): unknown }) => ChartOption;
}

export function renderSvg({ option, width, height, relayout }: RenderRequest): string {
  const { echarts } = loadedRenderer();
  if (!mapRegistered) {
    echarts.registerMap(US_MAP, usMainland(require('us-atlas/states-10m.json')) as never);
    mapRegistered = true;
  }
  const chart = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: Math.round(width),
    height: Math.round(height),
  });
  try {
    chart.setOption(
      baseOption({ ...option, textStyle: { fontFamily: 'Helvetica, Arial, sans-serif' } }),
    );
    if (relayout) {
      // getModel is internal to echarts (private in its types): the layout is only there.
      chart.setOption(relayout(chart as never), { notMerge: false });
    }
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** A PNG of the chart at `scale` times its size: sharp on a projector. */
export function renderPng(request: RenderRequest, scale = 2): Buffer {
  const svg = renderSvg(request);
  const { Resvg } = loadedRenderer();
  const png = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return Buffer.from(png.asPng());
}
