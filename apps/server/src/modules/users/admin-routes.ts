/**
 * `/api/users/list`, `/add` (POST adds, PUT updates), `/delete` and `/:id`: the users
 * administration. Wiring only; the rules are in admin-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '@spotzcity/shared/validation';
import { SUCCESS, envelopeOf, pagedOf } from '@spotzcity/shared/api';
import {
  userCreateSchema,
  userItemSchema,
  userListRequestSchema,
  userUpdateSchema,
} from '@spotzcity/shared/users';
import { ACCESS } from '@spotzcity/shared/permissions';
import { invitationSentMessage } from '../../platform/accounts.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { registerDeleteRoute, registerSaveRoute } from '../../platform/admin-routes.ts';
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

  registerSaveRoute(app, {
    method: 'POST',
    url: '/api/users/add',
    access: ACCESS.user.add,
    tags,
    description:
      'Adds a user and mails them an invitation code to choose their password. The client ' +
      'id is used only by Super Users and Super Admins; anyone else adds to their own client.',
    body: userCreateSchema,
    record: userItemSchema,
    save: (tx, principal, input) => createUser(tx, app.invitations, principal, input),
    message: (user) => invitationSentMessage(user.email),
  });

  registerSaveRoute(app, {
    method: 'PUT',
    url: '/api/users/add',
    access: ACCESS.user.edit,
    tags,
    body: userUpdateSchema,
    record: userItemSchema,
    save: (tx, principal, input) => updateUser(tx, app.invitations, principal, input),
    message: () => SUCCESS.updated,
  });

  registerDeleteRoute(app, {
    url: '/api/users/delete',
    access: ACCESS.user.deleteUser,
    tags,
    description: '`{ id }` in the body or the query string. A soft delete.',
    remove: deleteUser,
  });
};
