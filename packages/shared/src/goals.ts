/**
 * Goals against actuals: the organisation's fiscal year and non-addressable spend
 * categories, its yearly diverse-spend targets, and the Goals Dashboard's reply. Money is dollars
 * with exact cents; percentages are 0–100 with two decimals.
 *
 * A fiscal year is named by the calendar year it ends in (FY2026 with a July start runs from
 * July 2025 to June 2026); with the default January start it is the calendar year.
 */
import { z } from 'zod';
import { DIVERSE_TYPES } from './diversity.ts';
import { selectedIdsSchema } from './spend.ts';
import { ANALYSIS_MAX } from './reports.ts';
import { MESSAGES, numeric, recordId } from './validation.ts';
import { COUNTING_RULES, countingRuleSchema } from './verified-diversity.ts';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const GOAL_MESSAGES = {
  settingsSaved: 'Settings Saved Successfully',
  goalsSaved: 'Goals Saved Successfully',
  targetRange: 'Must be between 0 and 100',
  duplicate: 'Listed more than once',
  notAddressable: 'This category is marked non-addressable',
} as const;

export const GOAL_LIMITS = {
  categoryMax: 100,
  nonAddressableMax: 200,
  categoryTargetsMax: 200,
  programTargetsMax: 20,
  firstYear: 2000,
  lastYear: 2100,
} as const;

/* ---------- fiscal years ---------- */

/** The month (1–12) a fiscal year starts in. */
export const fiscalStartMonthSchema = numeric(
  z
    .number({ error: MESSAGES.required })
    .int({ error: 'Must be a month from 1 to 12' })
    .min(1, { error: 'Must be a month from 1 to 12' })
    .max(12, { error: 'Must be a month from 1 to 12' }),
);

export const fiscalYearSchema = numeric(
  z
    .number({ error: MESSAGES.required })
    .int({ error: `Must be a year from ${GOAL_LIMITS.firstYear} to ${GOAL_LIMITS.lastYear}` })
    .min(GOAL_LIMITS.firstYear, {
      error: `Must be a year from ${GOAL_LIMITS.firstYear} to ${GOAL_LIMITS.lastYear}`,
    })
    .max(GOAL_LIMITS.lastYear, {
      error: `Must be a year from ${GOAL_LIMITS.firstYear} to ${GOAL_LIMITS.lastYear}`,
    }),
);

const pad = (n: number) => String(n).padStart(2, '0');

/** The 12 months (`YYYY-MM`) of a fiscal year, first to last. */
export function fiscalMonths(fiscalYear: number, startMonth: number): string[] {
  const firstYear = startMonth === 1 ? fiscalYear : fiscalYear - 1;
  return Array.from({ length: 12 }, (_, i) => {
    const index = firstYear * 12 + (startMonth - 1) + i;
    return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
  });
}

/** The fiscal year a day or month (`YYYY-MM…`) falls in. */
export function fiscalYearOf(date: string, startMonth: number): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return startMonth === 1 || month < startMonth ? year : year + 1;
}

const SHORT = MONTH_NAMES.map((m) => m.slice(0, 3));

/** 'FY2026 (Jul 2025 – Jun 2026)', or 'FY2026 (Jan – Dec 2026)'. */
export function fiscalYearLabel(fiscalYear: number, startMonth: number): string {
  const months = fiscalMonths(fiscalYear, startMonth);
  const first = months[0]!;
  const last = months[11]!;
  const name = (ym: string) => `${SHORT[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
  return startMonth === 1
    ? `FY${fiscalYear} (Jan – Dec ${fiscalYear})`
    : `FY${fiscalYear} (${name(first)} – ${name(last)})`;
}

/* ---------- settings ---------- */

const categoryName = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .max(GOAL_LIMITS.categoryMax, { error: MESSAGES.maxLength(GOAL_LIMITS.categoryMax) });

/** Names compared as the goals compare them: trimmed, case ignored. */
export const categoryKey = (category: string) => category.trim().toLowerCase();

const distinctCategories = <T>(items: T[], name: (item: T) => string, ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = categoryKey(name(item));
    if (seen.has(key))
      ctx.addIssue({ code: 'custom', message: GOAL_MESSAGES.duplicate, path: [i] });
    seen.add(key);
  });
};

/** `PUT /api/organisation/settings`. */
export const settingsSaveSchema = z.object({
  fiscalYearStartMonth: fiscalStartMonthSchema,
  nonAddressableCategories: z
    .array(categoryName)
    .max(GOAL_LIMITS.nonAddressableMax)
    .superRefine((items, ctx) => distinctCategories(items, (c) => c, ctx)),
});
export type SettingsSave = z.infer<typeof settingsSaveSchema>;

export const settingsSchema = z.object({
  fiscalYearStartMonth: z.number().int(),
  nonAddressableCategories: z.array(z.string()),
  /** Every category the organisation's spend uses (to choose from). */
  categories: z.array(z.string()),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type OrganisationSettings = z.infer<typeof settingsSchema>;

/* ---------- goals ---------- */

/** A target: diverse spend as a percent (0–100, two decimals) of addressable spend. */
export const targetSchema = numeric(
  z
    .number({ error: MESSAGES.notANumber })
    .min(0, { error: GOAL_MESSAGES.targetRange })
    .max(100, { error: GOAL_MESSAGES.targetRange })
    .transform((n) => Math.round(n * 100) / 100),
);

export const GOAL_DIVERSITY_TYPES = DIVERSE_TYPES;

/** `PUT /api/goals`: every target of one fiscal year (replaces that year's targets). */
export const goalsSaveSchema = z.object({
  fiscalYear: fiscalYearSchema,
  /** The overall target; null = none for the year. */
  overall: targetSchema.nullable(),
  diversity: z
    .array(z.object({ diversity: z.enum(GOAL_DIVERSITY_TYPES), target: targetSchema }))
    .max(GOAL_DIVERSITY_TYPES.length)
    .superRefine((items, ctx) => distinctCategories(items, (i) => i.diversity, ctx)),
  categories: z
    .array(z.object({ category: categoryName, target: targetSchema }))
    .max(GOAL_LIMITS.categoryTargetsMax)
    .superRefine((items, ctx) => distinctCategories(items, (i) => i.category, ctx)),
  /** Targets per program category: spend to its suppliers, % of addressable spend. */
  programs: z
    .array(z.object({ categoryId: recordId(), target: targetSchema }))
    .max(GOAL_LIMITS.programTargetsMax)
    .superRefine((items, ctx) => distinctCategories(items, (i) => String(i.categoryId), ctx))
    .default([]),
});
export type GoalsSave = z.infer<typeof goalsSaveSchema>;

export const goalsRequestSchema = z.object({ fiscalYear: fiscalYearSchema });

export const yearGoalsSchema = z.object({
  fiscalYear: z.number().int(),
  overall: z.number().nullable(),
  diversity: z.array(z.object({ diversity: z.string(), target: z.number() })),
  categories: z.array(z.object({ category: z.string(), target: z.number() })),
  programs: z.array(z.object({ categoryId: z.number(), target: z.number() })),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type YearGoals = z.infer<typeof yearGoalsSchema>;

export const goalYearsSchema = z.object({
  /** Fiscal years that have targets, newest first. */
  years: z.array(z.number().int()),
  /** The fiscal year today falls in. */
  current: z.number().int(),
});

/** One change of the settings or the goals, as the audit log keeps it. */
export const goalHistoryItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  actorEmail: z.string(),
  entity: z.enum(['settings', 'goals']),
  /** The fiscal year, for goals. */
  entityId: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type GoalHistoryItem = z.infer<typeof goalHistoryItemSchema>;

/* ---------- the Goals Dashboard ---------- */

export const GOAL_STATUSES = ['ON_TRACK', 'AT_RISK', 'OFF_TRACK', 'NO_DATA'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];

export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  ON_TRACK: 'On track',
  AT_RISK: 'At risk',
  OFF_TRACK: 'Off track',
  NO_DATA: 'No spend yet',
};

/**
 * How a target stands (docs/goals.md): on track when the projected
 * share at year end reaches the target; at risk when it reaches at least AT_RISK_SHARE of it (the
 * gap can still be closed by moving a few contracts); off track below that.
 */
export const AT_RISK_SHARE = 0.9;

export function goalStatus(projectedShare: number | null, target: number): GoalStatus {
  if (projectedShare === null) return 'NO_DATA';
  if (projectedShare >= target) return 'ON_TRACK';
  if (projectedShare >= target * AT_RISK_SHARE) return 'AT_RISK';
  return 'OFF_TRACK';
}

/** The Goals Dashboard's filters (graph endpoint, reports and Excel). */
export const goalsDashboardRequestSchema = z.object({
  selectedIds: selectedIdsSchema,
  /** Without it, the fiscal year today falls in. */
  fiscalYear: fiscalYearSchema.optional(),
  /** 'As reported in the file' or 'verified'; without it, the organisation's default. */
  countingRule: countingRuleSchema.optional(),
});

export const goalsExcelSchema = goalsDashboardRequestSchema.extend({
  analysis: z.string().max(ANALYSIS_MAX).optional(),
});

export const goalRowSchema = z.object({
  kind: z.enum(['overall', 'diversity', 'category', 'program']),
  /** 'Overall', a diversity type, a category or a program category. */
  name: z.string(),
  target: z.number(),
  /** Diverse spend so far (for a type: spend of that type). */
  actual: z.number(),
  /** What the share is of: addressable spend (of the category, for a category row). */
  base: z.number(),
  /** actual / base in percent, null without spend. */
  share: z.number().nullable(),
  /** The target in dollars of the projected year-end base. */
  goalAtYearEnd: z.number(),
  /** actual at the current run rate to year end. */
  projectedActual: z.number(),
  /** Diverse spend still needed this year to meet the target (0 when met). */
  stillNeeded: z.number(),
  status: z.enum(GOAL_STATUSES),
});
export type GoalRow = z.infer<typeof goalRowSchema>;

export const goalsDashboardSchema = z.object({
  fiscalYear: z.number().int(),
  fiscalYearStartMonth: z.number().int(),
  label: z.string(),
  months: z.array(z.string()),
  /** Months from the start of the year to the last month paid in it (0–12). */
  monthsElapsed: z.number().int(),
  /** Spend in the year: all of it, the non-addressable part and the addressable base. */
  totalSpend: z.number(),
  nonAddressableSpend: z.number(),
  addressableSpend: z.number(),
  nonAddressableCategories: z.array(z.string()),
  /** Month by month (null after the last month paid). */
  cumulativeActual: z.array(z.number().nullable()),
  /** The overall target applied to the cumulative base, then to the projected base. */
  cumulativeGoal: z.array(z.number().nullable()),
  /** From the last month paid to year end at the run rate (null before it). */
  projection: z.array(z.number().nullable()),
  overall: goalRowSchema.nullable(),
  rows: z.array(goalRowSchema),
  /** The counting rule the diverse figures follow. */
  countingRule: z.enum(COUNTING_RULES),
});
export type GoalsDashboard = z.infer<typeof goalsDashboardSchema>;

/** The spend home's headline: the current year's overall goal and where it stands. */
export const goalHeadlineSchema = z.object({
  fiscalYear: z.number().int(),
  label: z.string(),
  overall: goalRowSchema.nullable(),
  monthsElapsed: z.number().int(),
});
export type GoalHeadline = z.infer<typeof goalHeadlineSchema>;

export const GOALS_TITLE = 'Goals Dashboard';
