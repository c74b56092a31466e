/**
 * The spend dashboards in Chromium on the demo buyer's three years of spend: Create Report's
 * chooser → each dashboard renders its charts and tables (screenshots looked at) → Download PPT,
 * PDF and Excel arrive with the dashboard's name → the breadcrumb returns to the table view.
 */
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill('buyer.admin@acme.example');
  await page.getByLabel('Password').fill('Demo@2020');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor();
}

async function downloaded(page: Page, testId: string): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId(testId).click(),
  ]);
  return download;
}

/** Waits until every chart card of the dashboard has drawn (no skeleton left). */
async function rendered(page: Page, kind: string) {
  const dashboard = page.getByTestId(`dashboard-${kind}`);
  await dashboard.waitFor();
  await page.waitForFunction(
    (k) => {
      const root = document.querySelector(`[data-testid="dashboard-${k}"]`);
      return (
        !!root &&
        root.querySelectorAll('.ant-skeleton').length === 0 &&
        root.querySelectorAll('canvas').length > 0
      );
    },
    kind,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(300);
}

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
    await rendered(page, 'supplier');
    expect(await page.getByTestId('state-table').locator('tbody tr').count()).toBeGreaterThan(0);
    const stateHeaders = await page
      .getByTestId('state-table')
      .locator('thead th')
      .allTextContents();
    expect(stateHeaders.join('|')).toContain('State|Diverse Suppliers|Diverse Spend');
    await screenshot(page, 'dashboards-supplier');
    const supplierExcel = await downloaded(page, 'export-excel');
    expect(supplierExcel.suggestedFilename()).toBe('Supplier Dashboard.xlsx');

    // Spend Dashboard, with all four exports' downloads
    await page.goto('/home/supplierSpend/report/spend');
    await rendered(page, 'spend');
    expect(await page.getByTestId('analysis-box').textContent()).toContain('Spend Analysis');
    expect(await page.getByTestId('mom-totals').textContent()).toContain('12-Month Total');
    await page.getByTestId('analysis-box').locator('textarea').fill('Diverse spend is steady.');
    await page.getByTestId('analysis-save').click();
    await screenshot(page, 'dashboards-spend');
    const ppt = await downloaded(page, 'export-ppt');
    expect(ppt.suggestedFilename()).toBe('Spend Dashboard.pptx');
    const pdf = await downloaded(page, 'export-pdf');
    expect(pdf.suggestedFilename()).toBe('Spend Dashboard.pdf');
    const excel = await downloaded(page, 'export-excel');
    expect(excel.suggestedFilename()).toBe('Spend Dashboard.xlsx');

    // Category Dashboard
    await page.goto('/home/supplierSpend/report/category');
    await rendered(page, 'category');
    const headers = await page.getByTestId('top-categories').locator('thead th').allTextContents();
    expect(headers.join('|')).toBe('Category|Total # Suppliers|% Of Suppliers|Spend|% Of Spend');
    expect(await page.getByTestId('category-max').textContent()).toContain('Maximum');
    expect(await page.getByTestId('category-min').textContent()).toContain('Minimum');
    await screenshot(page, 'dashboards-category');
    const categoryExcel = await downloaded(page, 'export-excel');
    expect(categoryExcel.suggestedFilename()).toBe('Category Dashboard.xlsx');

    // Narrow window: charts stack and shrink below 1000 px.
    await page.setViewportSize({ width: 900, height: 900 });
    await page.waitForTimeout(500);
    await screenshot(page, 'dashboards-category-narrow');
    await page.setViewportSize({ width: 1440, height: 900 });

    // The breadcrumb returns to the table view.
    await page.getByTestId('breadcrumb-table-view').click();
    await page.waitForURL('**/home/supplierSpend/table');
    await page.getByTestId('table-view').waitFor();
  });
});
