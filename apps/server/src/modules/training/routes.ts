import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordId } from '@spotzcity/shared/validation';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  TRAINING_MESSAGES,
  TRAINING_TYPES,
  deleteRequestSchema,
  extensionOf,
  formatOfFile,
  listRequestSchema,
  trainingGroupSchema,
  trainingItemSchema,
  uploadFieldsSchema,
  videoUrlSchema,
  type TrainingType,
} from '@spotzcity/shared/training';
import { principalOf, type Principal } from '../../platform/auth.ts';
import { sendStoredFile } from '../../platform/downloads.ts';
import { ValidationError } from '../../platform/errors.ts';
import { FILE_TYPES } from '../../platform/file-types.ts';
import { ok } from '../../platform/http.ts';
import { receiveUpload } from '../../platform/uploads.ts';
import { multipartForm, parseInput } from '../../platform/validate.ts';
import {
  STORAGE_PREFIX,
  addFile,
  addLink,
  deleteItem,
  getStoredFile,
  listCategories,
  listGroups,
  presentItem,
} from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export interface TrainingOptions {
  maxBytes: Record<TrainingType, number>;
}

export const trainingRoutes: FastifyPluginAsyncZod<TrainingOptions> = async (app, opts) => {
  const tags = ['training'];
  const itemReply = envelopeOf(trainingItemSchema);
  const groupsReply = envelopeOf(z.array(trainingGroupSchema));
  const categoriesReply = envelopeOf(z.array(z.string()));

  const mediaPath = (id: number) => `/api/training/media/${id}`;
  const mediaUrl = (principal: Principal) => (id: number) =>
    app.signedUrls.sign(mediaPath(id), principal);

  for (const type of TRAINING_TYPES) {
    const wrongFormat = type === 'video' ? TRAINING_MESSAGES.badVideo : TRAINING_MESSAGES.badModule;

    app.post(
      `/api/training/${type}`,
      {
        onRequest: app.guard(ACCESS.training.uploadTraining),
        schema: {
          tags,
          ...multipartForm(uploadFieldsSchema.shape, { file: 'required' }),
          description: `Multipart: category, file (the ${type}). The content is checked by its bytes; send category first so a bad form is refused before the file is uploaded.`,
          response: { 200: itemReply },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { fields, file } = await receiveUpload(request, {
          storage: app.storage,
          prefix: STORAGE_PREFIX[type],
          maxBytes: opts.maxBytes[type],
          expect(fileName) {
            const extension = extensionOf(fileName);
            const fileType = formatOfFile(type, fileName) && FILE_TYPES[extension];
            if (!fileType) throw ValidationError.field('file', wrongFormat);
            return { extension, ...fileType };
          },
          mismatch: (fileName) =>
            TRAINING_MESSAGES.contentMismatch(
              fileName,
              formatOfFile(type, fileName)?.label ?? type,
            ),
          missingMessage: TRAINING_MESSAGES.fileRequired,
          emptyMessage: TRAINING_MESSAGES.emptyFile,
          beforeFile(early) {
            if ('category' in early) parseInput(uploadFieldsSchema, early);
          },
        });
        try {
          const input = parseInput(uploadFieldsSchema, fields);
          const row = await addFile(app.db, {
            type,
            category: input.category,
            file,
            userId: principal.id,
          });
          return ok(presentItem(row, mediaUrl(principal)), TRAINING_MESSAGES.added);
        } catch (error) {
          await app.storage.remove(file.key);
          throw error;
        }
      },
    );

    // Methods are not shown in the spec: lists take a body (POST); GET answers the same. Never
    // kept by the reply cache (kept per user): the URLs in a list belong to the session that asked.
    const list = async (principal: Principal, given: TrainingType | undefined) => {
      if (given && given !== type) {
        throw ValidationError.field('type', TRAINING_MESSAGES.typeMismatch(type));
      }
      return ok(await listGroups(app.db, type, mediaUrl(principal)), 'Fetched List Successfully');
    };
    app.post(
      `/api/training/list/${type}`,
      {
        onRequest: app.guard(ACCESS.training.allowed),
        schema: { tags, body: listRequestSchema.optional(), response: { 200: groupsReply } },
      },
      async (request) => list(principalOf(request), request.body?.type),
    );
    app.get(
      `/api/training/list/${type}`,
      {
        onRequest: app.guard(ACCESS.training.allowed),
        schema: { tags, querystring: listRequestSchema, response: { 200: groupsReply } },
      },
      async (request) => list(principalOf(request), request.query.type),
    );

    const categories = async () => ok(await listCategories(app.db, type));
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: `/api/training/categories/${type}`,
        onRequest: app.guard(ACCESS.training.allowed),
        schema: { tags, response: { 200: categoriesReply } },
        handler: categories,
      });
    }
  }

  app.post(
    '/api/training/video/url',
    {
      onRequest: app.guard(ACCESS.training.uploadTraining),
      schema: { tags, body: videoUrlSchema, response: { 200: itemReply } },
    },
    async (request) => {
      const principal = principalOf(request);
      const row = await addLink(app.db, { ...request.body, userId: principal.id });
      return ok(presentItem(row, mediaUrl(principal)), TRAINING_MESSAGES.added);
    },
  );

  app.put(
    '/api/training/delete',
    {
      onRequest: app.guard(ACCESS.training.uploadTraining),
      schema: {
        tags,
        body: deleteRequestSchema,
        response: { 200: envelopeOf(deleteRequestSchema) },
      },
    },
    async (request) => {
      const deleted = await deleteItem(app.db, app.storage, request.body, (error, key) =>
        request.log.error({ err: error, key }, 'training file not removed'),
      );
      return ok(deleted, TRAINING_MESSAGES.deleted);
    },
  );

  // Played by <video src> and downloaded by plain links: authorised by the signed URL the list
  // reply carries (see platform/signed-urls.ts), not by a bearer header.
  // HEAD is declared with GET so that it answers the size without reading the file.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/training/media/:id',
    onRequest: app.signedUrls.guard(ACCESS.training.allowed),
    schema: {
      tags,
      description:
        'A training file by the signed URL of a list reply (url, or downloadUrl with download=1), ' +
        'valid for the session that asked for the list until it signs out. Supports Range requests.',
      params: z.object({ id: recordId() }),
      querystring: z.object({
        u: z.string().optional(),
        t: z.string().optional(),
        e: z.string().optional(),
        s: z.string().optional(),
        download: z.string().optional(),
      }),
    },
    handler: async (request, reply) => {
      const item = await getStoredFile(app.db, request.params.id);
      return sendStoredFile(request, reply, app.storage, {
        key: item.storageKey,
        fileName: item.fileName,
        contentType: item.contentType ?? 'application/octet-stream',
        disposition: request.query.download === '1' ? 'attachment' : 'inline',
      });
    },
  });
};
