/**
 * A CSV spend file in Chromium: a Buyer Admin drops an accounts-payable export written as
 * semicolon-separated Windows-1252 text; the import dialog says how it was read and follows it to
 * the end, and the file is listed with its rows. A CSV file with a line that is not CSV is
 * refused naming the line, and nothing is listed.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { SCREENSHOTS, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { DEMO_PASSWORD } from './fixtures.ts';
import path from 'node:path';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  // Chromium can take minutes to start on a machine shared by many sessions.
}, 600_000);
afterAll(() => browser?.close());

/** The dialog at the desktop width, then at the phone width (390 px), then back. */
async function screenshotBoth(page: Page, name: string) {
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({
    path: path.join(SCREENSHOTS, `${name}-390.png`),
    animations: 'disabled',
  });
  await page.setViewportSize({ width: 1440, height: 900 });
}

const HEADER = 'Vendor Name;DUNS;Spend;Payment Date;State;City;Diversity Category;Category';
const LINES = [
  'Caf\xe9 R\xe9publique Catering;;"1.234,50";03/02/2026;OH;Columbus;WBE;Food',
  '"Smith; Jones Supply";;"$2,400.00";03/09/2026;Ohio;Columbus;MBE, WBE;Packaging',
  'Zo\xeb Print Works;;(125.00);03/16/2026;OH;Dayton;;Printing',
];

describe('a CSV spend file', () => {
  it(
    'is read as it comes, told to the user, and a broken line is named',
    { timeout: 600_000 },
    async () => {
      const { page } = browser;
      await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
      await page.getByRole('menuitem', { name: 'Supplier Spend Report' }).click();
      await page.waitForURL('**/home/supplierSpend');
      const input = page.getByTestId('spend-drop-area').locator('input[type=file]');
      const dialog = page.getByTestId('import-dialog');

      // A line with a stray quote: refused at that line, with its reason.
      const broken = [HEADER, LINES[1], 'Acme 12" Pipe;;100;03/20/2026;OH;Akron;;Tools', ''].join(
        '\r\n',
      );
      await input.setInputFiles({
        name: 'AP March broken.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(broken, 'latin1'),
      });
      await dialog.getByTestId('import-failed').waitFor();
      expect(await dialog.getByTestId('import-failed').textContent()).toContain(
        'line 3 is not valid CSV',
      );
      expect(await dialog.getByTestId('import-errors').textContent()).toContain('Line 3: A value');
      await screenshotBoth(page, 'spend-csv-import-failed');
      await page.getByTestId('import-close').click();
      await dialog.waitFor({ state: 'hidden' });

      // The '1.234,50' amount is not one the template reads: the file is fixed with plain amounts.
      const good = [HEADER, ...LINES, ''].join('\r\n').replace('"1.234,50"', '1234.50');
      await input.setInputFiles({
        name: 'AP March.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(good, 'latin1'),
      });
      await dialog.getByTestId('import-done').waitFor();
      expect(await dialog.getByTestId('import-file-source').textContent()).toBe(
        'Read as CSV · semicolon-delimited · Windows-1252',
      );
      expect(await dialog.getByTestId('import-done').textContent()).toContain('3 rows saved.');
      await screenshotBoth(page, 'spend-csv-import-done');
      await page.getByTestId('import-view-file').click();
      await page.getByTestId('table-view').waitFor();
      const table = page.getByTestId('spend-rows');
      await table.getByText('Café République Catering').waitFor();
      expect(await table.locator('.ant-table-tbody .ant-table-row').count()).toBe(3);
      expect(await table.getByText('Smith; Jones Supply').count()).toBe(1);
      expect(await table.getByText('Zoë Print Works').count()).toBe(1);
      await screenshot(page, 'spend-csv-table');
    },
  );
});
