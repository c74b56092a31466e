/**
 * RFx (spec 02 points 2, 3, 5, 7): the request body of the add/edit form with every rule and
 * message, the records the list and the dashboard answer, and the dashboard's parameters and
 * figures. The server validates with these schemas and the web form uses the same ones.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { excelDataSchema } from './reports.ts';
import { diversityCategories, optionalEthnicity } from './diversity.ts';
import { DIVERSITY_TYPES, QUARTERS } from './enums.ts';
import {
  MESSAGES,
  calendarDate,
  isCalendarDate,
  numeric,
  optionalText,
  recordId,
  requiredAmount,
  requiredText,
  withWallDates,
} from './validation.ts';

export const RFX_TYPES = ['RFP', 'RFQ', 'RFI'] as const;
export type RfxType = (typeof RFX_TYPES)[number];

export const RFX_TYPE_NAMES: Record<RfxType, string> = {
  RFP: 'Request for Proposal',
  RFQ: 'Request for Quotation',
  RFI: 'Request for Information',
};

export const DEALS = ['Won', 'Loss'] as const;
export type Deal = (typeof DEALS)[number];

export const YES_NO = ['Yes', 'No'] as const;

export const OTHER_REASON = 'Other';

/**
 * Reasons a supplier lost: the spec's two, the ones sourcing teams record most often, and 'Other'
 * with a free-text explanation (`reasonForLossOther`).
 */
export const REASONS_FOR_LOSS = [
  'Suppliers bid was too high (outlier)',
  'Supplier turned in response too late',
  'Price not competitive',
  'Did not meet technical requirements',
  'Incomplete or non-compliant response',
  'Missing required certification or insurance',
  'Insufficient capacity or experience',
  'Delivery timeline not acceptable',
  'Supplier declined to bid',
  OTHER_REASON,
] as const;

export const RFX_LIMITS = {
  rfxNumber: 15,
  rfxName: 50,
  category: 50,
  categoryManager: 50,
  supplierIncluded: 50,
  pointOfContact: 50,
  reasonForLoss: 100,
  reasonForLossOther: 200,
  contractValue: 1_000_000_000,
  /** Suppliers invited to one RFx: far more than any sourcing event asks. */
  suppliersMax: 200,
} as const;

export const RFX_MESSAGES = {
  oneSupplier: 'Add at least one supplier',
  duplicateNumber: 'An RFx with this number already exists.',
  notFound: 'RFx not found',
} as const;

/** A value of a closed list, where an empty select means "none". */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(values).optional(),
  );

const requiredChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === null ? undefined : value),
    z.enum(values, { error: MESSAGES.required }),
  );

const present = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** One invited supplier and its outcome. */
export const rfxSupplierSchema = z
  .object({
    supplierIncluded: requiredText(RFX_LIMITS.supplierIncluded),
    ethenicityCategory: optionalEthnicity(),
    diversityCategory: diversityCategories(),
    deals: optionalChoice(DEALS),
    pointOfContact: optionalText(RFX_LIMITS.pointOfContact),
    reasonForLoss: optionalText(RFX_LIMITS.reasonForLoss),
    reasonForLossOther: optionalText(RFX_LIMITS.reasonForLossOther),
  })
  // These rules read fields that may themselves be invalid, so they run whatever else failed.
  .refine((s) => s?.deals !== 'Won' || present(s.pointOfContact), {
    path: ['pointOfContact'],
    error: MESSAGES.required,
    when: () => true,
  })
  .refine((s) => s?.deals !== 'Loss' || present(s.reasonForLoss), {
    path: ['reasonForLoss'],
    error: MESSAGES.required,
    when: () => true,
  })
  .refine(
    (s) => s?.deals !== 'Loss' || s.reasonForLoss !== OTHER_REASON || present(s.reasonForLossOther),
    { path: ['reasonForLossOther'], error: MESSAGES.required, when: () => true },
  )
  // Details that belong to the other outcome are not kept.
  .transform((s) => ({
    ...s,
    pointOfContact: s.deals === 'Won' ? s.pointOfContact : undefined,
    reasonForLoss: s.deals === 'Loss' ? s.reasonForLoss : undefined,
    reasonForLossOther:
      s.deals === 'Loss' && s.reasonForLoss === OTHER_REASON ? s.reasonForLossOther : undefined,
  }));
export type RfxSupplierInput = z.infer<typeof rfxSupplierSchema>;

/**
 * `POST /api/rfx/create` (add) and `PUT /api/rfx/create` (update, with `id`). Dates may come as
 * YYYY-MM-DD or as the sender's wall time with its offset (start at 00:00:00, submit at 23:59:59);
 * either way the calendar date the user picked is kept.
 */
export const rfxSchema = z.preprocess(
  withWallDates(['startDate', 'submitDate']),
  z
    .object({
      id: recordId().optional(),
      rfxNumber: requiredText(RFX_LIMITS.rfxNumber),
      rfxName: requiredText(RFX_LIMITS.rfxName),
      type: requiredChoice(RFX_TYPES),
      category: requiredText(RFX_LIMITS.category),
      categoryManager: optionalText(RFX_LIMITS.categoryManager),
      startDate: calendarDate(MESSAGES.invalidDate),
      submitDate: calendarDate(MESSAGES.invalidDate),
      contractValue: requiredAmount(RFX_LIMITS.contractValue),
      rfxCompleted: requiredChoice(YES_NO),
      offset: numeric(z.number().int().min(-840).max(840)).optional(),
      rfxSupplier: z
        .array(rfxSupplierSchema, { error: RFX_MESSAGES.oneSupplier })
        .min(1, { error: RFX_MESSAGES.oneSupplier })
        .max(RFX_LIMITS.suppliersMax, { error: MESSAGES.maxItems(RFX_LIMITS.suppliersMax) }),
    })
    .refine(
      (r) =>
        !(isCalendarDate(r?.startDate) && isCalendarDate(r.submitDate)) ||
        r.startDate <= r.submitDate,
      { path: ['submitDate'], error: MESSAGES.invalidDate, when: () => true },
    ),
);
export type RfxInput = z.infer<typeof rfxSchema>;

/** `DELETE /api/rfx/delete`: `{ id }` in the body or the query. */
export const rfxIdSchema = z.object({
  id: recordId(),
});

export const rfxSupplierRecordSchema = z.object({
  supplierIncluded: z.string(),
  ethenicityCategory: z.string().nullable(),
  diversityCategory: z.array(z.string()),
  deals: z.string().nullable(),
  pointOfContact: z.string().nullable(),
  reasonForLoss: z.string().nullable(),
  reasonForLossOther: z.string().nullable(),
});

export const RFX_STATUSES = ['Open', 'Awarded', 'Not Awarded'] as const;
export type RfxStatus = (typeof RFX_STATUSES)[number];

/**
 * An RFx as the list and the dashboard answer it: the full record plus the spec's summary fields
 * (`submited` = the submit date, `supplierCount`, `status`).
 */
export const rfxRecordSchema = z.object({
  id: z.number().int(),
  rfxNumber: z.string(),
  rfxName: z.string(),
  type: z.string(),
  category: z.string(),
  categoryManager: z.string().nullable(),
  startDate: z.string(),
  submitDate: z.string(),
  submited: z.string(),
  contractValue: z.number(),
  rfxCompleted: z.string(),
  offset: z.number().int().nullable(),
  supplierCount: z.number().int(),
  status: z.enum(RFX_STATUSES),
  rfxSupplier: z.array(rfxSupplierRecordSchema),
});
export type RfxRecord = z.infer<typeof rfxRecordSchema>;

/** Quarters as a list, or as one string ('Q1-Q2', 'Q1,Q2'). */
const quarters = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(/[-,\s]+/).filter(Boolean) : value),
  z
    .array(z.enum(QUARTERS), { error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .max(QUARTERS.length, { error: MESSAGES.maxItems(QUARTERS.length) })
    .transform((qs) => QUARTERS.filter((q) => qs.includes(q))),
);

export const reportYear = () =>
  numeric(z.number({ error: MESSAGES.required }).int().min(1900).max(2200));

/** The dashboard's period (spec field names, `quaters` included). */
export const rfxPeriodSchema = z.object({ quaters: quarters, year: reportYear() });
export type RfxPeriod = z.infer<typeof rfxPeriodSchema>;

export const rfxDashboardListSchema = pageRequestSchema.extend(rfxPeriodSchema.shape);

/** 'Period: RFx Q1-Q2 2025'. */
export const rfxPeriodTitle = (period: RfxPeriod) =>
  `Period: RFx ${period.quaters.join('-')} ${period.year}`;

/** Contract value of won deals per diversity type: label → dollars. */
export const rfxGraphSchema = z.record(z.string(), z.number());

/** One diversity type in the diversity-in-sourcing view. Shares are percentages (0–100). */
export const sourcingRowSchema = z.object({
  diversityType: z.enum(DIVERSITY_TYPES),
  invited: z.number().int(),
  invitedShare: z.number(),
  won: z.number().int(),
  wonShare: z.number(),
  wonValue: z.number(),
  wonValueShare: z.number(),
});
export type SourcingRow = z.infer<typeof sourcingRowSchema>;

/**
 * Diversity in sourcing: of the suppliers invited to the period's RFx, how many were diverse; of
 * the deals won, how many went to diverse suppliers; of the contract value awarded, how much.
 * `diverse` is the same for any diversity type at all (each supplier counted once).
 */
export const sourcingSchema = z.object({
  totals: z.object({
    rfxCount: z.number().int(),
    invited: z.number().int(),
    won: z.number().int(),
    wonValue: z.number(),
  }),
  diverse: sourcingRowSchema.omit({ diversityType: true }),
  rows: z.array(sourcingRowSchema),
});
export type Sourcing = z.infer<typeof sourcingSchema>;

/** `spendData` of `POST /api/excel/rfx`: the period and the analysis text (figures ignored). */
export const rfxExcelDataSchema = excelDataSchema(rfxPeriodSchema);
