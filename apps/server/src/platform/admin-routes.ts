/**
 * The administration's write routes (clients, SpotzCity admins, users), wired one way: the
 * service runs as the caller in one transaction (its audit row commits or rolls back with the
 * change), and the saved record is replied with the message the change calls for.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { SUCCESS, envelopeOf, messageReplySchema } from '@spotzcity/shared/api';
import { deleteRequestSchema } from '@spotzcity/shared/clients';
import type { Access } from '@spotzcity/shared/permissions';
import type { DbOrTx } from '../db/client.ts';
import { invitationSentMessage } from './accounts.ts';
import { alsoAnswers } from './api-document.ts';
import { principalOf, type Principal } from './auth.ts';
import { ok } from './http.ts';
import { fieldsInQueryOrBody, parseInput, queryAndBody } from './validate.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface AdminRoute {
  url: string;
  access: Access;
  tags: string[];
  description?: string;
}

export interface SaveRoute<Body extends z.ZodType, Saved> extends AdminRoute {
  method: 'POST' | 'PUT';
  body: Body;
  /** The saved record's schema (the reply is its envelope). */
  record: z.ZodType;
  save(tx: DbOrTx, principal: Principal, input: z.output<Body>): Promise<Saved>;
  message(saved: Saved): string;
}

/** POST/PUT `url`: the body saved as the caller in one transaction, replied with its message. */
export function registerSaveRoute<Body extends z.ZodType, Saved>(
  app: App,
  route: SaveRoute<Body, Saved>,
) {
  app.route({
    method: route.method,
    url: route.url,
    onRequest: app.guard(route.access),
    schema: {
      tags: route.tags,
      ...(route.description ? { description: route.description } : {}),
      body: route.body,
      // An e-mail address or client id already taken.
      response: { 200: envelopeOf(route.record), ...alsoAnswers(409) },
    },
    handler: async (request: FastifyRequest) => {
      const principal = principalOf(request);
      const input = request.body as z.output<Body>;
      const saved = await app.db.transaction((tx) => route.save(tx, principal, input));
      return ok(saved, route.message(saved));
    },
  });
}

interface AccountSave<Body extends z.ZodType, Saved> {
  access: Access;
  description?: string;
  body: Body;
  save(tx: DbOrTx, principal: Principal, input: z.output<Body>): Promise<Saved>;
}

/**
 * An account (a client, a SpotzCity admin, a user) added with POST and updated with PUT on one
 * path: adding invites it by e-mail and says so; updating says it is updated.
 */
export function registerAccountRoutes<
  Add extends z.ZodType,
  Update extends z.ZodType,
  Saved extends { email: string },
>(
  app: App,
  routes: {
    url: string;
    tags: string[];
    record: z.ZodType;
    add: AccountSave<Add, Saved>;
    update: AccountSave<Update, Saved>;
  },
) {
  const { url, tags, record } = routes;
  registerSaveRoute(app, {
    method: 'POST',
    url,
    tags,
    record,
    ...routes.add,
    message: (saved) => invitationSentMessage(saved.email),
  });
  registerSaveRoute(app, {
    method: 'PUT',
    url,
    tags,
    record,
    ...routes.update,
    message: () => SUCCESS.updated,
  });
}

export interface DeleteRoute extends AdminRoute {
  remove(tx: DbOrTx, principal: Principal, id: number): Promise<unknown>;
}

/** DELETE `url` with `{ id }` in the body or the query string, as the caller in one transaction. */
export function registerDeleteRoute(app: App, route: DeleteRoute) {
  app.delete(
    route.url,
    {
      onRequest: app.guard(route.access),
      schema: {
        tags: route.tags,
        description: route.description,
        ...fieldsInQueryOrBody(deleteRequestSchema),
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = parseInput(deleteRequestSchema, queryAndBody(request));
      await app.db.transaction((tx) => route.remove(tx, principal, id));
      return { message: SUCCESS.deleted };
    },
  );
}
