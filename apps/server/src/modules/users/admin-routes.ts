/**
 * `/api/users/list`, `/add` (POST adds, PUT updates), `/delete` and `/:id`: the users
 * administration. Wiring only; the rules are in admin-service.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '@spotzcity/shared/validation';
import { SUCCESS, envelopeOf, messageReplySchema, pagedOf } from '@spotzcity/shared/api';
import { deleteRequestSchema } from '@spotzcity/shared/clients';
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
import { fieldsInQueryOrBody, parseInput, queryAndBody } from '../../platform/validate.ts';
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

  app.post(
    '/api/users/add',
    {
      onRequest: app.guard(ACCESS.user.add),
      schema: {
        tags,
        description:
          'Adds a user and mails them an invitation code to choose their password. The client ' +
          'id is used only by Super Users and Super Admins; anyone else adds to their own client.',
        body: userCreateSchema,
        response: { 200: userReply },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await app.db.transaction((tx) =>
        createUser(tx, app.invitations, principal, request.body),
      );
      return ok(user, invitationSentMessage(user.email));
    },
  );

  app.put(
    '/api/users/add',
    {
      onRequest: app.guard(ACCESS.user.edit),
      schema: { tags, body: userUpdateSchema, response: { 200: userReply } },
    },
    async (request) => {
      const principal = principalOf(request);
      const user = await app.db.transaction((tx) =>
        updateUser(tx, app.invitations, principal, request.body),
      );
      return ok(user, SUCCESS.updated);
    },
  );

  app.delete(
    '/api/users/delete',
    {
      onRequest: app.guard(ACCESS.user.deleteUser),
      schema: {
        tags,
        description: '`{ id }` in the body or the query string. A soft delete.',
        ...fieldsInQueryOrBody,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { id } = parseInput(deleteRequestSchema, queryAndBody(request));
      await app.db.transaction((tx) => deleteUser(tx, principal, id));
      return { message: SUCCESS.deleted };
    },
  );
};
