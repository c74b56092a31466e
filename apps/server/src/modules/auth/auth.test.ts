import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@spotzcity/shared/validation';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PASSWORD, createOrg, createUser, signIn } from '../../../test/factories.ts';
import {
  clients,
  mailOutbox,
  passwordResets,
  rolePermissions,
  users,
} from '../../db/schema/index.ts';
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
  // Codes are mailed after the reply (so that known and unknown addresses answer alike).
  await t.app.background.idle();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const body = rows.at(-1)?.body ?? '';
  return /\b(\d{6})\b/.exec(body)?.[1];
}

const post = (url: string) => t.app.inject({ method: 'POST', url });
const put = (url: string) => t.app.inject({ method: 'PUT', url });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** Asks for a code, verifies it and answers the secret that lets the password be set. */
async function verifiedReset(email: string) {
  await post(`/api/auth/forgot/pwd?${q({ email })}`);
  const code = (await latestCode(email))!;
  const verify = await post(`/api/auth/verify/code?${q({ code, email })}`);
  expect(verify.statusCode).toBe(200);
  return verify.json().data.resetToken as string;
}

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

describe('logout', () => {
  it('revokes the token on the server: a copy of it answers 401, other sessions go on', async () => {
    const user = await newUser();
    const token = await signIn(t.app, user.email);
    const otherSession = await signIn(t.app, user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: t.auth(token),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(AUTH_MESSAGES.signedOut);
    const copied = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
    expect(copied.statusCode).toBe(401);
    const other = await t.app.inject({ url: '/api/users/profile', headers: t.auth(otherSession) });
    expect(other.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: t.auth(token),
    });
    expect(again.statusCode).toBe(401);
  });

  it('signs out of all devices at once', async () => {
    const user = await newUser();
    const sessions = [await signIn(t.app, user.email), await signIn(t.app, user.email)];
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/all',
      headers: t.auth(sessions[0]!),
    });
    expect(out.statusCode).toBe(200);
    for (const token of sessions) {
      const res = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
      expect(res.statusCode).toBe(401);
    }
    expect(await signIn(t.app, user.email)).toBeTruthy();
  });

  it('says why a user of an organisation disabled while signed in was signed out', async () => {
    const org = await createOrg(t.database.db);
    const user = await createUser(t.database.db, { clientRef: org.id });
    const token = await signIn(t.app, user.email);
    await t.database.db.update(clients).set({ status: 'DISABLE' }).where(eq(clients.id, org.id));
    const res = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your organisation’s access has been disabled.');
  });
});

describe('every signed-in request sees the account as it is now', () => {
  it("applies a change to a role's permissions on the next request, and its undoing", async () => {
    const user = await newUser();
    const token = await signIn(t.app, user.email);
    const profile = () => t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
    const rfx = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/rfx/list',
        headers: t.auth(token),
        payload: { pageNumber: 0 },
      });
    const before = (await profile()).json().data.permissions as string[];
    expect(before).toContain('RFX_VIEW');
    expect((await rfx()).statusCode).toBe(200);
    const section = ['RFX_VIEW', 'ADD_EDIT_RFX', 'DELETE_RFX', 'CREATE_RFX_REPORT'];
    const removed = await t.database.db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleCode, 'ROLE_BUYER_USER'),
          inArray(rolePermissions.permissionCode, section),
        ),
      )
      .returning();
    try {
      expect((await rfx()).statusCode).toBe(403);
      const after = (await profile()).json().data.permissions as string[];
      expect(after).toEqual(before.filter((p) => !section.includes(p)));
    } finally {
      await t.database.db.insert(rolePermissions).values(removed);
    }
    expect((await rfx()).statusCode).toBe(200);
  });

  it("refuses a token whose version is older than the user's, at once", async () => {
    const user = await newUser();
    const token = await signIn(t.app, user.email);
    await t.database.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
    expect(res.statusCode).toBe(401);
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
    const { success, resetToken } = verify.json().data;
    expect(success).toBe(true);
    // At least 128 random bits, stored only as a hash.
    expect(Buffer.from(resetToken, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [verified] = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id));
    expect(verified?.secretHash).toBeTruthy();
    expect(verified?.secretHash).not.toContain(resetToken);

    const change = await put(
      `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email, resetToken })}`,
    );
    expect(change.statusCode).toBe(200);
    expect(change.json().message).toBe(AUTH_MESSAGES.passwordChanged);

    const stale = await t.app.inject({ url: '/api/users/profile', headers: t.auth(oldToken) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ message: 'Unauthorized' });

    await expect(signIn(t.app, user.email)).rejects.toThrow(/400/);
    const fresh = await signIn(t.app, user.email, NEW_PASSWORD);
    expect(fresh).toBeTruthy();

    // Single use: the same secret cannot set a password again, nor the code be verified again.
    const again = await put(
      `/api/auth/change/password?${q({ password: 'An0ther#Pass', email: user.email, resetToken })}`,
    );
    expect(again.statusCode).toBe(400);
    const reverify = await post(`/api/auth/verify/code?${q({ code: code!, email: user.email })}`);
    expect(reverify.statusCode).toBe(400);
  });

  it('never lets an e-mail address alone set the password after the owner verified a code', async () => {
    const owner = await newUser();
    const other = await newUser();
    const ownersSecret = await verifiedReset(owner.email);
    const othersSecret = await verifiedReset(other.email);

    // The takeover of the review: in the 10 minutes after the owner's verification.
    const attempts: Record<string, string>[] = [
      { password: 'Att4cker#1', email: owner.email },
      { password: 'Att4cker#1', email: owner.email, resetToken: '' },
      { password: 'Att4cker#1', email: owner.email, resetToken: othersSecret },
      { password: 'Att4cker#1', email: owner.email, resetToken: `${ownersSecret.slice(0, -2)}AA` },
    ];
    for (const attempt of attempts) {
      const res = await put(`/api/auth/change/password?${q(attempt)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_MESSAGES.verifyFirst);
    }
    await expect(signIn(t.app, owner.email, 'Att4cker#1')).rejects.toThrow(/400/);
    expect(await signIn(t.app, owner.email)).toBeTruthy();

    // The owner's secret still works (the failures did not spend it), once.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/change/password',
      payload: { email: owner.email, password: NEW_PASSWORD, resetToken: ownersSecret },
    });
    expect(res.statusCode).toBe(200);
    expect(await signIn(t.app, owner.email, NEW_PASSWORD)).toBeTruthy();
  });

  it('refuses a secret after the code has expired', async () => {
    const user = await newUser();
    const resetToken = await verifiedReset(user.email);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await put(
      `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email, resetToken })}`,
    );
    expect(res.statusCode).toBe(400);
  });

  it('limits password setting per account and address', async () => {
    const user = await newUser();
    const resetToken = await verifiedReset(user.email);
    for (let i = 0; i < 10; i += 1) {
      const res = await put(
        `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email, resetToken: `guess${i}` })}`,
      );
      expect(res.statusCode).toBe(400);
    }
    const blocked = await put(
      `/api/auth/change/password?${q({ password: NEW_PASSWORD, email: user.email, resetToken })}`,
    );
    expect(blocked.statusCode).toBe(429);
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

  it('mails the code after the reply, so a known address answers like an unknown one', async () => {
    const user = await newUser();
    const res = await post(`/api/auth/forgot/pwd?${q({ email: user.email })}`);
    expect(res.statusCode).toBe(200);
    // Nothing was mailed while the request was answered …
    const during = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.email));
    expect(during).toEqual([]);
    // … and the code follows.
    expect(await latestCode(user.email)).toMatch(/^\d{6}$/);
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
  const signinFrom = (app: TestApp, remoteAddress: string, payload: object, cookie?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress,
      payload,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('limits failed sign-ins per account and address, without locking the owner out', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const org = await createOrg(limited.database.db);
      const user = await createUser(limited.database.db, { clientRef: org.id });
      const wrong = { usernameOrEmail: user.email, password: 'Wrong#Pass1' };
      for (let i = 0; i < 3; i += 1) {
        expect((await signinFrom(limited, '10.0.0.66', wrong)).statusCode).toBe(400);
      }
      // The guessing address is stopped, even with the right password …
      const stopped = await signinFrom(limited, '10.0.0.66', {
        usernameOrEmail: user.email,
        password: PASSWORD,
      });
      expect(stopped.statusCode).toBe(429);
      // … the owner, elsewhere, is not.
      const owner = await signinFrom(limited, '192.0.2.1', {
        usernameOrEmail: user.email,
        password: PASSWORD,
      });
      expect(owner.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('does not let wrong passwords from rotating addresses lock the owner out', async () => {
    const user = await newUser();
    // The review's attack: 10 wrong passwords, each from another address.
    for (let i = 0; i < 10; i += 1) {
      const res = await signinFrom(t, `10.1.0.${i + 1}`, {
        usernameOrEmail: user.email,
        password: 'Wrong#Pass1',
      });
      expect(res.statusCode).toBe(400);
    }
    const owner = await signinFrom(t, '192.0.2.44', {
      usernameOrEmail: user.email,
      password: PASSWORD,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('past the account-wide limit, lets on only a device that signed in before', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_ACCOUNT_TOTAL: '5' });
    try {
      const org = await createOrg(limited.database.db);
      const user = await createUser(limited.database.db, { clientRef: org.id });
      const right = { usernameOrEmail: user.email, password: PASSWORD };
      const first = await signinFrom(limited, '192.0.2.1', right);
      expect(first.statusCode).toBe(200);
      const setCookie = String(first.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      const deviceCookie = setCookie.split(';')[0]!;

      for (let i = 0; i < 5; i += 1) {
        const res = await signinFrom(limited, `10.2.0.${i + 1}`, {
          usernameOrEmail: user.email,
          password: 'Wrong#Pass1',
        });
        expect(res.statusCode).toBe(400);
      }
      // A new device is stopped, even with the right password …
      const newDevice = await signinFrom(limited, '192.0.2.2', right);
      expect(newDevice.statusCode).toBe(429);
      expect(newDevice.json().message).toBe(AUTH_MESSAGES.accountUnderAttack);
      // … a forged device cookie too …
      const forged = await signinFrom(limited, '192.0.2.2', right, `${deviceCookie}x`);
      expect(forged.statusCode).toBe(429);
      // … the owner's own device goes on.
      const known = await signinFrom(limited, '192.0.2.3', right, deviceCookie);
      expect(known.statusCode).toBe(200);
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
