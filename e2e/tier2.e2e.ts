/**
 * Tier 2 in Chromium: the demo Buyer Admin invites a prime supplier on the Tier 2
 * page, where the prime waits for acceptance; the prime chooses a password with the mailed code,
 * signs in, accepts the buyer's request under Tier 2 Reports and uploads the quarter's template;
 * the buyer's Spend Dashboard then shows Tier 2 direct spend grown by exactly what the prime
 * reported, and the status list says Reported. Screenshots at 1440 and 390 px.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, open, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { apiCall } from './api.ts';
import { E2E_ADMIN } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

const PRIME = {
  companyName: 'Lakeshore Electric',
  name: 'Dana Prime',
  email: 'e2e.prime@lakeshore.example',
  password: 'Prime#2026e2e',
};
const DIRECT = { MBE: 31_250.4, WBE: 9_800 };

/** "$1,234.56" → cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);

const api = <T>(method: string, path: string, token: string | null, body?: object) =>
  apiCall<T>(browser.baseURL, method, path, token, body);

async function template() {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Tier 2 Report');
  sheet.addRow(['Line Type', 'Diversity Category', 'Project / Cost Centre', 'Amount']);
  sheet.addRow(['Total Revenue', '', '', 4_000_000]);
  sheet.addRow(['Revenue From Buyer', '', '', 1_000_000]);
  for (const [type, amount] of Object.entries(DIRECT)) sheet.addRow(['Direct', type, '', amount]);
  sheet.addRow(['Prime Diverse Spend', 'MBE', '', 200_000]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** How far the page scrolls sideways (0: everything fits the window). */
const sidewaysScroll = () =>
  browser.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function alertSays(text: string) {
  const { page } = browser;
  await page.getByTestId('alert-modal').waitFor();
  expect(await page.getByTestId('alert-message').textContent()).toContain(text);
  await page.getByTestId('alert-ok').click();
  await page.getByTestId('alert-modal').waitFor({ state: 'hidden' });
}

describe('Tier 2', () => {
  it('invite a prime, sign in as the prime, upload a report, see it on the buyer dashboard', async () => {
    const { page } = browser;
    await signIn(page);
    const buyerToken = await page.evaluate(() => localStorage.getItem('accessToken') ?? '');

    // The buyer's Tier 2 page, from its sidebar item: the demo primes, then the invitation.
    await page.getByTestId('nav-tier2').click();
    const greatLakes = page.getByTestId('tier2-status').locator('tr', { hasText: 'Great Lakes' });
    await greatLakes.waitFor();
    expect(await greatLakes.textContent()).toContain(
      'Per project: Plant 4 expansion, Warehouse re-roofing, Dock 2 paving',
    );
    await screenshot(page, 'tier2-buyer-1440');
    // Its latest report: the sum per project, and the version it replaced (the demo's).
    await greatLakes.locator('[data-status="REPORTED"]').first().click();
    const view = page.getByTestId('tier2-report-view');
    await view.waitFor();
    expect(await view.getByTestId('tier2-segment-totals').textContent()).toContain(
      'Plant 4 expansion',
    );
    expect(await view.getByTestId('tier2-history').textContent()).toContain('by Morgan Hayes');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
    await page.getByTestId('tier2-invite').click();
    const dialog = page.getByTestId('tier2-invite-dialog');
    await page.getByTestId('tier2-invite-company').fill(PRIME.companyName);
    await page.getByTestId('tier2-invite-name').fill(PRIME.name);
    await page.getByTestId('tier2-invite-email').fill(PRIME.email);
    await screenshot(page, 'tier2-invite-1440');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await alertSays(`Invitation sent to ${PRIME.email}.`);
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByTestId('tier2-status').locator('tr', { hasText: PRIME.companyName });
    await row.waitFor();
    // Nothing is reported, or counted, before the prime's organisation accepts.
    expect(await row.locator('[data-status="PENDING"]').textContent()).toBe('Awaiting acceptance');
    await screenshot(page, 'tier2-pending-1440');

    // The first quarter asked for is the dialog's, today's (an ended one would be overdue at
    // once): the one the prime reports, early.
    const primes = await api<{
      data: { id: number; companyName: string; firstYear: number; firstQuarter: number }[];
    }>('GET', '/api/tier2/primes', buyerToken);
    const invited = primes.data.find((p) => p.companyName === PRIME.companyName)!;
    const quarter = { year: invited.firstYear, quarter: invited.firstQuarter };
    const before = await api<{ data: { directTotal: string } }>(
      'POST',
      '/api/tier2/figures',
      buyerToken,
      { year: quarter.year },
    );

    // The prime chooses a password with the mailed code. The mails name the buyer's
    // organisation, and nothing the buyer typed.
    const mail = await latestMailTo(browser.baseURL, E2E_ADMIN, PRIME.email);
    expect(mail).toContain('Acme Manufacturing has invited you');
    expect(mail).not.toContain(PRIME.name);
    const code = /code: (\d{6})/.exec(mail ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await api<{ data: { resetToken: string } }>(
      'POST',
      '/api/auth/verify/code',
      null,
      {
        email: PRIME.email,
        code,
      },
    );
    await api('PUT', '/api/auth/change/password', null, {
      email: PRIME.email,
      password: PRIME.password,
      resetToken: verified.data.resetToken,
    });

    // Signed in, the prime sees the buyer's request under Tier 2 Reports, and accepts it.
    await signIn(page, PRIME.email, PRIME.password);
    await page.getByTestId('nav-tier2Reports').click();
    const request = page.getByTestId(`tier2-request-${invited.id}`);
    await request.waitFor();
    expect(await request.textContent()).toContain(
      'Acme Manufacturing asks you to report Tier 2 spend',
    );
    expect(await page.getByTestId(`tier2-buyer-${invited.id}`).count()).toBe(0);
    await screenshot(page, 'tier2-request-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tier2-request-390');
    expect(await sidewaysScroll()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    await request.getByTestId('tier2-accept').click();
    await alertSays('You now report Tier 2 spend to Acme Manufacturing.');
    await request.waitFor({ state: 'detached' });
    const card = page.getByTestId(`tier2-buyer-${invited.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Acme Manufacturing');
    await card.getByTestId(`quarter-${quarter.year}-${quarter.quarter}`).click();
    await card.getByTestId('tier2-upload').click();
    const upload = page.getByTestId('tier2-upload-dialog');
    await upload
      .getByTestId('tier2-upload-dialog-drop')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'tier2.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await template(),
      });
    await page.getByTestId('tier2-upload-dialog-submit').click();
    await alertSays('Tier 2 report uploaded.');
    await card.getByTestId('tier2-report-view').waitFor();
    // 1,000,000 of 4,000,000 = 25%; 25% of 200,000 MBE = 50,000 allocated.
    expect(await card.getByTestId('tier2-revenue-share').textContent()).toBe('25.00%');
    expect(cents((await card.getByTestId('tier2-indirect-sum').textContent()) ?? '')).toBe(
      5_000_000,
    );
    await screenshot(page, 'tier2-prime-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tier2-prime-390');
    expect(await sidewaysScroll()).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });

    // Back as the buyer: the Spend Dashboard's Tier 2 card, and the status list.
    await signIn(page);
    await open(page, '/home/supplierSpend/report/spend');
    const tier2 = page.getByTestId('chart-tier2');
    await tier2.getByTestId('tier2-direct-total').waitFor();
    const yearPicker = tier2.getByTestId('tier2-year');
    if ((await yearPicker.textContent())?.trim() !== String(quarter.year)) {
      await yearPicker.click();
      await page.getByTitle(String(quarter.year)).click();
    }
    const ours = Object.values(DIRECT).reduce((s, v) => s + Math.round(v * 100), 0);
    await expect
      .poll(async () => cents((await tier2.getByTestId('tier2-direct-total').textContent()) ?? ''))
      // The card shows whole dollars.
      .toBe(Math.round((cents(before.data.directTotal) + ours) / 100) * 100);
    await tier2.scrollIntoViewIfNeeded();
    await screenshot(page, 'tier2-dashboard-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'tier2-dashboard-390');
    expect(await sidewaysScroll()).toBe(0);
    await open(page, '/home/tier2');
    const reported = page
      .getByTestId(`tier2-prime-${invited.id}`)
      .getByTestId(`quarter-${quarter.year}-${quarter.quarter}`);
    expect(await reported.getAttribute('data-status')).toBe('REPORTED');
    await screenshot(page, 'tier2-buyer-390');
    // At 390 px nothing scrolls sideways: the tables stack their figures.
    expect(await sidewaysScroll()).toBe(0);
    const wide = await page.evaluate(
      () =>
        [...document.querySelectorAll('.ant-table-content, .ant-table-body')].filter(
          (el) => el.scrollWidth > el.clientWidth + 1,
        ).length,
    );
    expect(wide).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
    // Four sign-ins and the Spend Dashboard: longer than one screen's journey.
  }, 300_000);
});
