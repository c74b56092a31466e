import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAtColumn } from './columns.ts';

/**
 * One pending one-time code per user (password recovery or invitation), stored hashed. Verifying
 * the code stores the hash of a single-use secret that setting the password then requires.
 */
export const passwordResets = pgTable('password_resets', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['RECOVERY', 'INVITATION'] })
    .notNull()
    .default('RECOVERY'),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** HMAC of the secret `verify/code` answered; null until the code is verified. */
  secretHash: text('secret_hash'),
  createdAt: createdAtColumn(),
});

/** Tokens signed out before they expire (logout); kept until their own expiry. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    tokenId: text('token_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_at_idx').on(t.expiresAt)],
);

/**
 * Counters of sign-in and recovery attempts, one per key (a hash of what is counted: an account,
 * an account and an address …), in fixed windows. In the database so that every server process
 * sees the same counts.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('auth_throttles_window_ends_at_idx').on(t.windowEndsAt)],
);
