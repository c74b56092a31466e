/**
 * The contracts journey in Chromium: add a contract (the form's rules on the way), see it expand
 * in the list, edit it, build the report for its year, download the list, and delete it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import {
  alertSays,
  confirmDelete,
  downloadOf,
  sheetText,
  typeDate,
  workbookOf,
} from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

// Two years ahead: no demo contract starts then, and the list shows the newest start first.
const YEAR = new Date().getFullYear() + 2;
const CONTRACT = { number: 'E2E-CT-001', name: 'Warehouse racking inspection' };

const firstRow = () => browser.page.getByTestId('contract-table').locator('.ant-table-row').first();

describe('Contracts', () => {
  it('adds a contract, with every section and the date-order rule', async () => {
    const { page } = browser;
    await signIn(page);
    await page.getByTestId('nav-contracts').click();
    await page.getByTestId('contract-list-page').waitFor();
    await firstRow().waitFor();
    await screenshot(page, 'contracts-list');

    await page.getByTestId('contract-add').click();
    await page.getByTestId('contract-form').waitFor();
    await page.getByTestId('contract-number').fill(CONTRACT.number);
    await page.getByTestId('contract-name').fill(CONTRACT.name);
    await page.getByTestId('contract-category').fill('Facilities');
    await page.getByLabel('Contract Type').fill('Fixed Price');
    await page.getByLabel('Contract Value').fill('86500');
    await typeDate(page, 'Contract Signature Date', `01/20/${YEAR}`);
    await typeDate(page, 'Start Date', `01/10/${YEAR}`);
    await page.getByText('Enter Valid Date', { exact: true }).waitFor();
    await typeDate(page, 'Start Date', `02/01/${YEAR}`);
    await typeDate(page, 'End Date', `01/31/${YEAR + 1}`);
    await page.getByText('Enter Valid Date', { exact: true }).waitFor({ state: 'detached' });

    await page.getByTestId('awardee-id').fill('V-20991');
    await page.getByTestId('awardee-name').fill('Tidewater Environmental');
    await pick(page.getByTestId('awardee-ethnicity'), 'Black');
    await pick(page.getByTestId('awardee-diversity'), 'WBE', { search: true });
    await page.keyboard.press('Escape');
    await page.getByTestId('vendor-manager').fill('Monique Baptiste');
    await page.getByTestId('vendor-email').fill('monique@');
    // A phone field takes digits only, and says so as soon as something else is typed.
    await page.getByTestId('vendor-phone').fill('(757) 555-0123');
    await page.getByText('Digits only', { exact: true }).waitFor();
    expect(await page.getByTestId('vendor-phone').inputValue()).toBe('(757) 555-0123');
    await page.getByTestId('vendor-phone').fill('7575550123');
    await page.getByText('Digits only', { exact: true }).waitFor({ state: 'detached' });
    await page.getByTestId('division-name').fill('Operations');
    await page.getByTestId('owner-name').fill('Dana Whitfield');
    await page.getByTestId('contract-submit').click();
    await page.getByText('Invalid email address').waitFor();
    await screenshot(page, 'contracts-form-invalid');
    await page.getByTestId('vendor-email').fill('monique.baptiste@tidewater.example');
    await page.getByTestId('contract-submit').click();
    await alertSays(page, 'Created Successfully');
    await page.getByTestId('contract-list-page').waitFor();
  });

  it('shows it first in the list, expanding to the awardee, vendor and company contact', async () => {
    const { page } = browser;
    await firstRow().getByText(CONTRACT.number).waitFor();
    expect(await firstRow().textContent()).toContain('$86,500');
    await firstRow().locator('.ant-table-row-expand-icon').click();
    const details = page.locator('[data-testid^="contract-details-"]').first();
    await details.waitFor();
    const text = await details.textContent();
    for (const expected of [
      "Awardee's Data",
      "Vendor's Data",
      'Company Contact',
      'Tidewater Environmental',
      'monique.baptiste@tidewater.example',
      '(757) 555-0123',
      'Dana Whitfield',
    ]) {
      expect(text).toContain(expected);
    }
    await screenshot(page, 'contracts-list-expanded');
  });

  it('edits the contract', async () => {
    const { page } = browser;
    await firstRow().locator('[data-testid^="contract-edit-"]').click();
    await page.getByTestId('contract-edit-page').waitFor();
    expect(await page.getByTestId('contract-name').inputValue()).toBe(CONTRACT.name);
    await page.getByTestId('contract-name').fill(`${CONTRACT.name} and repair`);
    await page.getByLabel('Contract Value').fill('91000');
    await screenshot(page, 'contracts-form-edit');
    await page.getByTestId('contract-submit').click();
    await alertSays(page, 'Updated Successfully');
    await firstRow().getByText(`${CONTRACT.name} and repair`).waitFor();
    expect(await firstRow().textContent()).toContain('$91,000');
  });

  it('builds the report for its year', async () => {
    const { page } = browser;
    await page.getByTestId('contract-create-report').click();
    await page.getByTestId('report-dialog').waitFor();
    await pick(page.getByTestId('report-year'), String(YEAR));
    const replyOf = (path: string) =>
      page.waitForResponse((r) => r.url().endsWith(path)).then(async (r) => (await r.json()).data);
    const totals = replyOf('/api/contract/totalDiverseSupplier');
    const percentage = replyOf('/api/contract/percentageContract');
    await page.getByTestId('report-create').click();
    await page.getByTestId('contract-dashboard').waitFor();
    expect(await page.getByTestId('contract-dashboard-title').textContent()).toBe(
      `Contracts Dashboard ${YEAR}`,
    );
    const table = page.getByTestId('contract-new-table');
    await table.getByText('Tidewater Environmental').waitFor();
    expect(await table.textContent()).toContain('$91,000');
    const stat = (id: string) => () => page.getByTestId(`${id}-value`).textContent();
    await expect.poll(stat('stat-new')).toBe('1');
    // Contracts in force that year include the demo's multi-year ones: the cards show the
    // server's figures as they are.
    const total = await totals;
    expect(total.totalDiverseContracts).toBeGreaterThanOrEqual(1);
    await expect.poll(stat('stat-total-diverse')).toBe(String(total.totalDiverseContracts));
    await expect.poll(stat('stat-percent')).toBe(`${(await percentage).diverse.toFixed(2)}%`);
    await page.getByTestId('contract-completed-chart').locator('canvas').waitFor();
    await screenshot(page, 'contracts-dashboard');

    const excel = await downloadOf(page, () => page.getByTestId('export-excel').click());
    expect(excel.suggestedFilename()).toBe(`Contracts Dashboard ${YEAR}.xlsx`);
    expect(sheetText(await workbookOf(excel), 'New Contracts')).toContain(
      'Tidewater Environmental | WBE | 91000',
    );
    const ppt = await downloadOf(page, () => page.getByTestId('export-ppt').click());
    expect(ppt.suggestedFilename()).toBe(`Contracts Dashboard ${YEAR}.pptx`);
  });

  it('downloads the list and deletes the contract after confirmation', async () => {
    const { page } = browser;
    await page.getByTestId('module-header-back').click();
    await page.getByTestId('contract-list-page').waitFor();
    const list = await downloadOf(page, () => page.getByTestId('contract-download-excel').click());
    expect(list.suggestedFilename()).toBe('Contract List.xlsx');
    expect(sheetText(await workbookOf(list), 'Contracts')).toContain(CONTRACT.number);

    await firstRow().getByText(CONTRACT.number).waitFor();
    await firstRow().locator('[data-testid^="contract-delete-"]').click();
    await confirmDelete(page);
    await alertSays(page, 'Deleted Successfully');
    await firstRow().waitFor();
    expect(await firstRow().textContent()).not.toContain(CONTRACT.number);
  });

  it('hides the delete controls from a Buyer User, who may not delete', async () => {
    const { page } = browser;
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');
    await signIn(page, 'buyer.user@acme.example');
    for (const module of ['rfx', 'contract']) {
      await page.goto(module === 'rfx' ? '/home/rfx' : '/home/contracts');
      const table = page.getByTestId(`${module}-table`);
      await table.locator('.ant-table-row').first().waitFor();
      expect(await table.locator(`[data-testid^="${module}-edit-"]`).count()).toBeGreaterThan(0);
      expect(await table.locator(`[data-testid^="${module}-delete-"]`).count()).toBe(0);
      expect(await page.getByTestId(`${module}-create-report`).count()).toBe(1);
    }
  });
});
