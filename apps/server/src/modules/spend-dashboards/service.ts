/**
 * Figures of the Supplier, Spend and Category Dashboards (DESIGN.md §6), computed
 * in SQL over the spend rollups of one organisation and its selected files (every file when none
 * is selected; another organisation's file id matches nothing) rather than over its rows: each
 * query reads the coarsest grain that holds its figure exactly (db/schema/spend.ts,
 * domain/spend-rollups.ts) — per month and diversity set for spend, per supplier for categories,
 * states and supplier counts, per month or quarter and supplier for distinct suppliers over time. Sums add up
 * the groups' numeric sums; the finest period shown is a month. Money is summed as numeric and leaves
 * the database as text; percentages are rounded to two decimals in SQL. The Excel exports call the
 * same functions, so a workbook carries exactly what the dashboard shows.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DIVERSITY_TYPES, QUARTERS, US_STATES } from '@spotzcity/shared/enums';
import type {
  CategoryDiversity,
  CategoryPercentage,
  SpendPerDiversity,
  SpendPerDiversityMom,
  SupplierCount,
  SupplierLocation,
  SupplierQuarter,
  TopCategory,
  YearSplit,
} from '@spotzcity/shared/spend-dashboards';
import type { SpendBase } from '@spotzcity/shared/spend-dashboards';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { nonAddressableSpendCategories } from '../../domain/addressable.ts';
import { programSpend } from '../../domain/program-categories.ts';
import { verifiedGroups, type VerifiedGrain } from '../../domain/verified-groups.ts';
import { refreshVerifiedRollups } from '../../domain/verified-rollups.ts';
import type { CountingRule } from '@spotzcity/shared/verified-diversity';
import { inScope, toNumber, type FileScope } from '../../platform/sql.ts';
import {
  spendRollupMonths,
  spendRollupQuarters,
  spendRollupSuppliers,
  spendRollups,
} from '../../db/schema/index.ts';

/** Each query reads one rollup, aliased `r`. */
const months = alias(spendRollupMonths, 'r');
const suppliers = alias(spendRollupSuppliers, 'r');
const finest = alias(spendRollups, 'r');
const quarters = alias(spendRollupQuarters, 'r');

/** A rollup's groups: the spend, whether diverse, and (most) the diversity set. */
type Groups = { spend: Column; isDiverse: Column };
type TypedGroups = Groups & { diversity: Column };

/** The selected files' groups of rollup `r`. */
const ofScope = (scope: FileScope, r: { clientRef: Column; fileId: Column }) =>
  inScope(scope, r.clientRef, r.fileId);

/** The percentages' base: which spend categories leave it. */
export interface BaseScope {
  kind: SpendBase;
  /** The organisation's non-addressable list as saved (for the 'Base' lines). */
  listed: string[];
  /** The spend categories that list leaves out, as the rows spell them (addressable only). */
  excluded: string[];
}

export interface Scope extends FileScope {
  /** Base of the percentages; all spend without it. */
  base?: BaseScope;
  /** The counting rule of the diverse-spend figures; as reported in the file without it. */
  rule?: CountingRule;
}

/**
 * The groups a diverse-spend figure reads, aliased `r`: the reported rollup `reported`, or under
 * the verified rule the verified rollup of the grain (brought up to date by `countedUnderRule`).
 */
const groupsOf = (scope: Scope, reported: SQL, grain: VerifiedGrain): SQL =>
  scope.rule === 'VERIFIED' ? verifiedGroups(grain) : reported;

/** Under the verified rule, the verified rollups are brought up to date before they are read. */
async function countedUnderRule(db: DbOrTx, scope: Scope) {
  if (scope.rule === 'VERIFIED') await refreshVerifiedRollups(db, scope.clientRef);
}

/** The base of one request: the goals module's definition of addressable spend. */
export async function resolveBase(
  db: DbOrTx,
  clientRef: number,
  kind: SpendBase,
): Promise<BaseScope> {
  const { listed, categories } = await nonAddressableSpendCategories(db, clientRef);
  return { kind, listed, excluded: kind === 'addressable' ? categories : [] };
}

/**
 * `<category> <> all(…)` when the base is addressable spend and some category of the spend is
 * non-addressable; null when the base is every row (the queries then stay as they were).
 */
function addressableOnly(scope: Scope, category: Column): SQL | null {
  const excluded = scope.base?.kind === 'addressable' ? scope.base.excluded : [];
  return excluded.length ? sql`${category} <> all(${sql.param(excluded)}::text[])` : null;
}

/** The share `part / whole` in percent with two decimals, in SQL (numeric, half away from zero). */
const percent = (part: SQL, whole: SQL) =>
  sql`coalesce(round(100 * (${part})::numeric / nullif(${whole}, 0), 2), 0)::text`;

/** `YYYY-MM` of the 12 months ending with the month of `last` (`YYYY-MM-DD`), oldest first. */
export function twelveMonths(last: string): string[] {
  const year = Number(last.slice(0, 4));
  const month = Number(last.slice(5, 7));
  return Array.from({ length: 12 }, (_, i) => {
    const index = year * 12 + (month - 1) - (11 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/**
 * The month of the latest payment of the selection (its first day, `YYYY-MM-DD`), or null when it
 * has no rows. The windows need only the month: every row is paid on or before the latest date.
 */
async function lastPaymentMonth(db: DbOrTx, scope: Scope): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`select max(${months.month})::text as last from ${spendRollupMonths} ${months}
        where ${ofScope(scope, months)}`,
    ),
    z.object({ last: z.string().nullable() }),
  );
  return row?.last ?? null;
}

/** Groups paid in the 12 months ending with the month `last` (its first day). */
const inTwelveMonths = (month: Column, last: string) =>
  sql`${month} between (${last}::date - interval '11 months')::date and ${last}::date`;

/* ---------- Spend Dashboard ---------- */

/**
 * Spend per diversity type as columns of one scan (`sum … filter (where type = any(diversity))`):
 * a row with several types counts under each, without multiplying rows as `unnest` would.
 */
const perTypeColumns = (r: TypedGroups) =>
  sql.join(
    DIVERSITY_TYPES.map(
      (type, i) =>
        sql`sum(${r.spend}) filter (where ${type}::text = any(${r.diversity}))::text as ${sql.raw(`t${i}`)}`,
    ),
    sql`, `,
  );
type PerTypeRow = Record<`t${number}`, string | null>;
/** The columns `t0`, `t1`, … of `perTypeColumns`, each a sum or null (no row of the type). */
const perTypeRow = z.object(
  Object.fromEntries(DIVERSITY_TYPES.map((_, i) => [`t${i}`, z.string().nullable()])),
) as unknown as z.ZodObject<{ [key: `t${number}`]: z.ZodNullable<z.ZodString> }>;

const splitColumns = (r: Groups) => sql`
  coalesce(sum(${r.spend}), 0)::text as total,
  coalesce(sum(${r.spend}) filter (where ${r.isDiverse}), 0)::text as diverse,
  coalesce(sum(${r.spend}) filter (where not ${r.isDiverse}), 0)::text as non_diverse`;
const splitRow = z.object({ total: z.string(), diverse: z.string(), non_diverse: z.string() });
type SplitRow = z.infer<typeof splitRow>;
const sharesRow = z.object({ shares: z.array(z.string()) });

export async function spendPerDiversity(db: DbOrTx, scope: Scope): Promise<SpendPerDiversity> {
  await countedUnderRule(db, scope);
  const [row] = rowsOf(
    await db.execute(sql`
      with sums as (
        select ${splitColumns(months)}, ${perTypeColumns(months)}
        from ${groupsOf(scope, sql`${spendRollupMonths} ${months}`, 'file')}
        where ${ofScope(scope, months)}
      )
      select sums.*, array[${sql.join(
        DIVERSITY_TYPES.map((_, i) =>
          percent(sql.raw(`sums.t${i}::numeric`), sql`sums.total::numeric`),
        ),
        sql`, `,
      )}] as shares
      from sums
    `),
    splitRow.extend(perTypeRow.shape).extend(sharesRow.shape),
  );
  // Addressable base: the shares (a share chart) count only addressable rows, above and below
  // the line; the headline amounts stay all spend.
  const keep = addressableOnly(scope, suppliers.category);
  const [shares] = keep
    ? rowsOf(
        await db.execute(sql`
          with sums as (
            select coalesce(sum(${suppliers.spend}), 0)::text as total, ${perTypeColumns(suppliers)}
            from ${groupsOf(scope, sql`${spendRollupSuppliers} ${suppliers}`, 'file')}
            where ${ofScope(scope, suppliers)} and ${keep}
          )
          select sums.*, array[${sql.join(
            DIVERSITY_TYPES.map((_, i) =>
              percent(sql.raw(`coalesce(sums.t${i}::numeric, 0)`), sql`sums.total::numeric`),
            ),
            sql`, `,
          )}] as shares
          from sums
        `),
        perTypeRow.extend({ total: z.string() }).extend(sharesRow.shape),
      )
    : [row];
  return {
    totalSpend: toNumber(row?.total),
    diverseSpend: toNumber(row?.diverse),
    nonDiverseSpend: toNumber(row?.non_diverse),
    types: DIVERSITY_TYPES.flatMap((diversity, i) => {
      const spend = row?.[`t${i}`];
      if (spend === null || spend === undefined) return [];
      return [
        {
          diversity,
          spend: toNumber(shares?.[`t${i}`]),
          percentage: toNumber(shares?.shares[i]),
        },
      ];
    }),
  };
}

export async function spendPerDiversityMom(
  db: DbOrTx,
  scope: Scope,
): Promise<SpendPerDiversityMom> {
  const last = await lastPaymentMonth(db, scope);
  if (!last) {
    return {
      months: [],
      series: [],
      diverse: { values: [], total: 0 },
      nonDiverse: { values: [], total: 0 },
    };
  }
  const shown = twelveMonths(last);
  await countedUnderRule(db, scope);
  // One scan: a row per month and the 12-month totals (month null), all summed in SQL.
  const rows = rowsOf(
    await db.execute(sql`
      select to_char(${months.month}, 'YYYY-MM') as month, ${splitColumns(months)},
        ${perTypeColumns(months)}
      from ${groupsOf(scope, sql`${spendRollupMonths} ${months}`, 'month')}
      where ${ofScope(scope, months)} and ${inTwelveMonths(months.month, last)}
      group by grouping sets ((${months.month}), ())
    `),
    splitRow.extend(perTypeRow.shape).extend({ month: z.string().nullable() }),
  );
  const byMonth = new Map(rows.filter((r) => r.month !== null).map((r) => [r.month, r]));
  const totals = rows.find((r) => r.month === null);
  const seriesOf = (pick: (r: SplitRow & PerTypeRow) => string | null | undefined) => ({
    values: shown.map((m) => {
      const row = byMonth.get(m);
      return row ? toNumber(pick(row)) : 0;
    }),
    total: totals ? toNumber(pick(totals)) : 0,
  });
  return {
    months: shown,
    series: DIVERSITY_TYPES.flatMap((diversity, i) =>
      totals?.[`t${i}`] === null || totals?.[`t${i}`] === undefined
        ? []
        : [{ diversity: diversity as string, ...seriesOf((r) => r[`t${i}`]) }],
    ),
    diverse: seriesOf((r) => r.diverse),
    nonDiverse: seriesOf((r) => r.non_diverse),
  };
}

/**
 * Diverse vs non-diverse spend per payment year. With the addressable base the donuts are shares
 * of addressable spend: every figure of a year counts its addressable rows only, and a year
 * without any is left out.
 */
export async function spendDiversityOverNonDiversity(
  db: DbOrTx,
  scope: Scope,
): Promise<YearSplit[]> {
  await countedUnderRule(db, scope);
  const keep = addressableOnly(scope, finest.category);
  // The month rollup has no category: the addressable base reads the finest one. The verified
  // rollup by month has the category.
  const r = keep ? finest : months;
  const from = keep
    ? sql`${groupsOf(scope, sql`${spendRollups} ${finest}`, 'month')}
        where ${ofScope(scope, finest)} and ${keep}`
    : sql`${groupsOf(scope, sql`${spendRollupMonths} ${months}`, 'month')}
        where ${ofScope(scope, months)}`;
  const rows = rowsOf(
    await db.execute(sql`
      select extract(year from ${r.month})::int as year,
        coalesce(sum(${r.spend}) filter (where ${r.isDiverse}), 0)::text as diverse,
        coalesce(sum(${r.spend}) filter (where not ${r.isDiverse}), 0)::text as non_diverse,
        sum(${r.spend})::text as total,
        ${percent(sql`coalesce(sum(${r.spend}) filter (where ${r.isDiverse}), 0)`, sql`sum(${r.spend})`)} as percentage
      from ${from}
      group by 1 order by 1
    `),
    z.object({
      year: z.number(),
      diverse: z.string(),
      non_diverse: z.string(),
      total: z.string(),
      percentage: z.string(),
    }),
  );
  return rows.map((r) => ({
    year: r.year,
    diverse: toNumber(r.diverse),
    nonDiverse: toNumber(r.non_diverse),
    total: toNumber(r.total),
    diversePercentage: toNumber(r.percentage),
  }));
}

/* ---------- Category Dashboard ---------- */

export async function categoryPerDiversity(db: DbOrTx, scope: Scope): Promise<CategoryDiversity[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${suppliers.category},
        coalesce(sum(${suppliers.spend}) filter (where ${suppliers.isDiverse}), 0)::text as diverse,
        coalesce(sum(${suppliers.spend}) filter (where not ${suppliers.isDiverse}), 0)::text
          as non_diverse,
        sum(${suppliers.spend})::text as total
      from ${spendRollupSuppliers} ${suppliers} where ${ofScope(scope, suppliers)}
      group by ${suppliers.category} order by sum(${suppliers.spend}) desc, ${suppliers.category}
    `),
    splitRow.extend({ category: z.string() }),
  );
  return rows.map((r) => ({
    category: r.category,
    diverse: toNumber(r.diverse),
    nonDiverse: toNumber(r.non_diverse),
    total: toNumber(r.total),
  }));
}

/**
 * The share of each category (the pie). With the addressable base the pie is a share of
 * addressable spend: the non-addressable categories leave it.
 */
export async function categoryPercentage(db: DbOrTx, scope: Scope): Promise<CategoryPercentage> {
  const keep = addressableOnly(scope, suppliers.category);
  const rows = rowsOf(
    await db.execute(sql`
      with per_category as (
        select ${suppliers.category}, sum(${suppliers.spend}) as spend
        from ${spendRollupSuppliers} ${suppliers}
        where ${ofScope(scope, suppliers)} ${keep ? sql`and ${keep}` : sql``}
        group by ${suppliers.category}
      )
      select category, spend::text as spend,
        ${percent(sql`spend`, sql`sum(spend) over ()`)} as percentage
      from per_category order by per_category.spend desc, category
    `),
    z.object({ category: z.string(), spend: z.string(), percentage: z.string() }),
  );
  const categories = rows.map((r) => ({
    category: r.category,
    spend: toNumber(r.spend),
    percentage: toNumber(r.percentage),
  }));
  return {
    categories,
    max: categories[0] ?? null,
    // Ties on the smallest spend go to the first category by name, like the largest.
    min:
      categories.length === 0
        ? null
        : (categories.find((c) => c.spend === categories[categories.length - 1]?.spend) ?? null),
  };
}

/**
 * The Top Categories table. Spend and suppliers are all spend whatever the base; with the
 * addressable base '% Of Spend' is a share of addressable spend and null for a non-addressable
 * category ('% Of Suppliers' counts suppliers, not spend, and keeps every one).
 */
export async function topCategoriesStatatics(db: DbOrTx, scope: Scope): Promise<TopCategory[]> {
  const excluded = addressableOnly(scope, suppliers.category) ? (scope.base?.excluded ?? []) : [];
  const kept = (column: SQL) =>
    excluded.length ? sql`${column} <> all(${sql.param(excluded)}::text[])` : sql`true`;
  const rows = rowsOf(
    await db.execute(sql`
      with per_supplier as (
        select ${suppliers.category}, ${suppliers.supplierKey}, sum(${suppliers.spend}) as spend
        from ${spendRollupSuppliers} ${suppliers} where ${ofScope(scope, suppliers)}
        group by ${suppliers.category}, ${suppliers.supplierKey}
      ), per_category as (
        select category, count(*) as suppliers, sum(spend) as spend
        from per_supplier group by category
      ), totals as (
        select (select count(distinct supplier_key) from per_supplier) as suppliers,
          sum(spend) filter (where ${kept(sql`category`)}) as spend
        from per_category
      )
      select c.category, c.suppliers::int as supplier_count,
        ${percent(sql`c.suppliers`, sql`t.suppliers`)} as supplier_percentage,
        c.spend::text as spend,
        case when ${kept(sql`c.category`)} then ${percent(sql`c.spend`, sql`t.spend`)} end as spend_percentage
      from per_category c cross join totals t
      order by c.spend desc, c.category
    `),
    z.object({
      category: z.string(),
      supplier_count: z.number(),
      supplier_percentage: z.string(),
      spend: z.string(),
      spend_percentage: z.string().nullable(),
    }),
  );
  return rows.map((r) => ({
    category: r.category,
    supplierCount: r.supplier_count,
    supplierPercentage: toNumber(r.supplier_percentage),
    spend: toNumber(r.spend),
    spendPercentage: r.spend_percentage === null ? null : toNumber(r.spend_percentage),
  }));
}

/* ---------- Supplier Dashboard ---------- */

export async function supplierCount(db: DbOrTx, scope: Scope): Promise<SupplierCount> {
  const [totals] = rowsOf(
    await db.execute(sql`
      select count(*)::int as total, (count(*) filter (where diverse))::int as diverse,
        max(last)::text as last
      from (
        select ${suppliers.supplierKey}, bool_or(${suppliers.isDiverse}) as diverse,
          max(${suppliers.lastMonth}) as last
        from ${spendRollupSuppliers} ${suppliers} where ${ofScope(scope, suppliers)}
        group by ${suppliers.supplierKey}
      ) as suppliers
    `),
    z.object({ total: z.number(), diverse: z.number(), last: z.string().nullable() }),
  );
  const last = totals?.last ?? null;
  if (!last) return { totalSuppliers: 0, diverseSuppliers: 0, months: [] };
  const perMonth = rowsOf(
    await db.execute(sql`
      select month, count(*)::int as suppliers
      from (
        select distinct to_char(${finest.month}, 'YYYY-MM') as month, ${finest.supplierKey}
        from ${spendRollups} ${finest}
        where ${ofScope(scope, finest)} and ${finest.isDiverse}
          and ${inTwelveMonths(finest.month, last)}
      ) as paid
      group by month
    `),
    z.object({ month: z.string(), suppliers: z.number() }),
  );
  const byMonth = new Map(perMonth.map((r) => [r.month, r.suppliers]));
  return {
    totalSuppliers: totals?.total ?? 0,
    diverseSuppliers: totals?.diverse ?? 0,
    months: twelveMonths(last).map((month) => ({
      month,
      diverseSuppliers: byMonth.get(month) ?? 0,
    })),
  };
}

/** Distinct diverse suppliers per quarter from the first to the last quarter paid (gaps are 0). */
export async function supplierDataPerQuater(db: DbOrTx, scope: Scope): Promise<SupplierQuarter[]> {
  const rows = rowsOf(
    await db.execute(sql`
      with paid as (
        -- Every quarter paid appears, diverse suppliers or not.
        select distinct extract(year from ${months.month})::int as year,
          extract(quarter from ${months.month})::int as quarter
        from ${spendRollupMonths} ${months} where ${ofScope(scope, months)}
      ), diverse as (
        select extract(year from quarter)::int as year, extract(quarter from quarter)::int as quarter,
          suppliers
        from (
          select ${quarters.quarter}, count(distinct ${quarters.supplierKey})::int as suppliers
          from ${spendRollupQuarters} ${quarters}
          where ${ofScope(scope, quarters)} and ${quarters.isDiverse}
          group by ${quarters.quarter}
        ) as per_quarter
      )
      select p.year, p.quarter, coalesce(d.suppliers, 0)::int as suppliers
      from paid p left join diverse d on d.year = p.year and d.quarter = p.quarter
      order by p.year, p.quarter
    `),
    z.object({ year: z.number(), quarter: z.number(), suppliers: z.number() }),
  );
  const first = rows[0];
  const lastRow = rows[rows.length - 1];
  if (!first || !lastRow) return [];
  // The months the payments cover: the first and the last quarter may be partial.
  const monthIndex = sql`extract(year from ${months.month})::int * 12 + extract(month from ${months.month})::int - 1`;
  const [span] = rowsOf(
    await db.execute(sql`
      select min(${monthIndex})::int as first, max(${monthIndex})::int as last
      from ${spendRollupMonths} ${months} where ${ofScope(scope, months)}
    `),
    z.object({ first: z.number(), last: z.number() }),
  );
  const covered = (index: number) => {
    let months = 0;
    for (let m = index * 3; m < index * 3 + 3; m++)
      if (span && m >= span.first && m <= span.last) months += 1;
    return Math.max(1, months);
  };
  const counts = new Map(rows.map((r) => [r.year * 4 + r.quarter - 1, r.suppliers]));
  const result: SupplierQuarter[] = [];
  for (
    let i = first.year * 4 + first.quarter - 1;
    i <= lastRow.year * 4 + lastRow.quarter - 1;
    i++
  ) {
    const year = Math.floor(i / 4);
    const quarter = QUARTERS[i % 4] ?? 'Q1';
    result.push({
      year,
      quarter,
      label: `${quarter} ${year}`,
      diverseSuppliers: counts.get(i) ?? 0,
      months: covered(i),
      partial: covered(i) < 3,
    });
  }
  return result;
}

const STATE_NAMES = new Map<string, string>(US_STATES.map(([code, name]) => [code, name]));

/**
 * Per US state (rows whose State is one of the 50 codes or names), the distinct diverse suppliers
 * and their spend, largest spend first. Other states and countries are left out of the map.
 */
export async function supplierLocationData(db: DbOrTx, scope: Scope): Promise<SupplierLocation[]> {
  const codes = US_STATES.map(([code]) => code);
  const names = US_STATES.map(([, name]) => name.toUpperCase());
  const state = sql`upper(trim(${suppliers.state}))`;
  const rows = rowsOf(
    await db.execute(sql`
      with located as (
        select ${suppliers.supplierKey}, ${suppliers.spend},
          coalesce(
            case when ${state} = any(${sql.param(codes)}::text[]) then ${state} end,
            (${sql.param(codes)}::text[])[array_position(${sql.param(names)}::text[], ${state})]
          ) as state
        from ${spendRollupSuppliers} ${suppliers}
        where ${ofScope(scope, suppliers)} and ${suppliers.isDiverse} and ${suppliers.state} is not null
      )
      select state, count(distinct supplier_key)::int as suppliers, sum(spend)::text as spend
      from located where state is not null
      group by state order by sum(spend) desc, state
    `),
    z.object({ state: z.string(), suppliers: z.number(), spend: z.string() }),
  );
  return rows.map((r) => ({
    state: r.state,
    stateName: STATE_NAMES.get(r.state) ?? r.state,
    diverseSuppliers: r.suppliers,
    diverseSpend: toNumber(r.spend),
  }));
}

/** The diverse suppliers of the selection with their states, types and spend (Excel detail). */
export async function diverseSupplierList(db: DbOrTx, scope: Scope) {
  const r = suppliers;
  const rows = rowsOf(
    await db.execute(sql`
      with suppliers as (
        select ${r.supplierKey}, min(${r.vendorName}) as name, min(${r.duns}) as duns,
          string_agg(distinct upper(trim(${r.state})), ', ') as states, sum(${r.spend}) as spend
        from ${spendRollupSuppliers} ${r} where ${ofScope(scope, r)} and ${r.isDiverse}
        group by ${r.supplierKey}
      ), types as (
        select ${r.supplierKey}, string_agg(distinct t.diversity, ', ') as types
        from ${spendRollupSuppliers} ${r} cross join lateral unnest(${r.diversity}) as t(diversity)
        where ${ofScope(scope, r)} and ${r.isDiverse}
        group by ${r.supplierKey}
      )
      select s.name, s.duns, coalesce(s.states, '') as states, coalesce(t.types, '') as types,
        s.spend::text as spend
      from suppliers s left join types t on t.supplier_key = s.supplier_key
      order by s.spend desc, s.supplier_key
    `),
    z.object({
      name: z.string(),
      duns: z.string().nullable(),
      states: z.string(),
      types: z.string(),
      spend: z.string(),
    }),
  );
  return rows.map((r) => ({ ...r, spend: toNumber(r.spend) }));
}

/** The organisation's program categories over the selection and base. */
export function programCategoryFigures(db: DbOrTx, scope: Scope) {
  return programSpend(db, {
    clientRef: scope.clientRef,
    selectedIds: scope.selectedIds,
    excluded: scope.base?.kind === 'addressable' ? scope.base.excluded : [],
  });
}
