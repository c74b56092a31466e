/**
 * Search Supplier in Chromium: the empty-search message, a search by state and certification,
 * the result list, a supplier's detail and its 'Rating & Comments' pages; a Super User sees
 * 'Upload Suppliers List' and its dialog.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { openBrowser, screenshot, type Browser } from './browser.ts';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_USERS } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor();
}

async function apiToken(baseURL: string, email: string, password: string) {
  const res = await fetch(`${baseURL}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: email, password }),
  });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function apiPost<T>(baseURL: string, token: string, path: string, body: object) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown').getByTitle(option, { exact: true }).click();
}

describe('search supplier', () => {
  it('searches by state and certification, opens a detail and pages through its ratings', async () => {
    const { page, baseURL } = browser;
    // Six buyers rate the first Texan MBE so that its ratings fill two pages.
    const token = await apiToken(baseURL, E2E_USERS.rater1.email, DEMO_PASSWORD);
    const found = await apiPost<{ data: { duns: string; name: string }[] }>(
      baseURL,
      token,
      '/api/searchSupplier/list',
      { state: 'TX', certification: 'MBE' },
    );
    const target = found.data[0]!;
    const raters = [1, 2, 3, 4, 5, 6] as const;
    for (const n of raters) {
      const rater = E2E_USERS[`rater${n}`];
      await apiPost(
        baseURL,
        await apiToken(baseURL, rater.email, DEMO_PASSWORD),
        '/api/supplier/rating',
        {
          duns: target.duns,
          rating: n % 2 === 0 ? 4 : 4.5,
          comment: `Delivered on time, order ${n}`,
        },
      );
    }

    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    await page.getByTestId('home-supplier-search').click();
    await page.waitForURL('**/home/supplierSearch');
    await page.getByTestId('supplier-search-form').waitFor();
    await page.getByTestId('search-submit').click();
    expect(await page.getByTestId('search-empty').textContent()).toContain(
      'Please fill at least one of the fields to search.',
    );
    await page.getByTestId('search-duns').fill('12ab-3');
    expect(await page.getByTestId('search-duns').inputValue()).toBe('123');
    await page.getByTestId('search-duns').fill('');
    await screenshot(page, 'supplier-search-form');

    await choose(page, 'search-state', 'Texas');
    await choose(page, 'search-certification', 'MBE');
    await page.getByTestId('search-submit').click();
    const results = page.getByTestId('supplier-results');
    const rows = results.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    const states = await rows.locator('td:nth-child(3)').allTextContents();
    expect(new Set(states)).toEqual(new Set(['TX']));
    for (const certs of await rows.locator('td:nth-child(6)').allTextContents()) {
      expect(certs).toContain('MBE');
    }
    await screenshot(page, 'supplier-search-results');

    await rows.filter({ hasText: target.name }).first().click();
    const detail = page.getByTestId('supplier-detail');
    await detail.waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(target.name);
    expect(await detail.textContent()).toContain(target.duns);
    const ratings = page.getByTestId('ratings-and-comments');
    await ratings.getByTestId('rating-item').first().waitFor();
    expect(await ratings.getByTestId('rating-item').count()).toBe(5);
    await screenshot(page, 'supplier-search-detail');
    await page.getByTestId('ratings-pager-next').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="rating-item"]').length === 1,
    );
    expect(await ratings.getByTestId('rating-item').textContent()).toContain('Delivered on time');
    await page.getByTestId('ratings-pager-page-1').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="rating-item"]').length === 5,
    );

    // Rate it: a star opens the rating modal; the new rating heads the list.
    const own = page.getByTestId('supplier-own-rating');
    await own.locator('.ant-rate-star').nth(4).click();
    const modal = page.getByTestId('rating-modal');
    await modal.waitFor();
    await page.getByTestId('rating-comment').fill('Great partner for our Texas plants');
    await page.waitForTimeout(500);
    await screenshot(page, 'supplier-search-rating-modal');
    await page.getByTestId('rating-submit').click();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-message').textContent()).toBe(
      'Rating Submitted Successfully',
    );
    await page.getByTestId('alert-ok').click();
    await ratings
      .getByTestId('rating-item')
      .first()
      .filter({ hasText: 'Great partner for our Texas plants' })
      .waitFor();
    await ratings.getByTestId('ratings-pager-page-2').waitFor();

    // The header returns to the list, 'Filter' to the form with its values.
    await page.getByTestId('supplier-search-header').click();
    await rows.first().waitFor();
    await page.getByTestId('back-to-filter').click();
    await page.getByTestId('supplier-search-form').waitFor();
  });

  it('offers the supplier-list upload to a user with the upload permission', async () => {
    const { page } = browser;
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/home/supplierSearch');
    await page.getByTestId('upload-suppliers').click();
    const dialog = page.getByRole('dialog', { name: 'Upload Suppliers List' });
    await dialog.waitFor();
    await dialog.getByTestId('template-link').waitFor();
    await dialog.getByText('Drop Your Files Here').waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'supplier-search-upload-dialog');
  });
});
