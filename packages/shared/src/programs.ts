/**
 * Program categories: the categories an organisation's program counts beside the
 * spec's diversity types — small business (SBA size standard of the supplier's primary NAICS
 * code), local (state, county or ZIP within a radius of the organisation's sites), veteran-owned
 * (SBA VetCert), HUBZone, or suppliers marked by hand. Each is evaluated when figures are asked
 * for, on the directory supplier a vendor is matched to, so a rename, a switch or a
 * new rule needs no re-upload.
 */
import { z } from 'zod';
import { US_STATES } from './enums.ts';
import { MESSAGES, recordId, requiredText } from './validation.ts';

export const PROGRAM_KINDS = ['SMALL', 'LOCAL', 'VETERAN', 'HUBZONE', 'MANUAL'] as const;
export type ProgramKind = (typeof PROGRAM_KINDS)[number];

export const PROGRAM_KIND_LABELS: Record<ProgramKind, string> = {
  SMALL: 'Small business (SBA size standard)',
  LOCAL: 'Local (state, county or radius of our sites)',
  VETERAN: 'Veteran-owned (SBA VetCert)',
  HUBZONE: 'HUBZone',
  MANUAL: 'Marked by hand',
};

/** Each kind in a few words, for a category of several conditions. */
export const PROGRAM_KIND_SHORT: Record<ProgramKind, string> = {
  SMALL: 'Small business',
  LOCAL: 'Local',
  VETERAN: 'Veteran-owned',
  HUBZONE: 'HUBZone',
  MANUAL: 'Marked by hand',
};

/**
 * How a category of several conditions counts a supplier: when it meets all of them (e.g. small
 * AND local) or any of them (small OR local).
 */
export const PROGRAM_MATCHES = ['ALL', 'ANY'] as const;
export type ProgramMatch = (typeof PROGRAM_MATCHES)[number];
export const PROGRAM_MATCH_LABELS: Record<ProgramMatch, string> = {
  ALL: 'All of these',
  ANY: 'Any of these',
};

/** A category's rule in words: one kind's label, or "All of: Small business, Local". */
export function programRuleLabel(kinds: readonly ProgramKind[], match: ProgramMatch): string {
  if (kinds.length === 1) return PROGRAM_KIND_LABELS[kinds[0]!];
  return `${match === 'ALL' ? 'All of' : 'Any of'}: ${kinds.map((k) => PROGRAM_KIND_SHORT[k]).join(', ')}`;
}

/** What each kind counts, in a program manager's words (screens, exports). */
export const PROGRAM_KIND_RULES: Record<ProgramKind, string> = {
  SMALL:
    "The supplier's average annual receipts (or employees) are within the SBA size standard of its primary NAICS code.",
  LOCAL:
    'The supplier is in one of the listed states or counties, or its ZIP code is within the radius of one of our sites.',
  VETERAN:
    'The supplier holds a veteran-owned (VBE or SDVBE) certificate from SBA (VetCert) that is in force today.',
  HUBZONE: 'The supplier holds a HUBZone (HUB) certificate from SBA that is in force today.',
  MANUAL: 'The suppliers our organisation marked for this category.',
};

export const PROGRAM_MESSAGES = {
  created: 'Category Created Successfully',
  saved: 'Category Saved Successfully',
  deleted: 'Category Deleted Successfully',
  siteAdded: 'Site Added Successfully',
  siteDeleted: 'Site Deleted Successfully',
  supplierMarked: 'Supplier Marked Successfully',
  supplierUnmarked: 'Supplier Unmarked Successfully',
  duplicateName: 'A category with this name already exists',
  unknownZip: 'Unknown ZIP code',
  zip: 'ZIP code must be 5 digits',
  county: 'Write a county as "County name, ST"',
  notManual: 'Suppliers are marked by hand only in a category with the condition "Marked by hand"',
  conditionTwice: 'Each condition once',
  radius: `Must be a number of miles from 1 to 500`,
} as const;

export const PROGRAM_LIMITS = {
  categoriesMax: 20,
  sitesMax: 50,
  nameMax: 60,
  radiusMax: 500,
  statesMax: 50,
  countiesMax: 100,
} as const;

const STATE_CODES = US_STATES.map(([code]) => code) as [string, ...string[]];

/** LOCAL's parameters: any of them makes a supplier local. */
export const localRuleSchema = z.object({
  radiusMiles: z
    .number({ error: PROGRAM_MESSAGES.radius })
    .min(1, { error: PROGRAM_MESSAGES.radius })
    .max(PROGRAM_LIMITS.radiusMax, { error: PROGRAM_MESSAGES.radius })
    .nullable()
    .default(null),
  states: z.array(z.enum(STATE_CODES)).max(PROGRAM_LIMITS.statesMax).default([]),
  counties: z
    .array(
      z
        .string()
        .trim()
        .max(80)
        .regex(/^[^,]+, ?[A-Z]{2}$/, { error: PROGRAM_MESSAGES.county }),
    )
    .max(PROGRAM_LIMITS.countiesMax)
    .default([]),
});
export type LocalRule = z.infer<typeof localRuleSchema>;

export const programKindSchema = z.enum(PROGRAM_KINDS);
export const programMatchSchema = z.enum(PROGRAM_MATCHES);

/** Conditions besides `kind` (a category of several conditions), each kind once. */
const alsoSchema = z.array(programKindSchema).max(PROGRAM_KINDS.length - 1);

export const programCategoryInputSchema = z
  .object({
    name: requiredText(PROGRAM_LIMITS.nameMax),
    /** The first condition. */
    kind: programKindSchema,
    also: alsoSchema.default([]),
    match: programMatchSchema.default('ALL'),
    enabled: z.boolean().default(true),
    local: localRuleSchema.optional(),
  })
  .refine((v) => new Set([v.kind, ...v.also]).size === v.also.length + 1, {
    path: ['also'],
    error: PROGRAM_MESSAGES.conditionTwice,
  });
export type ProgramCategoryInput = z.infer<typeof programCategoryInputSchema>;

/** A rename, a switch, LOCAL's new parameters, or the other conditions; the first kind stays. */
export const programCategoryUpdateSchema = z.object({
  name: requiredText(PROGRAM_LIMITS.nameMax).optional(),
  enabled: z.boolean().optional(),
  local: localRuleSchema.optional(),
  also: alsoSchema.optional(),
  match: programMatchSchema.optional(),
});
export type ProgramCategoryUpdate = z.infer<typeof programCategoryUpdateSchema>;

export const programCategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The first condition. */
  kind: programKindSchema,
  /** Every condition, `kind` first. */
  kinds: z.array(programKindSchema),
  match: programMatchSchema,
  enabled: z.boolean(),
  local: localRuleSchema.nullable(),
  /** Suppliers marked by hand (MANUAL only; 0 otherwise). */
  markedSuppliers: z.number(),
});
export type ProgramCategory = z.infer<typeof programCategorySchema>;

export const siteInputSchema = z.object({
  name: requiredText(80),
  zip: z
    .string({ error: MESSAGES.required })
    .trim()
    .regex(/^\d{5}$/, { error: PROGRAM_MESSAGES.zip }),
});
export const siteSchema = z.object({
  id: z.number(),
  name: z.string(),
  zip: z.string(),
  state: z.string(),
  county: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type Site = z.infer<typeof siteSchema>;

export const programIdParamsSchema = z.object({ id: recordId() });
export const programSupplierParamsSchema = z.object({ id: recordId(), supplierId: recordId() });

export const markedSupplierSchema = z.object({
  id: z.number(),
  name: z.string(),
  duns: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});

/** The hand-marking picker's search: name or DUNS; under 2 characters answers none. */
export const supplierOptionsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: MESSAGES.maxLength(100) })
    .regex(/^\P{Cc}*$/u, { error: 'Type letters, digits or punctuation' })
    .default(''),
});
/** At most this many suppliers answer one search of the picker. */
export const SUPPLIER_OPTIONS_MAX = 20;
export const supplierOptionSchema = markedSupplierSchema.extend({
  /** Already marked for this category. */
  marked: z.boolean(),
});
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/** One category's figures over the selected spend files. */
export const programSpendRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: programKindSchema,
  /** The rule in words (programRuleLabel). */
  rule: z.string(),
  /** Spend paid to the category's suppliers (dollars). */
  spend: z.number(),
  /** Percent of the base (all or addressable spend), two decimals. */
  share: z.number(),
  /** Distinct vendors paid that qualify. */
  suppliers: z.number(),
});
export const programSpendSchema = z.object({
  categories: z.array(programSpendRowSchema),
  /** The base of the shares (dollars). */
  baseSpend: z.number(),
  /** The spend whose vendor has a certain match to a directory supplier (only it can qualify). */
  matchedSpend: z.number(),
  sizeStandards: z.object({ effectiveDate: z.string(), source: z.string() }),
});
export type ProgramSpend = z.infer<typeof programSpendSchema>;

/** A supplier's size facts against a standard (SBA: receipts in dollars or employees). */
export interface SizeStandard {
  naics: string;
  title: string;
  /** Millions of dollars of average annual receipts, or null. */
  receiptsMillions: number | null;
  /** Average employees, or null. */
  employees: number | null;
}

/**
 * Small when the supplier's measure is known and within the standard: receipts at or under the
 * receipts standard, employees at or under the employee standard. Unknown size facts, or a NAICS
 * code without a standard, are not small (the product never guesses).
 */
export function isSmallBusiness(
  standard: SizeStandard | undefined,
  facts: { annualReceipts: number | null; employeeCount: number | null },
): boolean {
  if (!standard) return false;
  if (standard.receiptsMillions !== null) {
    return (
      facts.annualReceipts !== null && facts.annualReceipts <= standard.receiptsMillions * 1_000_000
    );
  }
  if (standard.employees !== null) {
    return facts.employeeCount !== null && facts.employeeCount <= standard.employees;
  }
  return false;
}

/** Great-circle distance in statute miles (haversine, mean Earth radius 3958.8 miles). */
export function haversineMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Rows of the goals form: `PROGRAM` goals are named by the category's id, so a rename keeps them. */
export const programGoalName = (id: number) => String(id);

export const PROGRAM_CATEGORIES_TITLE = 'Program Categories';

const formatDollars = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The line under the program figures in every export: what can count, and the SBA table. */
export function programNote(
  figures: Pick<ProgramSpend, 'matchedSpend' | 'baseSpend' | 'sizeStandards' | 'categories'>,
): string {
  const none = figures.categories.length === 0 ? 'No program category is switched on. ' : '';
  return `${none}A payment counts for a category when its vendor is matched to a directory supplier that meets the category's rule today (${formatDollars(figures.matchedSpend)} of the spend is matched). Small business uses the SBA size standards effective ${figures.sizeStandards.effectiveDate}.`;
}
