/**
 * A user signed out while they work: their session revoked elsewhere, or their organisation
 * disabled by the Super User. Their next request lands on the sign-in page, which says why; after
 * a session ended they sign in again and are back on the page they were on, and a disabled
 * organisation's user cannot sign back in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiPost, apiToken } from './api.ts';
import { openBrowser, screenshot, type Browser } from './browser.ts';
import { BUYER_ADMIN, DEMO_PASSWORD, E2E_ADMIN, E2E_LAPSING } from './fixtures.ts';

const DISABLED = 'Your organisation’s access has been disabled.';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
});
afterAll(() => browser?.close());

/** What the Super User does on the Clients page, through the same API. */
async function disableOrganisation(baseURL: string, clientId: string) {
  const token = await apiToken(baseURL, E2E_ADMIN.email, E2E_ADMIN.password);
  const { data } = await apiPost<{ data: Record<string, unknown>[] }>(
    baseURL,
    token,
    '/api/super_admin/clients',
    { pageSize: 100 },
  );
  const client = data.find((c) => c.clientId === clientId)!;
  const { id, name, email, companyName, type, contractStartAt, contractEndAt } = client;
  await apiCall(baseURL, 'PUT', '/api/super_admin/client', token, {
    id,
    clientId,
    name,
    email,
    companyName,
    type,
    contractStartAt,
    contractEndAt,
    status: 'DISABLE',
  });
}

describe('a session that ends while the user works', () => {
  it('says the session ended, and returns to the page after signing in again', async () => {
    const { page, baseURL } = browser;
    await page.goto('/login');
    await page.getByLabel('Email').fill(BUYER_ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-page').waitFor();
    await page.goto('/home/contracts?tab=open');
    await page.getByTestId('contract-list-page').waitFor();

    // The session is ended elsewhere (as on expiry, the server no longer takes the token).
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const out = await apiCall<{ message: string }>(baseURL, 'POST', '/api/auth/logout', token, {});
    expect(out.message).toBeTruthy();

    await page.reload();
    await page.waitForURL('**/login');
    const notice = page.getByTestId('login-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Your session has ended');
    await screenshot(page, 'session-ended-notice', { fullPage: false });

    await page.getByLabel('Email').fill(BUYER_ADMIN);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/home/contracts?tab=open');
    await page.getByTestId('contract-list-page').waitFor();
    await page.evaluate(() => localStorage.clear());
  });
});

describe('an organisation disabled while its user is signed in', () => {
  it('sends the user to the sign-in page on their next request, saying why', async () => {
    const { page, baseURL } = browser;
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_LAPSING.user.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('home-page').waitFor();

    await disableOrganisation(baseURL, E2E_LAPSING.clientId);

    // The next thing they open asks the server, which refuses and says why.
    await page.getByTestId('nav-users').click();
    await page.waitForURL('**/login');
    const notice = page.getByTestId('login-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(DISABLED);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);
    await screenshot(page, 'disabled-organisation-notice', { fullPage: false });

    // Signing in again is refused with the same reason.
    await page.getByLabel('Email').fill(E2E_LAPSING.user.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain(DISABLED);
  });
});
