/**
 * Sign-in and password recovery (spec 01 points 3, 4, 7; DESIGN.md §3). Recovery codes come
 * from a CSPRNG, are stored as an HMAC, expire after 10 minutes, allow 5 wrong tries and are
 * single-use; a new password is accepted only for an e-mail whose code was verified recently.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { clients, passwordResets, users } from '../../db/schema/index.ts';
import { organisationBlock, type TokenService } from '../../platform/auth.ts';
import { BadRequest, Forbidden, TooManyRequests } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { CODE_TTL_MS, hashCode, issueCode } from '../../platform/one-time-codes.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { AccountLimiter } from '../../platform/rate-limit.ts';

export const MAX_CODE_ATTEMPTS = 5;

export const AUTH_MESSAGES = {
  signedIn: 'Signed in successfully',
  badCredentials: 'Invalid email or password.',
  codeSent: 'If an account exists for this email, a verification code has been sent to it.',
  codeVerified: 'Code verified successfully.',
  badCode: 'The code is invalid or has expired.',
  verifyFirst: 'Please verify the code sent to your email first.',
  passwordChanged: 'Password changed successfully. Please sign in with your new password.',
} as const;

export interface AuthDeps {
  db: DbOrTx;
  tokens: TokenService;
  mailer: Mailer;
  limiter: AccountLimiter;
  codeSecret: string;
  appName: string;
  now?: () => Date;
}

const normalise = (email: string) => email.trim().toLowerCase();

async function findActiveUser(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(and(eq(users.email, normalise(email)), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function signIn(deps: AuthDeps, input: { usernameOrEmail: string; password: string }) {
  const email = normalise(input.usernameOrEmail);
  if (deps.limiter.blocked(`signin:${email}`)) throw new TooManyRequests();

  const found = await findActiveUser(deps.db, email);
  const valid = found
    ? await verifyPassword(found.user.passwordHash, input.password)
    : await verifyPassword(await dummyPasswordHash(), input.password).then(() => false);
  if (!found || !valid) {
    deps.limiter.hit(`signin:${email}`);
    throw new BadRequest(AUTH_MESSAGES.badCredentials);
  }
  const blocked = organisationBlock(found.client);
  if (blocked) throw new Forbidden(blocked);

  deps.limiter.reset(`signin:${email}`);
  return deps.tokens.sign(found.user);
}

export async function requestCode(deps: AuthDeps, input: { email: string }) {
  const email = normalise(input.email);
  const key = `forgot:${email}`;
  if (deps.limiter.blocked(key)) throw new TooManyRequests();
  deps.limiter.hit(key);

  const found = await findActiveUser(deps.db, email);
  if (!found) return; // Same answer for unknown e-mails.

  const code = await issueCode(deps.db, {
    userId: found.user.id,
    secret: deps.codeSecret,
    ttlMs: CODE_TTL_MS,
    now: deps.now?.() ?? new Date(),
  });
  await deps.mailer.send(deps.db, {
    to: found.user.email,
    subject: `${deps.appName} verification code`,
    text:
      `Hello ${found.user.name},\n\nYour ${deps.appName} verification code is ${code}.\n` +
      `It expires in 10 minutes and can be used once.\n\n` +
      `If you did not ask for it, you can ignore this message.`,
  });
}

export async function verifyCode(deps: AuthDeps, input: { email: string; code: string }) {
  const email = normalise(input.email);
  const key = `verify:${email}`;
  if (deps.limiter.blocked(key)) throw new TooManyRequests();
  deps.limiter.hit(key);

  const found = await findActiveUser(deps.db, email);
  const now = deps.now?.() ?? new Date();
  const [reset] = found
    ? await deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, found.user.id))
        .limit(1)
    : [];
  if (!found || !reset || reset.expiresAt <= now || reset.failedAttempts >= MAX_CODE_ATTEMPTS) {
    throw new BadRequest(AUTH_MESSAGES.badCode);
  }
  const expected = Buffer.from(reset.codeHash, 'hex');
  const given = Buffer.from(hashCode(deps.codeSecret, found.user.id, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await deps.db
      .update(passwordResets)
      .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
      .where(eq(passwordResets.userId, found.user.id));
    throw new BadRequest(AUTH_MESSAGES.badCode);
  }
  await deps.db
    .update(passwordResets)
    .set({ verifiedAt: now })
    .where(eq(passwordResets.userId, found.user.id));
}

export async function resetPassword(deps: AuthDeps, input: { email: string; password: string }) {
  const found = await findActiveUser(deps.db, input.email);
  const now = deps.now?.() ?? new Date();
  const [reset] = found
    ? await deps.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.userId, found.user.id))
        .limit(1)
    : [];
  const verifiedRecently =
    reset?.verifiedAt && now.getTime() - reset.verifiedAt.getTime() <= CODE_TTL_MS;
  if (!found || !verifiedRecently) throw new BadRequest(AUTH_MESSAGES.verifyFirst);

  const passwordHash = await hashPassword(input.password);
  // Deleting the code first makes it single-use even if two requests race.
  const deleted = await deps.db
    .delete(passwordResets)
    .where(eq(passwordResets.userId, found.user.id))
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
}
