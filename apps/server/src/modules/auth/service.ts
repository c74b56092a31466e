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
 *   account has signed in from before may go on.
 * - Unknown addresses and accounts that cannot sign in cost the same work as real ones.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
  /** Failed sign-ins of one account from one address; also code checks and password sets. */
  perAccountAndSource: number;
  /** Failed sign-ins of one account from every address, past which only known devices go on. */
  perAccountTotal: number;
  /** Codes mailed to one account. */
  codesPerAccount: number;
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

/** Where a sign-in comes from: its address and the device cookies the browser sent. */
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

const deviceMac = (secret: string, userId: number, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest('base64url');

export const deviceCookieName = (userId: number) => `${DEVICE_COOKIE_PREFIX}${userId}`;

function isKnownDevice(secret: string, userId: number, cookies: Record<string, string>) {
  const value = cookies[deviceCookieName(userId)];
  const [nonce, mac] = value?.split('.') ?? [];
  if (!nonce || !mac) return false;
  const expected = Buffer.from(deviceMac(secret, userId, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function newDeviceCookie(secret: string, userId: number) {
  const nonce = randomBytes(16).toString('base64url');
  return { name: deviceCookieName(userId), value: `${nonce}.${deviceMac(secret, userId, nonce)}` };
}

export async function signIn(
  deps: AuthDeps,
  input: { usernameOrEmail: string; password: string },
  source: SignInSource,
): Promise<{ accessToken: string; deviceCookie?: { name: string; value: string } }> {
  const email = normalise(input.usernameOrEmail);
  const pairKey = `signin:${email}|${source.ip}`;
  const accountKey = `signin:${email}`;
  const [fromHere = 0, fromAnywhere = 0] = await deps.throttle.counts([pairKey, accountKey]);
  if (fromHere >= deps.limits.perAccountAndSource) throw new TooManyRequests();

  const found = await findActiveUser(deps.db, email);
  const knownDevice = found ? isKnownDevice(deps.codeSecret, found.user.id, source.cookies) : false;
  if (fromAnywhere >= deps.limits.perAccountTotal && !knownDevice) {
    throw new TooManyRequests(AUTH_MESSAGES.accountUnderAttack);
  }

  // An unknown address and an invitation not yet accepted cost the same hash work as a password.
  const hash = found?.user.passwordHash ?? (await dummyPasswordHash());
  const valid = (await verifyPassword(hash, input.password)) && Boolean(found?.user.passwordHash);
  if (!found || !valid) {
    await deps.throttle.hit(pairKey, accountKey);
    throw new BadRequest(AUTH_MESSAGES.badCredentials);
  }
  const blocked = organisationBlock(found.client);
  if (blocked) throw new Forbidden(blocked);

  await deps.throttle.reset(pairKey);
  return {
    accessToken: deps.tokens.sign(found.user),
    ...(knownDevice ? {} : { deviceCookie: newDeviceCookie(deps.codeSecret, found.user.id) }),
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
 * Mails a code when the address has an account. The reply does not wait for it: the code and
 * the mail are made after the reply, so that a known and an unknown address answer alike.
 */
export async function requestCode(deps: AuthDeps, input: { email: string }) {
  const email = normalise(input.email);
  const key = `forgot:${email}`;
  const [requested = 0] = await deps.throttle.counts([key]);
  if (requested >= deps.limits.codesPerAccount) throw new TooManyRequests();
  await deps.throttle.hit(key);

  const found = await findActiveUser(deps.db, email);
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
 * Checks a mailed code. The code is spent by a right answer: what it answers instead is the
 * secret that lets the password be set, living at most 10 minutes and never past the code.
 */
export async function verifyCode(
  deps: AuthDeps,
  input: { email: string; code: string },
): Promise<{ resetToken: string }> {
  const email = normalise(input.email);
  const key = `verify:${email}`;
  const [tries = 0] = await deps.throttle.counts([key]);
  if (tries >= deps.limits.perAccountAndSource) throw new TooManyRequests();
  await deps.throttle.hit(key);

  const found = await findActiveUser(deps.db, email);
  const now = deps.now?.() ?? new Date();
  const reset = found ? await pendingCode(deps.db, found.user.id) : undefined;
  if (
    !found ||
    !reset ||
    reset.secretHash !== null ||
    reset.expiresAt <= now ||
    reset.failedAttempts >= MAX_CODE_ATTEMPTS
  ) {
    throw new BadRequest(AUTH_MESSAGES.badCode);
  }
  const expected = Buffer.from(reset.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.codeSecret, found.user.id, input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await deps.db
      .update(passwordResets)
      .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
      .where(eq(passwordResets.userId, found.user.id));
    throw new BadRequest(AUTH_MESSAGES.badCode);
  }
  const resetToken = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Math.min(reset.expiresAt.getTime(), now.getTime() + CODE_TTL_MS));
  await deps.db
    .update(passwordResets)
    .set({
      verifiedAt: now,
      expiresAt,
      secretHash: secretMac(deps.codeSecret, found.user.id, reset.purpose, resetToken),
    })
    .where(eq(passwordResets.userId, found.user.id));
  return { resetToken };
}

/**
 * Sets a new password with the secret `verifyCode` answered, once. Without it, with a wrong or
 * expired one, or with another account's, nothing changes. Every earlier token stops working.
 */
export async function resetPassword(
  deps: AuthDeps,
  input: { email: string; password: string; resetToken?: string | undefined },
): Promise<{ firstPassword: boolean }> {
  const email = normalise(input.email);
  const key = `change:${email}`;
  const [failures = 0] = await deps.throttle.counts([key]);
  if (failures >= deps.limits.perAccountAndSource) throw new TooManyRequests();

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
  if (!found || !reset || !valid) {
    await deps.throttle.hit(key);
    throw new BadRequest(AUTH_MESSAGES.verifyFirst);
  }

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
  await deps.throttle.reset(key);
  return { firstPassword: found.user.passwordHash === null };
}
