/**
 * Cost Savings (spec 02 points 2–9, DESIGN.md §6): the add/edit body with every rule and message
 * of point 5, the record the list answers, the report parameters and the dashboard figures. The
 * server validates with these schemas and the web form uses the same ones.
 *
 * Field names are the spec's at the boundary, spelling included (`precurementDirOrIndir`,
 * `newlyQuotedCotractAmount`, `winnerVandorName`); yearly savings are keyed `savingsFor{year}`.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { DIVERSITY_MESSAGES } from './diversity.ts';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES } from './enums.ts';
import {
  ISO_DATE,
  MESSAGES,
  absentAs,
  numeric,
  recordId,
  requiredAmount,
  requiredText,
} from './validation.ts';

export const PROCUREMENT_TYPES = ['Direct', 'Indirect'] as const;
export type ProcurementType = (typeof PROCUREMENT_TYPES)[number];

export const SUPPLIER_STATUSES = ['Current Supplier', 'New Supplier'] as const;
export type SupplierStatus = (typeof SUPPLIER_STATUSES)[number];

export const COST_SAVING_LIMITS = {
  rfxOrOpportunityName: 15,
  winnerVandorName: 50,
  businessCategory: 50,
  amount: 1_000_000_000,
  contractYearsMin: 1,
  contractYearsMax: 10,
  /** At most this many savings years per case (one per year of a ten-year contract). */
  yearsMax: 10,
  firstYear: 1990,
  lastYear: 2100,
} as const;

export const COST_SAVING_MESSAGES = {
  contractYears: 'Choose from 1 to 10 years',
  tooManyYears: 'Choose up to 10 years',
  invalidYear: 'Enter Valid Year',
  unknownDiversity: 'Choose diversity categories from the list',
  unknownEthnicity: 'Choose an ethnicity category from the list',
  nonDiverseAlone: DIVERSITY_MESSAGES.nonDiverseAlone,
  notFound: 'Cost saving not found',
} as const;

/** The yearly-savings key of a year: 2025 → 'savingsFor2025'. */
export const savingsKey = (year: number) => `savingsFor${year}`;

/** The year of a yearly-savings key, or undefined: 'savingsFor2025' → 2025. */
export function yearOfKey(key: string): number | undefined {
  const match = /^savingsFor(\d{4})$/.exec(key);
  return match?.[1] ? Number(match[1]) : undefined;
}

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** A required amount of money from 0 to 1,000,000,000 (the rule RFx and Contracts use too). */
export const amount = (max: number = COST_SAVING_LIMITS.amount) => requiredAmount(max);

/** True for a real calendar date written YYYY-MM-DD (not 2025-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The calendar day the sender meant. The original clients send a day as the sender's wall time
 * with its offset ('2025-03-31T00:00:00-05:00'): the day is the written one. A UTC instant
 * ('…Z') is moved to the sender's zone by `offset` (getTimezoneOffset(): minutes west of UTC).
 */
export function calendarDay(value: unknown, offset = 0): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const wall = /^(\d{4}-\d{2}-\d{2})T[\d:.]+([+-]\d{2}:?\d{2})?$/.exec(text);
  if (wall?.[1]) return wall[1];
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(text)) {
    const instant = Date.parse(text);
    if (Number.isNaN(instant)) return text;
    return new Date(instant - offset * 60_000).toISOString().slice(0, 10);
  }
  return text;
}

const day = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .refine(isCalendarDate, { error: MESSAGES.invalidDate });

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: MESSAGES.required }));

const year = () =>
  numeric(
    z
      .number({ error: COST_SAVING_MESSAGES.invalidYear })
      .int({ error: COST_SAVING_MESSAGES.invalidYear })
      .min(COST_SAVING_LIMITS.firstYear, { error: COST_SAVING_MESSAGES.invalidYear })
      .max(COST_SAVING_LIMITS.lastYear, { error: COST_SAVING_MESSAGES.invalidYear }),
  );

/** One or more calendar years, distinct and in order. */
/** The longest list of years a request may send, repeats included. */
const YEAR_LIST_MAX = 100;

const years = (max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? [] : value),
    z
      .array(year(), { error: MESSAGES.required })
      .min(1, { error: MESSAGES.required })
      // Checked before each year is (a list of 100,000 cost seconds); repeats are allowed.
      .max(YEAR_LIST_MAX, { error: COST_SAVING_MESSAGES.tooManyYears })
      .transform((list) => [...new Set(list)].sort((a, b) => a - b))
      .refine((list) => list.length <= max, { error: COST_SAVING_MESSAGES.tooManyYears }),
  );

/** Vendor diversity categories: one or more types, or NON_DIVERSE alone; spec order kept. */
export const vendorDiversity = () =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      if (typeof value === 'string') return value.split(',').flatMap((t) => t.trim() || []);
      return value;
    },
    z
      .array(z.string(), { error: MESSAGES.required })
      .min(1, { error: MESSAGES.required })
      .max(DIVERSITY_TYPES.length, { error: MESSAGES.maxItems(DIVERSITY_TYPES.length) })
      .refine((types) => types.every((t) => (DIVERSITY_TYPES as readonly string[]).includes(t)), {
        error: COST_SAVING_MESSAGES.unknownDiversity,
      })
      .transform((types) => DIVERSITY_TYPES.filter((t) => types.includes(t)))
      .refine((types) => !(types.includes('NON_DIVERSE') && types.length > 1), {
        error: COST_SAVING_MESSAGES.nonDiverseAlone,
      }),
  );

const fields = {
  currentOrNewSuppliers: choice(SUPPLIER_STATUSES),
  currentContractAmount: amount(),
  currentSpendPerItem: amount(),
  winnerVandorName: requiredText(COST_SAVING_LIMITS.winnerVandorName),
  rfxOrOpportunityName: requiredText(COST_SAVING_LIMITS.rfxOrOpportunityName),
  contractYears: numeric(
    z
      .number({ error: MESSAGES.required })
      .int({ error: COST_SAVING_MESSAGES.contractYears })
      .min(COST_SAVING_LIMITS.contractYearsMin, { error: COST_SAVING_MESSAGES.contractYears })
      .max(COST_SAVING_LIMITS.contractYearsMax, { error: COST_SAVING_MESSAGES.contractYears }),
  ),
  startDate: day(),
  endDate: day(),
  newlyQuotedCotractAmount: amount(),
  newlyQuotedAmountPerTime: amount(),
  businessCategory: requiredText(COST_SAVING_LIMITS.businessCategory),
  precurementDirOrIndir: choice(PROCUREMENT_TYPES),
  vendorDiversityCategory: vendorDiversity(),
  vendorEthnicityCategory: z.preprocess(
    blankToUndefined,
    z.enum(ETHNICITY_CATEGORIES, { error: COST_SAVING_MESSAGES.unknownEthnicity }).optional(),
  ),
  yearsOfContract: years(COST_SAVING_LIMITS.yearsMax),
  /** `savingsFor{year}` → amount; checked against the chosen years below. */
  yearlySavings: absentAs(z.record(z.string(), z.unknown(), { error: MESSAGES.required }), {}),
  /** Minutes west of UTC of the sender (the spec's timezone offset sent with dates). */
  offset: numeric(z.number().int().min(-840).max(840)).optional().catch(undefined),
};

const savingAmount = amount();

/** The add/edit body's fields, without the cross-field rules (the form checks field by field). */
export const costSavingFieldsSchema = z.object(fields);

type Fields = z.output<typeof costSavingFieldsSchema>;

/**
 * The rules across fields: the end date not before the start date, and one savings value per
 * chosen year. They read fields that may themselves be invalid, so they run whatever else failed.
 */
function crossFieldRules(value: unknown, ctx: z.RefinementCtx) {
  if (value === null || typeof value !== 'object') return;
  const v = value as Partial<Record<keyof Fields, unknown>>;
  if (isCalendarDate(v.startDate) && isCalendarDate(v.endDate) && v.startDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: MESSAGES.invalidDate });
  }
  const chosen = Array.isArray(v.yearsOfContract) ? v.yearsOfContract : [];
  const given =
    v.yearlySavings && typeof v.yearlySavings === 'object'
      ? (v.yearlySavings as Record<string, unknown>)
      : {};
  for (const y of chosen) {
    if (typeof y !== 'number') continue;
    const result = savingAmount.safeParse(given[savingsKey(y)]);
    if (!result.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['yearlySavings', savingsKey(y)],
        message: result.error.issues[0]?.message ?? MESSAGES.required,
      });
    }
  }
}

/** Dates sent with a time and offset become calendar days before the rules run. */
function normalise(raw: unknown) {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const body = { ...(raw as Record<string, unknown>) };
  const offset = Number(body.offset);
  const shift = Number.isFinite(offset) ? offset : 0;
  body.startDate = calendarDay(body.startDate, shift);
  body.endDate = calendarDay(body.endDate, shift);
  return body;
}

/** Only the chosen years' savings are kept (a year removed on the form takes its value along). */
function keepChosenYears<T extends Fields>(v: T) {
  const given = v.yearlySavings;
  return {
    ...v,
    yearlySavings: Object.fromEntries(
      v.yearsOfContract.map((y) => [savingsKey(y), savingAmount.parse(given[savingsKey(y)])]),
    ) as Record<string, number>,
  };
}

const always = { when: () => true };

/** `POST /api/costSaving/create`: a new cost-saving case. */
export const costSavingInputSchema = z
  .preprocess(normalise, costSavingFieldsSchema.superRefine(crossFieldRules, always))
  .transform(keepChosenYears);
export type CostSavingInput = z.output<typeof costSavingInputSchema>;

/** `PUT /api/costSaving/create`: the same body with the case's `id`. */
export const costSavingUpdateSchema = z
  .preprocess(
    normalise,
    costSavingFieldsSchema.extend({ id: recordId() }).superRefine(crossFieldRules, always),
  )
  .transform(keepChosenYears);
export type CostSavingUpdate = z.output<typeof costSavingUpdateSchema>;

/**
 * `POST`/`PUT /api/costSaving/create` on the record helpers: the case, with its `id` when it is
 * an update (a PUT without one is refused).
 */
export const costSavingSaveSchema = z
  .preprocess(
    normalise,
    costSavingFieldsSchema
      .extend({ id: recordId().optional() })
      .superRefine(crossFieldRules, always),
  )
  .transform(keepChosenYears);
export type CostSavingSave = z.output<typeof costSavingSaveSchema>;

/** `DELETE /api/costSaving/delete`: `{ id }` in the body or the query. */
export const costSavingIdSchema = z.object({
  id: recordId(),
});

export const costSavingListRequestSchema = pageRequestSchema;

/* ---------- what the list answers ---------- */

export const costSavingSchema = z.object({
  id: z.number().int(),
  businessCategory: z.string(),
  contractYears: z.number().int(),
  currentContractAmount: z.number(),
  currentOrNewSuppliers: z.string(),
  currentSpendPerItem: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  newlyQuotedAmountPerTime: z.number(),
  newlyQuotedCotractAmount: z.number(),
  precurementDirOrIndir: z.string(),
  rfxOrOpportunityName: z.string(),
  vendorDiversityCategory: z.array(z.string()),
  vendorEthnicityCategory: z.string().nullable(),
  winnerVandorName: z.string(),
  yearlySavings: z.record(z.string(), z.number()),
  yearsOfContract: z.array(z.number().int()),
  /** SpotzCity's addition: the case's savings over all its years. */
  totalSavings: z.number(),
});
export type CostSaving = z.infer<typeof costSavingSchema>;

/* ---------- the dashboard ---------- */

/**
 * The report parameters of every graph and of the Excel export: the savings years to include
 * (empty = every year on record).
 */
export const costSavingReportSchema = z.object({
  // Null or absent is every year: optional in the API document too.
  years: z
    .array(year())
    .max(YEAR_LIST_MAX, { error: MESSAGES.maxItems(YEAR_LIST_MAX) })
    .nullish()
    .transform((list) => [...new Set(list ?? [])].sort((a, b) => a - b)),
});
export type CostSavingReport = z.output<typeof costSavingReportSchema>;

/** 'Total Cost Savings': the savings of every case, per calendar year. */
export const yearSavingSchema = z.object({ year: z.number().int(), totalSaving: z.number() });
export type YearSaving = z.infer<typeof yearSavingSchema>;

/** 'Savings Per Category' (spec "Category saving"): total and per-year series. */
export const categorySavingSchema = z.object({
  category: z.string(),
  totalSaving: z.number(),
  yearlySaving: z.record(z.string(), z.number()),
});
export type CategorySaving = z.infer<typeof categorySavingSchema>;

/**
 * 'Savings by Diversity' (spec "Diversity saving"): per diversity type (the spec names the field
 * `ethnicity`), the share of the savings that came from Direct and Indirect procurement, in
 * percent with two decimals adding up to 100.00; `amounts` carries the dollars behind them.
 */
export const diversitySavingSchema = z.object({
  ethnicity: z.string(),
  data: z.object({ Direct: z.number(), Indirect: z.number() }),
  amounts: z.object({ Direct: z.number(), Indirect: z.number() }),
});
export type DiversitySaving = z.infer<typeof diversitySavingSchema>;

/** `POST /api/excel/cost`: `spendData` of `{ excel: true, spendData }`. */
export const costExcelDataSchema = costSavingReportSchema.extend({
  analysis: z.string().max(10_000).optional(),
});
