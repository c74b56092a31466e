/**
 * Supplier ratings (spec 01 points 2, 3, 4; spec 02 points 2, 3): platform-wide, one per supplier
 * and rater, keyed by DUNS or by the supplier's normalised name. The rater is the signed-in user.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { normaliseDuns } from './suppliers.ts';
import { MESSAGES, optionalText, recordId } from './validation.ts';

export const RATING_MESSAGES = {
  submitted: 'Rating Submitted Successfully',
  alreadyRated: 'You have already rated this supplier.',
  notFound: 'Rating not found',
  range: 'Rating must be from 0.5 to 5 stars, in half stars.',
  duns: 'DUNS must be 9 digits',
  supplierRequired: 'Either duns or supplierName is required.',
} as const;

export const RATING_MAX = 5;
export const COMMENT_MAX = 1000;

/** 0.5 to 5 in steps of a half star; missing is 'Required', anything else the range message. */
export const ratingValue = () =>
  z.preprocess(
    (value) =>
      value === '' || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z
      .number({
        error: (issue) => (issue.input === undefined ? MESSAGES.required : RATING_MESSAGES.range),
      })
      .refine((n) => n >= 0.5 && n <= RATING_MAX && Number.isInteger(n * 2), {
        error: RATING_MESSAGES.range,
      }),
  );

/** An optional DUNS: empty becomes undefined, otherwise nine digits (dashes allowed). */
const optionalDuns = () =>
  z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      const text = String(value).trim();
      return text === '' ? undefined : text;
    },
    z
      .string()
      .refine((v) => normaliseDuns(v) !== null, { error: RATING_MESSAGES.duns })
      .transform((v) => normaliseDuns(v) as string)
      .optional(),
  );

const identifiesSupplier = (v: { duns?: string | undefined; supplierName?: string | undefined }) =>
  v.duns !== undefined || v.supplierName !== undefined;

/** `POST` creates the signed-in user's rating, `PUT` (with `id`) updates it. */
export const ratingSubmissionSchema = z
  .object({
    id: z.preprocess((v) => (v === null || v === '' ? undefined : v), recordId().optional()),
    rating: ratingValue(),
    duns: optionalDuns(),
    comment: optionalText(COMMENT_MAX),
    supplierName: optionalText(200),
    // Sent by the spec's client; the rater is always the signed-in user.
    ratedBy: z.unknown().optional(),
    email: z.unknown().optional(),
  })
  .refine(identifiesSupplier, { path: ['supplierName'], error: RATING_MESSAGES.supplierRequired });
export type RatingSubmission = z.infer<typeof ratingSubmissionSchema>;

export const ratingSchema = z.object({
  id: z.number().int(),
  rating: z.number(),
  duns: z.string().nullable(),
  comment: z.string().nullable(),
  supplierName: z.string(),
  ratedBy: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

/** `POST /api/supplier/rating/list`: a supplier's ratings, newest first. */
export const ratingListRequestSchema = pageRequestSchema
  .extend({ duns: optionalDuns(), supplierName: optionalText(200) })
  .refine(identifiesSupplier, { path: ['duns'], error: RATING_MESSAGES.supplierRequired });
export type RatingListRequest = z.infer<typeof ratingListRequestSchema>;

export const ratingListItemSchema = z.object({
  id: z.number().int(),
  ratedBy: z.string(),
  /** The rater's organisation: ratings are shared across organisations. */
  companyName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  ratedOn: z.string(),
});
export type RatingListItem = z.infer<typeof ratingListItemSchema>;

/** `GET /api/supplier/rating/count?duns=`: the average (0 when unrated) and how many ratings. */
export const ratingCountRequestSchema = z
  .object({ duns: optionalDuns(), supplierName: optionalText(200) })
  .refine(identifiesSupplier, { path: ['duns'], error: RATING_MESSAGES.supplierRequired });

export const ratingCountSchema = z.object({ rating: z.number(), count: z.number().int() });
export type RatingCount = z.infer<typeof ratingCountSchema>;
