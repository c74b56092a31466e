/**
 * Authentication and the permission guard every route uses. A token carries the user id, the
 * token version and its own id; each request reloads the user — in the same query, whether the
 * token was signed out — so that a logout, a password change, a deletion, a disabled organisation
 * or a changed role takes effect at once.
 *
 * An organisation's API token (`spz_…`, platform/api-tokens.ts) is the second way in: it yields
 * the account of the admin who made it, with the permissions cut down to the token's scopes, and
 * it passes only the guards that name one of its scopes (`app.guard(access, { scopes })`).
 */
import { randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '@spotzcity/shared/api-tokens';
import { mayAccess, type Access, type Permission, type Role } from '@spotzcity/shared/permissions';
import { actsAcrossOrganisations as acrossByRole } from '@spotzcity/shared/users';
import type { DbOrTx } from '../db/client.ts';
import { clients, revokedTokens, users } from '../db/schema/index.ts';
import { accountColumns, isApiToken, loadApiToken, recordApiTokenUse } from './api-tokens.ts';
import { Forbidden, Unauthorized } from './errors.ts';

export interface Principal {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Database id of the user's organisation: every tenant query filters on it. */
  clientRef: number;
  clientId: string;
  clientType: 'BUYER' | 'SUPPLIER' | 'SUPER_ADMIN';
  permissions: Set<Permission>;
  /** The user's current token version (signed media URLs stop working when it changes). */
  tokenVersion: number;
  /** The bearer token the request came with (what logout revokes); none for a signed URL. */
  token?: { id: string; expiresAt: Date } | undefined;
  /** The organisation API token the request came with, instead of a session. */
  apiToken?: { id: number; name: string; scopes: readonly ApiTokenScope[] } | undefined;
}

interface TokenClaims {
  sub: string;
  ver: number;
  jti: string;
  exp: number;
}

/** Why an organisation's users may not sign in right now, or null when they may. */
export function organisationBlock(
  client: { status: string; contractEndAt: string | null; deletedAt: Date | null },
  today = new Date().toISOString().slice(0, 10),
): string | null {
  if (client.deletedAt) return 'Your organisation no longer has access to SpotzCity.';
  if (client.status !== 'ENABLE') return 'Your organisation’s access has been disabled.';
  if (client.contractEndAt && client.contractEndAt < today) {
    return 'Your organisation’s contract has ended. Please contact your administrator.';
  }
  return null;
}

/**
 * Loads a signed-in user with their organisation and permissions, or undefined; with a token id,
 * also whether that token was signed out. One query, one round trip: every signed-in request
 * runs it, so a second round trip for the permissions would be a large part of a small request's
 * cost (and on PGlite every request waits for every other one's queries).
 */
export async function loadPrincipal(db: DbOrTx, userId: number, tokenId = '') {
  const [row] = await principalQuery(db).execute({ userId, tokenId });
  if (!row) return undefined;
  return { ...row, permissions: row.permissions as Permission[] };
}

/**
 * The lookup built once per database handle, its values bound at each run: otherwise Drizzle
 * builds its SQL again for every request, a noticeable part of a small request's cost.
 */
const principalQueries = new WeakMap<DbOrTx, ReturnType<typeof buildPrincipalQuery>>();

function principalQuery(db: DbOrTx) {
  let query = principalQueries.get(db);
  if (!query) {
    query = buildPrincipalQuery(db);
    principalQueries.set(db, query);
  }
  return query;
}

/**
 * Only the columns a request uses: the guard's (token version, role, organisation and whether it
 * may sign in), the principal's and the profile's, which shows the account it was let in with.
 * Every other column (the password hash, the timestamps nothing reads) would be sent, parsed and
 * mapped on every signed-in request for nothing.
 */
function buildPrincipalQuery(db: DbOrTx) {
  return db
    .select({
      user: accountColumns.user,
      client: accountColumns.client,
      revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenId} = ${sql.placeholder('tokenId')})`,
      permissions: accountColumns.permissions,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('load_principal');
}

/** The request's view of a loaded user. */
export function toPrincipal(
  loaded: NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>,
  token?: Principal['token'],
  apiToken?: Principal['apiToken'],
) {
  return {
    id: loaded.user.id,
    name: loaded.user.name,
    email: loaded.user.email,
    role: loaded.user.roleCode as Role,
    clientRef: loaded.client.id,
    clientId: loaded.client.clientId,
    clientType: loaded.client.type,
    permissions: new Set(loaded.permissions),
    tokenVersion: loaded.user.tokenVersion,
    token,
    apiToken,
  } satisfies Principal;
}

export interface TokenService {
  sign(user: { id: number; tokenVersion: number }): string;
  verify(token: string): TokenClaims | undefined;
}

export function tokenService(secret: string, expiresIn: string): TokenService {
  const signer = createSigner({ key: secret, expiresIn, algorithm: 'HS256' });
  // The verifier's cache keeps a checked signature (until the token expires): the token is
  // still looked up on every request, so a cached signature never outlives a logout.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['exp'],
    cache: 10_000,
  });
  return {
    // 128 random bits name the token, so that logout can revoke this one and no other.
    sign: (user) =>
      signer({
        sub: String(user.id),
        ver: user.tokenVersion,
        jti: randomBytes(16).toString('base64url'),
      }),
    verify(token) {
      try {
        const claims = verifier(token) as Partial<TokenClaims>;
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.ver !== 'number' ||
          typeof claims.jti !== 'string' ||
          typeof claims.exp !== 'number'
        ) {
          return undefined;
        }
        return { sub: claims.sub, ver: claims.ver, jti: claims.jti, exp: claims.exp };
      } catch {
        return undefined;
      }
    },
  };
}

/** What a guard lets in besides a signed-in user. */
export interface GuardOptions {
  /** An organisation API token with any one of these scopes (@spotzcity/shared/api-tokens). */
  scopes?: readonly ApiTokenScope[];
}

/** Who may call a route: what its guard checks (routeAccess below; the route security suite). */
export interface RouteAccess {
  /** `token`: a bearer token; `signed-url`: a signed link (platform/signed-urls.ts). */
  kind: 'token' | 'signed-url';
  /** Any one of these permissions; none named: any signed-in user. */
  anyOf: readonly Permission[];
  /** The API token scopes that let a token in (any one); none: tokens are refused. */
  scopes: readonly ApiTokenScope[];
}

const ACCESS = Symbol('route access');

/** Marks a guard hook with what it checks, so that the route's access can be read back. */
export function describedGuard<H extends onRequestHookHandler>(handler: H, access: RouteAccess) {
  return Object.assign(handler, { [ACCESS]: access });
}

function accessOf(hooks: unknown): RouteAccess | undefined {
  for (const hook of [hooks].flat()) {
    if (typeof hook === 'function' && ACCESS in hook) return hook[ACCESS] as RouteAccess;
  }
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `METHOD /url` → what its guard checks; no entry: a public route. Filled as routes are
     * added; the OpenAPI document says the same (security, description).
     */
    routeAccess: Map<string, RouteAccess>;
    tokens: TokenService;
    /**
     * onRequest hook: the caller must be signed in and, given an entry of ACCESS
     * (@spotzcity/shared/permissions), hold one of its permissions (401 before 403, both before
     * the body is read).
     */
    guard(access?: Access, options?: GuardOptions): onRequestHookHandler;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * Super Users and Super Admins administer every organisation; everyone else acts only within
 * their own, whatever ids or client ids a request carries.
 */
export const actsAcrossOrganisations = (principal: Principal) => acrossByRole(principal.role);

/** The signed-in user of a guarded route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Unauthorized();
  return request.principal;
}

export type LoadedAccount = NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>;

/** The account rows the guard read for this request (user, organisation, permissions). */
const accounts = new WeakMap<FastifyRequest, LoadedAccount>();

/**
 * What the guard loaded for a guarded route's request: a handler that shows the account itself
 * (the profile) reads the row this request was let in with instead of reading it again: one
 * lookup per request.
 */
export function accountOf(request: FastifyRequest): LoadedAccount {
  const account = accounts.get(request);
  if (!account) throw new Unauthorized();
  return account;
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      secret: string;
      expiresIn: string;
      /** The account lookup (a test counts its calls). */
      load?: typeof loadPrincipal;
    },
  ) => {
    const load = opts.load ?? loadPrincipal;
    app.decorate('tokens', tokenService(opts.secret, opts.expiresIn));
    app.decorateRequest('principal', undefined);

    /**
     * Lookups of signed-in users about to be sent, by user and token: requests for the same token
     * that arrive in one turn of the event loop share one query, sent at the end of that turn
     * (a dashboard's graphs arrive together: without sharing, each would queue the same query
     * behind the others on PGlite's one connection). A request never joins a query already sent:
     * the database takes the query's snapshot after every request that shares it had arrived, so
     * whatever was committed before a request arrived — a logout, a new token version, a
     * disabled organisation, a changed role — is in what that request sees, on every process.
     * Joining a query already under way could hand a request a snapshot from before a write its
     * client had already been told of.
     */
    const lookups = new Map<string, ReturnType<typeof loadPrincipal>>();
    function lookUp(id: number, tokenId: string) {
      const key = `${id}:${tokenId}`;
      let lookup = lookups.get(key);
      if (!lookup) {
        lookup = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          lookups.delete(key);
          return load(app.db, id, tokenId);
        });
        lookups.set(key, lookup);
      }
      return lookup;
    }

    async function authenticate(request: FastifyRequest): Promise<Principal> {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(.+)$/i);
      if (!match?.[1]) throw new Unauthorized();
      if (isApiToken(match[1])) return apiTokenPrincipal(request, match[1]);
      const { account, token } = await signedInAccount(match[1]);
      accounts.set(request, account);
      return toPrincipal(account, token);
    }

    /**
     * An organisation API token: the same account and organisation checks as a session, from
     * the account of the admin who made it. The principal never acts across organisations, even
     * if its creator's role has come to.
     */
    async function apiTokenPrincipal(request: FastifyRequest, bearer: string) {
      const loaded = await loadApiToken(app.db, bearer);
      if (!loaded) throw new Unauthorized();
      const blocked = organisationBlock(loaded.client);
      if (blocked) throw new Unauthorized(blocked);
      if (acrossByRole(loaded.user.roleCode as Role)) throw new Unauthorized();
      const { apiToken } = loaded;
      accounts.set(request, loaded);
      const principal = toPrincipal(loaded, undefined, {
        id: apiToken.id,
        name: apiToken.name,
        scopes: apiToken.scopes,
      });
      await recordApiTokenUse(app.db, principal, apiToken, request.ip);
      return principal;
    }

    async function signedInAccount(bearer: string) {
      const claims = app.tokens.verify(bearer);
      const id = claims ? Number(claims.sub) : NaN;
      if (!claims || !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
        throw new Unauthorized();
      }
      const loaded = await lookUp(id, claims.jti);
      if (!loaded || loaded.revoked || loaded.user.tokenVersion !== claims.ver) {
        throw new Unauthorized();
      }
      // The reason goes with the 401, so the sign-in page can say why the user was signed out.
      const blocked = organisationBlock(loaded.client);
      if (blocked) throw new Unauthorized(blocked);
      return { account: loaded, token: { id: claims.jti, expiresAt: new Date(claims.exp * 1000) } };
    }

    app.decorate(
      'guard',
      (access: Access = [], options: GuardOptions = {}): onRequestHookHandler => {
        const scopes = options.scopes ?? [];
        return describedGuard(
          async (request: FastifyRequest) => {
            const principal = await authenticate(request);
            request.principal = principal;
            // An API token passes only where its scope is named, whatever its permissions.
            if (principal.apiToken && !principal.apiToken.scopes.some((s) => scopes.includes(s))) {
              throw new Forbidden(API_TOKEN_MESSAGES.outOfScope);
            }
            if (!mayAccess(principal.permissions, access)) throw new Forbidden();
          },
          { kind: 'token', anyOf: access, scopes },
        );
      },
    );

    const routeAccess = new Map<string, RouteAccess>();
    app.decorate('routeAccess', routeAccess);
    app.addHook('onRoute', (route) => {
      const access = accessOf(route.onRequest);
      // Keyed as the API document writes paths: `/api/users/{id}` for `/api/users/:id(^\\d+$)`.
      const path = route.url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
      for (const method of [route.method].flat()) {
        if (access) routeAccess.set(`${method} ${path}`, access);
      }
      // The API document tells who may call each route, as the guard decides it.
      if (route.schema && !route.schema.hide) {
        const schema = route.schema as Record<string, unknown>;
        // A route that takes an API token shows the scheme, and its scopes as `x-api-token-scopes`
        // (OpenAPI 3.0 keeps scope lists for OAuth schemes only).
        const scopes = access?.kind === 'token' ? access.scopes : [];
        schema.security =
          access?.kind === 'token'
            ? [{ bearer: [] }, ...(scopes.length ? [{ apiToken: [] }] : [])]
            : [];
        if (scopes.length) schema['x-api-token-scopes'] = [...scopes];
        if (access) {
          const who = access.anyOf.length
            ? `Requires one of: ${access.anyOf.join(', ')}.`
            : 'Requires a signed-in user.';
          const tokens = scopes.length
            ? `An API token with the scope ${scopes.map((s) => `\`${s}\``).join(' or ')} may call it.`
            : '';
          schema.description = [schema.description, who, tokens].filter(Boolean).join(' ');
        }
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
