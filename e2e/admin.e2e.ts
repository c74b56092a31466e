/**
 * The administration journey in Chromium: the Super User adds a buyer client → its Buyer Admin
 * chooses a password with the code from the invitation mail → signs in → sees only what a Buyer
 * Admin may open → adds a user to their organisation, then deletes them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, openBrowser, screenshot, signIn, type Browser } from './browser.ts';
import { E2E_ADMIN } from './fixtures.ts';
import { alertSays, confirmDelete } from './records.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const CLIENT = {
  clientId: 'BLUEBIRD',
  name: 'Dana Whitfield',
  email: 'dana.whitfield@bluebird.example',
  companyName: 'Bluebird Logistics',
};
const NEW_USER = { name: 'Eli Brooks', email: 'eli.brooks@bluebird.example' };
const PASSWORD = 'Bluebird#2026';

async function pasteCode(page: Page, code: string) {
  await page.getByLabel('Digit 1').focus();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
}

describe('administration', () => {
  it('lets the Super User add a buyer client, whose invited admin signs in and adds a user', async () => {
    const { page, baseURL } = browser;

    // The Super User adds the client.
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.getByTestId('nav-client').click();
    await page.getByTestId('clients-page').waitFor();
    await page.getByText('ACME', { exact: true }).waitFor();
    await screenshot(page, 'admin-clients');

    await page.getByTestId('add-client').click();
    const dialog = page.getByTestId('client-dialog');
    await dialog.waitFor();
    await page.getByTestId('client-save').click();
    await dialog.getByText('Required').first().waitFor();
    await dialog.getByLabel('Client ID', { exact: true }).fill(CLIENT.clientId);
    await dialog.getByLabel('Name', { exact: true }).fill(CLIENT.name);
    await dialog.getByLabel('Email', { exact: true }).fill('not-an-email');
    await dialog.getByLabel('Company Name').fill(CLIENT.companyName);
    await dialog.getByLabel('Company Name').blur();
    await dialog.getByText('Invalid email address').waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(CLIENT.email);
    await screenshot(page, 'admin-client-dialog');
    await page.getByTestId('client-save').click();
    await alertSays(page, `An invitation to set a password has been sent to ${CLIENT.email}`);
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tr', { hasText: CLIENT.clientId });
    await row.waitFor();
    expect(await row.textContent()).toContain(CLIENT.companyName);
    expect(await row.textContent()).toContain('Buyer');

    await page.getByTestId('add-admin').click();
    await page.getByTestId('admin-dialog').waitFor();
    await screenshot(page, 'admin-admin-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('admin-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-page').waitFor();
    await page.locator('tr', { hasText: CLIENT.email }).getByTestId('user-invited').waitFor();
    await screenshot(page, 'admin-users-super-user');
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');

    // The invited Buyer Admin follows the link of the mail and chooses a password.
    const mail = await latestMailTo(baseURL, E2E_ADMIN, CLIENT.email);
    const link = /(https?:\/\/\S+\/forgot-password\?\S+)/.exec(mail ?? '')?.[1];
    const code = /code: (\d{6})/.exec(mail ?? '')?.[1];
    expect(link).toBeTruthy();
    expect(code).toMatch(/^\d{6}$/);
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByTestId('forgot-step-code').waitFor();
    expect(await page.getByTestId('forgot-notice').textContent()).toContain('invitation');
    await screenshot(page, 'admin-invitation-code');
    await pasteCode(page, code!);
    await page.getByTestId('verify-code').click();
    await page.getByTestId('forgot-step-password').waitFor();
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByTestId('forgot-reset').click();
    await page.waitForURL('**/login');
    // A first password is set, not changed.
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Your password has been set.',
    );

    // Signed in, the Buyer Admin sees Users but not Clients, even by typing its address.
    await signIn(page, CLIENT.email, PASSWORD);
    expect(await page.getByTestId('home-organisation').textContent()).toBe(CLIENT.companyName);
    await page.getByTestId('nav-users').waitFor();
    expect(await page.getByTestId('nav-client').count()).toBe(0);
    await page.goto('/home/client');
    await page.waitForURL(/\/home$/);
    await screenshot(page, 'admin-buyer-admin-home');

    // They add a user: the client id is their own, forced.
    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-page').waitFor();
    await page.locator('tr', { hasText: CLIENT.email }).waitFor();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(1);
    await page.getByTestId('add-user').click();
    const userDialog = page.getByTestId('user-dialog');
    await userDialog.waitFor();
    expect(await page.getByTestId('user-clientId').inputValue()).toBe(CLIENT.clientId);
    await userDialog.getByLabel('Name', { exact: true }).fill(NEW_USER.name);
    await userDialog.getByLabel('Email', { exact: true }).fill(NEW_USER.email);
    await screenshot(page, 'admin-user-dialog');
    await page.getByTestId('user-save').click();
    await alertSays(page, `An invitation to set a password has been sent to ${NEW_USER.email}`);
    const added = page.locator('tr', { hasText: NEW_USER.email });
    await added.waitFor();
    expect(await added.textContent()).toContain('Buyer User');
    expect(await added.textContent()).toContain(CLIENT.clientId);
    await screenshot(page, 'admin-users-buyer-admin');
    expect(await latestMailTo(baseURL, E2E_ADMIN, NEW_USER.email)).toMatch(/code: \d{6}/);

    // And delete them again, after confirming.
    await page.getByTestId(`user-delete-${NEW_USER.email}`).click();
    await confirmDelete(page);
    await alertSays(page, 'Deleted Successfully');
    await added.waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr.ant-table-row').count()).toBe(1);
  });

  it('shows the Super User the audit log of those changes', async () => {
    const { page } = browser;
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');
    await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto('/home/client');
    await page.getByTestId('open-audit').click();
    await page.getByTestId('audit-page').waitFor();
    await page.getByText(NEW_USER.email).first().waitFor();
    expect(await page.getByText('Deleted', { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, 'admin-audit');
  });
});
