import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@spotzcity/shared/validation';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PASSWORD, createOrg, createUser, signIn } from '../../../test/factories.ts';
import { mailOutbox, passwordResets } from '../../db/schema/index.ts';
import { AUTH_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'N3w-Passw0rd!'.replace('-', '#');

async function newUser(orgValues = {}) {
  const org = await createOrg(t.database.db, orgValues);
  return createUser(t.database.db, { clientRef: org.id, role: 'ROLE_BUYER_USER' });
}

async function latestCode(email: string) {
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const body = rows.at(-1)?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1];
}

const post = (url: string) => t.app.inject({ method: 'POST', url });
const put = (url: string) => t.app.inject({ method: 'PUT', url });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('POST /api/auth/signin', () => {
  it('answers an access token at the top level for the right password', async () => {
    const user = await newUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { usernameOrEmail: user.email.toUpperCase(), password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.tokenType).toBe('Bearer');
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const profile = await t.app.inject({
      url: '/api/users/profile',
      headers: t.auth(body.accessToken),
    });
    expect(profile.statusCode).toBe(200);
  });

  it('gives the same 400 message for a wrong password and an unknown e-mail', async () => {
    const user = await newUser();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { usernameOrEmail: user.email, password: 'Wrong#Pass1' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { usernameOrEmail: 'nobody@example.com', password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
    expect(unknown.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
  });

  it('rejects a malformed e-mail and a missing password with the spec messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { usernameOrEmail: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'usernameOrEmail', message: MESSAGES.invalidEmail },
      { field: 'password', message: MESSAGES.required },
    ]);
  });

  it('refuses users of a disabled organisation or one whose contract has ended', async () => {
    const disabled = await newUser({ status: 'DISABLE' });
    const ended = await newUser({ contractStartAt: '2020-01-01', contractEndAt: '2021-01-01' });
    for (const user of [disabled, ended]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { usernameOrEmail: user.email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/organisation/i);
    }
  });
});

describe('password recovery', () => {
  it('runs the whole flow: code by mail, verify, new password, old tokens refused', async () => {
    const user = await newUser();
    const oldToken = await signIn(t.app, user.email);

    const forgot = await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    expect(forgot.statusCode).toBe(200);
    expect(forgot.json()).toEqual({ message: AUTH_MESSAGES.codeSent, data: { success: true } });
    const code = await latestCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    // The code is stored hashed, never as sent.
    const [reset] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(reset?.codeHash).not.toContain(code);

    const verify = await post(`/api/auth/verify/code?${q({ code: code!, email: user.email })}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toEqual({ success: true });

    const change = await put(
      `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email })}`,
    );
    expect(change.statusCode).toBe(200);

    const stale = await t.app.inject({ url: '/api/users/profile', headers: t.auth(oldToken) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Unauthorized' });

    await expect(signIn(t.app, user.email)).rejects.toThrow(/400/);
    const fresh = await signIn(t.app, user.email, NEW_PASSWORD);
    expect(fresh).toBeTruthy();

    // Single use: the same verified code cannot set a password again.
    const again = await put(
      `/api/auth/change/password?${q({ password: 'An0ther#Pass', email: user.email })}`,
    );
    expect(again.statusCode).toBe(400);
  });

  it('accepts the body form as well as the query string', async () => {
    const user = await newUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot/pwd',
      payload: { email: user.email },
    });
    const code = await latestCode(user.email);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify/code',
      payload: { email: user.email, code },
    });
    expect(verify.statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const res = await post(`/api/auth/forgot/pwd?${q({ email: 'ghost@example.com' })}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.codeSent, data: { success: true } });
    expect(await latestCode('ghost@example.com')).toBeUndefined();
  });

  it('refuses a new password before the code is verified', async () => {
    const user = await newUser();
    await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    const res = await put(
      `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email })}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.verifyFirst);
  });

  it('rejects a weak new password with the spec message', async () => {
    const res = await put(`/api/auth/change/password?${q({ password: 'weak', email: 'a@b.co' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'password', message: MESSAGES.passwordRule }]);
  });

  it('asks for the code when it is empty', async () => {
    const res = await post(`/api/auth/verify/code?${q({ code: '', email: 'a@b.co' })}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.otpRequired);
  });

  it('invalidates the code after five wrong tries', async () => {
    const user = await newUser();
    await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    const code = (await latestCode(user.email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await post(`/api/auth/verify/code?${q({ code: wrong, email: user.email })}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.badCode);
    }
    const right = await post(`/api/auth/verify/code?${q({ code, email: user.email })}`);
    expect(right.statusCode).toBe(400);
  });

  it('refuses an expired code', async () => {
    const user = await newUser();
    await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    const code = (await latestCode(user.email))!;
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await post(`/api/auth/verify/code?${q({ code, email: user.email })}`);
    expect(res.statusCode).toBe(400);
  });

  it('a new request replaces the earlier code', async () => {
    const user = await newUser();
    await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    const first = (await latestCode(user.email))!;
    await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    const second = (await latestCode(user.email))!;
    if (first !== second) {
      const res = await post(`/api/auth/verify/code?${q({ code: first, email: user.email })}`);
      expect(res.statusCode).toBe(400);
    }
    const ok = await post(`/api/auth/verify/code?${q({ code: second, email: user.email })}`);
    expect(ok.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per account, even from different addresses', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const org = await createOrg(limited.database.db);
      const user = await createUser(limited.database.db, { clientRef: org.id });
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: `10.0.0.${i + 1}`,
          payload: { usernameOrEmail: user.email, password: 'Wrong#Pass1' },
        });
        expect(res.statusCode).toBe(400);
      }
      const blocked = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '10.0.0.9',
        payload: { usernameOrEmail: user.email, password: PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('limits the sign-in and recovery endpoints per IP address', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '4' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: `/api/auth/forgot/pwd?email=someone${i}@example.com`,
          remoteAddress: '192.0.2.7',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/forgot/pwd?email=x@example.com',
        remoteAddress: '192.0.2.8',
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
