/**
 * Drill-down from a figure, in Chromium, on the demo data: the Spend Dashboard's verified diverse
 * spend, a program category's spend and a goal's actual each open a drawer listing the suppliers
 * behind the figure — the same suppliers the API lists, with the same total as the figure clicked —
 * why each counts, a supplier's payments on expanding its row, and the workbook. Screenshots at
 * 1440 and 390 px.
 */
import { writeFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillDown } from '@spotzcity/shared/drill-down';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { apiPost, apiToken } from './api.ts';
import { BUYER_ADMIN, DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
let token = '';
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  await signIn(browser.page);
  token = await apiToken(browser.baseURL, BUYER_ADMIN, DEMO_PASSWORD);
  // A bound on a hang only: the worker's server comes up once the demo data is seeded.
}, 600_000);
afterAll(() => browser?.close());

/** The open drawer (antd keeps a closed one in the page, hidden). */
const drawer = (page: Page) => page.locator('.ant-drawer-open .ant-drawer-section');

/** The supplier names the drawer lists on its first page (50 a page), in order. */
async function listedSuppliers(panel: Locator) {
  const rows = panel.getByTestId('drill-down-suppliers').locator('tbody tr.ant-table-row');
  await rows.first().waitFor();
  return rows.evaluateAll((trs) =>
    trs.map((tr) => tr.querySelectorAll('td')[1]?.querySelector('strong')?.textContent ?? ''),
  );
}

async function api(path: string, body: object) {
  const reply = await apiPost<{ data: DrillDown }>(browser.baseURL, token, path, body);
  return reply.data;
}

/** "$1,234,567" as on screen, from dollars (truncated, as the screens show money). */
const money = (dollars: number) => `$${Math.trunc(dollars).toLocaleString('en-US')}`;

describe('drill-down from a figure', () => {
  it('opens the suppliers behind the verified diverse spend, their payments and the workbook', async () => {
    const { page } = browser;
    await page.goto('/home/supplierSpend/report/spend?rule=verified');
    const figure = page.getByTestId('verified-drill');
    await figure.waitFor();
    const headline = (await figure.textContent()) ?? '';
    await figure.click();
    const panel = drawer(page);
    await expect
      .poll(() => panel.getByTestId('drill-down-total').textContent())
      .toContain(headline);
    const expected = await api('/api/drillDown/verified', { selectedIds: [] });
    expect(money(expected.figure)).toBe(headline);
    expect(await listedSuppliers(panel)).toEqual(
      expected.suppliers.slice(0, 50).map((s) => s.supplierName ?? s.vendorName),
    );
    // Why the first counts: its certificates, with their dates.
    const first = panel
      .getByTestId('drill-down-suppliers')
      .locator('tbody tr.ant-table-row')
      .first();
    await expect.poll(() => first.textContent()).toContain('Certificate');
    // Its payments.
    await first.locator('.ant-table-row-expand-icon').click();
    const payments = panel.getByTestId('drill-down-payments').locator('tbody tr.ant-table-row');
    await payments.first().waitFor();
    const key = expected.suppliers[0]!.supplierKey;
    const opened = await api('/api/drillDown/verified', { selectedIds: [], supplierKey: key });
    expect(await payments.count()).toBe(Math.min(20, opened.payments!.length));
    await screenshot(page, 'drill-down-verified-1440', { fullPage: false });

    const download = page.waitForEvent('download');
    await panel.getByTestId('drill-down-excel').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await file.path();
    if (path && process.env.REPORTS_OUT) {
      const { readFileSync } = await import('node:fs');
      writeFileSync(`${process.env.REPORTS_OUT}/drill-down-verified.xlsx`, readFileSync(path));
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).count()).toBe(0);
  });

  it("opens a program category's suppliers with the size standard or the local rule", async () => {
    const { page } = browser;
    await page.goto('/home/supplierSpend/report/spend');
    const card = page.getByTestId('chart-program-categories');
    const figures = card.locator('button[aria-haspopup="dialog"]');
    await figures.first().waitFor();
    const categories = (
      await apiPost<{ data: { categories: { id: number; name: string; spend: number }[] } }>(
        browser.baseURL,
        token,
        '/api/graph/programSpend',
        { selectedIds: [] },
      )
    ).data.categories;
    for (const [category, why] of [
      ['Small business', /NAICS \d{6}/],
      ['Local', /one of the states listed|miles from Headquarters/],
    ] as const) {
      const c = categories.find((x) => x.name === category)!;
      const figure = card.getByTestId(`program-drill-${c.id}`);
      await figure.scrollIntoViewIfNeeded();
      await figure.click();
      const panel = drawer(page);
      await expect
        .poll(() => panel.getByTestId('drill-down-total').textContent())
        .toContain(money(c.spend));
      const expected = await api('/api/drillDown/program', { selectedIds: [], categoryId: c.id });
      expect(expected.figure).toBe(c.spend);
      expect(await listedSuppliers(panel)).toEqual(
        expected.suppliers.slice(0, 50).map((s) => s.supplierName ?? s.vendorName),
      );
      await expect.poll(() => panel.getByTestId('drill-down-suppliers').textContent()).toMatch(why);
      await screenshot(page, `drill-down-program-${c.id}-1440`, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect.poll(() => drawer(page).count()).toBe(0);
    }
  });

  it("opens a goal's suppliers from its actual", async () => {
    const { page } = browser;
    await page.goto('/home/supplierSpend/report/goals');
    const figure = page.getByTestId('goals-table').getByTestId('goal-drill-program-Local');
    await figure.waitFor();
    const actual = (await figure.textContent()) ?? '';
    await figure.click();
    const panel = drawer(page);
    await expect.poll(() => panel.getByTestId('drill-down-total').textContent()).toContain(actual);
    await expect
      .poll(() => panel.getByTestId('drill-down-suppliers').textContent())
      .toContain('Local');
    await screenshot(page, 'drill-down-goal-1440', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('fits a phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = phone;
      await signIn(page);
      await page.goto('/home/supplierSpend/report/spend?rule=verified');
      const figure = page.getByTestId('verified-drill');
      await figure.waitFor();
      await figure.click();
      const panel = drawer(page);
      await panel.getByTestId('drill-down-total').waitFor();
      await listedSuppliers(panel);
      const box = await panel.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      await screenshot(page, 'drill-down-verified-390', { fullPage: false });
      const first = panel
        .getByTestId('drill-down-suppliers')
        .locator('tbody tr.ant-table-row')
        .first();
      await first.locator('.ant-table-row-expand-icon').click();
      await panel
        .getByTestId('drill-down-payments')
        .locator('tbody tr.ant-table-row')
        .first()
        .waitFor();
      await screenshot(page, 'drill-down-payments-390', { fullPage: false });
    } finally {
      await phone.close();
    }
  });
});
