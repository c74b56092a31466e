/**
 * ECharts on the server: the dashboards' own options rendered to SVG (`ssr: true`) for the PDF,
 * and to a sharp PNG (resvg, twice the size) where PowerPoint has no native form (maps,
 * treemaps). The US mainland is registered once, from the same shapes the web uses.
 */
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import * as echarts from 'echarts';
import { baseOption, type ChartOption } from '@spotzcity/shared/charts/common';
import { US_MAP, usMainland } from '@spotzcity/shared/charts/us-map';

const require = createRequire(import.meta.url);
let mapRegistered = false;

export interface RenderRequest {
  option: ChartOption;
  width: number;
  height: number;
  /** A second option from the laid-out chart (treemap labels that fit). */
  relayout?: (chart: { getModel(): unknown }) => ChartOption;
}

export function renderSvg({ option, width, height, relayout }: RenderRequest): string {
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
  const png = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  }).render();
  return Buffer.from(png.asPng());
}
