/**
 * Supplier ratings (the spend list's "Rating" and Search Supplier's): `POST` when the signed-in
 * user has not rated the supplier, `PUT` when they have; a supplier's ratings and their average.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pagedOf } from '@spotzcity/shared/api';
import {
  RATING_MESSAGES,
  ratingCountRequestSchema,
  ratingCountSchema,
  ratingListItemSchema,
  ratingListRequestSchema,
  ratingSchema,
  ratingSubmissionSchema,
} from '@spotzcity/shared/ratings';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { createRating, keyOf, listRatings, ratingCount, updateRating } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['supplier ratings'];
  const raters = app.guard(ACCESS.supplierAndSpend.rate);
  const readers = app.guard(ACCESS.supplierAndSpend.readRatings);
  const reply = { 200: envelopeOf(ratingSchema) };

  app.post(
    '/api/supplier/rating',
    {
      onRequest: raters,
      schema: {
        tags,
        description: 'Rates a supplier (DUNS or supplierName) the signed-in user has not rated.',
        body: ratingSubmissionSchema,
        // A supplier the user has rated already.
        response: { ...reply, ...alsoAnswers(409) },
      },
    },
    async (request) => {
      const { id, clientRef } = principalOf(request);
      const rating = await createRating(app.db, { id, clientRef }, request.body);
      return ok(rating, RATING_MESSAGES.submitted);
    },
  );

  app.put(
    '/api/supplier/rating',
    {
      onRequest: raters,
      schema: {
        tags,
        description: "Changes the signed-in user's rating (by id, or by the supplier named).",
        body: ratingSubmissionSchema,
        response: reply,
      },
    },
    async (request) => {
      const { id, clientRef } = principalOf(request);
      const rating = await updateRating(app.db, { id, clientRef }, request.body);
      return ok(rating, RATING_MESSAGES.submitted);
    },
  );

  app.post(
    '/api/supplier/rating/list',
    {
      onRequest: readers,
      schema: {
        tags,
        body: ratingListRequestSchema,
        response: { 200: pagedOf(ratingListItemSchema) },
      },
    },
    async (request) => {
      const input = request.body;
      const { rows, total } = await listRatings(app.db, keyOf(input), input);
      return paged(rows, total, { pageNumber: input.pageNumber, pageSize: input.pageSize });
    },
  );

  app.get(
    '/api/supplier/rating/count',
    {
      onRequest: readers,
      schema: {
        tags,
        querystring: ratingCountRequestSchema,
        response: { 200: envelopeOf(ratingCountSchema) },
      },
    },
    async (request) => ok(await ratingCount(app.db, keyOf(request.query))),
  );
};
