/**
 * Words the screens say about what was typed or shown, in Chromium at 1440 and 390 px: the Tier 2
 * invitation and report forms name their fields, Supplier matching says what a match is, the
 * profile's phone and a supplier's size refuse what is not a figure with the message, and the
 * Category Dashboard says why '% Of Suppliers' adds up to more than 100%. Each screen is pictured.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterLabel, quarterOf } from '@spotzcity/shared/tier2';
import { todayIso } from '@spotzcity/shared/validation';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { DEMO_PASSWORD, E2E_ADMIN } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const WIDTHS = [1440, 390] as const;
const size = (page: Page, width: number) =>
  page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('Form words', () => {
  it('Tier 2 invitation: starts at the running quarter, Required on each empty field', async () => {
    const { page } = browser;
    await signIn(page);
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/tier2');
      await page.getByTestId('tier2-invite').click();
      const dialog = page.getByRole('dialog', { name: 'Invite Prime Supplier' });
      await dialog.waitFor();
      // The running quarter by the calendar, so the prime is not overdue the day it accepts.
      await dialog.getByText(quarterLabel(quarterOf(todayIso())), { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Send Invitation' }).click();
      await expect.poll(() => dialog.getByText('Required', { exact: true }).count()).toBe(3);
      await screenshot(page, `form-words-tier2-invite-${width}`, { fullPage: false });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('Supplier matching: the rule in words, the name similarity named', async () => {
    const { page } = browser;
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/verified/matching');
      await page.getByTestId('matching-view').waitFor();
      const table = page.getByTestId('matching-table');
      await table.locator('[data-testid=match-reason], .ant-empty').first().waitFor();
      expect(await table.textContent()).not.toMatch(/score \d/);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `form-words-matching-${width}`, { fullPage: false });
    }
  });

  it('Category Dashboard: says a supplier can count in several categories', async () => {
    const { page } = browser;
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/supplierSpend/report/category');
      const note = page.getByTestId('supplier-share-note');
      await note.waitFor({ timeout: 60_000 });
      await note.scrollIntoViewIfNeeded();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `form-words-category-note-${width}`, { fullPage: false });
    }
  });

  it('Profile: the phone keeps its digits and says it dropped the rest', async () => {
    const { page } = browser;
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/editProfile');
      const phone = page.getByTestId('profile-phone');
      await phone.fill('312abc0147');
      await page.getByTestId('profile-phone-stripped').waitFor();
      expect(await phone.inputValue()).toBe('3120147');
      await screenshot(page, `form-words-profile-phone-${width}`, { fullPage: false });
    }
  });

  it('Tier 2 report: revenue from the buyer above total is refused on its field', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, 'prime@greatlakes.example', DEMO_PASSWORD);
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/tier2Reports');
      const card = page.locator('[data-testid^=tier2-buyer-]').first();
      await card.waitFor();
      // The running quarter is not reported yet: its form is open.
      const last = card.getByTestId('tier2-quarter');
      await last.click();
      await page.locator('.ant-select-item-option').first().click();
      await card.getByTestId('tier2-total-revenue').waitFor();
      await card.getByTestId('tier2-total-revenue').fill('1000000');
      await card.getByTestId('tier2-buyer-revenue').fill('1250000');
      await card.getByTestId('tier2-buyer-revenue').blur();
      await card
        .getByText('Revenue from this buyer cannot be more than total revenue.')
        .first()
        .waitFor();
      expect(await card.getByTestId('tier2-allocation-preview').textContent()).not.toContain('125');
      await card.getByTestId('tier2-buyer-revenue').scrollIntoViewIfNeeded();
      await screenshot(page, `form-words-tier2-report-${width}`, { fullPage: false });
    }
  });

  it('Supplier size: -5 and 12a are refused with the message, not clamped', async () => {
    const { page } = browser;
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => window.localStorage.clear());
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    for (const width of WIDTHS) {
      await size(page, width);
      await page.goto('/home/supplierSearch');
      await page.getByTestId('search-duns').fill('1');
      await page.getByTestId('search-submit').click();
      const rows = page.getByTestId('supplier-results').locator('tbody tr.ant-table-row');
      await rows.first().click();
      await page.getByTestId('supplier-detail').waitFor();
      await page.getByTestId('supplier-size-edit').click();
      await page.getByTestId('supplier-size-employees').fill('-5');
      await page.getByTestId('supplier-size-receipts').fill('12a');
      await page.getByTestId('supplier-size-receipts').blur();
      await page
        .getByText('Must be a whole number of employees from 0 to 10,000,000', { exact: true })
        .waitFor();
      await page
        .getByText('Must be an amount in dollars from 0 to 9,999,999,999,999', { exact: true })
        .waitFor();
      expect(await page.getByTestId('supplier-size-employees').inputValue()).toBe('-5');
      await page.getByTestId('supplier-size-form').scrollIntoViewIfNeeded();
      await screenshot(page, `form-words-supplier-size-${width}`, { fullPage: false });
    }
  });
});
