/**
 * `GET /api/organisation/tokens` lists the organisation's API tokens, `POST` makes one (its
 * secret answered this once), `DELETE /api/organisation/tokens/{id}` revokes one. The
 * organisation's admin only (BUYER_ORG_USER_MANAGEMENT), signed in as a person: these guards name
 * no scope, so no API token can make, list or revoke tokens.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  API_TOKEN_MESSAGES,
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenIdParamsSchema,
  apiTokenSchema,
} from '@spotzcity/shared/api-tokens';
import { ACCESS } from '@spotzcity/shared/permissions';
import { alsoAnswers } from '../../platform/api-document.ts';
import { actsAcrossOrganisations, principalOf } from '../../platform/auth.ts';
import { Forbidden } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { createToken, listTokens, revokeToken } from './service.ts';

export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['api tokens'];
  const admins = app.guard(ACCESS.apiTokens.manage);

  app.get(
    '/api/organisation/tokens',
    {
      onRequest: admins,
      schema: {
        tags,
        description:
          "The organisation's API tokens, newest first (at most 200), with their last use; " +
          'never their secrets.',
        response: { 200: envelopeOf(z.array(apiTokenSchema)) },
      },
    },
    async (request) =>
      ok(await listTokens(app.db, principalOf(request).clientRef), API_TOKEN_MESSAGES.fetched),
  );

  app.post(
    '/api/organisation/tokens',
    {
      onRequest: admins,
      schema: {
        tags,
        description:
          'Makes an API token for the organisation: `name`, `scopes` (`spend:upload`, `read`) and ' +
          'an optional `expiresInDays` (1–730; none: it does not expire). Answers the token with ' +
          'its secret in `data.token`, this once: only a hash is kept. 409 past 50 active tokens.',
        body: apiTokenCreateSchema,
        response: { 201: envelopeOf(apiTokenCreatedSchema), ...alsoAnswers(409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      // A token acts within one organisation; the platform's own administrators act across them.
      if (actsAcrossOrganisations(principal)) {
        throw new Forbidden(API_TOKEN_MESSAGES.organisationOnly);
      }
      const created = await createToken(app.db, principal, request.body);
      return reply.code(201).send(ok(created, API_TOKEN_MESSAGES.created));
    },
  );

  app.delete(
    '/api/organisation/tokens/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        description:
          'Revokes a token: refused from the next request on, on every server. Revoking a ' +
          'revoked token changes nothing.',
        params: apiTokenIdParamsSchema,
        response: { 200: envelopeOf(apiTokenSchema) },
      },
    },
    async (request) =>
      ok(
        await revokeToken(app.db, principalOf(request), request.params.id),
        API_TOKEN_MESSAGES.revoked,
      ),
  );
};
