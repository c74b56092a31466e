/**
 * The percentages' base in Chromium on the demo buyer, whose Telecommunications spend
 * is non-addressable: the Spend Dashboard switches to addressable spend → the headline share
 * changes and every base line says so → the choice is in the URL and survives a reload → the PDF
 * states it. The Category Dashboard's '% Of Spend' leaves Telecommunications blank. Screenshots
 * at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../apps/server/test/reports.ts';
import { SCREENSHOTS, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { dashboardDrawn, downloadFrom } from './dashboards.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const ALL = 'Base: All spend, non-addressable categories included (Telecommunications)';
const ADDRESSABLE = 'Base: Addressable spend, without Telecommunications';

const texts = (page: Page, testId: string) => page.getByTestId(testId).allTextContents();

describe('percentages of all or of addressable spend', () => {
  it(
    'switches the Spend Dashboard, keeps it in the URL, and exports it',
    { timeout: 240_000 },
    async () => {
      const { page } = browser;
      await signIn(page);
      await page.goto('/home/supplierSpend/report/spend');
      await dashboardDrawn(page, 'spend');
      const share = page.getByTestId('counting-share');
      await share.waitFor();
      const allShare = await share.textContent();
      for (const id of ['spend-base', 'spend-base-years', 'spend-base-headline']) {
        await expect.poll(() => texts(page, id), { message: id }).toEqual([ALL]);
      }

      await page.getByTestId('spend-base-switch').getByText('Addressable spend').click();
      await page.waitForURL(/[?&]base=addressable/);
      await expect.poll(() => page.getByTestId('spend-base').textContent()).toBe(ADDRESSABLE);
      await expect.poll(() => share.textContent()).not.toBe(allShare);
      expect(await share.textContent()).toMatch(/^\d+\.\d\d% · /);
      // Each chart refetches its figures: its line is back once it has drawn them.
      for (const id of ['spend-base-years', 'spend-base-headline']) {
        await expect.poll(() => texts(page, id), { message: id }).toEqual([ADDRESSABLE]);
      }
      await dashboardDrawn(page, 'spend');
      await screenshot(page, 'spend-base-addressable-1440');

      // The base is in the URL: a reload (or a shared link) shows the same.
      const addressableShare = await share.textContent();
      await page.reload();
      await dashboardDrawn(page, 'spend');
      await expect.poll(() => page.getByTestId('spend-base').textContent()).toBe(ADDRESSABLE);
      await expect
        .poll(() => page.getByTestId('counting-share').textContent())
        .toBe(addressableShare);

      const pdf = await downloadFrom(page, 'export-pdf');
      const text = (await pdfPages(readFileSync((await pdf.path())!))).join('\n');
      expect(text).toContain('Base: Addressable spend, without Telecommunications');
      await pdf.saveAs(`${SCREENSHOTS}/spend-base-addressable.pdf`);
      const ppt = await downloadFrom(page, 'export-ppt');
      await ppt.saveAs(`${SCREENSHOTS}/spend-base-addressable.pptx`);

      // Back to all spend: the first share again, the URL without the base.
      await page.getByTestId('spend-base-switch').getByText('All spend').click();
      await expect.poll(() => page.getByTestId('spend-base').textContent()).toBe(ALL);
      await expect.poll(() => share.textContent()).toBe(allShare);
      expect(page.url()).not.toContain('base=');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/home/supplierSpend/report/spend?base=addressable');
      await dashboardDrawn(page, 'spend');
      await screenshot(page, 'spend-base-addressable-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );

  it(
    'leaves a non-addressable category without a share on the Category Dashboard',
    { timeout: 120_000 },
    async () => {
      const { page } = browser;
      await page.goto('/home/supplierSpend/report/category?base=addressable');
      await dashboardDrawn(page, 'category');
      await page.getByTestId('spend-base-pie').waitFor();
      for (const id of ['spend-base-pie', 'spend-base-top']) {
        await expect.poll(() => texts(page, id), { message: id }).toEqual([ADDRESSABLE]);
      }
      const top = page.getByTestId('top-categories');
      const pageRows = () =>
        top
          .locator('tbody tr.ant-table-row')
          .evaluateAll((trs) =>
            trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
          );
      // Every addressable category has a share of addressable spend…
      expect((await pageRows()).every((r) => /^\d+\.\d\d%$/.test(r[4] ?? ''))).toBe(true);
      // …and Telecommunications (a small category, on the table's second page) has none.
      await top.locator('.ant-pagination-next').click();
      await expect
        .poll(async () => (await pageRows()).find((r) => r[0] === 'Telecommunications')?.[4])
        .toBe('—');
      await top.locator('.ant-pagination-prev').click();
      // Paging scrolled the window: from the top, the full-page picture has its bars in place.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'category-base-addressable-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await dashboardDrawn(page, 'category');
      await screenshot(page, 'category-base-addressable-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
