/**
 * Market Share in Chromium: the supplier list, a report by State for three states, and the totals
 * shown checked against the suppliers of the list.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { createReport } from './dashboards.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

interface Supplier {
  id: string;
  stateOrProvince: string | null;
  spend: number;
}

/** Every supplier of the list, read page by page with the signed-in user's token. */
function allSuppliers(page: Page): Promise<Supplier[]> {
  return page.evaluate(async () => {
    const token = localStorage.getItem('accessToken');
    const out: Supplier[] = [];
    for (let pageNumber = 0; ; pageNumber++) {
      const res = await fetch('/api/marketShare/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ pageNumber, pageSize: 100 }),
      });
      const body = (await res.json()) as { data: Supplier[]; totalCount: number };
      out.push(...body.data);
      if (body.data.length === 0 || out.length >= body.totalCount) return out;
    }
  });
}

const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

describe('market share', () => {
  it('lists suppliers and builds a report by State for three states', async () => {
    const { page } = browser;
    await signIn(page);
    await page.getByTestId('nav-marketShare').click();
    await page.getByTestId('market-share-list-page').waitFor();
    const table = page.getByTestId('market-share-table');
    await table.locator('.ant-table-row').first().waitFor();
    for (const header of [
      'Company',
      'City',
      'State/Province',
      'Zip',
      'Country',
      'Category',
      'Diversity',
      'Total Spend',
      'Payment Date',
    ]) {
      await table.getByText(header, { exact: true }).first().waitFor();
    }
    await screenshot(page, 'market-share-list');

    await page.getByTestId('market-share-create-report').click();
    await page.getByTestId('report-form').waitFor();
    await page.locator('.ant-radio-button-wrapper', { hasText: 'State' }).click();
    const values = page.getByLabel('State values to keep');
    await values.click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const states = (await options.evaluateAll((nodes) =>
      nodes.slice(0, 3).map((n) => n.getAttribute('title') ?? ''),
    )) as string[];
    expect(states).toHaveLength(3);
    await pick(values, states);
    await screenshot(page, 'market-share-dialog');
    await createReport(page, 'market-share-dashboard');
    expect(await page.getByTestId('dashboard-selection').textContent()).toContain(
      `State: ${states.join(', ')}`,
    );
    for (const title of [
      'Market Share Diverse vs Non Diverse By Category',
      'Diverse Revenue By State',
      'Non-Diverse Revenue By State',
      'Market Share Analysis',
    ]) {
      await page.getByText(title, { exact: true }).first().waitFor();
    }
    const value = (key: string) => page.getByTestId(`kpi-${key}-value`).textContent();
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-testid="kpi-overall-value"]')?.textContent?.includes('…'),
    );
    const overall = dollars(await value('overall'));
    const diverse = dollars(await value('diverse'));
    const nonDiverse = dollars(await value('non-diverse'));
    const diverseShare = Number((await value('diverse-share'))!.replace('%', ''));
    const nonDiverseShare = Number((await value('non-diverse-share'))!.replace('%', ''));
    expect(Math.round((diverseShare + nonDiverseShare) * 100)).toBe(10_000);
    expect(Math.abs(diverse + nonDiverse - overall)).toBeLessThanOrEqual(1);

    // The overall spend shown is the spend of the list's suppliers in those three states.
    const suppliers = await allSuppliers(page);
    const cents = suppliers
      .filter((s) => states.includes((s.stateOrProvince ?? '').toUpperCase()))
      .reduce((sum, s) => sum + Math.round(s.spend * 100), 0);
    expect(overall).toBe(Math.trunc(cents / 100));
    await page.locator('[data-testid="diverse-revenue-chart"] canvas').first().waitFor();
    await screenshot(page, 'market-share-dashboard');

    // The report is named after the dashboard and its span values.
    const [ppt] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('export-ppt').click(),
    ]);
    expect(ppt.suggestedFilename()).toBe(
      `Market Share Dashboard - State ${states.join(', ')}.pptx`,
    );

    // The header returns to the list.
    await page.getByTestId('module-header-back').click();
    await page.getByTestId('market-share-list-page').waitFor();
  });
});
