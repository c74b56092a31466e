/** Helpers for the record modules' journeys (RFx, Contracts): dates, alerts, downloads. */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Types a MM/DD/YYYY date into a date picker found by its label. */
export async function typeDate(page: Page, label: string, mmddyyyy: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(mmddyyyy);
  await input.press('Enter');
}

/** Answers an open delete question with 'Delete' and waits until the deletion is done. */
export async function confirmDelete(page: Page) {
  const ok = page.getByTestId('confirm-delete');
  await ok.click();
  // The question stays, its button loading, until the server has answered.
  await ok.waitFor({ state: 'hidden' });
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
