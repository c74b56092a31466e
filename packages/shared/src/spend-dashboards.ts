/**
 * Supplier, Spend and Category Dashboards (DESIGN.md §6): the graph endpoints'
 * replies and the Excel export parameters. Money is dollars with exact cents (summed in SQL);
 * percentages are 0–100 with two decimals.
 */
import { z } from 'zod';
import { selectedIdsSchema } from './spend.ts';
import { ANALYSIS_MAX } from './reports.ts';
import { countingRuleSchema } from './verified-diversity.ts';
import { SPEND_BASES } from './spend-dashboard-words.ts';

export * from './spend-dashboard-words.ts';

export const spendBaseSchema = z.enum(SPEND_BASES);
/** `?base=all|addressable` of the graph endpoints; without it, all spend as before. */
export const spendBaseQuerySchema = z.object({ base: spendBaseSchema.default('all') });
/**
 * `?base=…&rule=reported|verified` of the Spend Dashboard's graphs of diverse spend (per type,
 * month over month, per year); without a rule, as reported in the file as before. The words are
 * the dashboard address's (`?rule=`).
 */
export const spendRuleQuerySchema = spendBaseQuerySchema.extend({
  rule: z.enum(['reported', 'verified']).optional(),
});

/** `spendData` of `POST /api/excel/spend|supplier|categories`. */
export const dashboardExcelSchema = z.object({
  selectedIds: selectedIdsSchema,
  /** The percentages' base; all spend without it. */
  base: spendBaseSchema.optional(),
  analysis: z.string().max(ANALYSIS_MAX).optional(),
  /** Names of the selected files, for the parameters sheet; the server reads them itself. */
  name: z.string().max(100).optional(),
  /** The counting rule chosen on screen; absent, the organisation's default. */
  countingRule: countingRuleSchema.optional(),
});
export type DashboardExcelParams = z.infer<typeof dashboardExcelSchema>;

/* ---------- Spend Dashboard ---------- */

export const diversitySpendSchema = z.object({
  diversity: z.string(),
  /** The type's spend within the base (all of it unless the base is addressable spend). */
  spend: z.number(),
  /** Share of the base: the selection's total (or addressable) spend. */
  percentage: z.number(),
});
/** `spendPerDiversity`: a row with several types counts in full under each. */
export const spendPerDiversitySchema = z.object({
  totalSpend: z.number(),
  diverseSpend: z.number(),
  nonDiverseSpend: z.number(),
  types: z.array(diversitySpendSchema),
});
export type SpendPerDiversity = z.infer<typeof spendPerDiversitySchema>;

/** `spendPerDiversityMom`: the 12 months ending at the latest payment date. */
export const spendPerDiversityMomSchema = z.object({
  /** `YYYY-MM`, oldest first; empty when the selection has no rows. */
  months: z.array(z.string()),
  series: z.array(
    z.object({ diversity: z.string(), values: z.array(z.number()), total: z.number() }),
  ),
  diverse: z.object({ values: z.array(z.number()), total: z.number() }),
  nonDiverse: z.object({ values: z.array(z.number()), total: z.number() }),
});
export type SpendPerDiversityMom = z.infer<typeof spendPerDiversityMomSchema>;

export const yearSplitSchema = z.object({
  year: z.number().int(),
  diverse: z.number(),
  nonDiverse: z.number(),
  total: z.number(),
  diversePercentage: z.number(),
});
/** `spendDiversityOverNonDiversity`: diverse vs non-diverse spend per payment year. */
export const spendDiversityOverNonDiversitySchema = z.array(yearSplitSchema);
export type YearSplit = z.infer<typeof yearSplitSchema>;

/* ---------- Category Dashboard ---------- */

export const categoryDiversitySchema = z.object({
  category: z.string(),
  diverse: z.number(),
  nonDiverse: z.number(),
  total: z.number(),
});
/** `categoryPerDiversity`: the bar graph, categories by total spend. */
export const categoryPerDiversitySchema = z.array(categoryDiversitySchema);
export type CategoryDiversity = z.infer<typeof categoryDiversitySchema>;

export const categoryShareSchema = z.object({
  category: z.string(),
  spend: z.number(),
  percentage: z.number(),
});
/** `categoryPercentage`: the pie, with the largest and smallest category by spend. */
export const categoryPercentageSchema = z.object({
  categories: z.array(categoryShareSchema),
  max: categoryShareSchema.nullable(),
  min: categoryShareSchema.nullable(),
});
export type CategoryShare = z.infer<typeof categoryShareSchema>;
export type CategoryPercentage = z.infer<typeof categoryPercentageSchema>;

export const topCategorySchema = z.object({
  category: z.string(),
  supplierCount: z.number().int(),
  supplierPercentage: z.number(),
  spend: z.number(),
  /** Null for a non-addressable category when the base is addressable spend. */
  spendPercentage: z.number().nullable(),
});
/** `topCategoriesStatatics`: the Top Categories table, by spend. */
export const topCategoriesSchema = z.array(topCategorySchema);
export type TopCategory = z.infer<typeof topCategorySchema>;

/* ---------- Supplier Dashboard ---------- */

/** `supplierCount`: distinct suppliers, and diverse suppliers paid per month (12 months). */
export const supplierCountSchema = z.object({
  totalSuppliers: z.number().int(),
  diverseSuppliers: z.number().int(),
  months: z.array(z.object({ month: z.string(), diverseSuppliers: z.number().int() })),
});
export type SupplierCount = z.infer<typeof supplierCountSchema>;

/**
 * `supplierDataPerQuater`: distinct diverse suppliers per quarter, oldest first. `months` is how
 * many months of the quarter the selection's payments cover (the first and last quarter may hold
 * only one or two); such a quarter is `partial` and its count is not comparable with a whole one.
 */
export const supplierQuarterSchema = z.object({
  year: z.number().int(),
  quarter: z.string(),
  label: z.string(),
  diverseSuppliers: z.number().int(),
  months: z.number().int().min(1).max(3),
  partial: z.boolean(),
});
export const supplierDataPerQuaterSchema = z.array(supplierQuarterSchema);
export type SupplierQuarter = z.infer<typeof supplierQuarterSchema>;

/** `supplierLocationData`: per US state, diverse suppliers and diverse spend. */
export const supplierLocationSchema = z.object({
  state: z.string(),
  stateName: z.string(),
  diverseSuppliers: z.number().int(),
  diverseSpend: z.number(),
});
export const supplierLocationDataSchema = z.array(supplierLocationSchema);
export type SupplierLocation = z.infer<typeof supplierLocationSchema>;

/**
 * `POST /api/graph/<name>`: each graph of the three dashboards and its reply, by the spec's name
 * (spelling included) — the server's routes and the web's queries both read this map.
 */
export const SPEND_GRAPHS = {
  spendPerDiversity: spendPerDiversitySchema,
  spendPerDiversityMom: spendPerDiversityMomSchema,
  spendDiversityOverNonDiversity: spendDiversityOverNonDiversitySchema,
  categoryPerDiversity: categoryPerDiversitySchema,
  categoryPercentage: categoryPercentageSchema,
  topCategoriesStatatics: topCategoriesSchema,
  supplierCount: supplierCountSchema,
  supplierDataPerQuater: supplierDataPerQuaterSchema,
  supplierLocationData: supplierLocationDataSchema,
} as const;
export type SpendGraphs = { [K in keyof typeof SPEND_GRAPHS]: z.infer<(typeof SPEND_GRAPHS)[K]> };
