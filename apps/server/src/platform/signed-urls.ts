/**
 * Signed URLs for private files that the browser fetches by itself (`<video src>`, a download
 * link), which cannot send the bearer header. A URL belongs to the session it was given to: it
 * carries the user id, the id of the bearer token the list was asked with, an expiry and an HMAC
 * over the path, the user, the user's token version, the token id and the expiry. Each request
 * re-checks the user as the bearer guard does: signing out ends every URL given to that session,
 * and a deleted user, a disabled organisation, a changed password, a sign-out everywhere or a
 * lost permission ends every URL that user was given. A URL opens only the path it was signed
 * for, and never outlives its token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { mayAccess, type Access } from '@spotzcity/shared/permissions';
import {
  describedGuard,
  loadPrincipal,
  organisationBlock,
  toPrincipal,
  type Principal,
} from './auth.ts';
import { Forbidden, Unauthorized } from './errors.ts';

const HOUR = 3600;
/**
 * URLs stay valid 6 to 7 hours, never past their token's own expiry, and are identical within a
 * clock hour for one session, so that a list fetched again a minute later gives the same URLs and
 * a playing video is not reloaded.
 */
export function signedUrlExpiry(tokenExpiresAt: Date, nowMs = Date.now()) {
  const hourly = (Math.floor(nowMs / 1000 / HOUR) + 7) * HOUR;
  return Math.min(hourly, Math.floor(tokenExpiresAt.getTime() / 1000));
}

/** A token id as `tokenService` makes them: 128 random bits in base64url (22 characters). */
const TOKEN_ID = /^[A-Za-z0-9_-]{16,64}$/;

export const LINK_EXPIRED = 'This link has expired or is no longer valid. Reload the page.';

export interface SignedUrls {
  /**
   * `path?u=<user>&t=<token id>&e=<expiry>&s=<signature>` for the signed-in user's session (the
   * bearer token of the request; a principal without one gets 401).
   */
  sign(path: string, principal: Principal, nowMs?: number): string;
  /**
   * onRequest hook of a route reached by signed URL: the signature must be valid for this path
   * and still current, and its user must hold one of the named permissions. Sets the principal.
   */
  guard(access: Access): onRequestHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    signedUrls: SignedUrls;
  }
}

export const signedUrlsPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    // A key of its own, so that a URL signature can never be confused with anything else signed.
    const key = createHmac('sha256', opts.secret).update('signed-urls/v2').digest();
    const mac = (
      path: string,
      userId: number,
      tokenVersion: number,
      tokenId: string,
      expires: number,
    ) =>
      createHmac('sha256', key)
        .update(`${path}\n${userId}\n${tokenVersion}\n${tokenId}\n${expires}`)
        .digest();

    const pathOf = (request: FastifyRequest) =>
      (request.url.split('?')[0] ?? '').replace(/\/+$/, '');

    app.decorate('signedUrls', {
      sign(path, principal, nowMs = Date.now()) {
        const { token } = principal;
        if (!token) throw new Unauthorized();
        const expires = signedUrlExpiry(token.expiresAt, nowMs);
        const signature = mac(path, principal.id, principal.tokenVersion, token.id, expires);
        return `${path}?u=${principal.id}&t=${token.id}&e=${expires}&s=${signature.toString('base64url')}`;
      },
      guard(access) {
        return describedGuard(
          async (request: FastifyRequest) => {
            const query = request.query as Record<string, unknown>;
            const userId = Number(query.u);
            const tokenId = typeof query.t === 'string' ? query.t : '';
            const expires = Number(query.e);
            const given =
              typeof query.s === 'string' ? Buffer.from(query.s, 'base64url') : undefined;
            if (
              !Number.isInteger(userId) ||
              userId < 1 ||
              userId > 2_147_483_647 ||
              !TOKEN_ID.test(tokenId) ||
              !Number.isSafeInteger(expires) ||
              !given
            ) {
              throw new Forbidden(LINK_EXPIRED);
            }
            if (expires * 1000 <= Date.now()) throw new Forbidden(LINK_EXPIRED);
            // The same lookup as a bearer request's: whether the session was signed out comes
            // with the user, in one query.
            const loaded = await loadPrincipal(app.db, userId, tokenId);
            if (!loaded || loaded.revoked || organisationBlock(loaded.client)) {
              throw new Forbidden(LINK_EXPIRED);
            }
            const expected = mac(
              pathOf(request),
              userId,
              loaded.user.tokenVersion,
              tokenId,
              expires,
            );
            if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
              throw new Forbidden(LINK_EXPIRED);
            }
            const principal = toPrincipal(loaded);
            if (!mayAccess(principal.permissions, access)) throw new Forbidden();
            request.principal = principal;
          },
          { kind: 'signed-url', anyOf: access, scopes: [] },
        );
      },
    } satisfies SignedUrls);
  },
  { name: 'signed-urls', dependencies: ['db', 'auth'] },
);
