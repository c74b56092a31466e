/**
 * One-time codes mailed to a user: password recovery and invitations share them. A code is six
 * digits from a CSPRNG, stored only as an HMAC keyed with the server secret, one pending code per
 * user (a new one replaces it); checking and spending it is the recovery flow's job
 * (modules/auth/service.ts).
 */
import { createHmac, randomInt } from 'node:crypto';
import type { DbOrTx } from '../db/client.ts';
import { passwordResets } from '../db/schema/index.ts';

/** A recovery code lives 10 minutes; so does a verified code before the password is set. */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** An invitation code lives a week: the invitee may not read their mail at once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function hashCode(secret: string, userId: number, code: string) {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** Stores a fresh code for the user (replacing any pending one) and answers it, to be mailed. */
export async function issueCode(
  db: DbOrTx,
  options: {
    userId: number;
    purpose: 'RECOVERY' | 'INVITATION';
    secret: string;
    ttlMs: number;
    now?: Date;
  },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = options.now ?? new Date();
  const values = {
    userId: options.userId,
    purpose: options.purpose,
    codeHash: hashCode(options.secret, options.userId, code),
    expiresAt: new Date(now.getTime() + options.ttlMs),
    failedAttempts: 0,
    verifiedAt: null,
    secretHash: null,
    createdAt: now,
  };
  await db
    .insert(passwordResets)
    .values(values)
    .onConflictDoUpdate({ target: passwordResets.userId, set: values });
  return code;
}
