/**
 * No chart's axis labels overlap, from a phone to a wide screen (at 1001 px the
 * Category Dashboard read '$3M$6M$9M'). Each screen with charts is opened once, at 1001 px, and
 * then the window is resized through the other widths, as a user turning a tablet or widening a
 * window does: at each width, once every chart has taken its element's new size (EChart resizes
 * on a ResizeObserver and ECharts lays the axes out again), the labels ECharts actually placed
 * are read from the chart itself (the instance EChart leaves on its element): every shown
 * label's box, rotation included, must not cross another label of the same axis. Pictures in
 * ./screenshots (chart-labels-<width>-<screen>.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkQuiet, open, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { chartsSettled, createReport } from './dashboards.ts';

/** The width each screen is opened at (a small laptop's), then the others it is resized to. */
const WIDTHS = [1001, 390, 1440, 1920];

/** Screens with axis charts, by a short name for the screenshots, and how a user reaches them. */
const SCREENS: Record<string, { url: string; then?: (page: Page) => Promise<void> }> = {
  'dashboard-supplier': { url: '/home/supplierSpend/report/supplier' },
  'dashboard-spend': { url: '/home/supplierSpend/report/spend' },
  'dashboard-category': { url: '/home/supplierSpend/report/category' },
  'dashboard-rfx': { url: '/home/rfx', then: (page) => quarterReport(page, 'rfx') },
  'dashboard-contract': { url: '/home/contracts', then: (page) => quarterReport(page, 'contract') },
  'dashboard-cost-savings': {
    url: '/home/costSaving',
    then: (page) => page.getByTestId('cost-saving-create-report').click(),
  },
  'dashboard-goals': { url: '/home/supplierSpend/report/goals' },
  'dashboard-market-share': {
    url: '/home/marketShare',
    // The report of every row: Create Report with the dialog's defaults.
    then: async (page) => {
      await page.getByTestId('market-share-create-report').click();
      await page.getByTestId('report-form').waitFor();
      await createReport(page, 'market-share-dashboard');
    },
  },
};

/** A module's Create Report for this year (every quarter, where it asks). */
async function quarterReport(page: Page, module: string) {
  await page.getByTestId(`${module}-create-report`).click();
  await page.getByTestId('report-dialog').waitFor();
  // Contracts' report asks for a year only.
  if (await page.getByTestId('report-quarters').count()) {
    for (const quarter of ['Q1', 'Q2', 'Q3', 'Q4']) {
      await page.getByTestId(`quarter-${quarter}`).click();
    }
  }
  await page.getByTestId('report-create').click();
}

interface AxisLabels {
  charts: number;
  labels: number;
  overlaps: string[];
}

/**
 * Reads every chart's placed axis labels through ECharts (the module the app loaded, found
 * among its chunks by `getInstanceByDom`) and lists the pairs that overlap.
 */
function axisLabelOverlaps(page: Page): Promise<AxisLabels> {
  return page.evaluate(() => {
    type Matrix = number[] | null;
    interface Rect {
      x: number;
      y: number;
      width: number;
      height: number;
    }
    interface Node {
      anid?: string;
      ignore?: boolean;
      invisible?: boolean;
      parent?: Node;
      style?: { text?: string; opacity?: number; font?: string };
      childrenRef?(): Node[];
      getBoundingRect(): Rect;
      getComputedTransform(): Matrix;
      traverse?(visit: (el: Node) => void): void;
    }
    interface Instance {
      getZr(): { storage: { getRoots(): Node[] } };
    }
    // EChart (apps/web/src/components/echart.tsx) leaves its chart on its element.
    const elements = Array.from(document.querySelectorAll('[_echarts_instance_]'));
    // The height of a label's ink, measured in the page with the label's font. ECharts sizes a
    // line by the width of a wide CJK character ('国'): on a machine without a CJK font (Debian's
    // Chromium in CI) that is 4 px for 12 px text, so its boxes are flatter than the letters and
    // rotated labels crossed each other on screen while their boxes did not (market
    // share at 390 px). The box here reaches from the ink's top to its bottom.
    const measure = document.createElement('canvas').getContext('2d')!;
    measure.textBaseline = 'middle';
    const ink = (el: Node) => {
      const shown = (el.childrenRef?.() ?? []).map((child) => child.style?.text ?? '').join('');
      measure.font = el.style?.font ?? '12px sans-serif';
      const m = measure.measureText(shown || el.style?.text || '');
      return { ascent: m.actualBoundingBoxAscent, descent: m.actualBoundingBoxDescent };
    };
    // A label's four corners on the canvas, its rotation included. ECharts draws each line with
    // the 'middle' baseline at the middle of its box.
    const corners = (el: Node) => {
      const r = el.getBoundingRect();
      const middle = r.y + r.height / 2;
      const { ascent, descent } = ink(el);
      const top = Math.min(r.y, middle - ascent);
      const bottom = Math.max(r.y + r.height, middle + descent);
      const m = el.getComputedTransform() ?? [1, 0, 0, 1, 0, 0];
      return [
        [r.x, top],
        [r.x + r.width, top],
        [r.x + r.width, bottom],
        [r.x, bottom],
      ].map(([x, y]) => [m[0]! * x! + m[2]! * y! + m[4]!, m[1]! * x! + m[3]! * y! + m[5]!]);
    };
    // Separating axes: two convex quads overlap unless some edge's normal separates them.
    // Touching (under a pixel) is not overlapping.
    const overlap = (a: number[][], b: number[][]) => {
      for (const quad of [a, b]) {
        for (let i = 0; i < 4; i++) {
          const [x1, y1] = quad[i]!;
          const [x2, y2] = quad[(i + 1) % 4]!;
          const length = Math.hypot(x2! - x1!, y2! - y1!) || 1;
          const normal = [(y1! - y2!) / length, (x2! - x1!) / length];
          const project = (q: number[][]) => q.map(([x, y]) => normal[0]! * x! + normal[1]! * y!);
          const pa = project(a);
          const pb = project(b);
          if (Math.max(...pa) <= Math.min(...pb) + 1 || Math.max(...pb) <= Math.min(...pa) + 1) {
            return false;
          }
        }
      }
      return true;
    };
    const shown = (el: Node) => {
      for (let n: Node | undefined = el; n; n = n.parent) if (n.ignore || n.invisible) return false;
      return el.style?.opacity !== 0 && !!el.style?.text;
    };

    let labels = 0;
    const overlaps: string[] = [];
    elements.forEach((element, index) => {
      const chart = (element as Element & { echarts?: Instance }).echarts;
      if (!chart) {
        overlaps.push(`chart ${index}: no ECharts instance on its element`);
        return;
      }
      const byAxis = new Map<Node | undefined, Node[]>();
      for (const root of chart.getZr().storage.getRoots()) {
        root.traverse?.((el) => {
          if (!el.anid?.startsWith('label_') || !shown(el)) return;
          byAxis.set(el.parent, [...(byAxis.get(el.parent) ?? []), el]);
        });
      }
      for (const list of byAxis.values()) {
        labels += list.length;
        const quads = list.map(corners);
        for (let i = 0; i < list.length; i++) {
          for (let j = i + 1; j < list.length; j++) {
            if (overlap(quads[i]!, quads[j]!)) {
              const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
              overlaps.push(
                `chart ${index} (${testId ?? '?'}): '${list[i]!.style!.text}' × '${list[j]!.style!.text}'`,
              );
            }
          }
        }
      }
    });
    return { charts: elements.length, labels, overlaps };
  });
}

describe('axis labels', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ width: 390, height: 900 });
    await signIn(browser.page);
  });
  afterAll(() => browser?.close());

  it('are seen overlapping when the charts are told to show every one, unrotated', async () => {
    const { page } = browser;
    await open(page, SCREENS['dashboard-spend']!.url);
    await page.locator('[_echarts_instance_]').first().waitFor();
    await page.evaluate(() => {
      const crowd = { splitNumber: 40, axisLabel: { interval: 0, hideOverlap: false, rotate: 0 } };
      for (const element of Array.from(document.querySelectorAll('[_echarts_instance_]'))) {
        const chart = (element as Element & { echarts?: { setOption(o: unknown): void } }).echarts;
        chart?.setOption({ xAxis: crowd, yAxis: crowd });
      }
    });
    expect((await axisLabelOverlaps(page)).overlaps.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(SCREENS))(
    `do not overlap on %s at ${WIDTHS.join(', ')} px`,
    async (name, { url, then }) => {
      const { page } = browser;
      const [first, ...others] = WIDTHS;
      await page.setViewportSize({ width: first!, height: 900 });
      await open(page, url);
      if (then) {
        await then(page);
        await networkQuiet(page);
      }
      await page.locator('[_echarts_instance_]').first().waitFor();
      for (const width of [first!, ...others]) {
        if (width !== first) await page.setViewportSize({ width, height: 900 });
        await chartsSettled(page);
        const found = await axisLabelOverlaps(page);
        expect(found.charts, `charts at ${width} px`).toBeGreaterThan(0);
        // Axis labels were found at all: the check reads the chart, not an empty list.
        expect(found.labels, `labels at ${width} px`).toBeGreaterThan(0);
        expect(found.overlaps, `overlapping labels at ${width} px`).toEqual([]);
        await screenshot(page, `chart-labels-${width}-${name}`);
      }
    },
  );
});
