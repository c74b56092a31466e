import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  verifyCodeSchema,
} from '@spotzcity/shared/auth';
import { messageReplySchema, signinReplySchema, successFlagSchema } from '@spotzcity/shared/api';
import type { AccountLimiter } from '../../platform/rate-limit.ts';
import {
  anyObjectOrNone,
  fieldsInQueryOrBody,
  parseInput,
  queryAndBody,
} from '../../platform/validate.ts';
import {
  AUTH_MESSAGES,
  requestCode,
  resetPassword,
  signIn,
  verifyCode,
  type AuthDeps,
} from './service.ts';

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
      schema: { tags, body: anyObjectOrNone, response: { 200: signinReplySchema } },
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
      schema: { tags, ...fieldsInQueryOrBody, response: { 200: successFlagSchema } },
    },
    async (request) => {
      const input = parseInput(forgotPasswordSchema, queryAndBody(request));
      await requestCode(deps(), input);
      return { message: AUTH_MESSAGES.codeSent, data: { success: true } };
    },
  );

  app.post(
    '/api/auth/verify/code',
    {
      config,
      schema: { tags, ...fieldsInQueryOrBody, response: { 200: successFlagSchema } },
    },
    async (request) => {
      const input = parseInput(verifyCodeSchema, queryAndBody(request));
      await verifyCode(deps(), input);
      return { message: AUTH_MESSAGES.codeVerified, data: { success: true } };
    },
  );

  app.put(
    '/api/auth/change/password',
    {
      config,
      schema: { tags, ...fieldsInQueryOrBody, response: { 200: messageReplySchema } },
    },
    async (request) => {
      const input = parseInput(resetPasswordSchema, queryAndBody(request));
      await resetPassword(deps(), input);
      return { message: AUTH_MESSAGES.passwordChanged };
    },
  );
};
