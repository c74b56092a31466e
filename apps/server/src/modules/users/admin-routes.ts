/**
 * `/api/users/list`, `/add` (POST adds, PUT updates), `/delete` and `/:id`: the users
 * administration. Wiring only; the rules are in admin-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '@spotzcity/shared/validation';
import { envelopeOf, pagedOf } from '@spotzcity/shared/api';
import {
  userCreateSchema,
  userItemSchema,
  userListRequestSchema,
  userUpdateSchema,
} from '@spotzcity/shared/users';
import { ACCESS } from '@spotzcity/shared/permissions';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { registerAccountRoutes, registerDeleteRoute } from '../../platform/admin-routes.ts';
import { createUser, deleteUser, getUser, listUsers, updateUser } from './admin-service.ts';

export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const userReply = envelopeOf(userItemSchema);

  app.post(
    '/api/users/list',
    {
      onRequest: app.guard(ACCESS.user.allowed),
      schema: {
        tags,
        body: userListRequestSchema.optional(),
        response: { 200: pagedOf(userItemSchema) },
      },
    },
    async (request) => {
      const page = userListRequestSchema.parse(request.body ?? {});
      const { rows, total } = await listUsers(app.db, principalOf(request), page);
      return paged(rows, total, page);
    },
  );

  app.get(
    '/api/users/:id(^\\d+$)',
    {
      onRequest: app.guard(ACCESS.user.allowed),
      schema: {
        tags,
        params: z.object({ id: recordId() }),
        response: { 200: userReply },
      },
    },
    async (request) => ok(await getUser(app.db, principalOf(request), request.params.id)),
  );

  registerAccountRoutes(app, {
    url: '/api/users/add',
    tags,
    record: userItemSchema,
    add: {
      access: ACCESS.user.add,
      description:
        'Adds a user and mails them an invitation code to choose their password. The client ' +
        'id is used only by Super Users and Super Admins; anyone else adds to their own client.',
      body: userCreateSchema,
      save: (tx, principal, input) => createUser(tx, app.invitations, principal, input),
    },
    update: {
      access: ACCESS.user.edit,
      body: userUpdateSchema,
      save: (tx, principal, input) => updateUser(tx, app.invitations, principal, input),
    },
  });

  registerDeleteRoute(app, {
    url: '/api/users/delete',
    access: ACCESS.user.deleteUser,
    tags,
    description: '`{ id }` in the body or the query string. A soft delete.',
    remove: deleteUser,
  });
};
