/**
 * Program categories in Chromium on the demo buyer: the Spend Dashboard shows the
 * demo's 'Small business' and 'Local' categories → the Buyer Admin defines 'Local 100' (a radius
 * of 100 miles) and 'Small & Local' (small AND within 100 miles: two conditions, 'All of these')
 * on the Program Categories screen → the Spend Dashboard shows their rows → 'Small & Local'
 * switched to 'Any of these' counts small OR local, and the figures add up as sets do:
 * small-or-local = small + local − small-and-local, to the cent → switched off, the row leaves
 * the dashboard without any upload. Screenshots at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { PROGRAM_KIND_LABELS } from '@spotzcity/shared/programs';
import {
  SCREENSHOTS,
  open,
  openBrowser,
  pick,
  screenshot,
  signIn,
  type Browser,
} from './browser.ts';

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
        root.querySelectorAll('.ant-skeleton, [data-skeleton]').length === 0 &&
        (root.querySelectorAll('tbody tr.ant-table-row').length > 0 ||
          !!root.querySelector('[data-testid="programs-none"]'))
      );
    },
    null,
    { timeout: 30_000 },
  );
  return card.locator('tbody tr.ant-table-row td:first-child').allTextContents();
}

/** A category's spend on the card, in cents ("$1,234.56" → 123456). */
async function spendCents(page: Page, name: string): Promise<number> {
  const row = page
    .getByTestId('chart-program-categories')
    .locator('tbody tr.ant-table-row')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${name}$`) }) });
  const text = (await row.locator('td').nth(1).textContent()) ?? '';
  return Math.round(Number(text.replace(/[$,]/g, '')) * 100);
}

/** Adds a category on the Program Categories screen with the conditions' labels given. */
async function addCategory(page: Page, name: string, conditions: string[], radius?: number) {
  await open(page, '/home/supplierSpend/programs');
  await page.getByTestId('programs-page').waitFor();
  await page.getByTestId('category-name').fill(name);
  const select = page.getByTestId('category-kind');
  // Start from none: remove the default condition, then take each one.
  await select.locator('.ant-select-selection-item-remove').click();
  await pick(select, conditions);
  if (radius !== undefined) await page.getByTestId('new-radius').fill(String(radius));
  await page.getByTestId('category-create').click();
  await page.locator('[data-testid^="program-category-"]', { hasText: name }).waitFor();
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

      const { SMALL, LOCAL, MANUAL } = PROGRAM_KIND_LABELS;
      await addCategory(page, 'Local 100', [LOCAL], 100);
      await addCategory(page, 'Small & Local', [SMALL, LOCAL], 100);
      await screenshot(page, 'programs-settings');
      await expect(
        page
          .locator('[data-testid^="program-category-"]', { hasText: 'Small & Local' })
          .getByTestId('category-rule')
          .textContent(),
      ).resolves.toBe('All of: Small business, Local');

      expect(await programRows(page)).toEqual([
        'Small business',
        'Local',
        'Local 100',
        'Small & Local',
      ]);
      const small = await spendCents(page, 'Small business');
      const local = await spendCents(page, 'Local 100');
      const both = await spendCents(page, 'Small & Local');
      // Both conditions: never more than either alone (the demo's suppliers within 100 miles
      // are few, and may all be over their size standard).
      expect(both).toBeGreaterThanOrEqual(0);
      expect(both).toBeLessThanOrEqual(Math.min(small, local));

      await open(page, '/home/supplierSpend/programs');
      await page
        .locator('[data-testid^="program-category-"]', { hasText: 'Small & Local' })
        .getByTestId('category-match')
        .getByText('Any of these')
        .click();
      // The choice is saved with the rule's other parameters, by Save.
      await page
        .locator('[data-testid^="program-category-"]', { hasText: 'Small & Local' })
        .getByTestId('rule-save')
        .click();
      await page
        .locator('[data-testid^="program-category-"]', { hasText: 'Small & Local' })
        .getByText('Any of: Small business, Local')
        .waitFor();
      await programRows(page);
      const either = await spendCents(page, 'Small & Local');
      // The dashboard changed by what the sets say: |S ∪ L| = |S| + |L| − |S ∩ L|.
      expect(either).toBe(small + local - both);
      expect(either).toBeGreaterThan(Math.max(small, local) - 1);

      await open(page, '/home/supplierSpend/programs');
      const enabled = page
        .locator('[data-testid^="program-category-"]', { hasText: 'Small & Local' })
        .getByTestId('category-switch');
      await enabled.click();
      // Off once the server has it: the switch shows the category as saved.
      await enabled.and(page.locator('[aria-checked="false"]')).waitFor();
      expect(await programRows(page)).toEqual(['Small business', 'Local', 'Local 100']);

      // Hand-marking: the picker finds a supplier the organisation pays by a piece of its name.
      await addCategory(page, 'Strategic', [MANUAL]);
      await page.getByRole('button', { name: 'OK' }).click(); // the success message
      const strategic = page.locator('[data-testid^="program-category-"]', {
        hasText: 'Strategic',
      });
      const picker = strategic.locator('[data-testid^="program-supplier-picker-"]');
      await picker.click();
      await picker.locator('input').fill('in');
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
      await option.waitFor();
      await screenshot(page, 'programs-picker');
      const label = (await option.textContent()) ?? '';
      await pick(picker, label);
      const picked = label.split(' · ')[0]!;
      await strategic
        .locator('[data-testid="program-marked"] .ant-list-item', { hasText: picked })
        .waitFor();

      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, '/home/supplierSpend/programs');
      await page.getByTestId('programs-page').waitFor();
      await screenshot(page, 'programs-settings-390');
      await programRows(page);
      await screenshot(page, 'programs-spend-dashboard-390');
      // The card itself fits the phone: no sideways scrolling inside it.
      const card = page.getByTestId('chart-program-categories');
      await card.screenshot({ path: path.join(SCREENSHOTS, 'programs-card-390.png') });
      const overflow = await card
        .locator('.ant-table-content, .ant-table-body')
        .first()
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
