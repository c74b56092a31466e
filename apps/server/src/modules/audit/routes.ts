import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedOf } from '@spotzcity/shared/api';
import { auditItemSchema, auditListRequestSchema } from '@spotzcity/shared/audit';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import { Forbidden } from '../../platform/errors.ts';
import { paged } from '../../platform/http.ts';
import { listAudit } from './service.ts';

/**
 * `GET /api/audit`: who created, changed or deleted which client or user, and how. Super Users
 * only: the trail covers every organisation, including the platform operators' own actions.
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/audit',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['platform'],
        querystring: auditListRequestSchema,
        // Signed-in users of any role reach the handler, which lets Super Users only.
        response: { 200: pagedOf(auditItemSchema), ...alsoAnswers(403) },
      },
    },
    async (request) => {
      if (principalOf(request).role !== 'ROLE_SUPER_USER') throw new Forbidden();
      const { rows, total } = await listAudit(app.db, request.query);
      return paged(rows, total, request.query);
    },
  );
};
