/**
 * The sign-in and recovery limits under bursts: many requests sent at once must not get more
 * checks than the limits allow, because each attempt is counted before it is checked.
 */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PASSWORD, createOrg, createUser } from '../../../test/factories.ts';
import { mailOutbox, passwordResets } from '../../db/schema/index.ts';
import { AUTH_MESSAGES, MAX_CODE_ATTEMPTS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The defaults (config.ts): the limits these tests count up to.
const PER_ACCOUNT_AND_ADDRESS = 10;
const PER_ACCOUNT_TOTAL = 50;
const CODES_PER_ACCOUNT_AND_ADDRESS = 5;
const CODES_PER_ACCOUNT_TOTAL = 10;

const WRONG = 'Wrong#Pass1';

async function newUser() {
  const org = await createOrg(t.database.db);
  return createUser(t.database.db, { clientRef: org.id });
}

/** A request from `ip`, with the browser's cookie when given. */
function from(ip: string, cookie?: string) {
  const headers = cookie ? { cookie } : {};
  return {
    signin: (usernameOrEmail: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: ip,
        headers,
        payload: { usernameOrEmail, password },
      }),
    forgot: (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot/pwd',
        remoteAddress: ip,
        headers,
        payload: { email },
      }),
    verify: (email: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify/code',
        remoteAddress: ip,
        headers,
        payload: { email, code },
      }),
    setPassword: (email: string, resetToken: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/change/password',
        remoteAddress: ip,
        headers,
        payload: { email, password: 'N3w#Passw0rd', resetToken },
      }),
  };
}

const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

const statusCount = (replies: LightMyRequestResponse[], status: number) =>
  replies.filter((r) => r.statusCode === status).length;

/** Signs the owner in once from their browser and answers the device cookie it was given. */
async function ownersBrowser(email: string, ip: string) {
  const res = await from(ip).signin(email, PASSWORD);
  expect(res.statusCode).toBe(200);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

async function codesMailedTo(email: string) {
  await t.app.background.idle();
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  return rows.map((row) => /\b(\d{6})\b/.exec(row.body)![1]!);
}

async function codeChecks(userId: number) {
  const [reset] = await t.database.db
    .select({ failedAttempts: passwordResets.failedAttempts })
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId));
  return reset?.failedAttempts;
}

describe('sign-in bursts', () => {
  it('checks ten passwords of a burst from one address and refuses the rest unchecked', async () => {
    const user = await newUser();
    const attacker = from('10.41.1.1');
    const [right, ...wrong] = await Promise.all([
      attacker.signin(user.email, PASSWORD),
      ...Array.from({ length: 60 }, () => attacker.signin(user.email, WRONG)),
    ]);
    // Every answer is a checked wrong password (400) or a refusal before any check (429).
    expect(statusCount(wrong, 400) + statusCount(wrong, 429)).toBe(60);
    expect([200, 429]).toContain(right!.statusCode);
    // Ten failures at most: ten wrong passwords, or nine and then the right one (a right
    // password is no failure: it gives its attempt back, so a tenth wrong one may follow).
    expect(right!.statusCode === 200 ? [9, 10] : [10]).toContain(statusCount(wrong, 400));
    // The limit is spent: the right password from there is refused now.
    expect((await attacker.signin(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('checks exactly as many wrong passwords as the per-address limit allows', async () => {
    const user = await newUser();
    const attacker = from('10.41.2.1');
    const replies = await times(60, () => attacker.signin(user.email, WRONG));
    expect(statusCount(replies, 400)).toBe(PER_ACCOUNT_AND_ADDRESS);
    expect(statusCount(replies, 429)).toBe(60 - PER_ACCOUNT_AND_ADDRESS);
    // The owner, elsewhere, is not locked out.
    expect((await from('192.0.2.41').signin(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('checks no more wrong passwords from rotating addresses than the account-wide limit', async () => {
    const user = await newUser();
    const cookie = await ownersBrowser(user.email, '192.0.2.42');
    const replies = await times(60, (i) => from(`10.41.3.${i + 1}`).signin(user.email, WRONG));
    expect(statusCount(replies, 400)).toBe(PER_ACCOUNT_TOTAL);
    expect(statusCount(replies, 429)).toBe(60 - PER_ACCOUNT_TOTAL);
    const newBrowser = await from('192.0.2.43').signin(user.email, PASSWORD);
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json().message).toBe(AUTH_MESSAGES.accountUnderAttack);
    expect((await from('192.0.2.43', cookie).signin(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('does not count signing in with the right password as a failure', async () => {
    const user = await newUser();
    const owner = from('192.0.2.44');
    const signIns = await times(PER_ACCOUNT_AND_ADDRESS, () => owner.signin(user.email, PASSWORD));
    expect(signIns.map((r) => r.statusCode)).toEqual(Array(PER_ACCOUNT_AND_ADDRESS).fill(200));
    for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS - 1; i += 1) {
      expect((await owner.signin(user.email, WRONG)).statusCode).toBe(400);
    }
    expect((await owner.signin(user.email, PASSWORD)).statusCode).toBe(200);
  });

  it('sets the device cookie for the recovery endpoints too, and renews it', async () => {
    const user = await newUser();
    const first = await from('192.0.2.45').signin(user.email, PASSWORD);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/; Path=\/api\/auth;/);
    const cookie = setCookie.split(';')[0]!;
    const again = await from('192.0.2.46', cookie).signin(user.email, PASSWORD);
    expect(String(again.headers['set-cookie']).split(';')[0]).toBe(cookie);
  });
});

describe('code check bursts', () => {
  it('checks a code five times in a burst, and the burst ten times per account', async () => {
    const user = await newUser();
    const attacker = from('10.41.4.1');
    expect((await attacker.forgot(user.email)).statusCode).toBe(200);
    const [code] = await codesMailedTo(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = await Promise.all([
      ...Array.from({ length: 60 }, () => attacker.verify(user.email, wrong)),
      attacker.verify(user.email, code!),
    ]);
    // Ten checks of the account from browsers it never signed in from; five of the code.
    expect(statusCount(replies, 429)).toBe(61 - PER_ACCOUNT_AND_ADDRESS);
    expect(await codeChecks(user.id)).toBe(MAX_CODE_ATTEMPTS);
    // Other addresses are refused too: the limit is the account's.
    expect((await from('10.41.4.2').verify(user.email, code!)).statusCode).toBe(429);
  });

  it('checks a code no more than five times from rotating addresses', async () => {
    const user = await newUser();
    expect((await from('10.41.5.1').forgot(user.email)).statusCode).toBe(200);
    const [code] = await codesMailedTo(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const replies = await times(PER_ACCOUNT_AND_ADDRESS, (i) =>
      from(`10.41.5.${i + 1}`).verify(user.email, wrong),
    );
    expect(statusCount(replies, 400)).toBe(PER_ACCOUNT_AND_ADDRESS);
    expect(await codeChecks(user.id)).toBe(MAX_CODE_ATTEMPTS);
  });

  it('checks ten reset secrets of a burst from one address, and lets the owner on elsewhere', async () => {
    const user = await newUser();
    const owner = from('192.0.2.47');
    await owner.forgot(user.email);
    const [code] = await codesMailedTo(user.email);
    const verified = await owner.verify(user.email, code!);
    expect(verified.statusCode).toBe(200);
    const attacker = from('10.41.6.1');
    const replies = await times(30, (i) => attacker.setPassword(user.email, `guess-${i}`));
    expect(statusCount(replies, 400)).toBe(PER_ACCOUNT_AND_ADDRESS);
    expect(statusCount(replies, 429)).toBe(30 - PER_ACCOUNT_AND_ADDRESS);
    const set = await owner.setPassword(user.email, verified.json().data.resetToken);
    expect(set.statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('mails five codes to a burst from one address and refuses the rest', async () => {
    const user = await newUser();
    const attacker = from('10.41.7.1');
    const replies = await times(20, () => attacker.forgot(user.email));
    expect(statusCount(replies, 200)).toBe(CODES_PER_ACCOUNT_AND_ADDRESS);
    expect(statusCount(replies, 429)).toBe(20 - CODES_PER_ACCOUNT_AND_ADDRESS);
    expect(await codesMailedTo(user.email)).toHaveLength(CODES_PER_ACCOUNT_AND_ADDRESS);
  });

  it('answers an unknown address like a known one under a burst', async () => {
    const replies = await times(20, () => from('10.41.8.1').forgot('ghost-41@example.com'));
    expect(statusCount(replies, 200)).toBe(CODES_PER_ACCOUNT_AND_ADDRESS);
    expect(statusCount(replies, 429)).toBe(20 - CODES_PER_ACCOUNT_AND_ADDRESS);
    for (const reply of replies.filter((r) => r.statusCode === 200)) {
      expect(reply.json()).toEqual({ message: AUTH_MESSAGES.codeSent, data: { success: true } });
    }
  });

  it("keeps mailing codes to the owner's own browser while attackers spend the account's", async () => {
    const user = await newUser();
    const cookie = await ownersBrowser(user.email, '192.0.2.48');

    // One address gets five codes at most …
    const attacker = from('10.41.9.1');
    const burst = await times(20, () => attacker.forgot(user.email));
    expect(statusCount(burst, 200)).toBe(CODES_PER_ACCOUNT_AND_ADDRESS);
    // … and every address together ten, past which browsers the owner never used get none …
    const rotating = await times(20, (i) => from(`10.41.10.${i + 1}`).forgot(user.email));
    expect(statusCount(rotating, 200)).toBe(
      CODES_PER_ACCOUNT_TOTAL - CODES_PER_ACCOUNT_AND_ADDRESS,
    );
    expect((await from('192.0.2.49').forgot(user.email)).statusCode).toBe(429);
    // … and the attackers spend the code checks of such browsers.
    const guesses = await times(20, (i) => from(`10.41.11.${i + 1}`).verify(user.email, '123456'));
    expect(statusCount(guesses, 429)).toBe(20 - PER_ACCOUNT_AND_ADDRESS);
    expect(await codesMailedTo(user.email)).toHaveLength(CODES_PER_ACCOUNT_TOTAL);

    // The owner's browser, from an address the attacker used, still gets a code and checks it.
    const owner = from('10.41.9.1', cookie);
    expect((await owner.forgot(user.email)).statusCode).toBe(200);
    const codes = await codesMailedTo(user.email);
    expect(codes).toHaveLength(CODES_PER_ACCOUNT_TOTAL + 1);
    const verified = await owner.verify(user.email, codes.at(-1)!);
    expect(verified.statusCode).toBe(200);
    expect((await owner.setPassword(user.email, verified.json().data.resetToken)).statusCode).toBe(
      200,
    );
    // The attacker's address is still capped.
    expect((await attacker.forgot(user.email)).statusCode).toBe(429);
  });

  it("limits the codes mailed to the owner's own browser too", async () => {
    const user = await newUser();
    const owner = from('192.0.2.50', await ownersBrowser(user.email, '192.0.2.50'));
    const replies = await times(20, () => owner.forgot(user.email));
    expect(statusCount(replies, 200)).toBe(CODES_PER_ACCOUNT_AND_ADDRESS);
    expect(await codesMailedTo(user.email)).toHaveLength(CODES_PER_ACCOUNT_AND_ADDRESS);
  });
});
