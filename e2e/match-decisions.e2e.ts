/**
 * Match decisions in Chromium: the demo's Buyer Admin confirms the largest vendor to decide on
 * Supplier matching, finds it under Decided with their name, the replaced rule and the verified
 * spend it moved (the verified figure moved by exactly that much), undoes it and sees the vendor
 * back among those to decide with its suggestions and the verified figure as it was; then
 * overrides an automatic DUNS match with 'None of these' and undoes that too. Screenshots of
 * the Decided tab and the Change dialog at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecidedMatch, VendorMatch } from '@spotzcity/shared/verified-diversity';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { apiPost, apiToken } from './api.ts';
import { DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

/** "+$72,620.73" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

/** The row of the vendor named `name` in the table `testId`. */
const rowOf = (page: Page, testId: string, name: string) =>
  page.getByTestId(testId).locator('tr', { has: page.getByText(name, { exact: true }) });

async function confirmUndo(page: Page, row: ReturnType<typeof rowOf>) {
  await row.getByTestId('undo-decision').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Undo' }).click();
  await page.getByTestId('alert-ok').click();
}

describe('match decisions', () => {
  it(
    'decides a match, sees it under Decided, undoes it and sees the vendor back',
    { timeout: 240_000 },
    async () => {
      const { page, baseURL } = browser;
      const { email, name } = DEMO.buyerAdmin;
      await signIn(page, email, DEMO_PASSWORD);
      const token = await apiToken(baseURL, email, DEMO_PASSWORD);
      const verified = async () =>
        Math.round(
          (
            await apiPost<{ data: { verifiedDiverse: number } }>(
              baseURL,
              token,
              '/api/graph/verifiedSpend',
              { selectedIds: [] },
            )
          ).data.verifiedDiverse * 100,
        );
      const toDecide = await apiPost<{ data: VendorMatch[] }>(
        baseURL,
        token,
        '/api/supplierMatching/list',
        { pageNumber: 0, pageSize: 100 },
      );
      const vendor = toDecide.data.find((v) => v.suggestions.length > 0)!;
      expect(vendor).toBeDefined();
      const before = await verified();

      // Confirmed (or assigned) on one click: the vendor leaves the list to decide.
      await page.goto('/home/verified/matching');
      const open = rowOf(page, 'matching-table', vendor.vendorName);
      await open.waitFor();
      await open.getByTestId('assign-supplier').first().click();
      await page.getByTestId('alert-ok').click();
      await expect.poll(() => open.count()).toBe(0);

      // Under Decided, first: who, the rule replaced, and the verified spend moved.
      await page.getByTestId('matching-tabs').getByText('Decided', { exact: true }).click();
      await expect.poll(() => page.url()).toContain('view=decided');
      const decided = rowOf(page, 'decided-table', vendor.vendorName);
      await decided.waitFor();
      expect(await decided.getByTestId('decided-by').textContent()).toContain(name);
      expect(await decided.textContent()).toContain('By a person');
      const moved = cents((await decided.getByTestId('decided-moved').textContent()) ?? '');
      expect(moved).toBe((await verified()) - before);
      await screenshot(page, 'match-decided-1440');

      // Undone: gone from Decided, back to decide with its suggestions, the figure as before.
      await confirmUndo(page, decided);
      await expect.poll(() => decided.count()).toBe(0);
      await page.getByTestId('matching-tabs').getByText('To decide', { exact: true }).click();
      const back = rowOf(page, 'matching-table', vendor.vendorName);
      await back.waitFor();
      expect(await back.getByTestId('assign-supplier').count()).toBeGreaterThan(0);
      expect(await verified()).toBe(before);

      // An automatic DUNS match overridden with 'None of these', then undone.
      const automatic = await apiPost<{ data: DecidedMatch[] }>(
        baseURL,
        token,
        '/api/supplierMatching/decided',
        { pageNumber: 0, how: 'AUTOMATIC' },
      );
      const duns = automatic.data.find((v) => v.rule === 'DUNS' && v.verifiedSpend > 0)!;
      expect(duns).toBeDefined();
      await page.goto('/home/verified/matching?view=decided&how=AUTOMATIC');
      const auto = rowOf(page, 'decided-table', duns.vendorName);
      await auto.waitFor();
      expect(await auto.textContent()).toContain('Same DUNS (automatic)');
      expect(await auto.getByTestId('undo-decision').count()).toBe(0);
      await auto.getByTestId('change-match').click();
      const dialog = page.getByTestId('change-match-dialog');
      await dialog.getByTestId('change-current').waitFor();
      await screenshot(page, 'match-change-1440');
      await dialog.getByTestId('change-none').click();
      await page.getByTestId('alert-ok').click();
      await page.goto('/home/verified/matching?view=decided&how=PERSON');
      const overridden = rowOf(page, 'decided-table', duns.vendorName);
      await overridden.waitFor();
      expect(await overridden.textContent()).toContain('None of these');
      expect(await overridden.textContent()).toContain('replaced: Same DUNS');
      expect(cents((await overridden.getByTestId('decided-moved').textContent()) ?? '')).toBe(
        -Math.round(duns.verifiedSpend * 100),
      );
      await page.setViewportSize({ width: 390, height: 844 });
      await overridden.waitFor();
      await screenshot(page, 'match-decided-390');
      await overridden.getByTestId('change-match').click();
      await page.getByTestId('change-match-dialog').getByTestId('change-current').waitFor();
      await screenshot(page, 'match-change-390');
      await page.keyboard.press('Escape');
      await confirmUndo(page, overridden);
      await expect.poll(() => overridden.count()).toBe(0);
      expect(await verified()).toBe(before);
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
