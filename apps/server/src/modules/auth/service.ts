/**
 * Sign-in, logout and password recovery (spec 01 points 3, 4, 7; DESIGN.md §3; docs/auth.md and
 * docs/security.md).
 *
 * - Recovery codes come from a CSPRNG, are stored as an HMAC, expire after 10 minutes, allow 5
 *   wrong tries and are single-use. Verifying one answers a single-use secret (256 random bits,
 *   stored as an HMAC bound to the account and the code's purpose, expiring with the code) that
 *   setting the password requires: an e-mail address proves nothing.
 * - Failed sign-ins are throttled per account and source address, so that nobody can lock the
 *   owner out from elsewhere, and per account from every source, beyond which only a device the
 *   account has signed in from before may go on. Recovery codes are limited the same way, and
 *   code checks per account, except from the owner's known devices, which have counts of their
 *   own: an attacker cannot keep the owner out of recovery.
 * - Every attempt is counted before it is checked, and refused on the count its own statement
 *   answered (Throttle.take, and the code's own count of checks): a burst sent at once gets no
 *   more checks than the limits allow.
 * - Unknown addresses and accounts that cannot sign in cost the same work as real ones.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients, passwordResets, revokedTokens, users } from '../../db/schema/index.ts';
import type { BackgroundTasks } from '../../platform/background.ts';
import { organisationBlock, type Principal, type TokenService } from '../../platform/auth.ts';
import { BadRequest, Forbidden, TooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { CODE_TTL_MS, hashCode, issueCode } from '../../platform/one-time-codes.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Throttle } from '../../platform/throttle.ts';

export const MAX_CODE_ATTEMPTS = 5;

export const AUTH_MESSAGES = {
  signedIn: 'Signed in successfully',
  badCredentials: 'Invalid email or password.',
  codeSent: 'If an account exists for this email, a verification code has been sent to it.',
  codeVerified: 'Code verified successfully.',
  badCode: 'The code is invalid or has expired.',
  verifyFirst: 'Please verify the code sent to your email first.',
  passwordChanged: 'Password changed successfully. Please sign in with your new password.',
  passwordSet: 'Your password has been set. Please sign in with it.',
  signedOut: 'Signed out successfully.',
  signedOutEverywhere: 'Signed out of all devices.',
  accountUnderAttack:
    'Too many failed sign-ins for this account. Please try again later, or sign in from a ' +
    'device you have used before.',
} as const;

/** How many attempts each counter allows in one throttle window (config.ts, README). */
export interface AuthLimits {
  /**
   * Failed sign-ins of one account from one address; also code checks of one account (from
   * browsers it never signed in from, or from one it did) and password sets from one address.
   */
  perAccountAndSource: number;
  /** Failed sign-ins of one account from every address, past which only known devices go on. */
  perAccountTotal: number;
  /** Codes mailed to one account at the request of one address, or of one known device. */
  codesPerAccount: number;
  /** Codes mailed to one account from every address, past which only known devices get one. */
  codesPerAccountTotal: number;
}

export interface AuthDeps {
  db: DbOrTx;
  tokens: TokenService;
  mailer: Mailer;
  throttle: Throttle;
  limits: AuthLimits;
  background: BackgroundTasks;
  codeSecret: string;
  appName: string;
  now?: () => Date;
}

/** Where a request comes from: its address and the device cookies the browser sent. */
export interface SignInSource {
  ip: string;
  cookies: Record<string, string>;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** The account an address signs in with: not deleted, and not a blocked invitation. */
async function findActiveUser(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(
      and(
        eq(users.email, normalise(email)),
        isNull(users.deletedAt),
        eq(users.addressInUse, false),
      ),
    )
    .limit(1);
  return row;
}

// Known devices: a browser that signed in to an account gets an HttpOnly cookie naming it.
const DEVICE_COOKIE_PREFIX = 'sc_device_';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** A device cookie: its name and value, and the nonce that tells one device from another. */
export interface DeviceCookie {
  name: string;
  value: string;
  nonce: string;
}

const deviceMac = (secret: string, userId: number, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest('base64url');

export const deviceCookieName = (userId: number) => `${DEVICE_COOKIE_PREFIX}${userId}`;

/** The device cookie the browser sent for the account, if it is one this server made. */
function knownDevice(
  secret: string,
  userId: number,
  cookies: Record<string, string>,
): DeviceCookie | undefined {
  const name = deviceCookieName(userId);
  const value = cookies[name];
  const [nonce, mac] = value?.split('.') ?? [];
  if (!value || !nonce || !mac) return undefined;
  const expected = Buffer.from(deviceMac(secret, userId, nonce));
  const given = Buffer.from(mac);
  const valid = expected.length === given.length && timingSafeEqual(expected, given);
  return valid ? { name, value, nonce } : undefined;
}

function newDeviceCookie(secret: string, userId: number): DeviceCookie {
  const nonce = randomBytes(16).toString('base64url');
  return {
    name: deviceCookieName(userId),
    value: `${nonce}.${deviceMac(secret, userId, nonce)}`,
    nonce,
  };
}

/** The account an address names and the browser's device cookie for it, if it has one. */
async function accountAndDevice(deps: AuthDeps, email: string, source: SignInSource) {
  const found = await findActiveUser(deps.db, email);
  const device = found ? knownDevice(deps.codeSecret, found.user.id, source.cookies) : undefined;
  return { found, device };
}

/**
 * Signs in. The device cookie answered is the browser's own when it is a known device (sent
 * again to renew it), a new one otherwise.
 */
export async function signIn(
  deps: AuthDeps,
  input: { usernameOrEmail: string; password: string },
  source: SignInSource,
): Promise<{ accessToken: string; deviceCookie: DeviceCookie }> {
  const email = normalise(input.usernameOrEmail);
  const pairKey = `signin:${email}|${source.ip}`;
  const accountKey = `signin:${email}`;
  const { throttle, limits } = deps;
  if ((await throttle.take(pairKey)) > limits.perAccountAndSource) throw new TooManyRequests();

  const { found, device } = await accountAndDevice(deps, email, source);
  if ((await throttle.take(accountKey)) > limits.perAccountTotal && !device) {
    throw new TooManyRequests(AUTH_MESSAGES.accountUnderAttack);
  }

  // An unknown address and an invitation not yet accepted cost the same hash work as a password.
  const hash = found?.user.passwordHash ?? (await dummyPasswordHash());
  const valid = (await verifyPassword(hash, input.password)) && Boolean(found?.user.passwordHash);
  if (!found || !valid) throw new BadRequest(AUTH_MESSAGES.badCredentials);
  // The limits count failures: the right password gives its attempts back.
  await throttle.giveBack(pairKey);
  await throttle.giveBack(accountKey);
  const blocked = organisationBlock(found.client);
  if (blocked) throw new Forbidden(blocked);

  return {
    accessToken: deps.tokens.sign(found.user),
    deviceCookie: device ?? newDeviceCookie(deps.codeSecret, found.user.id),
  };
}

/** Signs out the token the request came with: it answers 401 from now on. */
export async function signOut(db: DbOrTx, principal: Principal) {
  if (!principal.token) return;
  const now = new Date();
  await db
    .insert(revokedTokens)
    .values({
      tokenId: principal.token.id,
      userId: principal.id,
      expiresAt: principal.token.expiresAt,
    })
    .onConflictDoNothing();
  // Revocations are kept only as long as the tokens would have lived.
  await db.delete(revokedTokens).where(sql`${revokedTokens.expiresAt} < ${now.toISOString()}`);
}

/** Signs out every session of the account, on every device (the token version moves on). */
export async function signOutEverywhere(db: DbOrTx, principal: Principal) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, principal.id));
}

/**
 * Counts a request for a code, refusing it past the limits. A known device of the account has a
 * count of its own, so that requests from elsewhere cannot keep the owner from getting codes.
 */
async function countCodeRequest(
  deps: AuthDeps,
  email: string,
  source: SignInSource,
  device: DeviceCookie | undefined,
) {
  const { throttle, limits } = deps;
  if (device) {
    const fromDevice = await throttle.take(`forgot:${email}|device:${device.nonce}`);
    if (fromDevice > limits.codesPerAccount) throw new TooManyRequests();
    return;
  }
  const fromHere = await throttle.take(`forgot:${email}|${source.ip}`);
  if (fromHere > limits.codesPerAccount) throw new TooManyRequests();
  const fromAnywhere = await throttle.take(`forgot:${email}`);
  if (fromAnywhere > limits.codesPerAccountTotal) throw new TooManyRequests();
}

/**
 * Mails a code when the address has an account. The reply does not wait for it: the code and
 * the mail are made after the reply, so that a known and an unknown address answer alike (an
 * unknown one is counted like a known one asked for from a browser it never signed in from).
 */
export async function requestCode(deps: AuthDeps, input: { email: string }, source: SignInSource) {
  const email = normalise(input.email);
  const { found, device } = await accountAndDevice(deps, email, source);
  await countCodeRequest(deps, email, source, device);
  if (!found) return;
  const { user } = found;
  deps.background.run('mail a recovery code', async () => {
    // Someone who never set a password (an invitee whose code expired) is setting a first one.
    const purpose = user.passwordHash === null ? 'INVITATION' : 'RECOVERY';
    const code = await issueCode(deps.db, {
      userId: user.id,
      purpose,
      secret: deps.codeSecret,
      ttlMs: CODE_TTL_MS,
      now: deps.now?.() ?? new Date(),
    });
    await deps.mailer.send(deps.db, {
      to: user.email,
      subject: `${deps.appName} verification code`,
      text:
        `Hello ${user.name},\n\nYour ${deps.appName} verification code is ${code}.\n` +
        `It expires in 10 minutes and can be used once.\n\n` +
        `If you did not ask for it, you can ignore this message.`,
    });
  });
}

const secretMac = (secret: string, userId: number, purpose: string, resetToken: string) =>
  createHmac('sha256', secret).update(`reset:${userId}:${purpose}:${resetToken}`).digest('hex');

async function pendingCode(db: DbOrTx, userId: number) {
  const [reset] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .limit(1);
  return reset;
}

/**
 * Counts one check of the account's pending code and answers what to check it against, or
 * nothing when the code may not be checked: none, verified already, expired, or checked
 * MAX_CODE_ATTEMPTS times (the count includes this check, a right answer too).
 */
async function countCodeCheck(db: DbOrTx, userId: number, now: Date) {
  const [pending] = await db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
    .where(
      and(
        eq(passwordResets.userId, userId),
        isNull(passwordResets.secretHash),
        gt(passwordResets.expiresAt, now),
        lt(passwordResets.failedAttempts, MAX_CODE_ATTEMPTS),
      ),
    )
    .returning({
      codeHash: passwordResets.codeHash,
      purpose: passwordResets.purpose,
      expiresAt: passwordResets.expiresAt,
    });
  return pending;
}

/**
 * Checks a mailed code. The code is spent by a right answer: what it answers instead is the
 * secret that lets the password be set, living at most 10 minutes and never past the code.
 * Checks are counted per account, or per device for the owner's known devices.
 */
export async function verifyCode(
  deps: AuthDeps,
  input: { email: string; code: string },
  source: SignInSource,
): Promise<{ resetToken: string }> {
  const email = normalise(input.email);
  const { found, device } = await accountAndDevice(deps, email, source);
  const key = device ? `verify:${email}|device:${device.nonce}` : `verify:${email}`;
  const tries = await deps.throttle.take(key);
  if (tries > deps.limits.perAccountAndSource) throw new TooManyRequests();

  const now = deps.now?.() ?? new Date();
  const pending = found ? await countCodeCheck(deps.db, found.user.id, now) : undefined;
  if (!found || !pending) throw new BadRequest(AUTH_MESSAGES.badCode);
  const expected = Buffer.from(pending.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.codeSecret, found.user.id, input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new BadRequest(AUTH_MESSAGES.badCode);
  }
  const resetToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Math.min(pending.expiresAt.getTime(), now.getTime() + CODE_TTL_MS));
  // Only the code that was checked, and only once: not a newer code, nor after a right answer
  // sent at the same time.
  const verified = await deps.db
    .update(passwordResets)
    .set({
      verifiedAt: now,
      expiresAt,
      secretHash: secretMac(deps.codeSecret, found.user.id, pending.purpose, resetToken),
    })
    .where(
      and(
        eq(passwordResets.userId, found.user.id),
        eq(passwordResets.codeHash, pending.codeHash),
        isNull(passwordResets.secretHash),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (verified.length === 0) throw new BadRequest(AUTH_MESSAGES.badCode);
  return { resetToken };
}

/**
 * Sets a new password with the secret `verifyCode` answered, once. Without it, with a wrong or
 * expired one, or with another account's, nothing changes. Every earlier token stops working.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; password: string; resetToken?: string | undefined },
  source: SignInSource,
): Promise<{ firstPassword: boolean }> {
  const email = normalise(input.email);
  // Per address: the secret cannot be guessed, and guesses from elsewhere must not lock the
  // owner, who holds it, out.
  const key = `change:${email}|${source.ip}`;
  if ((await deps.throttle.take(key)) > deps.limits.perAccountAndSource) {
    throw new TooManyRequests();
  }

  const found = await findActiveUser(deps.db, email);
  const now = deps.now?.() ?? new Date();
  const reset = found ? await pendingCode(deps.db, found.user.id) : undefined;
  const given = input.resetToken ?? '';
  const valid =
    found &&
    reset?.secretHash &&
    reset.expiresAt > now &&
    timingSafeEqual(
      Buffer.from(reset.secretHash, 'hex'),
      Buffer.from(secretMac(deps.codeSecret, found.user.id, reset.purpose, given), 'hex'),
    );
  if (!found || !reset || !valid) throw new BadRequest(AUTH_MESSAGES.verifyFirst);

  const passwordHash = await hashPassword(input.password);
  // Deleting the code first makes the secret single-use even if two requests race.
  const deleted = await deps.db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, found.user.id),
        eq(passwordResets.secretHash, reset.secretHash!),
      ),
    )
    .returning({ userId: passwordResets.userId });
  if (deleted.length === 0) throw new BadRequest(AUTH_MESSAGES.verifyFirst);
  await deps.db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, found.user.id));
  await deps.throttle.giveBack(key);
  return { firstPassword: found.user.passwordHash === null };
}
