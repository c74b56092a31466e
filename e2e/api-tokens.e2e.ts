/**
 * API tokens in Chromium on the demo buyer: Goals & Settings → API Tokens; the Buyer Admin makes
 * a token with two scopes, sees its secret once (a system then uses it), closes the dialog and the
 * secret is gone from the page; the list shows its first characters and last use; revoking it
 * refuses the system's next request. Screenshots at 1440 and 390 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { open, openBrowser, pick, screenshot, signIn, type Browser } from './browser.ts';
import { alertSays } from './records.ts';

let browser: Browser;
// Waiting for the worker's server includes its demo seed: minutes on a busy machine.
beforeAll(async () => {
  browser = await openBrowser({ width: 1440, height: 900 });
}, 600_000);
afterAll(() => browser?.close());

describe('API tokens', () => {
  it('creates a token, shows its secret once and revokes it', { timeout: 240_000 }, async () => {
    const { page } = browser;
    await signIn(page);
    await open(page, '/home/supplierSpend/goals');
    await page.getByTestId('open-api-tokens').click();
    await page.getByTestId('api-tokens-page').waitFor();

    const name = `ERP nightly ${Date.now()}`;
    await page.getByTestId('api-token-name').fill(name);
    await page.getByTestId('api-token-scopes').getByText('read', { exact: true }).click();
    await pick(page.getByTestId('api-token-expiry'), '90 days');
    await screenshot(page, 'api-tokens-form');
    await page.getByTestId('api-token-submit').click();

    // The secret, once.
    const secret = page.getByTestId('api-token-secret');
    await secret.waitFor();
    const token = ((await secret.textContent()) ?? '').trim();
    expect(token).toMatch(/^spz_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'api-tokens-secret');

    // A system uses it: it reads the organisation's files, and may not manage tokens.
    const asSystem = (url: string) =>
      page.request.post(url, { headers: { authorization: `Bearer ${token}` }, data: {} });
    expect((await asSystem('/api/file/list')).status()).toBe(200);
    expect((await asSystem('/api/organisation/tokens')).status()).toBe(403);

    await page.getByTestId('api-token-secret-done').click();
    await secret.waitFor({ state: 'detached' });
    expect(await page.locator('body').innerText()).not.toContain(token);

    // Listed by its first characters, with the use just made; never the secret again.
    await open(page, '/home/supplierSpend/apiTokens');
    const item = page.locator('.ant-list-item', { hasText: name });
    await item.waitFor();
    expect(await item.textContent()).toContain(token.slice(0, 8));
    expect(await item.textContent()).toContain('Last used');
    expect(await item.getByTestId('api-token-status').textContent()).toBe('Active');
    expect(await page.content()).not.toContain(token);
    await screenshot(page, 'api-tokens-list');

    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/home/supplierSpend/apiTokens');
    await item.waitFor();
    const wider = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(wider).toBeLessThanOrEqual(0);
    await screenshot(page, 'api-tokens-list-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Revoked: the system's next request is refused.
    await item.getByTestId('api-token-revoke').click();
    await page.getByTestId('api-token-revoke-confirm').click();
    await alertSays(page, 'Token revoked');
    await expect.poll(() => item.getByTestId('api-token-status').textContent()).toBe('Revoked');
    expect((await asSystem('/api/file/list')).status()).toBe(401);
    await screenshot(page, 'api-tokens-revoked');
  });
});
