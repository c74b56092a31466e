import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  verifyCodeSchema,
} from '@spotzcity/shared/auth';
import { messageReplySchema, signinReplySchema, successFlagSchema } from '@spotzcity/shared/api';
import type { AccountLimiter } from '../../platform/rate-limit.ts';
import { parseInput } from '../../platform/validate.ts';
import {
  AUTH_MESSAGES,
  requestCode,
  resetPassword,
  signIn,
  verifyCode,
  type AuthDeps,
} from './service.ts';

// The spec sends recovery fields in the query string; a JSON body is accepted as well.
const loose = z.record(z.string(), z.unknown()).nullish();
const merged = (query: unknown, body: unknown) => ({
  ...(body && typeof body === 'object' ? body : {}),
  ...(query && typeof query === 'object' ? query : {}),
});

export interface AuthRouteOptions {
  limiter: AccountLimiter;
  codeSecret: string;
  appName: string;
  /** Per-IP limit of every sign-in and recovery endpoint. */
  ipLimit: { max: number; timeWindow: number };
}

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const deps = (): AuthDeps => ({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    limiter: options.limiter,
    codeSecret: options.codeSecret,
    appName: options.appName,
  });
  const config = { rateLimit: options.ipLimit };
  const tags = ['auth'];

  app.post(
    '/api/auth/signin',
    {
      config,
      schema: { tags, body: loose, response: { 200: signinReplySchema } },
    },
    async (request) => {
      const input = parseInput(signinSchema, request.body ?? {});
      const accessToken = await signIn(deps(), input);
      return { message: AUTH_MESSAGES.signedIn, accessToken, tokenType: 'Bearer' as const };
    },
  );

  app.post(
    '/api/auth/forgot/pwd',
    {
      config,
      schema: { tags, querystring: loose, body: loose, response: { 200: successFlagSchema } },
    },
    async (request) => {
      const input = parseInput(forgotPasswordSchema, merged(request.query, request.body));
      await requestCode(deps(), input);
      return { message: AUTH_MESSAGES.codeSent, data: { success: true } };
    },
  );

  app.post(
    '/api/auth/verify/code',
    {
      config,
      schema: { tags, querystring: loose, body: loose, response: { 200: successFlagSchema } },
    },
    async (request) => {
      const input = parseInput(verifyCodeSchema, merged(request.query, request.body));
      await verifyCode(deps(), input);
      return { message: AUTH_MESSAGES.codeVerified, data: { success: true } };
    },
  );

  app.put(
    '/api/auth/change/password',
    {
      config,
      schema: { tags, querystring: loose, body: loose, response: { 200: messageReplySchema } },
    },
    async (request) => {
      const input = parseInput(resetPasswordSchema, merged(request.query, request.body));
      await resetPassword(deps(), input);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
};
