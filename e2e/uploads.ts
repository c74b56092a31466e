/** The UploadDialog steps the list-upload journeys share (Search Supplier, Diversity Events). */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Puts `buffer` in the dialog's drop area as `fileName`, sends it, waits for the progress bar and
 * the success alert saying `success`, screenshots it as `shot`, and closes alert and dialog.
 * `testId` is the dialog's data-testid (e.g. 'upload-events-dialog').
 */
export async function uploadAccepted(
  page: Page,
  dialog: Locator,
  testId: string,
  file: { name: string; buffer: Buffer },
  success: string,
  shot: string,
) {
  await dialog
    .getByTestId(`${testId}-drop`)
    .locator('input[type=file]')
    .setInputFiles({ name: file.name, mimeType: XLSX_TYPE, buffer: file.buffer });
  await dialog.getByTestId(`${testId}-submit`).click();
  await page.getByTestId(`${testId}-drop-progress`).waitFor();
  await page.getByTestId('alert-modal').waitFor();
  expect(await page.getByTestId('alert-message').textContent()).toBe(success);
  await screenshot(page, shot);
  await page.getByTestId('alert-ok').click();
  await dialog.waitFor({ state: 'hidden' });
}
