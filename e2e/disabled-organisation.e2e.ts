/**
 * A user whose organisation the Super User disables while they are signed in (issue #19): their
 * next request lands on the sign-in page, which says why, and they cannot sign back in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiPost, apiToken } from './api.ts';
import { openBrowser, screenshot, type Browser } from './browser.ts';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_LAPSING } from './fixtures.ts';

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
