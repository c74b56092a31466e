/**
 * Printing a dashboard whose list loads page by page (RFx in the period): Print loads every
 * remaining page before print() is called, and the printed page (print media) holds every row
 * of the list, without the shell. The screenshot is the print layout at 1440 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { emulatePrint } from './dashboards.ts';

interface PrintRecord {
  __printed?: number[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  // A real print dialog would block headless Chromium: print() only records that it was called.
  await browser.context.addInitScript(() => {
    const w = window as unknown as Window & PrintRecord;
    w.print = () => {
      (w.__printed ??= []).push(Date.now());
    };
  });
});
afterAll(() => browser?.close());

describe('Print', () => {
  it('prints every RFx of the period, however many pages the list loads', async () => {
    const { page } = browser;
    await signIn(page);
    // The demo's RFx run from 1 January last year: a whole year of them is several pages.
    const year = new Date().getFullYear() - 1;
    const total = await page.evaluate(async (y) => {
      const res = await fetch('/api/rfx/dashboard/list', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${localStorage.getItem('accessToken') ?? ''}`,
        },
        body: JSON.stringify({ quaters: ['Q1', 'Q2', 'Q3', 'Q4'], year: y, pageNumber: 0 }),
      });
      return ((await res.json()) as { totalCount: number }).totalCount;
    }, year);
    expect(total).toBeGreaterThan(20);

    await page.goto(`/home/rfx/dashboard?quaters=Q1-Q2-Q3-Q4&year=${year}`);
    const rows = page.getByTestId('rfx-dashboard-table').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeLessThan(total);

    await page.getByTestId('export-print').click();
    await page.waitForFunction(() => ((window as PrintRecord).__printed ?? []).length > 0, null, {
      timeout: 60_000,
    });
    expect(await rows.count()).toBe(total);

    await emulatePrint(page);
    for (const shell of ['.app-header', '.app-sider', '[data-testid="export-bar"]']) {
      expect(await page.locator(shell).first().isVisible()).toBe(false);
    }
    // Every row is laid out on the page, none hidden in a scrolling box.
    const lastRow = await rows.last().boundingBox();
    const box = await page.getByTestId('rfx-dashboard-table').boundingBox();
    expect(lastRow!.y + lastRow!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    await screenshot(page, 'rfx-dashboard-print');
    await page.emulateMedia({ media: 'screen' });
  });
});
