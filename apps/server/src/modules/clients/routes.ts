/**
 * `/api/super_admin/*`: clients (organisations) and SpotzCity admins. Wiring only; the rules are
 * in service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS,
  envelopeOf,
  messageReplySchema,
  pageRequestSchema,
  pagedOf,
} from '@spotzcity/shared/api';
import {
  adminCreateSchema,
  adminUpdateSchema,
  clientCreateSchema,
  clientItemSchema,
  clientOptionSchema,
  clientUpdateSchema,
  deleteRequestSchema,
} from '@spotzcity/shared/clients';
import { ACCESS } from '@spotzcity/shared/permissions';
import { invitationSentMessage } from '../../platform/accounts.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { fieldsInQueryOrBody, parseInput, queryAndBody } from '../../platform/validate.ts';
import {
  clientOptions,
  createAdmin,
  createClient,
  deleteClient,
  listClients,
  updateAdmin,
  updateClient,
} from './service.ts';

export const clientRoutes: FastifyPluginAsyncZod<{ appName: string }> = async (app, opts) => {
  const tags = ['clients'];
  const clientReply = envelopeOf(clientItemSchema);

  app.post(
    '/api/super_admin/clients',
    {
      onRequest: app.guard(ACCESS.client.allowed),
      schema: {
        tags,
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(clientItemSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, total } = await listClients(app.db, page);
      return paged(rows, total, page);
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/super_admin/clients/all',
    onRequest: app.guard(ACCESS.client.options),
    schema: {
      tags,
      description:
        'Every client id as `{ value, label }`; only your own unless you administer every client.',
      response: { 200: envelopeOf(z.array(clientOptionSchema)) },
    },
    handler: async (request) => ok(await clientOptions(app.db, principalOf(request))),
  });

  app.post(
    '/api/super_admin/client',
    {
      onRequest: app.guard(ACCESS.client.createClient),
      schema: {
        tags,
        description:
          'Adds a client and invites its first user (Buyer Admin for a buyer, Supplier for a ' +
          'supplier) at the client e-mail. Contract end defaults to one year after the start.',
        body: clientCreateSchema,
        response: { 200: clientReply },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const client = await app.db.transaction((tx) =>
        createClient(tx, app.invitations, principal, request.body),
      );
      return ok(client, invitationSentMessage(client.email));
    },
  );

  app.put(
    '/api/super_admin/client',
    {
      onRequest: app.guard(ACCESS.client.createClient),
      schema: { tags, body: clientUpdateSchema, response: { 200: clientReply } },
    },
    async (request) => {
      const principal = principalOf(request);
      const client = await app.db.transaction((tx) => updateClient(tx, principal, request.body));
      return ok(client, SUCCESS.updated);
    },
  );

  app.post(
    '/api/super_admin/admin',
    {
      onRequest: app.guard(ACCESS.client.createAdmin),
      schema: {
        tags,
        description: 'Adds a SpotzCity admin (a SUPER_ADMIN client) and invites its Super Admin.',
        body: adminCreateSchema,
        response: { 200: clientReply },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const client = await app.db.transaction((tx) =>
        createAdmin(tx, app.invitations, principal, request.body, opts.appName),
      );
      return ok(client, invitationSentMessage(client.email));
    },
  );

  app.put(
    '/api/super_admin/admin',
    {
      onRequest: app.guard(ACCESS.client.createAdmin),
      schema: { tags, body: adminUpdateSchema, response: { 200: clientReply } },
    },
    async (request) => {
      const principal = principalOf(request);
      const client = await app.db.transaction((tx) => updateAdmin(tx, principal, request.body));
      return ok(client, SUCCESS.updated);
    },
  );

  app.delete(
    '/api/super_admin/delete',
    {
      onRequest: app.guard(ACCESS.client.delete),
      schema: {
        tags,
        description:
          '`{ id }` in the body or the query string. A soft delete of the client and its users.',
        ...fieldsInQueryOrBody,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = parseInput(deleteRequestSchema, queryAndBody(request));
      await app.db.transaction((tx) => deleteClient(tx, principal, id));
      return { message: SUCCESS.deleted };
    },
  );
};
