/**
 * Goals against actuals in Chromium on the demo buyer: the spend home shows this
 * year's headline goal → Goals & Settings: the Buyer Admin sets this year's overall goal and sees
 * it in the history → the Goals Dashboard draws actual against the goal with every target's row
 * → Download PPT, PDF and Excel arrive named after it. Screenshots at 1440 and 390 px.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { chartsSettled, dashboardDrawn, downloadFrom } from './dashboards.ts';
import { alertSays } from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

describe('goals', () => {
  it('sets a goal, shows the dashboard and exports it', { timeout: 240_000 }, async () => {
    const { page } = browser;
    await signIn(page);
    const year = new Date().getFullYear();

    // The spend home: the demo's goal for this year and where it stands.
    await page.goto('/home/supplierSpend');
    const headline = page.getByTestId('goal-headline');
    await headline.waitFor();
    expect(await headline.textContent()).toContain(`FY${year} goal`);
    expect(await headline.textContent()).toContain('against a goal of 30.00%');
    await screenshot(page, 'goals-spend-home');

    // The Spend Dashboard says its shares are of all spend.
    await page.goto('/home/supplierSpend/report/spend');
    expect(await page.getByTestId('spend-base').textContent()).toBe(
      'Base: All spend, non-addressable categories included (Telecommunications)',
    );
    await page.goto('/home/supplierSpend');
    await page.getByTestId('goal-headline').waitFor();

    // Goals & Settings: this year's overall goal becomes 22.5%.
    await page.getByTestId('headline-settings').click();
    await page.getByTestId('goals-page').waitFor();
    const overall = page.getByTestId('goal-overall');
    await overall.waitFor();
    expect(await overall.inputValue()).toBe('30.00');
    await overall.fill('22.5');
    await page.getByTestId('save-goals').click();
    await alertSays(page, 'Goals Saved Successfully');
    const history = page.getByTestId('goals-history');
    await expect.poll(() => history.textContent()).toContain('Overall target: 30% → 22.5%');
    expect(await history.textContent()).toContain('Alex Morgan');
    await screenshot(page, 'goals-settings');

    // The Goals Dashboard of that year: the new goal, the base in words, a row per target.
    await page.getByTestId('open-goals-dashboard').click();
    await dashboardDrawn(page, 'goals', 'goals-table');
    const base = await page.getByTestId('goals-base').textContent();
    expect(base).toContain('all spend except Telecommunications');
    expect(await page.getByTestId('goal-overall-card').textContent()).toContain('22.50%');
    const rows = await page
      .getByTestId('goals-table')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows[0]).toMatch(/^Overall22\.50%/);
    expect(rows.some((r) => r.startsWith('IT Services (category)'))).toBe(true);
    expect(rows.every((r) => /On track|At risk|Off track/.test(r))).toBe(true);
    await screenshot(page, 'goals-dashboard');

    const ppt = await downloadFrom(page, 'export-ppt');
    expect(ppt.suggestedFilename()).toBe(`Goals Dashboard FY${year} - All files.pptx`);
    const pdf = await downloadFrom(page, 'export-pdf');
    expect(pdf.suggestedFilename()).toBe(`Goals Dashboard FY${year} - All files.pdf`);
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Kept beside the screenshots, to be opened in LibreOffice and looked at.
    await ppt.saveAs(`${SCREENSHOTS}/goals-dashboard.pptx`);
    await pdf.saveAs(`${SCREENSHOTS}/goals-dashboard.pdf`);
    const excel = await downloadFrom(page, 'export-excel');
    expect(excel.suggestedFilename()).toBe(`Goals Dashboard FY${year} - All files.xlsx`);

    // The counting rule: 'verified' changes the figures and the words under them.
    const asReported = await page.getByTestId('goal-overall-card').textContent();
    expect(await page.getByTestId('goals-counting-rule-text').textContent()).toContain(
      'As reported in the file',
    );
    await page.getByTestId('goals-counting-rule').getByText('Verified', { exact: true }).click();
    await expect
      .poll(async () => page.getByTestId('goals-counting-rule-text').textContent())
      .toContain('Verified —');
    await expect
      .poll(async () => page.getByTestId('goal-overall-card').textContent())
      .not.toBe(asReported);
    expect(page.url()).toContain('rule=verified');
    await screenshot(page, 'goals-dashboard-verified');

    // Create Report offers it as its fourth choice.
    await page.goto('/home/supplierSpend/report');
    await page.getByTestId('report-chooser').waitFor();
    await screenshot(page, 'goals-chooser');
    await page.getByTestId('choose-goals').click();
    await dashboardDrawn(page, 'goals', 'goals-table');

    // A phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await chartsSettled(page);
    await screenshot(page, 'goals-dashboard-390');
    await page.goto(`/home/supplierSpend/goals?year=${year}`);
    await page.getByTestId('goal-overall').waitFor();
    await screenshot(page, 'goals-settings-390');
    await page.goto('/home/supplierSpend');
    await page.getByTestId('goal-headline').waitFor();
    await screenshot(page, 'goals-spend-home-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
