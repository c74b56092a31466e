/**
 * Search Supplier in Chromium: the empty-search message, a search by state and certification,
 * the result list, a supplier's detail and its 'Rating & Comments' pages; supplier names in the
 * spend lists open their detail; a Super User uploads a suppliers list (a refused one first) and
 * finds the new supplier.
 */
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_COLUMNS } from '@spotzcity/shared/search-supplier';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import {
  SCREENSHOTS,
  openBrowser,
  pick,
  screenshot,
  settled,
  signIn,
  type Browser,
} from './browser.ts';
import { uploadAccepted } from './uploads.ts';
import { apiPost, apiToken } from './api.ts';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_USERS } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

describe('search supplier', () => {
  it('searches by state and certification, opens a detail and pages through its ratings', async () => {
    const { page, baseURL } = browser;
    // Six buyers rate the first Texan MBE so that its ratings fill two pages.
    const token = await apiToken(baseURL, E2E_USERS.rater1.email, DEMO_PASSWORD);
    const found = await apiPost<{ data: { duns: string; name: string }[] }>(
      baseURL,
      token,
      '/api/searchSupplier/list',
      { state: 'TX', certification: 'MBE' },
    );
    const target = found.data[0]!;
    const raters = [1, 2, 3, 4, 5, 6] as const;
    for (const n of raters) {
      const rater = E2E_USERS[`rater${n}`];
      await apiPost(
        baseURL,
        await apiToken(baseURL, rater.email, DEMO_PASSWORD),
        '/api/supplier/rating',
        {
          duns: target.duns,
          rating: n % 2 === 0 ? 4 : 4.5,
          comment: `Delivered on time, order ${n}`,
        },
      );
    }

    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    await page.getByTestId('home-supplier-search').click();
    await page.waitForURL('**/home/supplierSearch');
    await page.getByTestId('supplier-search-form').waitFor();
    await page.getByTestId('search-submit').click();
    expect(await page.getByTestId('search-empty').textContent()).toContain(
      'Please fill at least one of the fields to search.',
    );
    // DUNS takes digits only and says so as it is typed; nothing typed is dropped.
    await page.getByTestId('search-duns').fill('12ab-3');
    await page.getByText('Digits only', { exact: true }).waitFor();
    expect(await page.getByTestId('search-duns').inputValue()).toBe('12ab-3');
    await page.getByTestId('search-duns').fill('');
    await page.getByText('Digits only', { exact: true }).waitFor({ state: 'detached' });
    await screenshot(page, 'supplier-search-form');

    await pick(page.getByTestId('search-state'), 'Texas', { search: true });
    await pick(page.getByTestId('search-certification'), 'MBE', { search: true });
    await page.getByTestId('search-submit').click();
    const results = page.getByTestId('supplier-results');
    const rows = results.locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    const states = await rows.locator('td:nth-child(3)').allTextContents();
    expect(new Set(states)).toEqual(new Set(['TX']));
    for (const certs of await rows.locator('td:nth-child(6)').allTextContents()) {
      expect(certs).toContain('MBE');
    }
    await screenshot(page, 'supplier-search-results');

    await rows.filter({ hasText: target.name }).first().click();
    const detail = page.getByTestId('supplier-detail');
    await detail.waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(target.name);
    expect(await detail.textContent()).toContain(target.duns);
    const ratings = page.getByTestId('ratings-and-comments');
    await ratings.getByTestId('rating-item').first().waitFor();
    expect(await ratings.getByTestId('rating-item').count()).toBe(5);
    await screenshot(page, 'supplier-search-detail');
    // Size facts: shown to all; the Buyer Admin does not keep the directory.
    const size = page.getByTestId('supplier-size');
    expect(await size.textContent()).toContain('Average Annual Receipts');
    expect(await size.getByTestId('supplier-size-edit').count()).toBe(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await size.screenshot({ path: path.join(SCREENSHOTS, 'supplier-search-detail-size-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('ratings-pager-next').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="rating-item"]').length === 1,
    );
    expect(await ratings.getByTestId('rating-item').textContent()).toContain('Delivered on time');
    await page.getByTestId('ratings-pager-page-1').click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="rating-item"]').length === 5,
    );

    // Rate it: a star opens the rating modal; the new rating heads the list.
    const own = page.getByTestId('supplier-own-rating');
    await own.locator('.ant-rate-star').nth(4).click();
    const modal = page.getByTestId('rating-modal');
    await modal.waitFor();
    await page.getByTestId('rating-comment').fill('Great partner for our Texas plants');
    await screenshot(page, 'supplier-search-rating-modal');
    await page.getByTestId('rating-submit').click();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-message').textContent()).toBe(
      'Rating Submitted Successfully',
    );
    await page.getByTestId('alert-ok').click();
    await ratings
      .getByTestId('rating-item')
      .first()
      .filter({ hasText: 'Great partner for our Texas plants' })
      .waitFor();
    await ratings.getByTestId('ratings-pager-page-2').waitFor();

    // The header returns to the list, 'Filter' to the form with its values.
    await page.getByTestId('supplier-search-header').click();
    await rows.first().waitFor();
    await page.getByTestId('back-to-filter').click();
    await page.getByTestId('supplier-search-form').waitFor();
  });

  it('opens a supplier from its name in the spend lists', async () => {
    const { page } = browser;
    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    await page.goto('/home/supplierSpend');

    // Suppliers & Spend: the largest supplier's name is a link to its directory detail.
    const top = page.getByTestId('top-suppliers');
    const topLink = top.getByTestId('supplier-link').first();
    await topLink.waitFor();
    const topName = (await topLink.textContent())!;
    expect(await topLink.getAttribute('href')).toMatch(/^\/home\/supplierSearch\?duns=\d{9}&name=/);
    await screenshot(page, 'supplier-links-spend-home');
    await topLink.click();
    await page.waitForURL(/\/home\/supplierSearch\?duns=\d{9}/);
    await page.getByTestId('supplier-detail').waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(topName);
    await screenshot(page, 'supplier-link-detail');
    // A reload shows the same supplier; the header returns to the list of that DUNS.
    await page.reload();
    await page.getByTestId('supplier-detail').waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(topName);
    await page.getByTestId('supplier-search-header').click();
    const results = page.getByTestId('supplier-results').locator('tbody tr.ant-table-row');
    await results.first().waitFor();
    expect(await results.first().textContent()).toContain(topName);
    expect(page.url()).toMatch(/\/home\/supplierSearch$/);
    await page.goBack();
    await page.getByTestId('suppliers-panel').waitFor();
    // Its cards still fill in after the back navigation, moving what is below them.
    await settled(page);

    // All Suppliers: a star opens the rating modal and stays on the list; the name opens detail.
    await page.getByTestId('all-suppliers').click();
    await page.getByTestId('suppliers-list').waitFor();
    const row = page.getByTestId('suppliers-table').locator('tbody tr.ant-table-row').nth(1);
    await row.waitFor();
    await row.getByTestId('supplier-rating').locator('.ant-rate-star').nth(3).click();
    await page.getByTestId('rating-modal').waitFor();
    expect(page.url()).toContain('/home/supplierSpend/list');
    await page.getByTestId('rating-cancel').click();
    await page.getByTestId('rating-modal').waitFor({ state: 'hidden' });
    const listLink = row.getByTestId('supplier-link');
    const listName = (await listLink.textContent())!;
    await screenshot(page, 'supplier-links-all-suppliers');
    await listLink.click();
    await page.getByTestId('supplier-detail').waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(listName);

    // The table view of every payment links its names too.
    await page.goto('/home/supplierSpend/table');
    const payment = page.getByTestId('spend-rows').locator('tbody tr.ant-table-row').first();
    await payment.waitFor();
    const paymentLink = payment.getByTestId('supplier-link');
    const paymentName = (await paymentLink.textContent())!;
    await paymentLink.click();
    await page.getByTestId('supplier-detail').waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(paymentName);
  });

  it('uploads a suppliers list, refusing a file with a bad row, and finds the new supplier', async () => {
    const { page, baseURL } = browser;
    const token = await apiToken(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
    const NEW = { name: 'E2E Quillfeather Analytics LLC', duns: '990011223', city: 'Dayton' };
    const NOT_ADDED = { name: 'E2E Never Imported Works Inc.', duns: '990011224' };
    const existing = await apiPost<{ totalCount: number }>(
      baseURL,
      token,
      '/api/searchSupplier/list',
      { dbaName: 'E2E ' },
    );
    expect(existing.totalCount).toBe(0);

    const workbook = async (rows: Record<string, string>[]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Suppliers');
      sheet.addRow(SUPPLIER_COLUMNS.map((c) => c.header));
      for (const values of rows) sheet.addRow(SUPPLIER_COLUMNS.map((c) => values[c.key] ?? null));
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const good = {
      name: NEW.name,
      duns: NEW.duns,
      city: NEW.city,
      stateOrProvince: 'Ohio',
      zip: '45402',
      country: 'USA',
      certificationType: 'WBE, MBE',
      businessContactName: 'Robin Hale',
      businessContactPhone: '9375550142',
      businessContactEmail: 'robin@quillfeather.example',
      industry: 'Data Analytics',
    };

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/home/supplierSearch');
    const dialog = page.getByRole('dialog', { name: 'Upload Suppliers List' });
    const input = dialog.getByTestId('upload-suppliers-dialog-drop').locator('input[type=file]');
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    // A bad row (row 3's DUNS) refuses the whole file: the alert names row and column.
    await page.getByTestId('upload-suppliers').click();
    await dialog.waitFor();
    await dialog.getByTestId('template-link').waitFor();
    await input.setInputFiles({
      name: 'suppliers-broken.xlsx',
      mimeType: xlsx,
      buffer: await workbook([
        { name: NOT_ADDED.name, duns: NOT_ADDED.duns },
        { ...good, duns: '12ab' },
      ]),
    });
    await dialog.getByTestId('upload-suppliers-dialog-file').waitFor();
    await screenshot(page, 'supplier-upload-file-chosen');
    await dialog.getByTestId('upload-suppliers-dialog-submit').click();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-details').textContent()).toContain('Row 3, DUNS:');
    await screenshot(page, 'supplier-upload-refused');
    await page.getByTestId('alert-ok').click();
    await page.getByTestId('alert-modal').waitFor({ state: 'hidden' });
    const afterRefusal = await apiPost<{ totalCount: number }>(
      baseURL,
      token,
      '/api/searchSupplier/list',
      { dbaName: 'E2E ' },
    );
    expect(afterRefusal.totalCount).toBe(0);

    // The good file: the progress bar while it goes, then the success alert.
    if (!(await dialog.isVisible())) await page.getByTestId('upload-suppliers').click();
    await dialog.waitFor();
    if (await dialog.getByTestId('upload-suppliers-dialog-file').isVisible()) {
      await dialog.getByRole('button', { name: 'Remove file' }).click();
    }
    await uploadAccepted(
      page,
      dialog,
      'upload-suppliers-dialog',
      { name: 'suppliers.xlsx', buffer: await workbook([good]) },
      'Suppliers List Uploaded Successfully',
      'supplier-upload-done',
    );

    // Found by part of its name; the refused file's other supplier is not there.
    await page.getByTestId('search-dbaName').fill('quillfeather');
    await page.getByTestId('search-submit').click();
    const rows = page.getByTestId('supplier-results').locator('tbody tr.ant-table-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(NEW.city);
    await rows.first().click();
    await page.getByTestId('supplier-detail').waitFor();
    expect(await page.getByTestId('supplier-detail-name').textContent()).toBe(NEW.name);
    expect(await page.getByTestId('supplier-detail').textContent()).toContain('Robin Hale');
    await page.getByTestId('supplier-search-header').click();
    await page.getByTestId('back-to-filter').click();
    await page.getByTestId('search-dbaName').fill('never imported');
    await page.getByTestId('search-submit').click();
    await page.getByTestId('supplier-results').getByText('No Records Found').waitFor();
  });
});
