/**
 * The home page's "Needs attention" (`GET /api/home/attention`): whoever sees the spend figures
 * (the goals' readers) reads it. Each part comes from the module that owns its rule
 * (platform/attention.ts); every figure is the signed-in user's organisation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@spotzcity/shared/api';
import { homeAttentionSchema } from '@spotzcity/shared/home';
import { ACCESS } from '@spotzcity/shared/permissions';
import { todayIso } from '@spotzcity/shared/validation';
import { principalOf } from '../../platform/auth.ts';
import { ok } from '../../platform/http.ts';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home/attention',
    {
      onRequest: app.guard(ACCESS.supplierAndSpend.dashboards),
      schema: {
        tags: ['Home'],
        description:
          "What needs attention today: the year's goal, certificates expiring or lapsed that " +
          'carry spend, unmatched vendors, overdue Tier 2 primes, and imports held or failed.',
        response: { 200: envelopeOf(homeAttentionSchema) },
      },
    },
    async (request) => {
      const { clientRef, permissions } = principalOf(request);
      return ok(await app.attention.read(app.db, { clientRef, permissions, today: todayIso() }));
    },
  );
};
