/** Helpers for the dashboard journeys (spend dashboards, base of the percentages, goals). */
import type { Download, Page } from 'playwright-core';
import { clickTestIdUntil } from './browser.ts';

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
  await page.waitForTimeout(300);
}

/**
 * Clicks the report dialog's Create until the dashboard `dashboardTestId` shows: a click landing
 * while the dialog moved was lost in CI.
 */
export async function createReport(page: Page, dashboardTestId: string) {
  await clickTestIdUntil(page, 'report-create', { shows: dashboardTestId });
}
