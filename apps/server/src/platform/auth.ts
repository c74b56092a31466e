/**
 * Authentication and the permission guard every route uses. A token carries the user id and the
 * token version; each request reloads the user so that a password change, a deletion, a disabled
 * organisation or a changed role takes effect at once.
 */
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, isNull } from 'drizzle-orm';
import type { Permission, Role } from '@spotzcity/shared/permissions';
import { actsAcrossOrganisations as acrossByRole } from '@spotzcity/shared/users';
import type { DbOrTx } from '../db/client.ts';
import { clients, rolePermissions, users } from '../db/schema/index.ts';
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
}

interface TokenClaims {
  sub: string;
  ver: number;
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

/** Loads a signed-in user with their organisation and permissions, or undefined. */
export async function loadPrincipal(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return undefined;
  const granted = await db
    .select({ code: rolePermissions.permissionCode })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleCode, row.user.roleCode));
  return { ...row, permissions: granted.map((g) => g.code as Permission) };
}

/** The request's view of a loaded user. */
export function toPrincipal(loaded: NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>) {
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
  } satisfies Principal;
}

export interface TokenService {
  sign(user: { id: number; tokenVersion: number }): string;
  verify(token: string): TokenClaims | undefined;
}

export function tokenService(secret: string, expiresIn: string): TokenService {
  const signer = createSigner({ key: secret, expiresIn, algorithm: 'HS256' });
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    sign: (user) => signer({ sub: String(user.id), ver: user.tokenVersion }),
    verify(token) {
      try {
        const claims = verifier(token) as Partial<TokenClaims>;
        if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number') return undefined;
        return { sub: claims.sub, ver: claims.ver };
      } catch {
        return undefined;
      }
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * onRequest hook: the caller must be signed in and, when permissions are named, hold at
     * least one of them (401 before 403, both before the body is read).
     */
    guard(...anyOf: Permission[]): onRequestHookHandler;
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

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; expiresIn: string }) => {
    app.decorate('tokens', tokenService(opts.secret, opts.expiresIn));
    app.decorateRequest('principal', undefined);

    async function authenticate(request: FastifyRequest): Promise<Principal> {
      const header = request.headers.authorization;
      const match = header?.match(/^Bearer\s+(.+)$/i);
      if (!match?.[1]) throw new Unauthorized();
      const claims = app.tokens.verify(match[1]);
      const id = claims ? Number(claims.sub) : NaN;
      if (!claims || !Number.isInteger(id)) throw new Unauthorized();
      const loaded = await loadPrincipal(app.db, id);
      if (!loaded || loaded.user.tokenVersion !== claims.ver) throw new Unauthorized();
      if (organisationBlock(loaded.client)) throw new Unauthorized();
      return toPrincipal(loaded);
    }

    app.decorate('guard', (...anyOf: Permission[]): onRequestHookHandler => {
      return async (request) => {
        const principal = await authenticate(request);
        request.principal = principal;
        if (anyOf.length > 0 && !anyOf.some((p) => principal.permissions.has(p))) {
          throw new Forbidden();
        }
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
