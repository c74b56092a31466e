/**
 * Dashboard downloads (PPT and PDF of a captured dashboard) and the saved analysis text. Excel
 * exports live with each dashboard's module, because they recompute that module's figures.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  analysisKeySchema,
  analysisSaveSchema,
  analysisSchema,
  downloadRequestSchema,
} from '@spotzcity/shared/reports';
import { principalOf } from '../../platform/auth.ts';
import {
  MIME,
  buildPdf,
  buildPptx,
  decodeImage,
  safeFileName,
  sendFile,
} from '../../platform/exports.ts';
import { ok } from '../../platform/http.ts';
import { getAnalysis, saveAnalysis } from './service.ts';

// A 1600×900 PNG capture is usually 0.2–2 MB; base64 adds a third.
const IMAGE_BODY_LIMIT = 15 * 1024 * 1024;

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['reports'];

  async function slide(input: z.output<typeof downloadRequestSchema>) {
    return {
      input,
      content: {
        title: input.name,
        image: decodeImage(input.image),
        analysis: input.analysis,
        subtitle: input.subtitle,
      },
    };
  }

  app.post(
    '/api/download',
    {
      onRequest: app.guard(),
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        description:
          'PowerPoint of a captured dashboard: body {type, name, image (data URL), analysis?}.',
        body: downloadRequestSchema,
      },
    },
    async (request, reply) => {
      const { input, content } = await slide(request.body);
      return sendFile(reply, await buildPptx(content), safeFileName(input.name, 'pptx'), MIME.pptx);
    },
  );

  app.post(
    '/api/download/pdf',
    {
      onRequest: app.guard(),
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: {
        tags,
        description: 'PDF of a captured dashboard: body {type, name, image (data URL), analysis?}.',
        body: downloadRequestSchema,
      },
    },
    async (request, reply) => {
      const { input, content } = await slide(request.body);
      return sendFile(reply, await buildPdf(content), safeFileName(input.name, 'pdf'), MIME.pdf);
    },
  );

  app.post(
    '/api/report/analysis',
    {
      onRequest: app.guard(),
      schema: { tags, body: analysisKeySchema, response: { 200: envelopeOf(analysisSchema) } },
    },
    async (request) => {
      const { clientRef } = principalOf(request);
      return ok(await getAnalysis(app.db, clientRef, request.body.reportKey));
    },
  );

  app.put(
    '/api/report/analysis',
    {
      onRequest: app.guard(),
      schema: { tags, body: analysisSaveSchema, response: { 200: envelopeOf(analysisSchema) } },
    },
    async (request) => {
      const { clientRef, id } = principalOf(request);
      const saved = await saveAnalysis(app.db, { clientRef, userId: id, ...request.body });
      return ok(saved, 'Updated Successfully');
    },
  );
};
