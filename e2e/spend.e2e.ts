/**
 * Supplier Spend Report in Chromium: a Buyer Admin downloads the template behind 'HERE', fills it,
 * uploads it through the drop area (the import dialog follows it to the end), finds it listed,
 * selects it, opens the Table View, sorts by spend both ways, rates a supplier from All Suppliers
 * and sees the rating again after a reload. A refused file lists its bad rows in the dialog and
 * stays above the files until dismissed. A large file shows its phases one by one, goes on while
 * the user is elsewhere, and the same file sent again is refused.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import {
  generateSpendRows,
  generateSuppliers,
  writeSpendWorkbook,
} from '../apps/server/src/db/seed/spend-generator.ts';
import { SCREENSHOTS, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { chartsSettled } from './dashboards.ts';
import { DEMO_PASSWORD } from './fixtures.ts';
import { confirmDelete } from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

async function closeAlert(page: Page) {
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('alert-modal').waitFor({ state: 'hidden' });
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function closeImport(page: Page) {
  await page.getByTestId('import-close').click();
  await page.getByTestId('import-dialog').waitFor({ state: 'hidden' });
}

/**
 * A screenshot at the desktop width, and one of the screen at the phone width (390 px: what is
 * in view, with `focus` scrolled into it), then back to the desktop width.
 */
async function screenshotBoth(page: Page, name: string, focus?: string) {
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  if (focus) await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
  await chartsSettled(page);
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-390.png`),
    animations: 'disabled',
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Our suppliers: one row each, spend known, so the sorted table can be checked. */
const ROWS = [
  ['E2E Cascade Fasteners LLC', 123456701, 4200.5, 'MBE'],
  ['E2E Prairie Print Works', 123456702, 98765.43, 'WBE, SBE'],
  ['E2E Ironwood Freight Inc.', 123456703, 15.99, ''],
  ['E2E Magnolia Staffing', 123456704, 56000, 'VBE'],
] as const;

/** Rows of the large file: enough for each phase to be seen on the screen. */
const LARGE_ROWS = 60_000;

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

    // A refused file first: the dialog names the row and column, and nothing is listed.
    const input = page.getByTestId('spend-drop-area').locator('input[type=file]');
    const broken = new ExcelJS.Workbook();
    await broken.xlsx.load(filled as unknown as ArrayBuffer);
    broken.worksheets[0]!.getRow(3).getCell(column('Spend')).value = 'a lot';
    await input.setInputFiles({
      name: 'broken.xlsx',
      mimeType: XLSX,
      buffer: Buffer.from(await broken.xlsx.writeBuffer()),
    });
    const dialog = page.getByTestId('import-dialog');
    await dialog.getByTestId('import-failed').waitFor();
    expect(await dialog.getByTestId('import-errors').textContent()).toContain(
      'Row 3, Spend: Must be a number (the cell holds “a lot”)',
    );
    await screenshotBoth(page, 'spend-import-failed');
    // Every problem, to keep while fixing the file.
    const [report] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-download-errors').click(),
    ]);
    expect(report.suggestedFilename()).toBe('Problems in broken.xlsx');
    const problems = new ExcelJS.Workbook();
    await problems.xlsx.readFile((await report.path())!);
    const listed = problems.getWorksheet('Problems')!.getRow(2);
    expect([1, 2, 3, 4].map((c) => listed.getCell(c).value)).toEqual([
      3,
      'Spend',
      'a lot',
      'Must be a number',
    ]);
    await closeImport(page);
    // It stays above the files, with its reason, until dismissed.
    const failedLine = page.getByTestId('import-line').filter({ hasText: 'broken.xlsx' });
    await failedLine.waitFor();
    expect(await failedLine.getByTestId('import-line-status').textContent()).toContain(
      'Nothing was saved',
    );
    await screenshotBoth(page, 'spend-files-failed-import', 'imports-list');
    await failedLine.getByTestId('import-line-dismiss').click();
    await failedLine.waitFor({ state: 'detached' });

    // The filled template: the dialog follows it to the end.
    await input.setInputFiles({ name: 'E2E Spend.xlsx', mimeType: XLSX, buffer: filled });
    await dialog.getByTestId('import-done').waitFor();
    expect(await dialog.getByTestId('import-done').textContent()).toContain(
      'File Uploaded Successfully',
    );
    expect(await dialog.getByTestId('import-done').textContent()).toContain('4 rows saved.');
    await screenshot(page, 'spend-import-done');
    await closeImport(page);
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

  // Sixty thousand rows are checked, saved and rolled up: the long journeys' four minutes.
  it('shows a large import’s phases, goes on while the user is elsewhere, refuses it twice', async () => {
    const { page } = browser;
    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    const dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-e2e-spend-'));
    const file = path.join(dir, 'large.xlsx');
    const suppliers = generateSuppliers(300, 77);
    const rows = [
      ...generateSpendRows(
        suppliers,
        { from: '2025-01-01', days: 365, yearIndex: 0 },
        LARGE_ROWS,
        78,
      ),
    ];
    await writeSpendWorkbook(file, rows);
    const buffer = readFileSync(file);
    // 30 payments of the large file and 20 others: an overlap to decide about.
    const overlapping = path.join(dir, 'overlapping.xlsx');
    await writeSpendWorkbook(overlapping, [
      ...rows.slice(0, 30),
      ...generateSpendRows(suppliers, { from: '2026-01-01', days: 30, yearIndex: 1 }, 20, 79),
    ]);
    const overlappingBuffer = readFileSync(overlapping);
    await rm(dir, { recursive: true, force: true });

    await page.getByRole('menuitem', { name: 'Supplier Spend Report' }).click();
    await page.getByTestId('files-panel').waitFor();
    const input = page.getByTestId('spend-drop-area').locator('input[type=file]');
    // A slow line (2 MB/s up) so that the upload's own bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    await throttle(2 * 1024 * 1024);
    await input.setInputFiles({ name: 'Large AP 2025.xlsx', mimeType: XLSX, buffer });

    const dialog = page.getByTestId('import-dialog');
    const uploading = dialog.getByTestId('import-step-uploading-bar');
    await expect
      .poll(async () => Number(await uploading.getAttribute('data-percent')), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'spend-import-uploading');
    await throttle(-1);
    await dialog.locator('[data-testid=import-step-checking][data-status=process]').waitFor();
    // This writer does not declare N: the rows read so far, and no guessed total.
    await expect
      .poll(() => dialog.getByTestId('import-step-checking').textContent(), { timeout: 30_000 })
      .toMatch(/Checking rows[1-9][\d,]* rows/);
    expect(await dialog.getByTestId('import-step-checking').textContent()).not.toContain(' of ');
    await screenshotBoth(page, 'spend-import-checking');
    await dialog.locator('[data-testid=import-step-saving][data-status=process]').waitFor();
    await screenshot(page, 'spend-import-saving');

    // Leave the page while it goes on, come back: the file is there once it is saved.
    await closeImport(page);
    await page.getByRole('menuitem', { name: 'Home' }).click();
    await page.getByTestId('home-page').waitFor();
    await page.getByRole('menuitem', { name: 'Supplier Spend Report' }).click();
    const files = page.getByTestId('files-table');
    await files
      .locator('.ant-table-row', { hasText: 'Large AP 2025.xlsx' })
      .waitFor({ timeout: 120_000 });
    await page.getByTestId('import-line').waitFor({ state: 'detached' });
    expect(
      await files.locator('.ant-table-row', { hasText: 'Large AP 2025.xlsx' }).textContent(),
    ).toContain(`${LARGE_ROWS.toLocaleString('en-US')} rows`);

    // The same bytes again, under another name: refused, naming the first upload.
    await input.setInputFiles({ name: 'Large AP 2025 (copy).xlsx', mimeType: XLSX, buffer });
    await dialog.getByTestId('import-refused').waitFor();
    expect(await dialog.getByTestId('import-refused').textContent()).toMatch(
      /^This file was already uploaded as Large AP 2025\.xlsx on \d{2}\/\d{2}\/\d{4}\.$/,
    );
    await screenshotBoth(page, 'spend-import-duplicate');
    await closeImport(page);

    // Rows already in the large file: held, with the choice; imported anyway.
    await input.setInputFiles({ name: 'Catch-up.xlsx', mimeType: XLSX, buffer: overlappingBuffer });
    const choice = dialog.getByTestId('import-overlap');
    await choice.waitFor();
    expect(await choice.textContent()).toContain('30 rows of this file');
    expect(await choice.textContent()).toContain('Large AP 2025.xlsx: 30 rows');
    expect(await dialog.getByTestId('import-replace').textContent()).toBe(
      'Replace Large AP 2025.xlsx',
    );
    await screenshotBoth(page, 'spend-import-overlap', 'import-overlap');
    await dialog.getByTestId('import-anyway').click();
    await dialog.getByTestId('import-done').waitFor();
    expect(await dialog.getByTestId('import-done').textContent()).toContain('50 rows saved.');
    await closeImport(page);
    await files.locator('.ant-table-row', { hasText: 'Catch-up.xlsx' }).waitFor();

    // Deleted again, as a user would: the other journeys see the demo organisation's own spend
    // (its largest supplier, say, is a directory supplier, not one of these generated ones).
    for (const name of ['Catch-up.xlsx', 'Large AP 2025.xlsx']) {
      const row = files.locator('.ant-table-row', { hasText: name });
      await row.getByTestId('file-delete').click();
      await confirmDelete(page);
      await closeAlert(page);
      await row.waitFor({ state: 'detached' });
    }
  }, 240_000);
});
