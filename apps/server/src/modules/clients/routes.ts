/**
 * `/api/super_admin/*`: clients (organisations) and SpotzCity admins. Wiring only; the rules are
 * in service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageRequestSchema, pagedOf } from '@spotzcity/shared/api';
import {
  adminCreateSchema,
  adminUpdateSchema,
  clientCreateSchema,
  clientItemSchema,
  clientOptionSchema,
  clientUpdateSchema,
} from '@spotzcity/shared/clients';
import { ACCESS } from '@spotzcity/shared/permissions';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { registerAccountRoutes, registerDeleteRoute } from '../../platform/admin-routes.ts';
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

  registerAccountRoutes(app, {
    url: '/api/super_admin/client',
    tags,
    record: clientItemSchema,
    add: {
      access: ACCESS.client.createClient,
      description:
        'Adds a client and invites its first user (Buyer Admin for a buyer, Supplier for a ' +
        'supplier) at the client e-mail. Contract end defaults to one year after the start.',
      body: clientCreateSchema,
      save: (tx, principal, input) => createClient(tx, app.invitations, principal, input),
    },
    update: { access: ACCESS.client.createClient, body: clientUpdateSchema, save: updateClient },
  });

  registerAccountRoutes(app, {
    url: '/api/super_admin/admin',
    tags,
    record: clientItemSchema,
    add: {
      access: ACCESS.client.createAdmin,
      description: 'Adds a SpotzCity admin (a SUPER_ADMIN client) and invites its Super Admin.',
      body: adminCreateSchema,
      save: (tx, principal, input) =>
        createAdmin(tx, app.invitations, principal, input, opts.appName),
    },
    update: { access: ACCESS.client.createAdmin, body: adminUpdateSchema, save: updateAdmin },
  });

  registerDeleteRoute(app, {
    url: '/api/super_admin/delete',
    access: ACCESS.client.delete,
    tags,
    description:
      '`{ id }` in the body or the query string. A soft delete of the client and its users.',
    remove: deleteClient,
  });
};
