import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signinSchema,
  verifyCodeReplySchema,
  verifyCodeSchema,
} from '@spotzcity/shared/auth';
import { messageReplySchema, signinReplySchema, successFlagSchema } from '@spotzcity/shared/api';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import type {} from '../../platform/background.ts';
import type { Throttle } from '../../platform/throttle.ts';
import { fieldsInQueryOrBody, parseInput, queryAndBody } from '../../platform/validate.ts';
import {
  AUTH_MESSAGES,
  DEVICE_COOKIE_MAX_AGE_S,
  requestCode,
  resetPassword,
  signIn,
  signOut,
  signOutEverywhere,
  verifyCode,
  type AuthDeps,
  type AuthLimits,
  type SignInSource,
} from './service.ts';

export interface AuthRouteOptions {
  throttle: Throttle;
  limits: AuthLimits;
  codeSecret: string;
  appName: string;
  /** Per-IP limit of every sign-in and recovery endpoint. */
  ipLimit: { max: number; timeWindow: number };
}

/** The request's cookies (only the device cookies are read; no cookie plugin is needed for it). */
function cookiesOf(request: FastifyRequest): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return cookies;
}

/** Where the request comes from: its address and the browser's device cookies. */
const sourceOf = (request: FastifyRequest): SignInSource => ({
  ip: request.ip,
  cookies: cookiesOf(request),
});

/**
 * Sign-in and recovery bodies are a few hundred bytes, and these routes answer before sign-in:
 * anything much larger is refused before it is read.
 */
export const AUTH_BODY_LIMIT = 4 * 1024;

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const deps = (): AuthDeps => ({
    db: app.db,
    tokens: app.tokens,
    mailer: app.mailer,
    throttle: options.throttle,
    limits: options.limits,
    background: app.background,
    codeSecret: options.codeSecret,
    appName: options.appName,
  });
  const config = { rateLimit: options.ipLimit };
  const tags = ['auth'];

  app.post(
    '/api/auth/signin',
    {
      config,
      bodyLimit: AUTH_BODY_LIMIT,
      // 403: a disabled organisation or an ended contract, with its reason.
      schema: {
        tags,
        body: signinSchema,
        response: { 200: signinReplySchema, ...alsoAnswers(403) },
      },
    },
    async (request, reply) => {
      const { accessToken, deviceCookie } = await signIn(deps(), request.body, sourceOf(request));
      // A device that signed in before may go on signing in, and receive and check recovery
      // codes, while the account is under attack: the cookie goes to every auth endpoint.
      reply.header(
        'set-cookie',
        `${deviceCookie.name}=${deviceCookie.value}; Path=/api/auth; ` +
          `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Strict` +
          (request.protocol === 'https' ? '; Secure' : ''),
      );
      return { message: AUTH_MESSAGES.signedIn, accessToken, tokenType: 'Bearer' as const };
    },
  );

  app.post(
    '/api/auth/logout',
    { onRequest: app.guard(), schema: { tags, response: { 200: messageReplySchema } } },
    async (request) => {
      await signOut(app.db, principalOf(request));
      return { message: AUTH_MESSAGES.signedOut };
    },
  );

  app.post(
    '/api/auth/logout/all',
    { onRequest: app.guard(), schema: { tags, response: { 200: messageReplySchema } } },
    async (request) => {
      await signOutEverywhere(app.db, principalOf(request));
      return { message: AUTH_MESSAGES.signedOutEverywhere };
    },
  );

  app.post(
    '/api/auth/forgot/pwd',
    {
      config,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        ...fieldsInQueryOrBody(forgotPasswordSchema),
        response: { 200: successFlagSchema },
      },
    },
    async (request) => {
      const input = parseInput(forgotPasswordSchema, queryAndBody(request));
      await requestCode(deps(), input, sourceOf(request));
      return { message: AUTH_MESSAGES.codeSent, data: { success: true } };
    },
  );

  app.post(
    '/api/auth/verify/code',
    {
      config,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        ...fieldsInQueryOrBody(verifyCodeSchema),
        response: { 200: verifyCodeReplySchema },
      },
    },
    async (request) => {
      const input = parseInput(verifyCodeSchema, queryAndBody(request));
      const { resetToken } = await verifyCode(deps(), input, sourceOf(request));
      return { message: AUTH_MESSAGES.codeVerified, data: { success: true, resetToken } };
    },
  );

  app.put(
    '/api/auth/change/password',
    {
      config,
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags,
        ...fieldsInQueryOrBody(resetPasswordSchema),
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const input = parseInput(resetPasswordSchema, queryAndBody(request));
      const { firstPassword } = await resetPassword(deps(), input, sourceOf(request));
      return {
        message: firstPassword ? AUTH_MESSAGES.passwordSet : AUTH_MESSAGES.passwordChanged,
      };
    },
  );
};
