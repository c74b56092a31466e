/**
 * Signed URLs for private files that the browser fetches by itself (`<video src>`, a download
 * link), which cannot send the bearer header. A URL carries the user id, an expiry and an HMAC
 * over the path, the user, the user's token version and the expiry. Each request re-checks the
 * user as the bearer guard does: a deleted user, a disabled organisation, a changed password or a
 * lost permission ends every URL that user was given, and a URL opens only the path it was signed
 * for.
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
import { Forbidden } from './errors.ts';

const HOUR = 3600;
/**
 * URLs stay valid 6 to 7 hours and are identical within a clock hour, so that a list fetched
 * again a minute later gives the same URLs and a playing video is not reloaded.
 */
export function signedUrlExpiry(nowMs = Date.now()) {
  return (Math.floor(nowMs / 1000 / HOUR) + 7) * HOUR;
}

export const LINK_EXPIRED = 'This link has expired or is no longer valid. Reload the page.';

export interface SignedUrls {
  /** `path?u=<user>&e=<expiry>&s=<signature>` for the signed-in user. */
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
    const key = createHmac('sha256', opts.secret).update('signed-urls/v1').digest();
    const mac = (path: string, userId: number, tokenVersion: number, expires: number) =>
      createHmac('sha256', key).update(`${path}\n${userId}\n${tokenVersion}\n${expires}`).digest();

    const pathOf = (request: FastifyRequest) =>
      (request.url.split('?')[0] ?? '').replace(/\/+$/, '');

    app.decorate('signedUrls', {
      sign(path, principal, nowMs = Date.now()) {
        const expires = signedUrlExpiry(nowMs);
        const signature = mac(path, principal.id, principal.tokenVersion, expires).toString(
          'base64url',
        );
        return `${path}?u=${principal.id}&e=${expires}&s=${signature}`;
      },
      guard(access) {
        return describedGuard(
          async (request: FastifyRequest) => {
            const query = request.query as Record<string, unknown>;
            const userId = Number(query.u);
            const expires = Number(query.e);
            const given =
              typeof query.s === 'string' ? Buffer.from(query.s, 'base64url') : undefined;
            if (
              !Number.isInteger(userId) ||
              userId < 1 ||
              userId > 2_147_483_647 ||
              !Number.isSafeInteger(expires) ||
              !given
            ) {
              throw new Forbidden(LINK_EXPIRED);
            }
            if (expires * 1000 <= Date.now()) throw new Forbidden(LINK_EXPIRED);
            const loaded = await loadPrincipal(app.db, userId);
            if (!loaded || organisationBlock(loaded.client)) throw new Forbidden(LINK_EXPIRED);
            const expected = mac(pathOf(request), userId, loaded.user.tokenVersion, expires);
            if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
              throw new Forbidden(LINK_EXPIRED);
            }
            const principal = toPrincipal(loaded);
            if (!mayAccess(principal.permissions, access)) throw new Forbidden();
            request.principal = principal;
          },
          { kind: 'signed-url', anyOf: access },
        );
      },
    } satisfies SignedUrls);
  },
  { name: 'signed-urls', dependencies: ['db', 'auth'] },
);
