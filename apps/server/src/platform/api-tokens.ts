/**
 * Organisation API tokens, the second way into a guarded route (platform/auth.ts reads them): a
 * token is found by the SHA-256 of its text, and yields the account of the admin who made it,
 * cut down to the token's scopes. Nothing about a token is kept between requests, so a revoked or
 * expired token is refused at once, on every process.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_PERMISSIONS,
  type ApiTokenScope,
} from '@spotzcity/shared/api-tokens';
import type { Permission } from '@spotzcity/shared/permissions';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  apiTokenAddresses,
  apiTokens,
  clients,
  rolePermissions,
  users,
} from '../db/schema/index.ts';
import { writeAudit } from './audit.ts';
import type { Principal } from './auth.ts';

/** Whether a bearer value is meant as an API token (a session token is a JWT, with dots). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/**
 * A new token: 32 random bytes, written `spz_` + base64url (the prefix lets secret scanners and
 * the guard tell it from a session token). Only its hash and its first characters are kept.
 */
export function newApiToken() {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return {
    token,
    hash: hashOfApiToken(token),
    hint: `${token.slice(0, API_TOKEN_PREFIX.length + 4)}…`,
  };
}

/**
 * The stored form of a token: its SHA-256, in hex. The secret has 256 random bits, so a fast hash
 * is as safe as a slow one, and looking the hash up by its index compares no secret in the process.
 */
export const hashOfApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The permissions a token of `scopes` may hold at most. */
export function scopePermissions(scopes: readonly ApiTokenScope[]): Set<Permission> {
  return new Set(scopes.flatMap((scope) => API_TOKEN_SCOPE_PERMISSIONS[scope] ?? []));
}

/** The columns of the account a token acts as: those the session lookup reads (platform/auth.ts). */
export const accountColumns = {
  user: {
    id: users.id,
    name: users.name,
    email: users.email,
    roleCode: users.roleCode,
    tokenVersion: users.tokenVersion,
    createdAt: users.createdAt,
    pictureKey: users.pictureKey,
    gender: users.gender,
    dateOfBirth: users.dateOfBirth,
    phone: users.phone,
  },
  client: {
    id: clients.id,
    clientId: clients.clientId,
    companyName: clients.companyName,
    type: clients.type,
    status: clients.status,
    contractEndAt: clients.contractEndAt,
    deletedAt: clients.deletedAt,
  },
  permissions: sql<
    string[]
  >`array(select ${rolePermissions.permissionCode} from ${rolePermissions} where ${rolePermissions.roleCode} = ${users.roleCode} order by 1)`,
};

const tokenQueries = new WeakMap<DbOrTx, ReturnType<typeof buildTokenQuery>>();

/**
 * One query: the token, if it is neither revoked nor expired (by the database's clock, the same
 * for every process), with its creator's account, if the creator is not deleted and still in the
 * token's organisation.
 */
function buildTokenQuery(db: DbOrTx) {
  return db
    .select({
      ...accountColumns,
      token: {
        id: apiTokens.id,
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        lastUsedAt: apiTokens.lastUsedAt,
        lastUsedAddress: apiTokens.lastUsedAddress,
        expiresAt: apiTokens.expiresAt,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .innerJoin(clients, eq(clients.id, apiTokens.clientRef))
    .where(
      and(
        eq(apiTokens.secretHash, sql.placeholder('hash')),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
        isNull(users.deletedAt),
        eq(users.clientRef, apiTokens.clientRef),
      ),
    )
    .limit(1)
    .prepare('load_api_token');
}

/** The account a token acts as, or undefined for a token that is unknown, revoked or expired. */
export async function loadApiToken(db: DbOrTx, token: string) {
  // A value that cannot be a token is not looked up.
  if (!API_TOKEN_PATTERN.test(token)) return undefined;
  let query = tokenQueries.get(db);
  if (!query) {
    query = buildTokenQuery(db);
    tokenQueries.set(db, query);
  }
  const [row] = await query.execute({ hash: hashOfApiToken(token) });
  if (!row) return undefined;
  const scopes = row.token.scopes as ApiTokenScope[];
  const allowed = scopePermissions(scopes);
  return {
    user: row.user,
    client: row.client,
    // The creator's permissions as they are now, no more than the scopes allow.
    permissions: (row.permissions as Permission[]).filter((p) => allowed.has(p)),
    revoked: false,
    apiToken: { ...row.token, scopes },
  };
}

/** How long a token's last use may go unrecorded when it comes from the same address. */
const LAST_USE_EVERY_MS = 60_000;

/**
 * Records a use of a token: its last use and address (at most once a minute from one address),
 * and, the first time the token comes from an address, an audit entry. Two processes that see a
 * new address at once write one entry: the address row decides which.
 */
export async function recordApiTokenUse(
  db: Db,
  principal: Principal,
  token: {
    id: number;
    name: string;
    scopes: string[];
    lastUsedAt: Date | null;
    lastUsedAddress: string | null;
  },
  address: string,
) {
  if (
    token.lastUsedAddress === address &&
    token.lastUsedAt &&
    Date.now() - token.lastUsedAt.getTime() < LAST_USE_EVERY_MS
  ) {
    return;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` as never, lastUsedAddress: address })
      .where(eq(apiTokens.id, token.id));
    const [first] = await tx
      .insert(apiTokenAddresses)
      .values({ tokenId: token.id, address })
      .onConflictDoNothing()
      .returning({ tokenId: apiTokenAddresses.tokenId });
    if (first) {
      await writeAudit(tx, principal, {
        action: 'USE',
        entity: 'apiToken',
        entityId: token.id,
        clientRef: principal.clientRef,
        after: { name: token.name, scopes: token.scopes, address },
      });
    }
  });
}
