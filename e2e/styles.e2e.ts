/**
 * A page's styles stay with it (item 7): lazy pages bring their stylesheets as the
 * user moves around without reloading, and none may restyle another page. Here the Spend
 * dashboards' grid must not turn the RFx dashboard's twelve columns into two, the wide
 * supplier list must not take the 1480 px limit off the Cost Savings dashboard, and the Spend
 * dashboards' column of cards must not turn the Market Share dashboard into a tinted column.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { networkQuiet, openBrowser, screenshot, type Browser } from './browser.ts';
import { createReport } from './dashboards.ts';
import { DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  const { page } = browser;
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.buyerAdmin.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('home-page').waitFor();
});
afterAll(() => browser?.close());

/** Moves within the app as a user does: through the sidebar, without loading the page again. */
async function navigate(page: Page, key: string) {
  await page.getByTestId(`nav-${key}`).click();
  // The new page's chunk, stylesheet and queries ('networkidle' fired once, for the first load).
  await networkQuiet(page);
}

const style = (page: Page, testId: string, property: 'gridTemplateColumns' | 'maxWidth') =>
  page
    .getByTestId(testId)
    .evaluate((el, p) => getComputedStyle(el)[p], property)
    .then(String);

describe('stylesheets of lazy pages', () => {
  it('keep the RFx dashboard at twelve columns after the Spend dashboards were opened', async () => {
    const { page } = browser;
    await page.goto('/home/supplierSpend/report/spend');
    await page.locator('[_echarts_instance_]').first().waitFor();
    await navigate(page, 'rfx');
    await page.getByTestId('rfx-create-report').click();
    for (const quarter of ['Q1', 'Q2', 'Q3', 'Q4']) {
      await page.getByTestId(`quarter-${quarter}`).click();
    }
    await page.getByTestId('report-create').click();
    await page.getByTestId('rfx-stats').waitFor();
    const columns = await style(page, 'rfx-stats', 'gridTemplateColumns');
    expect(columns.split(' ')).toHaveLength(12);
    await screenshot(page, 'styles-rfx-after-spend', { fullPage: false });
  });

  it('keep the Cost Savings dashboard at 1480 px after the wide supplier list was opened', async () => {
    const { page } = browser;
    const dashboard = async () => {
      await navigate(page, 'costSaving');
      await page.getByTestId('cost-saving-create-report').click();
      await page.getByTestId('cost-savings-dashboard-page').waitFor();
    };
    await dashboard();
    expect(await style(page, 'cost-savings-dashboard-page', 'maxWidth')).toBe('1480px');
    await navigate(page, 'supplierSpend');
    await page.getByTestId('all-suppliers').click();
    await page.getByTestId('suppliers-list').waitFor();
    expect(await style(page, 'suppliers-list', 'maxWidth')).toBe('none');
    await dashboard();
    expect(await style(page, 'cost-savings-dashboard-page', 'maxWidth')).toBe('1480px');
  });

  it('keep the Market Share dashboard as it is after the Spend dashboards were opened', async () => {
    const { page } = browser;
    const capture = async () => {
      await navigate(page, 'marketShare');
      await page.getByTestId('market-share-create-report').click();
      await page.getByTestId('report-form').waitFor();
      await createReport(page, 'market-share-dashboard');
      // The dashboard's capture area: what PPT/PDF/Print take, the dashboard's first child.
      return page
        .getByTestId('market-share-dashboard')
        .locator(':scope > div')
        .first()
        .evaluate((el) => {
          const css = getComputedStyle(el);
          return { display: css.display, background: css.backgroundColor };
        });
    };
    // A fresh page, where no Spend dashboard's stylesheet has been loaded yet.
    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    const alone = await capture();
    // To a Spend dashboard and back, without loading the page again (the router follows history).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/home/supplierSpend/report/spend');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.locator('[_echarts_instance_]').first().waitFor();
    await networkQuiet(page);
    expect(await capture()).toEqual(alone);
    expect(alone).toEqual({ display: 'block', background: 'rgba(0, 0, 0, 0)' });
    await screenshot(page, 'styles-market-share-after-spend', { fullPage: false });
  });
});
