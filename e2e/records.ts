/** Helpers for the record modules' journeys (RFx, Contracts): antd inputs, alerts, downloads. */
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { expect } from 'vitest';
import { clickUntil } from './browser.ts';

/**
 * Picks an option of the antd select with the given test id; `search` types the option first
 * (long lists render only the options in view).
 */
export async function choose(page: Page, testId: string, option: string, search = false) {
  const select = page.getByTestId(testId);
  const exact = new RegExp(`^${option.replace(/[()]/g, '\\$&')}$`);
  // A single select shows the option as its title; a multiple one as a tag's text (the tag's
  // title is the option's long name).
  const chosen = select
    .getByTitle(option, { exact: true })
    .or(select.locator('.ant-select-selection-item-content').filter({ hasText: exact }));
  const list = page.locator(
    '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])',
  );
  // Clicked again until the select shows the option (an option clicked while its list was still
  // opening was lost in CI); never when it is already chosen, which in a multiple select would
  // take it off again.
  await clickUntil(
    async () => {
      if (await chosen.count()) return;
      if (!(await list.first().isVisible())) await select.click();
      if (search) await select.locator('input').fill(option);
      await list
        .locator('.ant-select-item-option')
        .filter({ hasText: exact })
        .first()
        .click({ timeout: 5_000 })
        .catch(() => {});
    },
    (timeout) => chosen.first().waitFor({ timeout }),
    { attempts: 4, wait: 3_000 },
  );
}

/** Types a MM/DD/YYYY date into a date picker found by its label. */
export async function typeDate(page: Page, label: string, mmddyyyy: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(mmddyyyy);
  await input.press('Enter');
}

/**
 * Answers an open delete question with 'Delete' (clicked again while the question, popping up,
 * is not yet working on the deletion: its button not loading).
 */
export async function confirmDelete(page: Page) {
  const ok = page.getByTestId('confirm-delete');
  await clickUntil(
    () => ok.click(),
    (timeout) => ok.waitFor({ state: 'hidden', timeout }),
    {
      busy: () =>
        ok.evaluate((button) => button.classList.contains('ant-btn-loading')).catch(() => true),
    },
  );
}

/**
 * Picks an option of a select by its title, typing it first where the select searches, until the
 * select shows it. The open list is one that is not leaving: the previous select's list, still
 * closing, was once taken for this one's (the agency left empty, 'Required').
 */
export async function chooseByTitle(page: Page, testId: string, option: string) {
  const select = page.getByTestId(testId);
  const list = page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not([class*="-leave"])')
    .first();
  await clickUntil(
    async () => {
      if (!(await list.isVisible())) await select.click();
      // A select without search has a read-only input: its list is short, nothing to type.
      const search = select.locator('input');
      if (await search.isEditable()) await search.fill(option);
      await list
        .getByTitle(option, { exact: true })
        .first()
        .click({ timeout: 5_000 })
        .catch(() => {});
    },
    (timeout) => select.getByTitle(option, { exact: true }).waitFor({ timeout }),
    { attempts: 4, wait: 3_000 },
  );
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
