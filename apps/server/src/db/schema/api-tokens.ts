import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { clientRefColumn, createdAtColumn, idColumn } from './columns.ts';

/**
 * An organisation's API tokens (platform/api-tokens.ts). Only a SHA-256 of the secret is kept:
 * the secret is 256 random bits, so the hash needs no salt or slow function, and the token is
 * found by its hash (unique index) without comparing secrets. A token acts as the admin who made
 * it, cut down to its scopes, and stops when it is revoked, expires or its creator is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    name: text('name').notNull(),
    /** `spend:upload`, `read` (@spotzcity/shared/api-tokens). */
    scopes: text('scopes').array().notNull(),
    /** Hex SHA-256 of the whole token text. */
    secretHash: text('secret_hash').notNull(),
    /** `spz_` and the secret's first four characters, so a person can tell tokens apart. */
    hint: text('hint').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token, and whenever its address changes. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_idx').on(t.secretHash),
    index('api_tokens_client_ref_idx').on(t.clientRef),
  ],
);

/** Every address a token was used from: the first use from each is written to the audit log. */
export const apiTokenAddresses = pgTable(
  'api_token_addresses',
  {
    tokenId: integer('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.address] })],
);
