/**
 * The spend dashboards in Chromium on the demo buyer's three years of spend: Create Report's
 * chooser → each dashboard renders its charts and tables (screenshots looked at) → Download PPT,
 * PDF and Excel arrive named after the dashboard and its files → the breadcrumb returns to the
 * table view. Print prints the page itself through the print stylesheet.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { chartsSettled, dashboardDrawn, downloadFrom, emulatePrint } from './dashboards.ts';

/** What the print stub (below) records in the window it runs in, and window.open in the opener. */
interface PrintRecord {
  __opened?: { features: string; at: number }[];
  __printed?: number[];
}

/**
 * Runs in every document of the context, the Print popup included: print() only records when it
 * was called (a real print dialog would block headless Chromium), and window.open records its
 * features and when it was called.
 */
function recordPrinting() {
  const w = window as unknown as Window & PrintRecord;
  w.print = () => {
    (w.__printed ??= []).push(Date.now());
  };
  const open = w.open.bind(w);
  w.open = (url?: string | URL, target?: string, features?: string) => {
    (w.__opened ??= []).push({ features: features ?? '', at: Date.now() });
    return open(url, target, features);
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  await browser.context.addInitScript(recordPrinting);
});
afterAll(() => browser?.close());

describe('spend dashboards', () => {
  it('opens each dashboard from the chooser and exports it', { timeout: 240_000 }, async () => {
    const { page } = browser;
    await signIn(page);

    await page.goto('/home/supplierSpend/table');
    await page.getByTestId('table-view').waitFor();
    await page.getByTestId('create-report').click();
    await page.getByTestId('report-chooser').waitFor();
    await screenshot(page, 'dashboards-chooser');

    // Supplier Dashboard
    await page.getByTestId('choose-supplier').click();
    await dashboardDrawn(page, 'supplier');
    expect(await page.getByTestId('state-table').locator('tbody tr').count()).toBeGreaterThan(0);
    const stateHeaders = await page
      .getByTestId('state-table')
      .locator('thead th')
      .allTextContents();
    expect(stateHeaders.join('|')).toContain('State|Diverse Suppliers|Diverse Spend');
    await screenshot(page, 'dashboards-supplier');
    const supplierExcel = await downloadFrom(page, 'export-excel');
    expect(supplierExcel.suggestedFilename()).toBe('Supplier Dashboard - All files.xlsx');
    const supplierPpt = await downloadFrom(page, 'export-ppt');
    expect(supplierPpt.suggestedFilename()).toBe('Supplier Dashboard - All files.pptx');

    // Spend Dashboard, with all four exports' downloads
    await page.goto('/home/supplierSpend/report/spend');
    await dashboardDrawn(page, 'spend');
    expect(await page.getByTestId('analysis-box').textContent()).toContain('Spend Analysis');
    expect(await page.getByTestId('mom-totals').textContent()).toContain('12-Month Total');
    await page.getByTestId('analysis-box').locator('textarea').fill('Diverse spend is steady.');
    await page.getByTestId('analysis-save').click();
    await screenshot(page, 'dashboards-spend');
    const ppt = await downloadFrom(page, 'export-ppt');
    expect(ppt.suggestedFilename()).toBe('Spend Dashboard - All files.pptx');
    const pdf = await downloadFrom(page, 'export-pdf');
    expect(pdf.suggestedFilename()).toBe('Spend Dashboard - All files.pdf');
    // Built on the server: a real PDF carrying the analysis typed above.
    const pdfBytes = readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
    const excel = await downloadFrom(page, 'export-excel');
    expect(excel.suggestedFilename()).toBe('Spend Dashboard - All files.xlsx');

    // Category Dashboard
    await page.goto('/home/supplierSpend/report/category');
    await dashboardDrawn(page, 'category');
    const headers = await page.getByTestId('top-categories').locator('thead th').allTextContents();
    expect(headers.join('|')).toBe('Category|Total # Suppliers|% Of Suppliers|Spend|% Of Spend');
    expect(await page.getByTestId('category-max').textContent()).toContain('Maximum');
    expect(await page.getByTestId('category-min').textContent()).toContain('Minimum');
    await screenshot(page, 'dashboards-category');
    const categoryExcel = await downloadFrom(page, 'export-excel');
    expect(categoryExcel.suggestedFilename()).toBe('Category Dashboard - All files.xlsx');
    const categoryPdf = await downloadFrom(page, 'export-pdf');
    expect(categoryPdf.suggestedFilename()).toBe('Category Dashboard - All files.pdf');

    // Narrow window: charts stack and shrink below 1000 px.
    await page.setViewportSize({ width: 900, height: 900 });
    await chartsSettled(page);
    await screenshot(page, 'dashboards-category-narrow');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The breadcrumb returns to the table view.
    await page.getByTestId('breadcrumb-table-view').click();
    await page.waitForURL('**/home/supplierSpend/table');
    await page.getByTestId('table-view').waitFor();
  });
});

describe('Print', () => {
  it(
    'prints the page itself: no shell or buttons, every table row, the analysis text',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await signIn(page);
      await page.goto('/home/supplierSpend/report/supplier');
      await dashboardDrawn(page, 'supplier');
      const analysis = 'Printed analysis: diverse suppliers grew in Texas.';
      await page.getByTestId('analysis-box').locator('textarea').fill(analysis);
      // On screen the state table shows pages of 10.
      const states = page.getByTestId('state-table').locator('tbody tr');
      expect(await states.count()).toBeLessThanOrEqual(10);

      await page.getByTestId('export-print').click();
      // print() is called on the dashboard itself (no window is opened), once, after its
      // lists are loaded and 250 ms have passed.
      await page.waitForFunction(() => ((window as PrintRecord).__printed ?? []).length > 0, null, {
        timeout: 30_000,
      });
      expect(await page.evaluate(() => (window as PrintRecord).__opened ?? [])).toEqual([]);

      await emulatePrint(page);
      for (const shell of [
        '.app-header',
        '.app-sider',
        '.app-footer',
        '[data-testid="export-bar"]',
      ]) {
        expect(await page.locator(shell).first().isVisible()).toBe(false);
      }
      // Printed, the state table has every state: as many rows as the API answers.
      const api = await page.evaluate(async () => {
        const token = localStorage.getItem('accessToken') ?? '';
        const res = await fetch('/api/graph/supplierLocationData', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ selectedIds: [] }),
        });
        return ((await res.json()) as { data: unknown[] }).data.length;
      });
      expect(api).toBeGreaterThan(10);
      expect(await states.count()).toBe(api);
      expect(await page.locator('.analysis-print').first().textContent()).toBe(analysis);
      await page.screenshot({ path: 'screenshots/dashboards-print.png', fullPage: true });
      await page.emulateMedia({ media: 'screen' });
    },
  );
});
