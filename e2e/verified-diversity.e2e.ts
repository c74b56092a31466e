/**
 * Verified diversity in Chromium: the spend home's match rate; Supplier matching
 * confirms the largest uncertain vendor; a certificate added on that supplier's detail appears in
 * the Certificates view; the Spend Dashboard switched to 'Verified' shows the verified diverse
 * spend grown by exactly that vendor's spend, and its PDF states the rule. A certificate the
 * platform's Super User adds to the directory is then seen — read-only, marked 'Supplier
 * directory' — by the demo buyer. Screenshots at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { pdfPages } from '../apps/server/test/reports.ts';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { apiPost, apiToken } from './api.ts';
import { DEMO_PASSWORD, E2E_ADMIN } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

/** The screens the journey shows, each with what says it has loaded. */
const SCREENS = {
  'spend-home': {
    url: '/home/supplierSpend',
    ready: (page: Page) => page.getByTestId('match-rate-spend'),
  },
  certificates: {
    url: '/home/verified/certificates',
    ready: (page: Page) =>
      page.getByTestId('certificates-table').getByTestId('certificate-status').first(),
  },
  matching: {
    url: '/home/verified/matching',
    ready: (page: Page) => page.getByTestId('matching-table').getByTestId('match-reason').first(),
  },
  dashboard: {
    url: '/home/supplierSpend/report/spend',
    ready: (page: Page) => page.getByTestId('counting-headline'),
  },
  'table-view': {
    url: '/home/supplierSpend/table',
    ready: (page: Page) => page.getByTestId('spend-rows').getByTestId('row-match-reason').first(),
  },
};

async function openScreen(page: Page, name: keyof typeof SCREENS) {
  await page.goto(SCREENS[name].url);
  await SCREENS[name].ready(page).waitFor();
}

/** "$1,234,567" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

async function verifiedHeadline(page: Page) {
  await page.goto('/home/supplierSpend/report/spend');
  const card = page.getByTestId('counting-rule');
  await card.getByTestId('counting-headline').waitFor();
  await card.getByTestId('counting-rule-switch').getByText('Verified', { exact: true }).click();
  await expect
    .poll(async () => card.getByTestId('counting-summary').textContent())
    .toContain('Verified');
  return cents((await card.getByTestId('counting-headline').textContent()) ?? '');
}

async function pickDate(page: Page, testId: string, usDate: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(usDate);
  await input.press('Enter');
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
      await openScreen(page, 'spend-home');
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
      await pick(page.getByTestId('certificate-type'), 'WBE', { search: true });
      await pick(page.getByTestId('certificate-agency'), 'WBENC', { search: true });
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
      // Its scanned document: attached on the row, then listed by name for download.
      await certificates
        .locator('tr', { hasText: 'E2E-WBE-1' })
        .locator('input[type=file]')
        .setInputFiles({
          name: 'wbenc-e2e.pdf',
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n%%EOF\n', 'latin1'),
        });
      await page.getByTestId('alert-ok').click();
      await certificates.getByTestId('certificate-document').getByText('wbenc-e2e.pdf').waitFor();
      await screenshot(page, 'verified-supplier-detail-1440');

      // The Certificates view lists it (latest expiry first after one click on the header).
      await openScreen(page, 'certificates');
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
      await pick(page.getByTestId('filter-status'), 'Expired', { search: true });
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
      // The panel asks for the suppliers behind the figure as it opens: a query over every
      // payment of the files, which takes what it takes on a busy server.
      const rule = page.getByTestId('counting-rule');
      await Promise.all([
        page.waitForResponse('**/api/graph/verifiedSuppliers', { timeout: 0 }),
        rule.getByText('Behind the verified figure').click(),
      ]);
      await rule
        .getByTestId('verified-drilldown')
        .getByText('E2E-WBE-1', { exact: false })
        .waitFor();
      await screenshot(page, 'verified-dashboard-after-1440');

      // The export follows the rule chosen on screen and states it.
      expect(page.url()).toContain('rule=verified');
      const [pdf] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByTestId('export-pdf').click(),
      ]);
      const text = (await pdfPages(readFileSync((await pdf.path())!)))
        .join('\n')
        .replace(/\s+/g, ' ');
      expect(text).toContain('Counting rule: Verified');
      expect(text).toContain('Behind the verified figure');
      expect(text).toContain('E2E-WBE-1');

      // The Table View gives each row its vendor's match as the reason.
      await openScreen(page, 'table-view');
      const reasons = await page
        .getByTestId('spend-rows')
        .getByTestId('row-match-reason')
        .allTextContents();
      expect(reasons.every((r) => /score \d+|No match|Not matched yet/.test(r))).toBe(true);
      await page
        .getByTestId('spend-rows')
        .locator('.ant-table-body, .ant-table-content')
        .first()
        .evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
        });
      await screenshot(page, 'verified-table-view-1440');

      // The same screens at phone width.
      await page.setViewportSize({ width: 390, height: 844 });
      for (const name of Object.keys(SCREENS) as (keyof typeof SCREENS)[]) {
        await openScreen(page, name);
        await screenshot(page, `verified-${name}-390`);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );

  it(
    "shows a buyer the directory's certificate, read-only, under its own policy",
    { timeout: 180_000 },
    async () => {
      const { page, baseURL } = browser;
      const buyer = DEMO.buyerAdmin.email;
      const buyerToken = await apiToken(baseURL, buyer, DEMO_PASSWORD);
      // A supplier the demo organisation already keeps certificates for.
      const own = await apiPost<{ data: { duns: string; supplierName: string }[] }>(
        baseURL,
        buyerToken,
        '/api/certificates/list',
        { pageNumber: 0, pageSize: 10, source: 'OWN' },
      );
      const supplier = own.data[0]!;
      const detail = `/home/supplierSearch?duns=${supplier.duns}&name=${encodeURIComponent(supplier.supplierName)}`;

      // The platform's Super User adds a certificate on the directory supplier.
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto(detail);
      await page.getByTestId('supplier-certificates').waitFor();
      await page.getByTestId('add-certificate').click();
      await pick(page.getByTestId('certificate-type'), 'VBE', { search: true });
      await pick(page.getByTestId('certificate-agency'), 'NVBDC', { search: true });
      await page
        .getByTestId('certificate-form')
        .getByTestId('certificate-number')
        .fill('E2E-DIR-1');
      await pickDate(page, 'certificate-issue', '01/01/2020');
      await pickDate(page, 'certificate-expiry', '12/31/2035');
      await page.getByTestId('certificate-save').click();
      await page.getByTestId('alert-ok').click();
      const platformRow = page
        .getByTestId('supplier-certificates')
        .locator('tr', { hasText: 'E2E-DIR-1' });
      await platformRow.waitFor();
      expect(await platformRow.getByTestId('certificate-source').textContent()).toBe(
        'Supplier directory',
      );
      // The platform keeps it: the pencil is there.
      expect(await platformRow.getByLabel('Edit Certificate').count()).toBe(1);

      // The buyer sees it on the same supplier, marked and locked, beside its own.
      await signIn(page, buyer, DEMO_PASSWORD);
      await page.goto(detail);
      const certificates = page.getByTestId('supplier-certificates');
      const row = certificates.locator('tr', { hasText: 'E2E-DIR-1' });
      await row.waitFor();
      expect(await row.getByTestId('certificate-source').textContent()).toBe('Supplier directory');
      expect(await row.getByTestId('certificate-read-only').count()).toBe(1);
      expect(await row.getByLabel('Edit Certificate').count()).toBe(0);
      expect(await certificates.getByTestId('certificate-source').allTextContents()).toContain(
        'Your organisation',
      );
      await screenshot(page, 'verified-directory-certificate-1440');

      // … and in the Certificates view, filtered to the directory's.
      await openScreen(page, 'certificates');
      await pick(page.getByTestId('filter-source'), 'Supplier directory');
      await page
        .getByTestId('certificates-table')
        .locator('tbody tr', { hasText: 'E2E-DIR-1' })
        .waitFor();
      await expect
        .poll(async () =>
          page
            .getByTestId('certificates-table')
            .getByTestId('certificate-source')
            .allTextContents(),
        )
        .toSatisfy(
          (tags: string[]) => tags.length > 0 && tags.every((t) => t === 'Supplier directory'),
        );
      await screenshot(page, 'verified-certificates-directory-1440');

      // The buyer's API agrees: the certificate is the directory's and not the buyer's to change.
      const listed = await apiPost<{
        data: { certificateNumber: string; fromDirectory: boolean; editable: boolean }[];
      }>(baseURL, buyerToken, '/api/certificates/list', {
        pageNumber: 0,
        pageSize: 100,
        source: 'DIRECTORY',
      });
      expect(listed.data.find((c) => c.certificateNumber === 'E2E-DIR-1')).toMatchObject({
        fromDirectory: true,
        editable: false,
      });

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(detail);
      await page
        .getByTestId('supplier-certificates')
        .locator('tr', { hasText: 'E2E-DIR-1' })
        .waitFor();
      await screenshot(page, 'verified-directory-certificate-390');
      await openScreen(page, 'certificates');
      await screenshot(page, 'verified-certificates-directory-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
