/** Helpers for the record modules' journeys (RFx, Contracts): antd inputs, alerts, downloads. */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Picks an option of the antd select with the given test id; `search` types the option first
 * (long lists render only the options in view).
 */
export async function choose(page: Page, testId: string, option: string, search = false) {
  await page.getByTestId(testId).click();
  if (search) await page.keyboard.type(option);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option.replace(/[()]/g, '\\$&')}$`) })
    .first()
    .click();
}

/** Types a MM/DD/YYYY date into a date picker found by its label. */
export async function typeDate(page: Page, label: string, mmddyyyy: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(mmddyyyy);
  await input.press('Enter');
}

/**
 * Answers an open delete question with 'Delete'. The question pops up with an animation, and a
 * click that lands while it moves into place is lost (CI: the training journey waited 30 s for
 * the alert with the question still open, its buttons idle): while the question stays open and
 * is not working on the deletion (its button not loading), the button is clicked again.
 */
export async function confirmDelete(page: Page) {
  const ok = page.getByTestId('confirm-delete');
  for (let attempt = 1; ; attempt += 1) {
    await ok.click();
    try {
      await ok.waitFor({ state: 'hidden', timeout: 5_000 });
      return;
    } catch (error) {
      const working = await ok
        .evaluate((button) => button.classList.contains('ant-btn-loading'))
        .catch(() => true);
      if (working) return ok.waitFor({ state: 'hidden' });
      if (attempt === 3) throw error;
    }
  }
}

/** Waits for the result alert, checks its text and closes it with OK. */
export async function alertSays(page: Page, text: string) {
  const alert = page.getByTestId('alert-modal');
  await alert.waitFor();
  expect(await page.getByTestId('alert-message').textContent()).toContain(text);
  await page.getByTestId('alert-ok').click();
  await alert.waitFor({ state: 'hidden' });
}

/** Clicks `trigger`, waits for the browser download and answers it. */
export async function downloadOf(page: Page, trigger: () => Promise<unknown>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return download;
}

/** The workbook a download holds. */
export async function workbookOf(download: Download) {
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  return book;
}

/** Every cell text of a sheet, row by row. */
export const sheetText = (book: ExcelJS.Workbook, name: string) => {
  const sheet = book.getWorksheet(name);
  const lines: string[] = [];
  sheet?.eachRow((row) => lines.push((row.values as unknown[]).slice(1).map(String).join(' | ')));
  return lines.join('\n');
};
