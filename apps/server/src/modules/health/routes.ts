import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';

export const healthRoutes: FastifyPluginAsyncZod<{ databaseKind: string }> = async (app, opts) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        response: {
          200: envelopeOf(z.object({ status: z.literal('ok'), database: z.string() })),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      return { message: 'OK', data: { status: 'ok' as const, database: opts.databaseKind } };
    },
  );

  // Public, non-secret settings the web app needs before sign-in (help popover, name).
  app.get(
    '/api/settings',
    {
      schema: {
        tags: ['platform'],
        response: { 200: envelopeOf(z.object({ appName: z.string(), supportEmail: z.string() })) },
      },
    },
    async () => ({
      message: 'Fetched Successfully',
      data: { appName: app.settings.appName, supportEmail: app.settings.supportEmail },
    }),
  );
};
