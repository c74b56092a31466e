/**
 * Program categories in Chromium on the demo buyer (issue #23): the Spend Dashboard shows the
 * demo's 'Small business' and 'Local' categories → the Buyer Admin defines a 'Small & Local'
 * category on the Program Categories screen → the Spend Dashboard shows its row → switched off,
 * the row leaves the dashboard without any upload. Screenshots at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, openBrowser, screenshot, signIn, type Browser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

/** The names in the Spend Dashboard's program card, once it has drawn. */
async function programRows(page: Page): Promise<string[]> {
  await open(page, '/home/supplierSpend/report/spend');
  const card = page.getByTestId('chart-program-categories');
  await card.waitFor();
  await page.waitForFunction(
    () => {
      const root = document.querySelector('[data-testid="chart-program-categories"]');
      return (
        !!root &&
        root.querySelectorAll('.ant-skeleton').length === 0 &&
        (root.querySelectorAll('tbody tr.ant-table-row').length > 0 ||
          !!root.querySelector('[data-testid="programs-none"]'))
      );
    },
    null,
    { timeout: 30_000 },
  );
  return card.locator('tbody tr.ant-table-row td:first-child').allTextContents();
}

describe('program categories', () => {
  it(
    'defines a Small & Local category and sees the Spend Dashboard change',
    { timeout: 240_000 },
    async () => {
      const { page } = browser;
      await signIn(page);

      expect(await programRows(page)).toEqual(['Small business', 'Local']);
      await screenshot(page, 'programs-spend-dashboard');

      await open(page, '/home/supplierSpend/programs');
      await page.getByTestId('programs-page').waitFor();
      await page.getByTestId('category-name').fill('Small & Local');
      await page.getByTestId('category-create').click();
      const created = page.locator('.program-category', { hasText: 'Small & Local' });
      await created.waitFor();
      await screenshot(page, 'programs-settings');

      expect(await programRows(page)).toEqual(['Small business', 'Local', 'Small & Local']);
      const card = page.getByTestId('chart-program-categories');
      const row = card.locator('tbody tr.ant-table-row', { hasText: 'Small & Local' });
      // A SMALL category counts exactly what the demo's 'Small business' counts.
      const small = card.locator('tbody tr.ant-table-row', { hasText: 'Small business' });
      expect(await row.locator('td').nth(1).textContent()).toBe(
        await small.locator('td').nth(1).textContent(),
      );

      await open(page, '/home/supplierSpend/programs');
      await page
        .locator('.program-category', { hasText: 'Small & Local' })
        .getByTestId('category-switch')
        .click();
      await page.waitForTimeout(500);
      expect(await programRows(page)).toEqual(['Small business', 'Local']);

      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, '/home/supplierSpend/programs');
      await page.getByTestId('programs-page').waitFor();
      await screenshot(page, 'programs-settings-390');
      await programRows(page);
      await screenshot(page, 'programs-spend-dashboard-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
