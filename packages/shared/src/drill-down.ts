/**
 * The drill-down behind a figure: the verified diverse spend, a program category's spend or a
 * goal's actual, opened onto the suppliers whose payments make it up, each with why it counts
 * (the certificates that qualified, the SBA size standard and the receipts, the local rule that
 * matched, the diversity reported in the file), and one supplier's payments. One reply for every
 * figure, so that the screens and the workbooks show them alike.
 *
 * The suppliers add up to the figure clicked: `figure` is the sum of every supplier's `spend`,
 * those listed and the `others` past the list's bound.
 */
import { z } from 'zod';
import { GOAL_DIVERSITY_TYPES, fiscalYearSchema } from './goals.ts';
import { ANALYSIS_MAX } from './reports.ts';
import { selectedIdsSchema } from './spend.ts';
import { recordId, requiredText } from './validation.ts';
import { MATCH_RULES, countingRuleSchema } from './verified-diversity.ts';

/** At most this many suppliers are listed (largest first); the rest are summed in `others`. */
export const DRILL_DOWN_MAX_SUPPLIERS = 1000;
/** At most this many payments of one supplier are listed (latest first). */
export const DRILL_DOWN_MAX_PAYMENTS = 500;

/** Why a supplier counts: one reason per certificate, size standard, local rule … */
export const DRILL_REASONS = [
  'CERTIFICATE',
  'SMALL',
  'LOCAL',
  'VETERAN',
  'HUBZONE',
  'MANUAL',
  'REPORTED',
] as const;
export type DrillReasonKind = (typeof DRILL_REASONS)[number];

export const DRILL_REASON_LABELS: Record<DrillReasonKind, string> = {
  CERTIFICATE: 'Certificate',
  SMALL: 'Small business',
  LOCAL: 'Local',
  VETERAN: 'Veteran-owned',
  HUBZONE: 'HUBZone',
  MANUAL: 'Marked by hand',
  REPORTED: 'Reported in the file',
};

export const drillReasonSchema = z.object({
  kind: z.enum(DRILL_REASONS),
  /** 'WBE · WBENC 1234 · 1 Jan 2025 – 31 Dec 2026', 'NAICS 238220: receipts $5,000,000 within $19.0 million' … */
  text: z.string(),
});
export type DrillReason = z.infer<typeof drillReasonSchema>;

export const drillSupplierSchema = z.object({
  /** The vendor of the spend file (`duns:…` or `name:…`). */
  supplierKey: z.string(),
  vendorName: z.string(),
  /** The directory supplier it is certainly matched to; null when the figure needs none. */
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  matchRule: z.enum(MATCH_RULES).nullable(),
  /** Its part of the figure (dollars, exact cents). */
  spend: z.number(),
  /** How many payments make up that part (null: not counted for this figure; listed on opening). */
  payments: z.number().nullable(),
  reasons: z.array(drillReasonSchema),
});
export type DrillSupplier = z.infer<typeof drillSupplierSchema>;

export const drillPaymentSchema = z.object({
  paymentDate: z.string(),
  amount: z.number(),
  category: z.string(),
  fileName: z.string(),
  /** The row's line in its spend file. */
  lineNumber: z.number(),
  /** What the payment counts for: 'WBE, MBE' … */
  countsFor: z.string(),
});
export type DrillPayment = z.infer<typeof drillPaymentSchema>;

export const drillDownSchema = z.object({
  /** The figure's name: 'Verified diverse spend', the category's name, 'FY2026 · WBE' … */
  title: z.string(),
  /** What counts, in words (the counting rule, the category's rule, the goal's). */
  rule: z.string(),
  /** The figure clicked: the sum of every supplier's spend. */
  figure: z.number(),
  supplierCount: z.number(),
  /** The largest suppliers first, at most DRILL_DOWN_MAX_SUPPLIERS. */
  suppliers: z.array(drillSupplierSchema),
  /** The suppliers past the bound, summed. */
  others: z.object({ suppliers: z.number(), spend: z.number() }),
  /** With `supplierKey` in the request: that supplier's payments, latest first (bounded). */
  payments: z.array(drillPaymentSchema).optional(),
  /** How many payments the supplier has in all (more than listed past the bound). */
  paymentCount: z.number().optional(),
});
export type DrillDown = z.infer<typeof drillDownSchema>;

/** The figures a drill-down opens: the selected files, and what names the figure. */
const verifiedFigure = z.object({ selectedIds: selectedIdsSchema });
const programFigure = verifiedFigure.extend({ categoryId: recordId() });

export const GOAL_ROW_KINDS = ['overall', 'diversity', 'category', 'program'] as const;

/** A row of the Goals Dashboard, by its kind and name as the dashboard lists them. */
const goalFigure = verifiedFigure.extend({
  fiscalYear: fiscalYearSchema,
  countingRule: countingRuleSchema.optional(),
  kind: z.enum(GOAL_ROW_KINDS),
  /** 'Overall', a diversity type, a spend category or a program category's name. */
  name: requiredText(200),
});

/** Optionally one supplier to open: its payments (its key, as listed). */
const oneSupplier = { supplierKey: requiredText(300).optional() };
/** A workbook's `spendData`: the figure, with the analysis text. */
const analysis = { analysis: z.string().max(ANALYSIS_MAX).optional() };

/** POST /api/drillDown/verified, /api/excel/drillDown/verified */
export const verifiedDrillRequestSchema = verifiedFigure.extend(oneSupplier);
export const verifiedDrillExcelSchema = verifiedFigure.extend(analysis);
/** POST /api/drillDown/program, /api/excel/drillDown/program */
export const programDrillRequestSchema = programFigure.extend(oneSupplier);
export const programDrillExcelSchema = programFigure.extend(analysis);
/** POST /api/drillDown/goal, /api/excel/drillDown/goal */
export const goalDrillRequestSchema = goalFigure.extend(oneSupplier);
export const goalDrillExcelSchema = goalFigure.extend(analysis);
export type GoalDrillRequest = z.infer<typeof goalDrillRequestSchema>;

/** A diversity goal's name is one of the goal types. */
export const isGoalDiversity = (name: string): name is (typeof GOAL_DIVERSITY_TYPES)[number] =>
  (GOAL_DIVERSITY_TYPES as readonly string[]).includes(name);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-01' → '1 Dec 2026': a day no reader takes for another. */
export function dayInWords(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}
