/**
 * Verified diversity in Chromium (issue #21): the spend home's match rate; Supplier matching
 * confirms the largest uncertain vendor; a certificate added on that supplier's detail appears in
 * the Certificates view; the Spend Dashboard switched to 'Verified' shows the verified diverse
 * spend grown by exactly that vendor's spend. Screenshots at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

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

/** "$1,234,567" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function verifiedHeadline(page: Page) {
  await page.goto('/home/supplierSpend/report/spend');
  const card = page.getByTestId('counting-rule');
  await card.getByTestId('counting-headline').waitFor();
  await card.getByTestId('counting-rule-switch').getByText('Verified', { exact: true }).click();
  await expect
    .poll(async () => card.locator('.counting-headline').textContent())
    .toContain('Verified');
  return cents((await card.getByTestId('counting-headline').textContent()) ?? '');
}

async function pickDate(page: Page, testId: string, usDate: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(usDate);
  await input.press('Enter');
}

/** Picks an option of a searchable select: type, then click the option in the open list. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

interface VendorToMatch {
  supplierKey: string;
  vendorName: string;
  spend: number;
  suggestions: { supplierId: number; name: string; duns: string }[];
}

describe('verified diversity', () => {
  it(
    'confirms a match, adds a certificate and sees the verified figure change',
    { timeout: 240_000 },
    async () => {
      const { page, baseURL } = browser;
      const email = DEMO.buyerAdmin.email;
      await signIn(page, email, DEMO_PASSWORD);
      const token = await apiToken(baseURL, email, DEMO_PASSWORD);

      // The spend home shows the match rate.
      await page.goto('/home/supplierSpend');
      await page.getByTestId('match-rate-spend').waitFor();
      expect(await page.getByTestId('match-rate-spend').textContent()).toMatch(/% of spend/);
      await screenshot(page, 'verified-spend-home-1440');

      const verifiedApi = async () =>
        (
          await apiPost<{ data: { verifiedDiverse: number } }>(
            baseURL,
            token,
            '/api/graph/verifiedSpend',
            { selectedIds: [] },
          )
        ).data.verifiedDiverse;
      const before = await verifiedHeadline(page);
      const beforeApi = await verifiedApi();
      await screenshot(page, 'verified-dashboard-before-1440');

      // The largest vendor to decide, with a suggestion (the demo has uncertain name matches).
      const list = await apiPost<{ data: VendorToMatch[] }>(
        baseURL,
        token,
        '/api/supplierMatching/list',
        { pageNumber: 0, pageSize: 100 },
      );
      const vendor = list.data.find((v) => v.suggestions.length > 0)!;
      expect(vendor).toBeDefined();
      const supplier = vendor.suggestions[0]!;

      await page.goto('/home/verified/matching');
      const row = page.locator('tr', { hasText: vendor.vendorName }).first();
      await row.waitFor();
      await screenshot(page, 'verified-matching-1440');
      await row.getByTestId('assign-supplier').first().click();
      await page.getByTestId('alert-ok').click();
      await expect
        .poll(async () => page.locator('tr', { hasText: vendor.vendorName }).count())
        .toBe(0);

      // A certificate on that supplier's detail, in force for every payment of the demo.
      await page.goto(
        `/home/supplierSearch?duns=${supplier.duns}&name=${encodeURIComponent(supplier.name)}`,
      );
      await page.getByTestId('supplier-certificates').waitFor();
      await page.getByTestId('add-certificate').click();
      const form = page.getByTestId('certificate-form');
      await choose(page, 'certificate-type', 'WBE');
      await choose(page, 'certificate-agency', 'WBENC');
      await form.getByTestId('certificate-number').fill('E2E-WBE-1');
      await pickDate(page, 'certificate-issue', '01/01/2015');
      await pickDate(page, 'certificate-expiry', '12/31/2035');
      await page.getByTestId('certificate-save').click();
      await page.getByTestId('alert-ok').click();
      const certificates = page.getByTestId('supplier-certificates');
      await certificates.getByText('E2E-WBE-1').waitFor();
      expect(await certificates.getByTestId('certificate-status').first().textContent()).toBe(
        'Valid',
      );
      await screenshot(page, 'verified-supplier-detail-1440');

      // The Certificates view lists it (latest expiry first after one click on the header).
      await page.goto('/home/verified/certificates');
      await page
        .getByTestId('certificates-table')
        .getByTestId('certificate-status')
        .first()
        .waitFor();
      await screenshot(page, 'verified-certificates-1440');
      await page
        .getByTestId('certificates-table')
        .getByRole('columnheader', { name: 'Expiry Date' })
        .click();
      await page
        .getByTestId('certificates-table')
        .locator('tbody tr', { hasText: 'E2E-WBE-1' })
        .waitFor();
      // Filters: expired certificates only.
      await choose(page, 'filter-status', 'Expired');
      await expect
        .poll(async () =>
          page
            .getByTestId('certificates-table')
            .getByTestId('certificate-status')
            .allTextContents(),
        )
        .toSatisfy((tags: string[]) => tags.length > 0 && tags.every((t) => t === 'Expired'));

      // The verified figure grew by the vendor's spend: to the cent in the API, to the dollar
      // on screen (the headline shows whole dollars).
      const after = await verifiedHeadline(page);
      expect(Math.round((await verifiedApi()) * 100) - Math.round(beforeApi * 100)).toBe(
        Math.round(vendor.spend * 100),
      );
      expect(Math.abs((after - before) / 100 - vendor.spend)).toBeLessThanOrEqual(1);
      await page.getByTestId('counting-rule').getByText('Behind the verified figure').click();
      await page
        .getByTestId('verified-drilldown')
        .getByText('E2E-WBE-1', { exact: false })
        .waitFor();
      await screenshot(page, 'verified-dashboard-after-1440');

      // The same screens at phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/home/supplierSpend');
      await page.getByTestId('match-rate-spend').waitFor();
      await screenshot(page, 'verified-spend-home-390');
      await page.goto('/home/verified/certificates');
      await page
        .getByTestId('certificates-table')
        .getByTestId('certificate-status')
        .first()
        .waitFor();
      await screenshot(page, 'verified-certificates-390');
      await page.goto('/home/verified/matching');
      await page.getByTestId('matching-table').getByTestId('match-reason').first().waitFor();
      await screenshot(page, 'verified-matching-390');
      await page.goto('/home/supplierSpend/report/spend');
      await page.getByTestId('counting-headline').waitFor();
      await screenshot(page, 'verified-dashboard-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
