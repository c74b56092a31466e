import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordChangeSchema, profileUpdateSchema } from '@spotzcity/shared/auth';
import {
  SUCCESS,
  envelopeOf,
  passwordChangeReplySchema,
  userProfileSchema,
} from '@spotzcity/shared/api';
import { alsoAnswers } from '../../platform/api-document.ts';
import { accountOf, principalOf } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { ok } from '../../platform/http.ts';
import { MIME_BY_EXT, readSmallForm, requireImage } from '../../platform/uploads.ts';
import { multipartForm, parseInput } from '../../platform/validate.ts';
import {
  PICTURE_PREFIX,
  USER_MESSAGES,
  changePassword,
  profileOf,
  updateProfile,
  type OldPasswordChecks,
} from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export interface UserRouteOptions {
  maxImageBytes: number;
  oldPasswordChecks: OldPasswordChecks;
}

export const userRoutes: FastifyPluginAsyncZod<UserRouteOptions> = async (app, opts) => {
  const tags = ['users'];
  const profileReply = envelopeOf(userProfileSchema);

  app.get(
    '/api/users/profile',
    { onRequest: app.guard(), schema: { tags, response: { 200: profileReply } } },
    // The rows the guard let this request in with: no second lookup (platform/auth.ts).
    async (request) => ok(profileOf(accountOf(request))),
  );

  app.put(
    '/api/users/update',
    {
      onRequest: app.guard(),
      schema: {
        tags,
        ...multipartForm(profileUpdateSchema.shape, { image: 'optional' }),
        description:
          'Multipart: name, gender, dateOfBirth (YYYY-MM-DD), phone, email (ignored), deleteImage, image (optional).',
        response: { 200: profileReply },
      },
    },
    async (request) => {
      const userId = principalOf(request).id;
      const form = await readSmallForm(request, opts.maxImageBytes);
      const input = parseInput(profileUpdateSchema, form.fields);
      const image = form.files.image;
      let newKey: string | undefined;
      if (image) {
        const kind = requireImage(image);
        newKey = (await app.storage.put(PICTURE_PREFIX, kind.ext, Readable.from(image.data))).key;
      }
      try {
        return ok(
          await updateProfile(app.db, app.storage, userId, input, newKey),
          SUCCESS.userDetailUpdated,
        );
      } catch (error) {
        if (newKey) await app.storage.remove(newKey);
        throw error;
      }
    },
  );

  app.put(
    '/api/users/password',
    {
      onRequest: app.guard(ACCESS.profile.resetPassword),
      schema: {
        tags,
        body: passwordChangeSchema,
        // 429: too many wrong old passwords (the account's throttle).
        response: { 200: passwordChangeReplySchema, ...alsoAnswers(429) },
      },
    },
    async (request) => {
      const input = request.body;
      const user = await changePassword(
        app.db,
        principalOf(request).id,
        input,
        opts.oldPasswordChecks,
      );
      // Older tokens stop working; this session continues with a fresh one.
      return {
        message: USER_MESSAGES.passwordUpdated,
        data: { accessToken: app.tokens.sign(user) },
      };
    },
  );

  // Pictures are served by unguessable names so that an <img> can show them without a token.
  app.get(
    '/api/users/picture/:file',
    { schema: { tags, params: z.object({ file: z.string() }) } },
    async (request, reply) => {
      const { file } = request.params;
      const match = /^[0-9a-f-]{36}\.(png|jpg|gif|webp)$/.exec(file);
      const key = `${PICTURE_PREFIX}/${file}`;
      if (!match?.[1] || (await app.storage.size(key)) === undefined) throw new NotFound();
      return reply
        .type(MIME_BY_EXT[match[1]] ?? 'application/octet-stream')
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .send(app.storage.read(key));
    },
  );
};
