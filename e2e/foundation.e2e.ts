/**
 * The foundation journeys in Chromium: sign in → home → edit profile → reset password → log out
 * → sign in again; and forgot password → code from the outbox → new password → sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, latestMailTo, signIn, type Browser } from './browser.ts';
import { alertSays } from './records.ts';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_USERS } from './fixtures.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** What the profile endpoint answers to a bearer token. */
async function profileStatus(baseURL: string, token: string | null) {
  const res = await fetch(`${baseURL}/api/users/profile`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return res.status;
}

describe('signing in and the profile', () => {
  it('shows the server error in red for a wrong password', async () => {
    const { page } = browser;
    await page.goto('/');
    await page.waitForURL('**/login');
    await screenshot(page, 'foundation-login');
    await page.getByLabel('Email').fill(E2E_USERS.profile.email);
    await page.getByLabel('Password').fill('Wrong#Pass1');
    await page.getByTestId('login-submit').click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('Invalid email or password.');
  });

  it('signs in, edits the profile, resets the password, logs out and signs in again', async () => {
    const { page } = browser;
    const user = E2E_USERS.profile;
    await signIn(page, user.email, DEMO_PASSWORD);
    expect(page.url()).toMatch(/\/home$/);
    expect(await page.getByTestId('home-greeting').textContent()).toContain(user.name);
    expect(await page.getByTestId('profile-email').textContent()).toBe(user.email);
    await screenshot(page, 'foundation-home');

    await page.getByTestId('edit-profile-button').click();
    await page.getByTestId('edit-profile-page').waitFor();
    await page.getByLabel('Name').fill('Priya Raman-Iyer');
    await page.getByLabel('Phone').fill('(415) 555-0123');
    await screenshot(page, 'foundation-edit-profile');
    await page.getByTestId('profile-save').click();
    await alertSays(page, 'User Detail Updated Successfully.');
    expect(await page.getByTestId('profile-name').textContent()).toBe('Priya Raman-Iyer');
    expect(await page.getByLabel('Phone').inputValue()).toBe('4155550123');

    await page.getByTestId('reset-password-link').click();
    await page.getByLabel('Old Password').fill(DEMO_PASSWORD);
    await page.getByLabel('New Password').fill('short');
    await page.getByLabel('Confirm Password').fill('short');
    await page.getByTestId('password-update').click();
    await page
      .getByText(
        'Password should contain 8 characters with at least a symbol, upper and lower case letters and a number.',
      )
      .first()
      .waitFor();
    await page.getByLabel('New Password').fill('Profile#2026');
    await page.getByLabel('Confirm Password').fill('Profile#2026');
    await screenshot(page, 'foundation-reset-password');
    await page.getByTestId('password-update').click();
    await alertSays(page, 'Password Updated Successfully.');

    // The session that changed the password goes on.
    await page.reload();
    await page.getByTestId('home-page').or(page.getByTestId('edit-profile-page')).first().waitFor();

    // Log Out ends the session on the server: a copy of the token is worthless afterwards.
    const copied = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    expect(await profileStatus(browser.baseURL, copied)).toBe(200);
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await expect.poll(() => profileStatus(browser.baseURL, copied)).toBe(401);

    await signIn(page, user.email, 'Profile#2026');
    expect(await page.getByTestId('profile-name').textContent()).toBe('Priya Raman-Iyer');

    // Sign out of all devices: this session and every other one (here, a copy of its token).
    const otherDevice = await page.evaluate(() => window.localStorage.getItem('accessToken'));
    await page.getByTestId('edit-profile-button').click();
    await page.getByTestId('sign-out-everywhere').click();
    await screenshot(page, 'foundation-sign-out-everywhere');
    await page.locator('#sign-out-everywhere-confirm').click();
    await page.waitForURL('**/login');
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Signed out of all devices.',
    );
    expect(await profileStatus(browser.baseURL, otherDevice)).toBe(401);
  });
});

describe('forgot password', () => {
  it('recovers the account with the code from the e-mail and signs in with the new password', async () => {
    const { page, baseURL } = browser;
    const user = E2E_USERS.recovery;
    await page.goto('/login');
    // 'Required' under the e-mail field (shown when it loses focus, as a click elsewhere does)
    // must not move the link: a link that moved between press and release lost the click.
    const link = page.getByTestId('forgot-password-link');
    const before = await link.boundingBox();
    await page.getByTestId('login-email').focus();
    await page.getByTestId('login-email').blur();
    await page.getByText('Required', { exact: true }).waitFor();
    expect((await link.boundingBox())?.y).toBe(before?.y);
    await link.click();
    await page.getByTestId('forgot-step-email').waitFor();
    await page.getByLabel('Email').fill(user.email);
    await page.getByTestId('forgot-send').click();
    await page.getByTestId('forgot-step-code').waitFor();

    // Verify with nothing typed gives the spec's message.
    await page.getByTestId('verify-code').click();
    await page.getByText('Please enter otp sent to your email.').first().waitFor();

    // Resend Code says that it did something, and replaces the code.
    const first = await latestMailTo(baseURL, E2E_ADMIN, user.email);
    expect(first).toMatch(/\b\d{6}\b/);
    await page.getByTestId('resend-code').click();
    await page.getByText('A new code has been sent.').first().waitFor();
    const mail = await latestMailTo(baseURL, E2E_ADMIN, user.email, first);
    const code = /\b(\d{6})\b/.exec(mail ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail).not.toBe(first);

    // Paste fills all six boxes.
    await page.getByLabel('Digit 1').focus();
    await page.evaluate((text) => {
      const target = document.activeElement as HTMLElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      target.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code!);
    for (let i = 0; i < 6; i += 1) {
      expect(await page.getByLabel(`Digit ${i + 1}`).inputValue()).toBe(code![i]);
    }
    await screenshot(page, 'foundation-forgot-code');
    await page.getByTestId('verify-code').click();

    await page.getByTestId('forgot-step-password').waitFor();
    await page.getByLabel('New Password').fill('Recover#2026');
    await page.getByLabel('Confirm Password').fill('Recover#2027');
    await page.getByTestId('forgot-reset').click();
    await page.getByText('New Password and Confirm Password do not match.').first().waitFor();
    await page.getByLabel('Confirm Password').fill('Recover#2026');
    await page.getByTestId('forgot-reset').click();

    await page.waitForURL('**/login');
    expect(await page.getByTestId('login-notice').textContent()).toContain(
      'Password changed successfully.',
    );
    await signIn(page, user.email, 'Recover#2026');
    expect(await page.getByTestId('home-greeting').textContent()).toContain(user.name);
  });
});

describe('small screens', () => {
  it('asks to rotate the device in landscape under 767 px', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 700, height: 400 });
    await page.goto('/login');
    await page.getByText('Please rotate your device').waitFor();
    expect(await page.getByText('We support portrait mode only').isVisible()).toBe(true);
    await screenshot(page, 'foundation-rotate');
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
