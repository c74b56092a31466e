/**
 * Diversity Events in Chromium: reached from the home page; switch tabs, filter, clear, sort by
 * date (ASC then DESC), open an event; a Super User uploads an events list through 'Add Diversity
 * Event' (a refused file first) and finds the new event in its tab.
 */
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from '@spotzcity/shared/diversity-events';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { networkQuiet, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { uploadAccepted } from './uploads.ts';
import { DEMO_PASSWORD, E2E_ADMIN } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const rows = (page: Page) => page.getByTestId('events-table').locator('tbody tr.ant-table-row');
const dates = async (page: Page) =>
  (await rows(page).locator('td:nth-child(7)').allTextContents()).map((d) => {
    const [m, day, y] = d.split('/');
    return `${y}-${m}-${day}`;
  });

describe('diversity events', () => {
  it('browses tabs, filters, sorts by date and opens an event', async () => {
    const { page } = browser;
    await signIn(page, DEMO.buyerAdmin.email, DEMO_PASSWORD);
    await screenshot(page, 'home-with-search-and-events-links');
    await page.getByTestId('home-diversity-events').click();
    await page.waitForURL('**/home/diversityEvents');
    await rows(page).first().waitFor();
    expect(await page.getByTestId('add-event').count()).toBe(0);
    await screenshot(page, 'diversity-events-trade');

    const ascending = await dates(page);
    expect(ascending).toEqual([...ascending].sort());

    await page.getByRole('tab', { name: 'Conference' }).click();
    await networkQuiet(page);
    await rows(page).first().waitFor();
    const city = (await rows(page).first().locator('td:nth-child(3)').textContent())!;
    await page.getByTestId('filter-events').click();
    const dialog = page.getByRole('dialog', { name: 'Filter Events' });
    await dialog.waitFor();
    await dialog.getByTestId('filter-city').fill(city.toLowerCase());
    await screenshot(page, 'diversity-events-filter-dialog');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((expected) => {
      const cells = [
        ...document.querySelectorAll(
          '[data-testid="events-table"] tbody tr.ant-table-row td:nth-child(3)',
        ),
      ];
      return cells.length > 0 && cells.every((c) => c.textContent === expected);
    }, city);
    await screenshot(page, 'diversity-events-filtered');
    // The filtered rows fit the first page: no 'No More Results To Show' under them.
    await page.getByTestId('events-table-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await networkQuiet(page);
    expect(await page.getByText('No More Results To Show').count()).toBe(0);
    expect(await page.getByTestId('clear-filter').isEnabled()).toBe(true);

    // Changing tab clears the filter.
    await page.getByRole('tab', { name: 'Consumers' }).click();
    await rows(page).first().waitFor();
    expect(await page.getByTestId('clear-filter').isDisabled()).toBe(true);
    const cities = await rows(page).locator('td:nth-child(3)').allTextContents();
    expect(new Set(cities).size).toBeGreaterThan(1);

    // Date: ASC first, then DESC.
    const header = page.getByTestId('events-table').getByRole('columnheader', { name: /Date/ });
    // The sorted list is asked for anew: its rows once it has answered.
    await Promise.all([page.waitForResponse('**/api/diversity_events/list'), header.click()]);
    await rows(page).first().waitFor();
    const asc = await dates(page);
    expect(asc).toEqual([...asc].sort());
    await header.click();
    await page.waitForFunction(() => {
      const cells = [
        ...document.querySelectorAll(
          '[data-testid="events-table"] tbody tr.ant-table-row td:nth-child(7)',
        ),
      ].map((c) => c.textContent ?? '');
      const iso = cells.map((d) => `${d.slice(6)}${d.slice(0, 2)}${d.slice(3, 5)}`);
      return iso.length > 1 && iso[0]! > iso[iso.length - 1]!;
    });
    const desc = await dates(page);
    expect(desc).toEqual([...desc].sort().reverse());
    await screenshot(page, 'diversity-events-sorted-desc');

    const first = rows(page).first();
    const name = await first.locator('td:nth-child(2)').textContent();
    await first.click();
    const detail = page.getByRole('dialog', { name: name! });
    await detail.waitFor();
    await screenshot(page, 'diversity-events-detail');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });

    // The end of the list says so once a later page has ended it. A tab's events fit the first
    // page of 20, so pages of 5 are asked for here to page through them.
    await page.route('**/api/diversity_events/list', (route) =>
      route.continue({
        postData: JSON.stringify({ ...route.request().postDataJSON(), pageSize: 5 }),
      }),
    );
    await page.getByRole('tab', { name: 'Trade' }).click();
    await rows(page).first().waitFor();
    const scroller = page.getByTestId('events-table-scroll');
    const end = page.getByTestId('events-table-end');
    for (let i = 0; i < 20 && !(await end.isVisible()); i += 1) {
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await networkQuiet(page);
    }
    expect(await end.textContent()).toBe('No More Results To Show');
    expect(await rows(page).count()).toBeGreaterThan(5);
    await screenshot(page, 'diversity-events-end-of-list');
    await page.unroute('**/api/diversity_events/list');
  });

  it('uploads an events list, refusing a file with a bad row, and shows the new event', async () => {
    const { page } = browser;
    const NEW = 'E2E Quillfeather Diversity Summit';
    const NOT_ADDED = 'E2E Never Imported Expo';
    const workbook = async (rows: Record<string, string | number>[]) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Events');
      sheet.addRow(EVENT_COLUMNS.map((c) => c.header));
      for (const values of rows) sheet.addRow(EVENT_COLUMNS.map((c) => values[c.key] ?? null));
      return Buffer.from(await book.xlsx.writeBuffer());
    };
    const good = {
      eventType: 'Conference',
      category: 'Supplier Diversity',
      eventName: NEW,
      city: 'Cleveland',
      state: 'OH',
      attendance: 1200,
      exhibitor: 85,
      startDate: '10/14/2027',
      description: 'Buyers meet certified diverse suppliers.',
    };
    const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/home/diversityEvents');
    await rows(page).first().waitFor();
    const dialog = page.getByRole('dialog', { name: 'Upload Events List' });
    const input = dialog.getByTestId('upload-events-dialog-drop').locator('input[type=file]');

    // Row 3's attendance is not a number: the file is refused with row and column, nothing saved.
    await page.getByTestId('add-event').click();
    await dialog.waitFor();
    await dialog.getByTestId('template-link').waitFor();
    await dialog.getByText('Drop Your Files Here').waitFor();
    await input.setInputFiles({
      name: 'events-broken.xlsx',
      mimeType: xlsx,
      buffer: await workbook([
        { ...good, eventName: NOT_ADDED },
        { ...good, attendance: 'lots' },
      ]),
    });
    await dialog.getByTestId('upload-events-dialog-submit').click();
    await page.getByTestId('alert-modal').waitFor();
    expect(await page.getByTestId('alert-details').textContent()).toContain('Row 3, Attendance:');
    await screenshot(page, 'diversity-events-upload-refused');
    await page.getByTestId('alert-ok').click();
    await page.getByTestId('alert-modal').waitFor({ state: 'hidden' });

    // The good file: progress, then the success alert.
    await dialog.getByRole('button', { name: 'Remove file' }).click();
    await uploadAccepted(
      page,
      dialog,
      'upload-events-dialog',
      { name: 'events.xlsx', buffer: await workbook([good]) },
      'Events Uploaded Successfully',
      'diversity-events-upload-done',
    );

    // The event is in the Conference tab; the refused file's other event is nowhere.
    const find = async (name: string) => {
      await page.getByTestId('filter-events').click();
      const filter = page.getByRole('dialog', { name: 'Filter Events' });
      await filter.waitFor();
      await filter.getByTestId('filter-eventName').fill(name);
      await filter.getByRole('button', { name: 'Apply' }).click();
      await filter.waitFor({ state: 'hidden' });
    };
    await page.getByRole('tab', { name: 'Conference' }).click();
    await find('quillfeather');
    const ours = rows(page).filter({ hasText: NEW });
    await ours.waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await ours.textContent()).toContain('Cleveland');
    expect(await ours.locator('td:nth-child(7)').textContent()).toBe('10/14/2027');
    await screenshot(page, 'diversity-events-uploaded-event');
    await page.getByTestId('clear-filter').click();
    await find('never imported');
    await page.getByTestId('events-table').getByText('No Records Found').waitFor();
  });
});
