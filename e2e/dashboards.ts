/** Helpers for the dashboard journeys (spend dashboards, base of the percentages, goals). */
import type { Download, Page } from 'playwright-core';

/** Clicks the control with `testId` and answers the download it starts (reports take a while). */
export async function downloadFrom(page: Page, testId: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(testId).click(),
  ]);
  return download;
}

/**
 * Waits until every chart card of the dashboard `dashboard-<kind>` has drawn: no skeleton left, a
 * canvas, and (with `rowsOf`) rows in the table with that test id.
 */
export async function dashboardDrawn(page: Page, kind: string, rowsOf?: string) {
  await page.getByTestId(`dashboard-${kind}`).waitFor();
  await page.waitForFunction(
    ([k, table]) => {
      const root = document.querySelector(`[data-testid="dashboard-${k}"]`);
      return (
        !!root &&
        root.querySelectorAll('.ant-skeleton, [data-skeleton]').length === 0 &&
        root.querySelectorAll('canvas').length > 0 &&
        // Charts below the window are drawn once the page is idle (components/echart.tsx).
        root.querySelectorAll('[data-chart-pending]').length === 0 &&
        (!table ||
          root.querySelectorAll(`[data-testid="${table}"] tbody tr.ant-table-row`).length > 0)
      );
    },
    [kind, rowsOf] as const,
    { timeout: 30_000 },
  );
}

/**
 * Waits until every chart has been laid out at its element's current size, and the sizes have
 * stopped changing (the sidebar and the grid settle over a few frames after a resize).
 */
export async function chartsSettled(page: Page) {
  await page.waitForFunction(
    () => {
      type Sized = Element & { echarts?: { getWidth(): number; getHeight(): number } };
      const sizes = Array.from(document.querySelectorAll<HTMLElement>('[_echarts_instance_]')).map(
        (element) => {
          const chart = (element as Sized).echarts;
          const fits =
            !!chart &&
            chart.getWidth() === element.clientWidth &&
            chart.getHeight() === element.clientHeight;
          return fits ? `${element.clientWidth}x${element.clientHeight}` : 'pending';
        },
      );
      const now = sizes.join(',');
      const w = window as Window & { __chartSizes?: string };
      const same = w.__chartSizes === now;
      w.__chartSizes = now;
      // Charts further down are drawn once the page is idle (components/echart.tsx): all of them.
      const undrawn = document.querySelectorAll('[data-chart-pending]').length;
      return !sizes.includes('pending') && undrawn === 0 && same;
    },
    undefined,
    { polling: 250, timeout: 30_000 },
  );
}

/** Clicks the report dialog's Create and waits for the dashboard `dashboardTestId`. */
export async function createReport(page: Page, dashboardTestId: string) {
  await page.getByTestId('report-create').click();
  await page.getByTestId(dashboardTestId).waitFor();
}

/**
 * Shows the page as printed: the app hears of it through a media query's change, which the
 * browser reports before the next frame's callbacks, and renders it at once (usePrinting).
 */
export async function emulatePrint(page: Page) {
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}
