import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, desc } from 'drizzle-orm';
import { z } from 'zod';
import { pageRequestSchema, pagedOf } from '@spotzcity/shared/api';
import { mailOutbox } from '../../db/schema/index.ts';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import { Forbidden } from '../../platform/errors.ts';
import { paged } from '../../platform/http.ts';
import { pageOffset } from '../../platform/sql.ts';

const mailItem = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/**
 * The outbox, for the operator of an installation without SMTP: a Super User reads the mail the
 * platform would have sent (invitations, recovery codes) here.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/mail/outbox',
    {
      onRequest: app.guard(),
      schema: {
        tags: ['platform'],
        body: pageRequestSchema.optional(),
        // Signed-in users of any role reach the handler, which lets Super Users only.
        response: { 200: pagedOf(mailItem), ...alsoAnswers(403) },
      },
    },
    async (request) => {
      if (principalOf(request).role !== 'ROLE_SUPER_USER') throw new Forbidden();
      const page = pageRequestSchema.parse(request.body ?? {});
      const rows = await app.db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.id))
        .limit(page.pageSize)
        .offset(pageOffset(page));
      const [total] = await app.db.select({ n: count() }).from(mailOutbox);
      return paged(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total?.n ?? 0,
        page,
      );
    },
  );
};
