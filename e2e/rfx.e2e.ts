/**
 * The RFx journey in Chromium: add an RFx with two suppliers (one Won with a point of contact,
 * one Loss with a reason), see it expand in the list, build the report for its quarter and see
 * it in the table and the chart, then download the dashboard as Excel and PowerPoint.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { alertSays, downloadOf, sheetText, typeDate, workbookOf } from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

// Next year's first quarter holds no demo RFx (they start on or before today), and the list
// shows the newest start date first, so the new RFx is the first row.
const YEAR = new Date().getFullYear() + 1;
const RFX = {
  number: 'E2E-RFP-001',
  name: 'Forklift fleet leasing',
  value: '1250000',
};

describe('RFx', () => {
  it('adds an RFx with a Won and a Loss supplier, checking the rules on the way', async () => {
    const { page } = browser;
    await signIn(page);
    await page.getByTestId('nav-rfx').click();
    await page.getByTestId('rfx-list-page').waitFor();
    await page.getByTestId('rfx-table').locator('.ant-table-row').first().waitFor();
    await screenshot(page, 'rfx-list');

    await page.getByTestId('rfx-add').click();
    await page.getByTestId('rfx-form').waitFor();
    expect(await page.getByTestId('module-header-view').textContent()).toBe('Add');
    // A new RFx starts with one supplier row, which cannot be removed.
    expect(await page.getByTestId('supplier-0').count()).toBe(1);
    expect(await page.getByTestId('supplier-0-remove').count()).toBe(0);

    await page.getByTestId('rfx-number').fill(RFX.number);
    await page.getByTestId('rfx-name').fill(RFX.name);
    await page.getByTestId('rfx-type').getByText('RFP', { exact: true }).click();
    await page.getByLabel('Category', { exact: true }).fill('Fleet');
    await page.getByTestId('rfx-manager').fill('Dana Whitfield');
    await typeDate(page, 'Start Date', `02/10/${YEAR}`);
    await typeDate(page, 'Submit Date', `01/20/${YEAR}`);
    await page.getByLabel('Contract Value').fill(RFX.value);
    await page.getByLabel('Contract Value').blur();
    await page.getByText('Enter Valid Date.').waitFor();
    await typeDate(page, 'Submit Date', `03/06/${YEAR}`);
    await page.getByText('Enter Valid Date.').waitFor({ state: 'detached' });

    await page.getByTestId('supplier-0-name').fill('Riverside Fleet Services');
    await pick(page.getByTestId('supplier-0-diversity'), 'MBE', { search: true });
    await page.keyboard.press('Escape');
    await pick(page.getByTestId('supplier-0-ethnicity'), 'Hispanic');
    await pick(page.getByTestId('supplier-0-deals'), 'Won');

    await page.getByTestId('supplier-add').click();
    expect(await page.getByTestId('supplier-0-remove').count()).toBe(1);
    await page.getByTestId('supplier-1-name').fill('Standard Fleet Supply');
    await pick(page.getByTestId('supplier-1-diversity'), 'Non Diverse', { search: true });
    await page.keyboard.press('Escape');
    await pick(page.getByTestId('supplier-1-deals'), 'Loss');

    // Won needs a point of contact and Loss a reason: 'Required'.
    await page.getByTestId('rfx-submit').click();
    await page.getByTestId('supplier-0').getByText('Required').waitFor();
    await page.getByTestId('supplier-1').getByText('Required').waitFor();
    await screenshot(page, 'rfx-form-required');

    await page.getByTestId('supplier-0-contact').fill('Luis Ortega');
    await pick(page.getByTestId('supplier-1-reason'), 'Suppliers bid was too high (outlier)');
    await screenshot(page, 'rfx-form-filled');
    await page.getByTestId('rfx-submit').click();
    await alertSays(page, 'Created Successfully');
    await page.getByTestId('rfx-list-page').waitFor();
  });

  it('refuses a negative Contract Value with its message, keeping what was typed', async () => {
    const { page } = browser;
    await page.getByTestId('rfx-add').click();
    await page.getByTestId('rfx-form').waitFor();
    const value = page.getByTestId('rfx-contract-value');
    await value.fill('-500');
    await value.blur();
    const item = page.locator('.ant-form-item').filter({ has: value });
    await item.getByText('Must be 0 or more', { exact: true }).waitFor();
    expect(await value.inputValue()).toBe('-500');
    await value.fill('12abc');
    await item.getByText('Must be a number', { exact: true }).waitFor();
    expect(await value.inputValue()).toBe('12abc');
  });

  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ])(
    'keeps the last supplier field above the action bar when the keyboard reaches it (%s)',
    async (name, viewport) => {
      const { page } = browser;
      await page.setViewportSize(viewport);
      await page.getByTestId('supplier-add').click();
      await page.getByTestId('supplier-add').click();
      const last =
        (await page.locator('[data-testid^="supplier-"][data-testid$="-name"]').count()) - 1;
      // From the page's first field, Tab forward until the last supplier's Deals has the focus.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByTestId('rfx-number').focus();
      const deals = page.getByTestId(`supplier-${last}-deals`);
      for (let i = 0; i < 120; i += 1) {
        if (await deals.evaluate((el) => el.contains(document.activeElement))) break;
        await page.keyboard.press('Tab');
      }
      expect(await deals.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      const field = (await deals.boundingBox())!;
      // The sticky action bar: the row that holds the form's submit button.
      const bar = (await page.getByTestId('rfx-submit').locator('..').boundingBox())!;
      await screenshot(page, `rfx-form-last-supplier-focused-${name}`, { fullPage: false });
      const header = (await page.locator('.app-header').boundingBox())!;
      // Clear of the sticky action bar below and of the sticky top bar above.
      expect(field.y + field.height).toBeLessThanOrEqual(bar.y);
      expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
      await page.setViewportSize({ width: 1440, height: 900 });
    },
  );

  it('leaves the abandoned form for the list', async () => {
    const { page } = browser;
    await page.getByTestId('rfx-cancel').click();
    await page.getByTestId('rfx-list-page').waitFor();
  });

  it('shows the new RFx first in the list and expands it to the Supplier’s Data', async () => {
    const { page } = browser;
    const row = page.getByTestId('rfx-table').locator('.ant-table-row').first();
    await row.getByText(RFX.number).waitFor();
    expect(await row.textContent()).toContain('$1,250,000');
    await row.locator('.ant-table-row-expand-icon').click();
    const suppliers = page.locator('[data-testid^="rfx-suppliers-"]').first();
    await suppliers.waitFor();
    const text = await suppliers.textContent();
    expect(text).toContain("Supplier's Data");
    expect(text).toContain('Riverside Fleet Services');
    expect(text).toContain('Luis Ortega');
    expect(text).toContain('Standard Fleet Supply');
    expect(text).toContain('Suppliers bid was too high (outlier)');
    await screenshot(page, 'rfx-list-expanded');
  });

  it('opens the RFx for editing with both suppliers and saves a change', async () => {
    const { page } = browser;
    const row = page.getByTestId('rfx-table').locator('.ant-table-row').first();
    await row.locator('[data-testid^="rfx-edit-"]').click();
    await page.getByTestId('rfx-edit-page').waitFor();
    await page.getByTestId('supplier-1').waitFor();
    expect(await page.getByTestId('supplier-0-contact').inputValue()).toBe('Luis Ortega');
    await page.getByTestId('rfx-manager').fill('Marcus Bell');
    await page.getByTestId('rfx-submit').click();
    await alertSays(page, 'Updated Successfully');
    await row.getByText('Marcus Bell').waitFor();
  });

  it('builds the report for its quarter with the RFx in the table and the chart', async () => {
    const { page } = browser;
    await page.getByTestId('rfx-create-report').click();
    await page.getByTestId('report-dialog').waitFor();
    await page.getByTestId('quarter-Q1').click();
    await pick(page.getByTestId('report-year'), String(YEAR));
    const graph = page.waitForResponse((r) => r.url().endsWith('/api/rfx/dashboard/graph'));
    await page.getByTestId('report-create').click();
    const graphData = (await (await graph).json()).data as Record<string, number>;
    expect(graphData.MBE).toBe(1_250_000);
    expect(graphData.NON_DIVERSE).toBe(0);

    await page.getByTestId('rfx-dashboard').waitFor();
    expect(await page.getByTestId('rfx-dashboard-title').textContent()).toBe(
      `Period: RFx Q1 ${YEAR}`,
    );
    const table = page.getByTestId('rfx-dashboard-table');
    await table.getByText(RFX.name).waitFor();
    expect(await table.locator('.ant-table-row').count()).toBe(1);
    const row = await table.locator('.ant-table-row').first().textContent();
    expect(row).toContain(`02/10/${YEAR}`);
    expect(row).toContain(`03/06/${YEAR}`);
    expect(row).toContain('Awarded');
    await page.getByTestId('rfx-contract-value-chart').locator('canvas').waitFor();
    expect(await page.getByTestId('stat-value-value').textContent()).toBe('$1,250,000');
    // One of two invitations went to a diverse supplier, who won the only deal.
    expect(await page.getByTestId('sourcing-invited').textContent()).toContain('50.0%');
    expect(await page.getByTestId('sourcing-won').textContent()).toContain('100.0%');
    await page.getByTestId('analysis-text').fill('The forklift award went to an MBE.');
    await page.getByTestId('analysis-save').click();
    await page.getByText('Saved', { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'rfx-dashboard');
  });

  it('downloads the dashboard as Excel, recomputed by the server, and as PowerPoint', async () => {
    const { page } = browser;
    const excel = await downloadOf(page, () => page.getByTestId('export-excel').click());
    expect(excel.suggestedFilename()).toBe(`RFx Dashboard - Q1 ${YEAR}.xlsx`);
    const book = await workbookOf(excel);
    expect(sheetText(book, 'Summary')).toContain(`Period: RFx Q1 ${YEAR}`);
    expect(sheetText(book, 'Summary')).toContain('The forklift award went to an MBE.');
    expect(sheetText(book, 'RFx')).toContain(RFX.name);
    expect(sheetText(book, 'Contract Value')).toContain('MBE | Minority-owned business | 1250000');
    expect(sheetText(book, 'Diversity in Sourcing')).toContain(
      // Percent cells hold fractions: 50% is 0.5.
      'All diverse suppliers | 1 | 0.5 | 1 | 1',
    );

    const ppt = await downloadOf(page, () => page.getByTestId('export-ppt').click());
    expect(ppt.suggestedFilename()).toBe(`RFx Dashboard - Q1 ${YEAR}.pptx`);
    const pdf = await downloadOf(page, () => page.getByTestId('export-pdf').click());
    expect(pdf.suggestedFilename()).toBe(`RFx Dashboard - Q1 ${YEAR}.pdf`);
  });

  it('downloads the list as Excel', async () => {
    const { page } = browser;
    await page.getByTestId('module-header-back').click();
    await page.getByTestId('rfx-list-page').waitFor();
    const list = await downloadOf(page, () => page.getByTestId('rfx-download-excel').click());
    expect(list.suggestedFilename()).toBe('RFx List.xlsx');
    expect(sheetText(await workbookOf(list), "Supplier's Data")).toContain(
      `${RFX.number} | Standard Fleet Supply | Non Diverse`,
    );
  });
});
