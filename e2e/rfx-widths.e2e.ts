/**
 * RFx figures at their widest, at 1440 and 390 px: a value won of ten digits on the dashboard's
 * headline and a 15-character RFx number (the most the spec allows) in the list. Nothing may be
 * cut off or push the page sideways: each is measured, scrollWidth against clientWidth.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RFX_LIMITS } from '@spotzcity/shared/rfx';
import { apiCall, apiPost, apiToken } from './api.ts';
import { openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { BUYER_ADMIN, DEMO_PASSWORD } from './fixtures.ts';

let browser: Browser;
let token: string;
const created: number[] = [];

// A year no demo RFx reaches, far enough ahead that the new RFx lead the list (newest start
// first); they are deleted at the end, so the journeys after this one see the demo data as seeded.
const YEAR = new Date().getFullYear() + 3;
/** The widest number the form takes: fifteen characters, wide capitals. */
const NUMBER = 'WMW-RFP-2029-WW'.slice(0, RFX_LIMITS.rfxNumber);

const rfx = (rfxNumber: string, contractValue: number) => ({
  rfxNumber,
  rfxName: 'Turbine overhaul programme',
  type: 'RFP',
  category: 'Power generation',
  startDate: `${YEAR}-01-15`,
  submitDate: `${YEAR}-02-20`,
  contractValue,
  rfxCompleted: 'Yes',
  rfxSupplier: [
    {
      supplierIncluded: 'Great Plains Turbine Works',
      diversityCategory: ['MBE'],
      deals: 'Won',
      pointOfContact: 'Dana Whitfield',
    },
  ],
});

beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
  token = await apiToken(browser.baseURL, BUYER_ADMIN, DEMO_PASSWORD);
  // Two RFx at the largest contract value: $2,000,000,000 won, ten digits.
  for (const number of [NUMBER, 'E2E-WIDE-2']) {
    const reply = await apiPost<{ data: { id: number } }>(
      browser.baseURL,
      token,
      '/api/rfx/create',
      rfx(number, RFX_LIMITS.contractValue),
    );
    created.push(reply.data.id);
  }
});
afterAll(async () => {
  for (const id of created) {
    await apiCall(browser.baseURL, 'DELETE', `/api/rfx/delete?id=${id}`, token).catch(() => {});
  }
  await browser?.close();
});

/** Elements under `selector` whose content is wider than their box (cut off or spilling). */
const overflowing = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => `${el.textContent}: ${el.scrollWidth} > ${el.clientWidth}`),
  );

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('RFx at its widest figures', () => {
  for (const width of [1440, 390]) {
    it(`shows a ten-digit value won on the dashboard whole at ${width} px`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      if (width === 1440) await signIn(page);
      await page.goto(`/home/rfx/dashboard?quaters=Q1&year=${YEAR}`);
      const value = page.getByTestId('stat-value-value');
      await value.waitFor();
      expect(await value.textContent()).toBe('$2,000,000,000');
      expect(await overflowing(page, '[data-testid=rfx-stats] [data-testid$="-value"]')).toEqual(
        [],
      );
      // The card holds its figure: its right edge inside the card's.
      const [card, figure] = await Promise.all([
        page.getByTestId('stat-value').boundingBox(),
        value.boundingBox(),
      ]);
      expect(figure!.x + figure!.width).toBeLessThanOrEqual(card!.x + card!.width);
      expect(await pageScrollsSideways(page)).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `rfx-dashboard-wide-value-${width}`, { fullPage: false });
    });

    it(`shows a 15-character RFx number whole in the list at ${width} px`, async () => {
      const { page } = browser;
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await page.goto('/home/rfx');
      const table = page.getByTestId('rfx-table');
      const cell = table.getByText(NUMBER, { exact: true });
      await cell.waitFor();
      // The number's own box, and the cell around it, hold all fifteen characters.
      expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const td = cell.locator('xpath=ancestor::td[1]');
      expect(await td.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      const [box, textBox] = await Promise.all([td.boundingBox(), cell.boundingBox()]);
      expect(textBox!.x + textBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
      await screenshot(page, `rfx-list-wide-number-${width}`, { fullPage: false });
    });
  }
});
