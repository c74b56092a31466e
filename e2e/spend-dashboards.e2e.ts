/**
 * The spend dashboards in Chromium on the demo buyer's three years of spend: Create Report's
 * chooser → each dashboard renders its charts and tables (screenshots looked at) → Download PPT,
 * PDF and Excel arrive with the dashboard's name → the breadcrumb returns to the table view.
 * Print opens its 1280×720 window with the picture and the analysis text and prints it.
 */
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type Browser } from './browser.ts';

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

/** Signs the demo buyer in, unless an earlier journey of this browser already did. */
async function signIn(page: Page) {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.or(page.getByTestId('home-page')).first().waitFor();
  if (!(await email.isVisible())) return;
  await email.fill('buyer.admin@acme.example');
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

describe('Print', () => {
  it(
    'opens a 1280×720 window with the dashboard and its analysis, then prints it',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await signIn(page);
      await page.goto('/home/supplierSpend/report/spend');
      await rendered(page, 'spend');
      const analysis = 'Printed analysis: diverse spend grew 4% this year.';
      await page.getByTestId('analysis-box').locator('textarea').fill(analysis);

      const [popup] = await Promise.all([
        page.waitForEvent('popup', { timeout: 60_000 }),
        page.getByTestId('export-print').click(),
      ]);
      const opened = await page.evaluate(() => (window as PrintRecord).__opened ?? []);
      expect(opened.map((o) => o.features)).toEqual(['width=1280,height=720']);

      // print() is called once, 250 ms after the window is written (never before).
      await popup.waitForFunction(
        () => ((window as PrintRecord).__printed ?? []).length > 0,
        null,
        {
          timeout: 10_000,
        },
      );
      await page.waitForTimeout(500);
      const printed = await popup.evaluate(() => (window as PrintRecord).__printed ?? []);
      expect(printed).toHaveLength(1);
      expect(printed[0]! - opened[0]!.at).toBeGreaterThanOrEqual(240);

      expect(await popup.title()).toBe('Spend Dashboard');
      expect(await popup.locator('h2').textContent()).toBe('Spend Dashboard');
      expect(await popup.locator('p').textContent()).toBe(analysis);
      const image = await popup.locator('img').evaluate((img: HTMLImageElement) => {
        // Share of sampled pixels that are not white: a drawn dashboard, not a blank canvas.
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        let inked = 0;
        let sampled = 0;
        for (let i = 0; i < data.length; i += 4 * 97) {
          sampled += 1;
          if (data[i]! < 240 || data[i + 1]! < 240 || data[i + 2]! < 240) inked += 1;
        }
        return {
          src: img.src.slice(0, 22),
          width: img.naturalWidth,
          height: img.naturalHeight,
          inked: inked / sampled,
          window: { width: window.innerWidth, height: window.innerHeight },
        };
      });
      expect(image.src).toBe('data:image/png;base64,');
      // The dashboard's capture, 1600×900 (DESIGN.md §7), not an empty picture.
      expect(image).toMatchObject({ width: 1600, height: 900 });
      expect(image.inked).toBeGreaterThan(0.01);
      expect(image.window).toEqual({ width: 1280, height: 720 });
      await screenshot(popup, 'dashboards-print-window');
      await popup.close();
    },
  );
});
