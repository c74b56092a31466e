/**
 * Supplier Spend Report in Chromium: a Buyer Admin downloads the template behind 'HERE', fills it,
 * uploads it through the drop area (progress bar, success alert), finds it listed, selects it,
 * opens the Table View, sorts by spend both ways, rates a supplier from All Suppliers and sees the
 * rating again after a reload. A refused file lists its bad rows in the alert.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { openBrowser, screenshot, type Browser } from './browser.ts';
import { DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor();
}

async function closeAlert(page: Page) {
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('alert-modal').waitFor({ state: 'hidden' });
}

/** Our suppliers: one row each, spend known, so the sorted table can be checked. */
const ROWS = [
  ['E2E Cascade Fasteners LLC', 123456701, 4200.5, 'MBE'],
  ['E2E Prairie Print Works', 123456702, 98765.43, 'WBE, SBE'],
  ['E2E Ironwood Freight Inc.', 123456703, 15.99, ''],
  ['E2E Magnolia Staffing', 123456704, 56000, 'VBE'],
] as const;

describe('supplier spend', () => {
  it('imports a filled template, shows its rows sorted by spend and keeps a rating', async () => {
    const { page } = browser;
    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    await page.getByRole('menuitem', { name: 'Supplier Spend Report' }).click();
    await page.waitForURL('**/home/supplierSpend');
    await page.getByTestId('top-suppliers').waitFor();
    expect(await page.getByTestId('view-selected').isDisabled()).toBe(true);

    // The template behind 'HERE'.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('template-link').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(headers).toContain('Vendor Name');
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Spend', 'Example', 'Allowed Values']);
    expect(sheet.actualRowCount).toBe(1);

    // Fill it under the headers (the example lives on its own sheet).
    const column = (name: string) => headers.indexOf(name) + 1;
    ROWS.forEach(([name, duns, spend, diversity], i) => {
      const row = sheet.getRow(i + 2);
      row.getCell(column('Vendor Name')).value = name;
      row.getCell(column('DUNS')).value = String(duns);
      row.getCell(column('Spend')).value = spend;
      row.getCell(column('Payment Date')).value = `0${i + 1}/15/2026`;
      row.getCell(column('State')).value = 'Ohio';
      row.getCell(column('City')).value = 'Columbus';
      row.getCell(column('Diversity Category')).value = diversity;
      row.getCell(column('Category')).value = 'Packaging';
      row.commit();
    });
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    // A refused file first: the alert names the row and column, and nothing is listed.
    const input = page.getByTestId('spend-drop-area').locator('input[type=file]');
    const broken = new ExcelJS.Workbook();
    await broken.xlsx.load(filled as unknown as ArrayBuffer);
    broken.worksheets[0]!.getRow(3).getCell(column('Spend')).value = 'a lot';
    await input.setInputFiles({
      name: 'broken.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await broken.xlsx.writeBuffer()),
    });
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-details').textContent()).toContain(
      'Row 3, Spend: Must be a number',
    );
    await screenshot(page, 'spend-upload-refused');
    await closeAlert(page);

    // The filled template, with the progress bar while it goes.
    await input.setInputFiles({
      name: 'E2E Spend.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: filled,
    });
    await page.getByTestId('spend-drop-area-progress').waitFor();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-message').textContent()).toBe(
      'File Uploaded Successfully',
    );
    await closeAlert(page);
    const files = page.getByTestId('files-table');
    const ours = files.locator('.ant-table-row', { hasText: 'E2E Spend.xlsx' });
    await ours.waitFor();
    expect(await files.locator('.ant-table-row', { hasText: 'broken.xlsx' }).count()).toBe(0);
    expect(await ours.getByTestId('file-date').textContent()).toMatch(
      /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2}$/,
    );
    await screenshot(page, 'spend-home');

    // Select it and View.
    await ours.locator('.ant-checkbox-input').click();
    await page.waitForURL(/files=\d+/);
    await page.getByTestId('view-selected').click();
    await page.getByTestId('table-view').waitFor();
    const rows = page.getByTestId('spend-rows').locator('.ant-table-tbody .ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(ROWS.length);

    const firstSpend = () => rows.first().locator('td').nth(3).textContent({ timeout: 10_000 });
    const spendHeader = page.getByTestId('spend-rows').locator('th', { hasText: 'Spend' });
    await spendHeader.click();
    await expect.poll(firstSpend).toBe('$98,765');
    await screenshot(page, 'spend-table-desc');
    await spendHeader.click();
    await expect.poll(firstSpend).toBe('$15');
    expect(await rows.first().textContent()).toContain('E2E Ironwood Freight Inc.');

    await page.getByTestId('legends-toggle').click();
    expect(await page.getByTestId('legends').textContent()).toContain('Women Business Enterprise');

    // All Suppliers of the same file; rate one.
    await page.getByTestId('spend-breadcrumb-home').click();
    await page.getByTestId('all-suppliers').click();
    await page.getByTestId('suppliers-list').waitFor();
    const supplier = page
      .getByTestId('suppliers-table')
      .locator('.ant-table-tbody .ant-table-row', { hasText: 'E2E Magnolia Staffing' })
      .first();
    await supplier.waitFor();
    const stars = supplier.getByTestId('supplier-rating');
    expect(await stars.getAttribute('data-rating')).toBe('0');
    // The right half of the fourth star is four stars (its left half would be three and a half).
    const fourth = stars.locator('.ant-rate-star-second').nth(3);
    const box = (await fourth.boundingBox())!;
    await fourth.click({ position: { x: box.width - 2, y: box.height / 2 } });
    await page.getByTestId('rating-modal').waitFor();
    await page.getByTestId('rating-comment').fill('Fast to fill seasonal roles.');
    await screenshot(page, 'spend-rating-modal');
    await page.getByTestId('rating-submit').click();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-message').textContent()).toBe(
      'Rating Submitted Successfully',
    );
    await closeAlert(page);

    await page.reload();
    await page.getByTestId('suppliers-list').waitFor();
    const again = page
      .getByTestId('suppliers-table')
      .locator('.ant-table-tbody .ant-table-row', { hasText: 'E2E Magnolia Staffing' })
      .first()
      .getByTestId('supplier-rating');
    await again.waitFor();
    expect(await again.getAttribute('data-rating')).toBe('4');
    await screenshot(page, 'spend-suppliers-rated');
  });
});
