/**
 * The Goals Dashboard's figures (docs/goals.md): for one
 * fiscal year and the selected files, diverse spend against the targets as a percent of
 * addressable spend (spend outside the non-addressable categories).
 *
 * One SQL query sums the goals' rollup per month and category (numeric, exact); the year is at
 * most 12 × the categories groups, which are then added up as integer cents (exact) for the cumulative
 * series, the per-type and per-category rows and the run-rate projection.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  categoryKey,
  fiscalMonths,
  fiscalYearLabel,
  goalStatus,
  type GoalRow,
  type GoalsDashboard,
  type YearGoals,
} from '@spotzcity/shared/goals';
import { DIVERSE_TYPES } from '@spotzcity/shared/diversity';
import type { CountingRule } from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import {
  goalRollups,
  goalVendorYears,
  goalVerifiedRollups,
  organisationSettings,
  spendRollups,
  vendorMatches,
} from '../../db/schema/index.ts';
import { pairsRelation, qualifyingPairs } from '../../domain/program-categories.ts';
import { inScope } from '../../platform/sql.ts';
import { certain } from '../../domain/verified-spend.ts';
import { refreshVerifiedRollups } from '../../domain/verified-rollups.ts';
import type { FigureSettings } from './service.ts';

export interface GoalScope {
  clientRef: number;
  /** Selected file ids; empty = every file of the organisation. */
  selectedIds: number[];
}

/**
 * The counting rule: the spend of the selection in the year as rows of (alias `r`) `month`,
 * `category`, `spend` and the diversity they count under (`diversity` text[], `is_diverse`).
 * Every goal figure reads diversity through this one function. Both read a rollup per file,
 * month, category and diversity set, kept by triggers from the finer rollups (migration 0033),
 * so that the year is a few thousand rows however many vendors the organisation pays.
 *
 * - REPORTED: the diversity as reported on the spend rows (goal_rollups, from spend_rollups).
 * - VERIFIED: a payment counts for a type only when its vendor has a certain match to
 *   a directory supplier holding a certificate of that type that qualified under the
 *   organisation's policy on the payment date — each type once, diverse once, however many
 *   certificates qualify. Read from goal_verified_rollups, the verified rollups (judged per
 *   payment day; domain/verified-rollups.ts) summed without the vendor, brought up to date by the
 *   caller first, as the spend dashboards' verified figures are.
 */
export function countedDiversity(scope: GoalScope, months: string[], rule: CountingRule): SQL {
  const from = `${months[0]}-01`;
  const to = `${months[11]}-01`;
  if (rule === 'REPORTED') {
    const r = goalRollups;
    return sql`
      select ${r.month} as month, ${r.category} as category, ${r.spend} as spend,
        ${r.diversity} as diversity, ${r.isDiverse} as is_diverse
      from ${r}
      where ${inScope(scope, r.clientRef, r.fileId)}
        and ${r.month} between ${from}::date and ${to}::date`;
  }
  const r = goalVerifiedRollups;
  return sql`
    select ${r.month} as month, ${r.category} as category, ${r.spend} as spend,
      ${r.types} as diversity, cardinality(${r.types}) > 0 as is_diverse
    from ${r}
    where ${inScope(scope, r.clientRef, r.fileId)}
      and ${r.month} between ${from}::date and ${to}::date`;
}

/** Integer cents of a numeric's text ('1234.5', '-0.07'): exact, unlike a float. */
export function centsOf(text: string | null | undefined): number {
  if (!text) return 0;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  return negative ? -cents : cents;
}

const dollars = (cents: number) => cents / 100;

interface Group {
  month: string;
  category: string;
  total: number;
  diverse: number;
  types: number[];
}

/** The year's spend of the selection per month and category, in cents. */
async function monthCategoryGroups(
  db: DbOrTx,
  scope: GoalScope,
  months: string[],
  rule: CountingRule,
): Promise<Group[]> {
  if (rule === 'VERIFIED') await refreshVerifiedRollups(db, scope.clientRef);
  const rows = rowsOf(
    await db.execute(sql`
      select to_char(r.month, 'YYYY-MM') as month, r.category,
        sum(r.spend)::text as total,
        sum(r.spend) filter (where r.is_diverse)::text as diverse,
        ${sql.join(
          DIVERSE_TYPES.map(
            (type, i) =>
              sql`sum(r.spend) filter (where ${type}::text = any(r.diversity))::text as ${sql.raw(`t${i}`)}`,
          ),
          sql`, `,
        )}
      from (${countedDiversity(scope, months, rule)}) r
      group by 1, 2
    `),
    // total, diverse and t0… (one per diverse type): sums as text, null without rows.
    z.object({ month: z.string(), category: z.string() }).catchall(z.string().nullable()),
  );
  return rows.map((r) => ({
    month: r.month,
    category: r.category,
    total: centsOf(r.total),
    diverse: centsOf(r.diverse),
    types: DIVERSE_TYPES.map((_, i) => centsOf(r[`t${i}`])),
  }));
}

/** Percent with two decimals, half away from zero; null without a base. */
const shareOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 10000) / whole) / 100 : null;

/**
 * One target's row: actual against base so far, and at the run rate of the `elapsed` months to
 * year end (whole cents, rounded half up).
 */
export function goalRow(
  kind: GoalRow['kind'],
  name: string,
  target: number,
  actualCents: number,
  baseCents: number,
  elapsed: number,
): GoalRow {
  const projectedBase = elapsed > 0 ? Math.round((baseCents * 12) / elapsed) : 0;
  const projectedActual = elapsed > 0 ? Math.round((actualCents * 12) / elapsed) : 0;
  const goalAtYearEnd = Math.round((projectedBase * target) / 100);
  const share = shareOf(actualCents, baseCents);
  return {
    kind,
    name,
    target,
    actual: dollars(actualCents),
    base: dollars(baseCents),
    share,
    goalAtYearEnd: dollars(goalAtYearEnd),
    projectedActual: dollars(projectedActual),
    stillNeeded: dollars(Math.max(0, goalAtYearEnd - actualCents)),
    // At the run rate, actual and base grow alike: the projected share is the share so far.
    status: goalStatus(elapsed > 0 ? share : null, target),
  };
}

export async function goalsDashboard(
  db: DbOrTx,
  scope: GoalScope,
  settings: FigureSettings,
  goals: YearGoals,
  rule: CountingRule = 'REPORTED',
): Promise<GoalsDashboard> {
  const start = settings.fiscalYearStartMonth;
  const months = fiscalMonths(goals.fiscalYear, start);
  const excluded = new Set(settings.nonAddressableCategories.map(categoryKey));
  const groups = await monthCategoryGroups(db, scope, months, rule);

  const monthIndex = new Map(months.map((m, i) => [m, i]));
  const baseByMonth = new Array<number>(12).fill(0);
  const diverseByMonth = new Array<number>(12).fill(0);
  const typeTotals = new Array<number>(DIVERSE_TYPES.length).fill(0);
  const categories = new Map<string, { total: number; diverse: number }>();
  let totalSpend = 0;
  let nonAddressable = 0;
  let lastPaid = -1;
  for (const g of groups) {
    const i = monthIndex.get(g.month);
    if (i === undefined) continue;
    totalSpend += g.total;
    lastPaid = Math.max(lastPaid, i);
    if (excluded.has(categoryKey(g.category))) {
      nonAddressable += g.total;
      continue;
    }
    baseByMonth[i]! += g.total;
    diverseByMonth[i]! += g.diverse;
    g.types.forEach((cents, t) => (typeTotals[t]! += cents));
    const key = categoryKey(g.category);
    const category = categories.get(key) ?? { total: 0, diverse: 0 };
    category.total += g.total;
    category.diverse += g.diverse;
    categories.set(key, category);
  }
  const elapsed = lastPaid + 1;
  const base = baseByMonth.reduce((a, b) => a + b, 0);
  const diverse = diverseByMonth.reduce((a, b) => a + b, 0);

  // Cumulative actual and base through the last month paid.
  const cumActual: number[] = [];
  const cumBase: number[] = [];
  for (let i = 0; i < elapsed; i++) {
    cumActual.push((cumActual[i - 1] ?? 0) + diverseByMonth[i]!);
    cumBase.push((cumBase[i - 1] ?? 0) + baseByMonth[i]!);
  }
  const target = goals.overall;
  const baseAt = (i: number) =>
    i < elapsed ? cumBase[i]! : Math.round(base + (base * (i - elapsed + 1)) / elapsed);
  const cumulativeGoal = months.map((_, i) =>
    target === null || elapsed === 0 ? null : dollars(Math.round((baseAt(i) * target) / 100)),
  );
  const projection = months.map((_, i) =>
    elapsed === 0 || i < elapsed - 1
      ? null
      : dollars(Math.round(diverse + (diverse * (i - elapsed + 1)) / elapsed)),
  );

  const typeIndex = new Map<string, number>(DIVERSE_TYPES.map((t, i) => [t, i]));
  const rows: GoalRow[] = [
    ...goals.diversity.map((d) =>
      goalRow(
        'diversity',
        d.diversity,
        d.target,
        typeTotals[typeIndex.get(d.diversity) ?? -1] ?? 0,
        base,
        elapsed,
      ),
    ),
    ...goals.categories
      // A category marked non-addressable after its target was set has no base to measure.
      .filter((c) => !excluded.has(categoryKey(c.category)))
      .map((c) => {
        const spend = categories.get(categoryKey(c.category)) ?? { total: 0, diverse: 0 };
        return goalRow('category', c.category, c.target, spend.diverse, spend.total, elapsed);
      }),
  ];

  rows.push(...(await programRows(db, scope, goals.fiscalYear, excluded, goals, base, elapsed)));

  return {
    fiscalYear: goals.fiscalYear,
    fiscalYearStartMonth: start,
    label: fiscalYearLabel(goals.fiscalYear, start),
    months,
    monthsElapsed: elapsed,
    totalSpend: dollars(totalSpend),
    nonAddressableSpend: dollars(nonAddressable),
    addressableSpend: dollars(base),
    nonAddressableCategories: settings.nonAddressableCategories,
    cumulativeActual: months.map((_, i) => (i < elapsed ? dollars(cumActual[i]!) : null)),
    cumulativeGoal,
    projection,
    overall: target === null ? null : goalRow('overall', 'Overall', target, diverse, base, elapsed),
    rows,
    countingRule: rule,
  };
}

/**
 * Program category targets: the year's addressable spend to vendors matched to the
 * category's qualifying suppliers, against all addressable spend; the category's rule as it is
 * today, whatever the counting rule. Switched-off or deleted categories have no row. The year's
 * spend per vendor and category is one row each (goal_vendor_years), not one per month.
 */
async function programRows(
  db: DbOrTx,
  scope: GoalScope,
  fiscalYear: number,
  excluded: Set<string>,
  goals: YearGoals,
  baseCents: number,
  elapsed: number,
): Promise<GoalRow[]> {
  if (goals.programs.length === 0) return [];
  const pairs = await qualifyingPairs(db, scope.clientRef);
  const names = new Map(pairs.categories.map((c) => [c.id, c.name]));
  const v = goalVendorYears;
  const spend = pairs.categoryIds.length
    ? rowsOf(
        await db.execute(sql`
          select q.category_ref, ${v.category} as category, sum(${v.spend})::text as spend
          from ${v}
          join ${vendorMatches} m on m.client_ref = ${v.clientRef} and m.supplier_key = ${v.supplierKey}
          join ${pairsRelation(pairs)} on q.supplier_ref = m.supplier_ref
          where ${inScope(scope, v.clientRef, v.fileId)} and ${certain}
            and ${v.fiscalYear} = ${fiscalYear}
          group by 1, 2
        `),
        z.object({ category_ref: z.number(), category: z.string(), spend: z.string() }),
      )
    : [];
  const actual = new Map<number, number>();
  for (const r of spend) {
    if (excluded.has(categoryKey(r.category))) continue;
    const id = Number(r.category_ref);
    actual.set(id, (actual.get(id) ?? 0) + centsOf(r.spend));
  }
  return goals.programs
    .filter((p) => names.has(p.categoryId))
    .map((p) =>
      goalRow(
        'program',
        names.get(p.categoryId)!,
        p.target,
        actual.get(p.categoryId) ?? 0,
        baseCents,
        elapsed,
      ),
    );
}

/** Where goal_vendor_years takes its lock ('GOAL', migration 0033). */
const GOAL_LOCK = 0x474f414c;

/**
 * Called in the transaction that saves the organisation's settings, before it reads them: holds
 * the lock an import's rollups take shared while they read the start month (migration 0033), so
 * the two never interleave; then, when the start month changes, files each vendor's spend under
 * the new fiscal years.
 */
export async function lockGoalYears(tx: DbOrTx, clientRef: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${GOAL_LOCK}, ${clientRef})`);
}

/** goal_vendor_years of the organisation built again from its spend rollups (after lockGoalYears). */
export async function rebuildGoalYears(tx: DbOrTx, clientRef: number) {
  const v = goalVendorYears;
  const r = spendRollups;
  const s = organisationSettings;
  await tx.execute(sql`delete from ${v} where ${v.clientRef} = ${clientRef}`);
  await tx.execute(sql`
    insert into ${v} (client_ref, file_id, fiscal_year, supplier_key, category, spend, row_count)
    select ${r.clientRef}, ${r.fileId},
      goal_fiscal_year(${r.month}, coalesce(${s.fiscalYearStartMonth}, 1)::int),
      ${r.supplierKey}, ${r.category}, sum(${r.spend}), sum(${r.rowCount})
    from ${r} left join ${s} on ${s.clientRef} = ${r.clientRef}
    where ${r.clientRef} = ${clientRef}
    group by 1, 2, 3, 4, 5
  `);
}
