/**
 * An organisation's API tokens: made, listed and revoked by its admin, each change in the audit
 * log. The secret is answered once by `createToken` and never stored (platform/api-tokens.ts).
 */
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { apiTokenCreateSchema } from '@spotzcity/shared/api-tokens';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '@spotzcity/shared/api-tokens';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apiTokens, clients, users } from '../../db/schema/index.ts';
import { newApiToken } from '../../platform/api-tokens.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';

const creators = alias(users, 'creators');
const revokers = alias(users, 'revokers');

/** What a token's row says of it now, by the database's clock. */
const statusOf = sql<ApiTokenStatus>`case
  when ${apiTokens.revokedAt} is not null then 'revoked'
  when ${apiTokens.expiresAt} is not null and ${apiTokens.expiresAt} <= now() then 'expired'
  when ${creators.deletedAt} is not null or ${creators.clientRef} <> ${apiTokens.clientRef} then 'ownerRemoved'
  else 'active' end`;

async function tokenRows(db: DbOrTx, clientRef: number, id?: number): Promise<ApiToken[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      hint: apiTokens.hint,
      status: statusOf,
      createdAt: apiTokens.createdAt,
      createdBy: creators.name,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedAddress: apiTokens.lastUsedAddress,
      revokedAt: apiTokens.revokedAt,
      revokedBy: revokers.name,
    })
    .from(apiTokens)
    .innerJoin(creators, eq(creators.id, apiTokens.createdBy))
    .leftJoin(revokers, eq(revokers.id, apiTokens.revokedBy))
    .where(
      and(eq(apiTokens.clientRef, clientRef), id === undefined ? undefined : eq(apiTokens.id, id)),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(API_TOKEN_LIMITS.listed);
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes as ApiTokenScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }));
}

/** The organisation's tokens, newest first: active, expired and revoked. */
export const listTokens = (db: Db, clientRef: number) => tokenRows(db, clientRef);

/** What the log keeps of a token: never its secret or its hash. */
const snapshot = (token: ApiToken) => ({
  name: token.name,
  scopes: token.scopes,
  hint: token.hint,
  expiresAt: token.expiresAt,
});

/**
 * Makes a token for the admin's organisation and answers it with its secret, this once. An
 * organisation holds at most API_TOKEN_LIMITS.activePerOrganisation tokens that still work.
 */
export async function createToken(
  db: Db,
  actor: Principal,
  input: z.output<typeof apiTokenCreateSchema>,
): Promise<ApiTokenCreated> {
  const { token, hash, hint } = newApiToken();
  return db.transaction(async (tx) => {
    // Two admins adding tokens at once take turns, so the limit holds exactly.
    await tx
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.id, actor.clientRef))
      .for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.clientRef, actor.clientRef),
          isNull(apiTokens.revokedAt),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        ),
      );
    if ((active?.n ?? 0) >= API_TOKEN_LIMITS.activePerOrganisation) {
      throw new Conflict(API_TOKEN_MESSAGES.tooMany);
    }
    const days = input.expiresInDays ?? null;
    const [row] = await tx
      .insert(apiTokens)
      .values({
        clientRef: actor.clientRef,
        name: input.name,
        scopes: [...new Set(input.scopes)],
        secretHash: hash,
        hint,
        createdBy: actor.id,
        expiresAt:
          days === null ? null : (sql`now() + make_interval(days => ${days}::int)` as never),
      })
      .returning({ id: apiTokens.id });
    const [created] = await tokenRows(tx, actor.clientRef, row!.id);
    await writeAudit(tx, actor, {
      action: 'CREATE',
      entity: 'apiToken',
      entityId: created!.id,
      clientRef: actor.clientRef,
      after: snapshot(created!),
    });
    return { ...created!, token };
  });
}

/**
 * Revokes one of the organisation's tokens: refused from the next request on, on every process.
 * Revoking a revoked token changes nothing; another organisation's token is a 404.
 */
export async function revokeToken(db: Db, actor: Principal, id: number): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revokedAt: sql`now()` as never, revokedBy: actor.id })
      .where(
        and(
          eq(apiTokens.id, id),
          eq(apiTokens.clientRef, actor.clientRef),
          isNull(apiTokens.revokedAt),
        ),
      )
      .returning({ id: apiTokens.id });
    const [token] = await tokenRows(tx, actor.clientRef, id);
    if (!token) throw new NotFound('No such token.');
    if (revoked) {
      await writeAudit(tx, actor, {
        action: 'REVOKE',
        entity: 'apiToken',
        entityId: token.id,
        clientRef: actor.clientRef,
        before: snapshot(token),
        after: { ...snapshot(token), revokedAt: token.revokedAt },
      });
    }
    return token;
  });
}
