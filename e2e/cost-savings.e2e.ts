/**
 * Cost Savings in Chromium: add a case for three contract years, see its yearly row in the list,
 * then build the report and check its figures and the Excel download.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { alertSays, typeDate } from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const YEARS = ['2026', '2027', '2028'];

describe('cost savings', () => {
  it('adds a case for three contract years and shows its yearly savings', async () => {
    const { page } = browser;
    await signIn(page);
    await page.getByTestId('nav-costSaving').click();
    await page.getByTestId('cost-savings-list-page').waitFor();
    await page.getByTestId('cost-saving-add').click();
    expect(await page.getByTestId('module-header-view').textContent()).toBe('Add Data');
    expect(await page.getByTestId('cost-saving-submit').textContent()).toBe('Add Data');

    // Nothing filled: every required field says so and nothing is sent.
    await page.getByTestId('cost-saving-submit').click();
    await page.getByText('Required').first().waitFor();
    expect(await page.getByText('Required', { exact: true }).count()).toBeGreaterThanOrEqual(14);

    await page.getByLabel('RFx or Opportunity Name').fill('RFP-E2E-2026-SEC');
    await page.getByLabel('Winner Vendor Name').click();
    await page.getByText('Must be 15 characters or less').waitFor();
    await page.getByLabel('RFx or Opportunity Name').fill('RFP-E2E-26');
    await page.getByLabel('Business Category').fill('Security Services');
    await pick(page.getByLabel('Procurement Direct/Indirect', { exact: true }), 'Indirect');
    await pick(page.getByLabel('Current or New Suppliers', { exact: true }), 'New Supplier');
    await page.getByLabel('Winner Vendor Name').fill('Sentinel Guard Partners');
    await pick(page.getByLabel('Vendor Diversity Categories', { exact: true }), ['VBE', 'SDVBE']);
    await pick(page.getByLabel('Vendor Ethnicity Category (optional)', { exact: true }), 'Black');
    await page.getByLabel('Contract Amount', { exact: true }).fill('900000');
    await page.getByLabel('Current Spend Per Item').fill('48.50');
    await page.getByLabel('Newly Quoted Contract Amount').fill('810000');
    await page.getByLabel('Newly Quoted Amount Per Time').fill('43.65');
    await pick(page.getByLabel('Contract Years', { exact: true }), '3 Years');
    await typeDate(page, 'Start Date', '12/31/2028');
    await typeDate(page, 'End Date', '01/01/2026');
    await page.getByText('Enter Valid Date.').waitFor();
    await typeDate(page, 'Start Date', '01/01/2026');
    await page.getByText('Enter Valid Date.').waitFor({ state: 'detached' });
    await typeDate(page, 'End Date', '12/31/2028');

    await pick(page.getByLabel('Years of Contract', { exact: true }), YEARS);
    for (const year of YEARS) await page.getByLabel(`Savings for ${year}`).waitFor();
    await page.getByLabel('Savings for 2026').fill('30000');
    await page.getByLabel('Savings for 2027').fill('30000');
    await page.getByLabel('Savings for 2028').fill('1000000001');
    await page.getByLabel('Savings for 2026').click();
    await page.getByText('Must be 1000000000 equal or less').waitFor();
    await page.getByLabel('Savings for 2028').fill('30000');
    await page.getByLabel('Savings for 2026').click();
    expect(await page.getByTestId('yearly-savings-total').textContent()).toContain('$90,000');
    await screenshot(page, 'cost-savings-form');

    await page.getByTestId('cost-saving-submit').click();
    await alertSays(page, 'Created Successfully');
    await page.getByTestId('cost-savings-list-page').waitFor();

    const first = page.locator('[data-testid="cost-saving-table"] .ant-table-row').first();
    await first.getByText('Sentinel Guard Partners').waitFor();
    await first.locator('.ant-table-row-expand-icon').click();
    const yearly = page.getByTestId('yearly-savings').first();
    await yearly.waitFor();
    expect(await yearly.textContent()).toContain('Yearly Savings');
    for (const year of YEARS) {
      expect(await yearly.getByTestId(`yearly-savings-${year}`).textContent()).toBe(
        `${year}$30,000`,
      );
    }
    expect(await yearly.getByTestId('yearly-savings-sum').textContent()).toBe('$90,000');
    await screenshot(page, 'cost-savings-list');
  });

  it('edits the case: the form says Edit Data and Update Data', async () => {
    const { page } = browser;
    const first = page.locator('[data-testid="cost-saving-table"] .ant-table-row').first();
    await first.getByTestId('cost-saving-edit').click();
    await page.waitForURL(/\/home\/costSaving\/edit\/\d+$/);
    // The form reads its case by id: a reload keeps the user on the same case.
    await page.reload();
    await page.getByLabel('Winner Vendor Name').waitFor();
    expect(await page.getByTestId('module-header-view').textContent()).toBe('Edit Data');
    expect(await page.getByTestId('cost-saving-submit').textContent()).toBe('Update Data');
    expect(await page.getByLabel('Winner Vendor Name').inputValue()).toBe(
      'Sentinel Guard Partners',
    );
    await page.getByLabel('Savings for 2028').fill('45000');
    await page.getByTestId('cost-saving-submit').click();
    await alertSays(page, 'Updated Successfully');
    await page.getByTestId('cost-savings-list-page').waitFor();
    const row = page.locator('[data-testid="cost-saving-table"] .ant-table-row').first();
    await row.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId('yearly-savings-sum').first().waitFor();
    expect(await page.getByTestId('yearly-savings-sum').first().textContent()).toBe('$105,000');
  });

  it('builds the report with the new case in its figures and downloads the Excel', async () => {
    const { page } = browser;
    await page.getByTestId('cost-saving-create-report').click();
    await page.getByTestId('cost-savings-dashboard').waitFor();
    expect(await page.getByTestId('dashboard-title').textContent()).toBe('Cost Savings Dashboard');
    for (const title of [
      'Total Cost Savings',
      'Savings by Diversity',
      'Savings Per Category',
      'Cost Savings Analysis',
    ]) {
      await page.getByText(title, { exact: true }).first().waitFor();
    }
    const category = page
      .getByTestId('savings-per-category')
      .locator('.ant-table-row', { hasText: 'Security Services' });
    await category.waitFor();
    expect(await category.textContent()).toContain('$105,000');
    await page.locator('[data-testid="total-cost-savings-chart"] canvas').first().waitFor();
    await screenshot(page, 'cost-savings-dashboard');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-excel').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Cost Savings Dashboard - All years.xlsx');

    // The PDF is built on the server, named after the dashboard and its years.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-pdf').click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('Cost Savings Dashboard - All years.pdf');
  });
});
