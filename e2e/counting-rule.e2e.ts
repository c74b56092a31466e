/**
 * The counting rule on every card of the Spend Dashboard, in Chromium on the demo buyer: opened
 * as reported, every card of diverse spend says so; switched to 'Verified', each asks its figures
 * again under that rule and they change (the per-type card's diverse spend becomes the headline's
 * verified figure), Tier 1 beside Tier 2 changes, and the cards the rule does not change (program
 * categories, Tier 2) say why. The PDF states the rule on every chart. Screenshots at 1440 and
 * 390 px.
 */
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../apps/server/test/reports.ts';
import { SCREENSHOTS, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { dashboardDrawn, downloadFrom } from './dashboards.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const RULE_LINES = ['rule-per-type', 'rule-mom', 'rule-years'];
const GRAPHS = ['spendPerDiversity', 'spendPerDiversityMom', 'spendDiversityOverNonDiversity'];

const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).textContent()) ?? '';

/** The per-type card's 'Diverse' statistic (the second of Total, Diverse, Non Diverse). */
const perTypeDiverse = async (page: Page) =>
  (await page
    .getByTestId('chart-spend-per-diversity')
    .locator('.ant-statistic-content')
    .nth(1)
    .textContent()) ?? '';

/** The graphs' answers as they arrive, by name and rule asked. */
function recordGraphs(page: Page) {
  const answers = new Map<string, unknown>();
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const name = url.pathname.split('/').pop() ?? '';
    if (!url.pathname.startsWith('/api/graph/') || !GRAPHS.includes(name)) return;
    void response
      .json()
      .then((body: { data: unknown }) =>
        answers.set(`${name}:${url.searchParams.get('rule') ?? 'none'}`, body.data),
      )
      .catch(() => undefined);
  });
  return answers;
}

describe('the counting rule on every card', () => {
  it(
    'switches every card of the Spend Dashboard, or the card says why it does not change',
    { timeout: 300_000 },
    async () => {
      const { page } = browser;
      const answers = recordGraphs(page);
      await signIn(page);
      await page.goto('/home/supplierSpend/report/spend?rule=reported');
      await dashboardDrawn(page, 'spend');
      for (const id of RULE_LINES) {
        await expect
          .poll(() => text(page, id), { message: id })
          .toBe('Counting rule: As reported in the file');
      }
      await expect
        .poll(() => text(page, 'rule-programs'))
        .toContain('Counted the same under either counting rule');
      await expect
        .poll(() => text(page, 'rule-tier2'))
        .toBe(
          'Tier 1 counts as reported in the file; Tier 2 counts as the prime suppliers reported it.',
        );
      const reported = {
        headline: await text(page, 'counting-headline'),
        perType: await perTypeDiverse(page),
        mom: await text(page, 'mom-totals'),
        tier1: await page.getByTestId('chart-tier2').textContent(),
      };
      // As reported, the per-type card's diverse spend is the headline's.
      expect(reported.perType).toBe(reported.headline);
      for (const name of GRAPHS) {
        await expect.poll(() => answers.has(`${name}:reported`), { message: name }).toBe(true);
      }

      await page.getByTestId('counting-rule-switch').getByText('Verified', { exact: true }).click();
      await page.waitForURL(/[?&]rule=verified/);
      for (const id of RULE_LINES) {
        await expect.poll(() => text(page, id), { message: id }).toBe('Counting rule: Verified');
      }
      await expect
        .poll(() => text(page, 'rule-tier2'))
        .toBe('Tier 1 counts verified; Tier 2 counts as the prime suppliers reported it.');
      await expect
        .poll(() => text(page, 'rule-programs'))
        .toContain('Counted the same under either counting rule');
      await dashboardDrawn(page, 'spend');
      const verifiedHeadline = await text(page, 'counting-headline');
      expect(verifiedHeadline).not.toBe(reported.headline);
      // Every card of diverse spend changed: the per-type card shows the verified headline, Month
      // over Month's totals and the donuts' figures are others, and so is Tier 1.
      await expect.poll(() => perTypeDiverse(page)).toBe(verifiedHeadline);
      await expect.poll(() => text(page, 'mom-totals')).not.toBe(reported.mom);
      await expect
        .poll(() => page.getByTestId('chart-tier2').textContent())
        .not.toBe(reported.tier1);
      for (const name of GRAPHS) {
        await expect.poll(() => answers.has(`${name}:verified`), { message: name }).toBe(true);
        expect(answers.get(`${name}:verified`), name).not.toEqual(answers.get(`${name}:reported`));
      }
      await screenshot(page, 'counting-rule-verified-1440');

      // The PDF counts its charts under the same rule and says so on each.
      const pdf = await downloadFrom(page, 'export-pdf');
      const pages = (await pdfPages(readFileSync((await pdf.path())!))).join('\n');
      const flat = pages.replace(/\s+/g, ' ');
      expect(flat.match(/Counting rule: Verified/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
      expect(flat).toContain('Counted the same under either counting rule');
      await pdf.saveAs(`${SCREENSHOTS}/counting-rule-verified.pdf`);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/home/supplierSpend/report/spend?rule=verified');
      await dashboardDrawn(page, 'spend');
      for (const id of RULE_LINES) {
        await expect.poll(() => text(page, id), { message: id }).toBe('Counting rule: Verified');
      }
      await screenshot(page, 'counting-rule-verified-390');
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );
});
