/**
 * The spend figures' own screens in the navigation, and the screens changed with them, in
 * Chromium on the demo buyer at 1440 and 390 px: Goals & Settings, Program Categories,
 * Certificates and Supplier matching as sidebar items; the Certificates view's filters in the
 * address and its Status on a phone; the fiscal-year warning; Cost Savings' years in the address;
 * the supplier search's NAICS field; a 15-character contract number whole. Screenshots of each.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_LIMITS } from '@spotzcity/shared/contracts';
import { apiCall, apiPost, apiToken } from './api.ts';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { BUYER_ADMIN, DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
let token: string;
let contractId: number | undefined;

/** The widest number the contract form takes: fifteen characters, wide capitals. */
const CONTRACT_NUMBER = 'WMW-CON-2029-WW'.slice(0, CONTRACT_LIMITS.contractNumber);

beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  token = await apiToken(browser.baseURL, BUYER_ADMIN, DEMO_PASSWORD);
  // Signed far ahead, so that it leads the newest-first list; deleted at the end.
  const year = new Date().getFullYear() + 3;
  const reply = await apiPost<{ data: { id: number } }>(
    browser.baseURL,
    token,
    '/api/contract/create',
    {
      contractNumber: CONTRACT_NUMBER,
      contractName: 'Turbine overhaul',
      category: 'Power generation',
      contractSignatureDate: `${year}-01-10`,
      startDate: `${year}-01-15`,
      endDate: `${year + 1}-01-14`,
      contractType: 'Fixed Price',
      contractValue: 250_000,
      awardeeVendorInfo: {
        awardeeVandorIdNumber: 'GP-77',
        awardeeVandorName: 'Great Plains Turbine Works',
        awardeeDivercityCategory: ['MBE'],
      },
      divisionInfo: { divisionName: 'Operations', companyContractOwnerName: 'Dana Whitfield' },
    },
  );
  contractId = reply.data.id;
}, 600_000);
afterAll(async () => {
  if (contractId !== undefined) {
    await apiCall(browser.baseURL, 'DELETE', '/api/contract/delete', token, {
      id: contractId,
    }).catch(() => {});
  }
  await browser?.close();
});

const ITEMS = [
  ['nav-goals', /\/home\/supplierSpend\/goals$/, 'goals-page'],
  ['nav-programs', /\/home\/supplierSpend\/programs$/, 'programs-page'],
  ['nav-verifiedDiversity', /\/home\/verified\/certificates$/, 'certificates-view'],
  ['nav-matching', /\/home\/verified\/matching$/, 'matching-view'],
] as const;

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The item of the sidebar the user is on. */
const selectedItem = (page: Page) =>
  page.locator('[data-testid=sidebar] .ant-menu-item-selected a').getAttribute('data-testid');

describe('the navigation and the screens it opens', () => {
  it(
    'offers the spend figures’ screens in the sidebar at 1440 px',
    { timeout: 180_000 },
    async () => {
      const { page } = browser;
      await signIn(page);
      const sidebar = page.getByTestId('sidebar');
      await screenshot(page, 'home-nav-sidebar-1440', { fullPage: false });
      for (const [item, url, screen] of ITEMS) {
        await sidebar.getByTestId(item).click();
        await page.waitForURL(url);
        await page.getByTestId(screen).waitFor();
        expect(await selectedItem(page)).toBe(item);
        await screenshot(page, `home-nav-${item}-1440`);
      }
    },
  );

  it('keeps the Certificates view’s filters in the address', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await page.goto('/home/verified/certificates?status=EXPIRED&source=OWN');
    await page.getByTestId('certificates-view').waitFor();
    const status = page.getByTestId('filter-status');
    await expect.poll(() => status.textContent()).toContain('Expired');
    // A reload shows the same list.
    await page.reload();
    await page.getByTestId('certificates-view').waitFor();
    await expect.poll(() => status.textContent()).toContain('Expired');
    expect(await page.getByTestId('add-certificate-pointer').textContent()).toContain(
      'Search Supplier',
    );
    await page.goto('/home/verified/certificates');
    await page.locator('[data-testid=certificates-table] .ant-table-row').first().waitFor();
    await screenshot(page, 'home-nav-certificates-1440');
  });

  it(
    'warns which goals move before a new fiscal-year start is saved',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await page.goto('/home/supplierSpend/goals');
      const select = page.getByTestId('fiscal-start');
      await select.waitFor();
      await select.click();
      await page.locator('.ant-select-item-option[title="July"]').click();
      const warning = page.getByTestId('fiscal-start-moves');
      await warning.waitFor();
      expect(await warning.textContent()).toMatch(/becomes FY\d{4} \(Jul \d{4} – Jun \d{4}\)/);
      await screenshot(page, 'home-nav-goals-warning-1440');
    },
  );

  it('keeps Cost Savings’ years in the address over a reload', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const { data } = await apiPost<{ data: { year: number; totalSaving: number }[] }>(
      browser.baseURL,
      token,
      '/api/costSaving/graph/totalCostSaving',
      { years: [] },
    );
    const year = data.find((y) => y.totalSaving > 0)!.year;
    await page.goto(`/home/costSaving/dashboard?years=${year}`);
    const period = page.getByTestId('dashboard-period');
    await expect.poll(() => period.textContent()).toBe(`Years: ${year}`);
    await page.reload();
    await expect.poll(() => period.textContent()).toBe(`Years: ${year}`);
    await screenshot(page, 'home-nav-cost-savings-1440');
  });

  it('searches suppliers by NAICS code', { timeout: 120_000 }, async () => {
    const { page } = browser;
    await page.goto('/home/supplierSearch');
    await page.getByTestId('search-naics').fill('48');
    await screenshot(page, 'home-nav-supplier-search-1440');
    await page.getByTestId('search-submit').click();
    await page.getByTestId('supplier-results').waitFor();
  });

  for (const width of [1440, 390]) {
    it(
      `shows a 15-character contract number whole at ${width} px`,
      { timeout: 120_000 },
      async () => {
        const { page } = browser;
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.goto('/home/contracts');
        const cell = page.getByText(CONTRACT_NUMBER, { exact: true });
        await cell.waitFor();
        expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const td = cell.locator('xpath=ancestor::td[1]');
        expect(await td.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        const [box, text] = await Promise.all([td.boundingBox(), cell.boundingBox()]);
        expect(text!.x + text!.width).toBeLessThanOrEqual(box!.x + box!.width);
        await screenshot(page, `home-nav-contracts-${width}`, { fullPage: false });
      },
    );
  }

  it(
    'offers the same items on a phone, and the screens fit at 390 px',
    { timeout: 180_000 },
    async () => {
      const { page } = browser;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/home');
      await page.getByTestId('home-page').waitFor();
      await page.getByTestId('sidebar-toggle').click();
      const sidebar = page.getByTestId('sidebar');
      await sidebar.getByTestId('nav-matching').waitFor();
      await screenshot(page, 'home-nav-sidebar-390', { fullPage: false });
      for (const [item, url, screen] of ITEMS) {
        if ((await sidebar.getAttribute('data-collapsed')) === 'true') {
          await page.getByTestId('sidebar-toggle').click();
        }
        await sidebar.getByTestId(item).scrollIntoViewIfNeeded();
        await sidebar.getByTestId(item).click();
        await page.waitForURL(url);
        await page.getByTestId(screen).waitFor();
        // The sidebar closes once an item is chosen; nothing scrolls sideways.
        await expect.poll(() => sidebar.getAttribute('data-collapsed')).toBe('true');
        await expect.poll(() => sideways(page), { timeout: 10_000 }).toBeLessThanOrEqual(0);
        await screenshot(page, `home-nav-${item}-390`);
      }
      // On the Certificates view the status shows without scrolling the table sideways.
      await page.goto('/home/verified/certificates');
      const header = page.locator('[data-testid=certificates-table] th', { hasText: 'Status' });
      await header.waitFor();
      const box = await header.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await page.locator('[data-testid=certificates-table] .ant-table-row').first().waitFor();
      await screenshot(page, 'home-nav-certificates-390');
      // The fiscal-year warning and the search form on a phone.
      await page.goto('/home/supplierSpend/goals');
      await page.getByTestId('fiscal-start').click();
      await page.locator('.ant-select-item-option[title="July"]').click();
      await page.getByTestId('fiscal-start-moves').waitFor();
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await screenshot(page, 'home-nav-goals-warning-390');
      await page.goto('/home/supplierSearch');
      await page.getByTestId('search-naics').waitFor();
      await screenshot(page, 'home-nav-supplier-search-390');
      await page.goto('/home/supplierSpend/programs');
      await page.getByTestId('programs-page').waitFor();
      await screenshot(page, 'home-nav-programs-390');
    },
  );
});
