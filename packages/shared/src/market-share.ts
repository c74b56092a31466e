/**
 * Market Share (spec 02 points 2, 3, 7; DESIGN.md §6): the supplier list read from the
 * organisation's spend rows, the report parameters (span, the span values to keep, the period)
 * and the dashboard's figures. Field names are the spec's at the boundary.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { supplierPlaceShape } from './suppliers.ts';
import { MESSAGES, ISO_DATE, absentAs } from './validation.ts';

export const SPANS = ['city', 'state', 'zip'] as const;
export type Span = (typeof SPANS)[number];

export const SPAN_LABELS: Record<Span, string> = { city: 'City', state: 'State', zip: 'Zip' };

export const MARKET_SHARE_LIMITS = { spanKeys: 500, spanKey: 100 } as const;

export const MARKET_SHARE_MESSAGES = {
  span: 'Choose City, State or Zip',
  invalidPeriod: 'Enter Valid Date.',
  tooManyKeys: `Choose up to ${MARKET_SHARE_LIMITS.spanKeys} values`,
} as const;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A real calendar date written YYYY-MM-DD (or an ISO instant, whose date part is taken). */
const optionalDay = () =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(blank)
        ? blank.slice(0, 10)
        : blank;
    },
    z
      .string()
      .refine(
        (value) => {
          if (!ISO_DATE.test(value)) return false;
          const [y, m, d] = value.split('-').map(Number) as [number, number, number];
          const date = new Date(Date.UTC(y, m - 1, d));
          return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
        },
        { error: MARKET_SHARE_MESSAGES.invalidPeriod },
      )
      .optional(),
  );

/**
 * The report parameters of every graph and of the Excel export: `span` (city, state or zip),
 * `spanKeys` (the span values to keep; none = every value) and the period of payment dates
 * (`fromDate`/`toDate`, each optional). `treeMap` and `isForDiversity` are accepted for the
 * original clients; the revenue path decides which side a treemap shows.
 */
const span = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : blankToUndefined(value)),
    z.enum(SPANS, { error: MARKET_SHARE_MESSAGES.span }),
  );

const spanKeys = () =>
  absentAs(
    z
      .array(z.string().trim().min(1).max(MARKET_SHARE_LIMITS.spanKey), {
        error: MESSAGES.required,
      })
      .max(MARKET_SHARE_LIMITS.spanKeys, { error: MARKET_SHARE_MESSAGES.tooManyKeys })
      .transform((keys) => [...new Set(keys)]),
    [],
  );

/** A flag the original clients send: true or false (or their text); nothing else. */
const originalFlag = () =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'Must be true or false' }).optional();

export const marketShareReportSchema = z
  .object({
    span: span(),
    spanKeys: spanKeys(),
    fromDate: optionalDay(),
    toDate: optionalDay(),
    treeMap: originalFlag(),
    isForDiversity: originalFlag(),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    path: ['toDate'],
    error: MARKET_SHARE_MESSAGES.invalidPeriod,
  })
  .transform(({ treeMap: _t, isForDiversity: _d, ...rest }) => rest);
export type MarketShareReport = z.output<typeof marketShareReportSchema>;

/** `POST /api/marketShare/spanValues`: the values of a span present in the period. */
export const spanValuesRequestSchema = z.object({
  span: span(),
  fromDate: optionalDay(),
  toDate: optionalDay(),
});

/** `POST /api/excel/market`: `spendData` of `{ excel: true, spendData }`. */
export const marketExcelDataSchema = z
  .object({
    span: span(),
    spanKeys: spanKeys(),
    fromDate: optionalDay(),
    toDate: optionalDay(),
    analysis: z.string().max(10_000).optional(),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    path: ['toDate'],
    error: MARKET_SHARE_MESSAGES.invalidPeriod,
  });

export const marketShareListRequestSchema = pageRequestSchema;

/* ---------- replies ---------- */

/** One supplier of the list (spec "Market share record"); `duns` is its id when it has one. */
export const marketShareRecordSchema = z.object({
  /** The supplier's key: `duns:<DUNS>` or `name:<normalised name>`. */
  id: z.string(),
  duns: z.string().nullable(),
  name: z.string(),
  ...supplierPlaceShape,
  category: z.string(),
  diversityCategory: z.array(z.string()),
  /** Total spend with this supplier (dollars; the list shows it truncated). */
  spend: z.number(),
  /** The latest payment date. */
  paymentDate: z.string(),
});
export type MarketShareRecord = z.infer<typeof marketShareRecordSchema>;

export const spanValueSchema = z.object({ value: z.string(), spend: z.number() });
export type SpanValue = z.infer<typeof spanValueSchema>;

/** 'Market Share Diverse vs Non Diverse By Category' and the totals (spec "category graph"). */
export const categoryGraphSchema = z.object({
  data: z.array(z.object({ category: z.string(), diverse: z.number(), nonDiverse: z.number() })),
  diverseTotal: z.number(),
  nonDiverseTotal: z.number(),
  overallTotal: z.number(),
  /** Percent with two decimals; the two add up to exactly 100.00 (0 and 0 without spend). */
  diverseShare: z.number(),
  nonDiverseShare: z.number(),
});
export type CategoryGraph = z.infer<typeof categoryGraphSchema>;

/** A treemap of spend by span value ('Diverse Revenue By State' …). */
export const revenueTreeSchema = z.array(z.object({ name: z.string(), value: z.number() }));
export type RevenueTree = z.infer<typeof revenueTreeSchema>;
