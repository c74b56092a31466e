/**
 * The home page's "Needs attention" in Chromium on the demo buyer: the year's goal, certificates,
 * matching, Tier 2 and imports, each as the API counts it and each a link to the screen that
 * resolves it; it fits at 390 px. Screenshots at 1440 and 390 px.
 */
import type { HomeAttention } from '@spotzcity/shared/home';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './api.ts';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const sidewaysScroll = () =>
  browser.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the home page', () => {
  it('says what needs attention, each item opening its screen', { timeout: 120_000 }, async () => {
    const { page, baseURL } = browser;
    await signIn(page);
    const card = page.getByTestId('home-attention');
    await page.getByTestId('attention-goal').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const { data } = await apiCall<{ data: HomeAttention }>(
      baseURL,
      'GET',
      '/api/home/attention',
      token,
    );

    // Each item says what the organisation's figures hold.
    const year = `FY${data.goal.fiscalYear}`;
    expect(await page.getByTestId('attention-goal').textContent()).toContain(year);
    const certificates = data.certificates!;
    const due = certificates.expiring + certificates.lapsed;
    expect(await page.getByTestId('attention-certificates').textContent()).toContain(
      due ? `${due} certificate` : 'Certificates are current',
    );
    const matching = data.matching!;
    expect(await page.getByTestId('attention-matching').textContent()).toContain(
      matching.unmatchedVendors ? `${matching.unmatchedVendors} vendor` : 'Every vendor is matched',
    );
    expect(await card.textContent()).toContain('Needs attention');
    await screenshot(page, 'home-attention', { fullPage: false });

    // Each opens the screen that resolves it.
    const opens = async (item: string, url: RegExp) => {
      await page.getByTestId(`attention-${item}`).click();
      await page.waitForURL(url);
      await page.goBack();
      await page.getByTestId(`attention-${item}`).waitFor();
    };
    await opens('certificates', /\/home\/verified\/certificates/);
    await opens('matching', /\/home\/verified\/matching/);
    await opens('imports', /\/home\/supplierSpend$/);
    await opens('goal', /\/home\/supplierSpend\/(goals|report\/goals)/);

    // From 1440 px the open sidebar closes to the phone's layout after the resize: nothing may
    // scroll sideways once it has.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('attention-goal').waitFor();
    await page
      .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
        timeout: 10_000,
      })
      .catch(() => undefined);
    expect(await sidewaysScroll()).toBe(0);
    await screenshot(page, 'home-attention-390');
  });
});
