/**
 * The plainest routes there are, written once: GET what the service reads for the caller's
 * organisation (its categories, sites, agencies, policy, settings, primes…), and POST/PUT a body
 * the service writes for it, each replied in the envelope of the reply's schema.
 */
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import type { Db } from '../db/client.ts';
import { alsoAnswers, type ErrorStatus } from './api-document.ts';
import { principalOf } from './auth.ts';
import { ok } from './http.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface OrganisationRoute {
  url: string;
  /** The route's guard (`app.guard(ACCESS…)`). */
  onRequest: onRequestHookHandler;
  tags: string[];
  description: string;
  reply: z.ZodType;
}

export interface OrganisationRead extends OrganisationRoute {
  read(db: Db, clientRef: number): Promise<unknown>;
}

/** GET `url`: `read` of the caller's organisation. */
export function registerOrganisationRead(app: App, route: OrganisationRead) {
  app.get(
    route.url,
    {
      onRequest: route.onRequest,
      schema: {
        tags: route.tags,
        description: route.description,
        response: { 200: envelopeOf(route.reply) },
      },
    },
    async (request) => ok(await route.read(app.db, principalOf(request).clientRef)),
  );
}

export interface OrganisationWrite<Body extends z.ZodType> extends OrganisationRoute {
  method: 'POST' | 'PUT';
  body: Body;
  write(db: Db, clientRef: number, input: z.output<Body>): Promise<unknown>;
  /** The reply's message ('Saved', 'Site added'…). */
  message: string;
  /** What writing answers besides the statuses every route declares (a duplicate: 409). */
  alsoAnswers?: ErrorStatus[];
}

/** POST/PUT `url`: `write` of the body for the caller's organisation, replied with `message`. */
export function registerOrganisationWrite<Body extends z.ZodType>(
  app: App,
  route: OrganisationWrite<Body>,
) {
  app.route({
    method: route.method,
    url: route.url,
    onRequest: route.onRequest,
    schema: {
      tags: route.tags,
      description: route.description,
      body: route.body,
      response: { 200: envelopeOf(route.reply), ...alsoAnswers(...(route.alsoAnswers ?? [])) },
    },
    handler: async (request: FastifyRequest) =>
      ok(
        await route.write(app.db, principalOf(request).clientRef, request.body as z.output<Body>),
        route.message,
      ),
  });
}
