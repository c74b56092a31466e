/**
 * Market Share (spec 02, DESIGN.md §6), read from the organisation's spend rows (imported by the
 * spend module; never written here). The report keeps the rows of the period whose span value
 * (city, state or zip) is one of the chosen ones, and splits their spend into diverse and
 * non-diverse. Every sum is SQL's; the shares are split exactly (packages/shared/src/percent.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { PageRequest } from '@spotzcity/shared/api';
import type {
  CategoryGraph,
  MarketShareRecord,
  RevenueTree,
  Span,
  SpanValue,
} from '@spotzcity/shared/market-share';
import { percentShares } from '@spotzcity/shared/percent';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { pageTotal, pageWindow, savedFilesOnly, selectAs, toNumber } from '../../platform/sql.ts';
import { supplierDetails, supplierFields, supplierTotalRow } from '../../domain/supplier-rows.ts';
import { spendRows } from '../../db/schema/index.ts';

/** The spend rows, as `r` everywhere here (`supplierDetails` reads them under that name too). */
const r = alias(spendRows, 'r');

/** The rows a report reads: the organisation's, in the period, with a chosen span value. */
export interface MarketScope {
  clientRef: number;
  span: Span;
  /** Span values to keep; empty = every value (rows without one included). */
  spanKeys: string[];
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/** Shown for rows without a value of the span (only when every value is kept). */
export const NOT_GIVEN = '(Not given)';

/**
 * A row's value of the span, normalised so that spelling does not split it: states upper-cased,
 * ZIP codes to their first five digits, cities in title case with their state ("Springfield, IL"
 * and "Springfield, MO" are two cities). Null when the row has none.
 */
export function spanValue(span: Span): SQL {
  switch (span) {
    case 'state':
      return sql`nullif(upper(trim(${r.state})), '')`;
    case 'zip':
      return sql`nullif(left(trim(${r.zip}), 5), '')`;
    case 'city':
      return sql`case when nullif(trim(${r.city}), '') is null then null
        else initcap(lower(trim(${r.city})))
          || coalesce(', ' || nullif(upper(trim(${r.state})), ''), '')
        end`;
  }
}

function period(scope: { fromDate?: string | undefined; toDate?: string | undefined }): SQL {
  return sql.join(
    [
      ...(scope.fromDate ? [sql` and ${r.paymentDate} >= ${scope.fromDate}::date`] : []),
      ...(scope.toDate ? [sql` and ${r.paymentDate} <= ${scope.toDate}::date`] : []),
    ],
    sql``,
  );
}

/** The organisation's spend rows (every file: market share reads no file choice) in the period and span values. */
function scoped(scope: MarketScope): SQL {
  const keys = scope.spanKeys.length
    ? sql` and ${spanValue(scope.span)} = any(${sql.param(scope.spanKeys)}::text[])`
    : sql``;
  return sql`${r.clientRef} = ${scope.clientRef} and ${savedFilesOnly(scope.clientRef, r.fileId)}${period(scope)}${keys}`;
}

const supplierRow = supplierTotalRow.extend({
  diversity: z.array(z.string()),
  payment_date: z.string(),
});

/**
 * The list: one row per supplier, largest total spend first. Name, address and diversity are the
 * supplier's latest payment's; the category is the one it was paid most in; the date is the
 * latest payment date.
 */
export async function listMarketShare(
  db: DbOrTx,
  { clientRef, ...page }: { clientRef: number } & PageRequest,
): Promise<{ rows: MarketShareRecord[]; totalCount: number }> {
  const own = sql`${r.clientRef} = ${clientRef} and ${savedFilesOnly(clientRef, r.fileId)}`;
  const rows = rowsOf(
    await db.execute(sql`
      with totals as (
        select ${r.supplierKey} as supplier_key, sum(${r.spend}) as total,
          max(${r.paymentDate}) as payment_date
        from ${spendRows} ${r} where ${own}
        group by ${r.supplierKey}
      ),
      page as (
        select supplier_key, total, payment_date, count(*) over () as total_count
        from totals order by total desc, supplier_key
        ${pageWindow(page)}
      ),
      ${supplierDetails(own)}
      select p.supplier_key, p.total::text as total, p.payment_date::text as payment_date,
        l.vendor_name as name, l.duns, l.city, l.state, l.zip, l.country, l.diversity,
        c.category, p.total_count::int as total_count
      from page p
      join latest l on l.supplier_key = p.supplier_key
      join categories c on c.supplier_key = p.supplier_key
      order by p.total desc, p.supplier_key
    `),
    supplierRow,
  );
  return {
    totalCount: await pageTotal(
      db,
      rows,
      page,
      sql`select count(distinct ${r.supplierKey})::int as n from ${spendRows} ${r} where ${own}`,
    ),
    rows: rows.map((r) => ({
      id: r.supplier_key,
      ...supplierFields(r),
      diversityCategory: r.diversity,
      spend: toNumber(r.total),
      paymentDate: r.payment_date,
    })),
  };
}

/** The values of a span present in the period, with their spend, largest first. */
export async function spanValues(
  db: DbOrTx,
  scope: Omit<MarketScope, 'spanKeys'>,
): Promise<SpanValue[]> {
  const value = spanValue(scope.span);
  const rows = rowsOf(
    await db.execute(sql`
      select ${value} as value, sum(${r.spend})::text as spend
      from ${spendRows} ${r}
      where ${r.clientRef} = ${scope.clientRef} and ${savedFilesOnly(scope.clientRef, r.fileId)}${period(scope)}
        and ${value} is not null
      group by 1
      order by sum(${r.spend}) desc, 1
      limit 5000
    `),
    z.object({ value: z.string(), spend: z.string() }),
  );
  return rows.map((r) => ({ value: r.value, spend: toNumber(r.spend) }));
}

/**
 * 'Market Share Diverse vs Non Diverse By Category' with the totals and the market share: per
 * category the diverse and non-diverse spend (largest category first), and the shares of the
 * overall spend in percent with two decimals adding up to 100.00.
 */
export async function categoryGraph(db: DbOrTx, scope: MarketScope): Promise<CategoryGraph> {
  const where = scoped(scope);
  const split = {
    diverse: sql`coalesce(sum(${r.spend}) filter (where ${r.isDiverse}), 0)::text`,
    non_diverse: sql`coalesce(sum(${r.spend}) filter (where not ${r.isDiverse}), 0)::text`,
  };
  const data = rowsOf(
    await db.execute(sql`
      select ${selectAs({ category: r.category, ...split })}
      from ${spendRows} ${r} where ${where}
      group by ${r.category}
      order by sum(${r.spend}) desc, ${r.category}
    `),
    z.object({ category: z.string(), diverse: z.string(), non_diverse: z.string() }),
  );
  const [totals] = rowsOf(
    await db.execute(sql`
      select ${selectAs({ ...split, overall: sql`coalesce(sum(${r.spend}), 0)::text` })}
      from ${spendRows} ${r} where ${where}
    `),
    z.object({ diverse: z.string(), non_diverse: z.string(), overall: z.string() }),
  );
  const diverse = totals?.diverse ?? '0';
  const nonDiverse = totals?.non_diverse ?? '0';
  const [diverseShare = 0, nonDiverseShare = 0] = percentShares([diverse, nonDiverse]);
  return {
    data: data.map((d) => ({
      category: d.category,
      diverse: toNumber(d.diverse),
      nonDiverse: toNumber(d.non_diverse),
    })),
    diverseTotal: toNumber(diverse),
    nonDiverseTotal: toNumber(nonDiverse),
    overallTotal: toNumber(totals?.overall),
    diverseShare,
    nonDiverseShare,
  };
}

/**
 * 'Diverse Revenue By {span}' / 'Non-Diverse Revenue By {span}': the diverse (or non-diverse)
 * spend per span value, largest first. A treemap cannot draw a net credit, so values whose spend
 * nets to zero or less are left out.
 */
export async function revenueTree(
  db: DbOrTx,
  scope: MarketScope,
  diverse: boolean,
): Promise<RevenueTree> {
  const rows = rowsOf(
    await db.execute(sql`
      select coalesce(${spanValue(scope.span)}, ${NOT_GIVEN}) as name,
        sum(${r.spend})::text as value
      from ${spendRows} ${r}
      where ${scoped(scope)} and ${r.isDiverse} = ${diverse}
      group by 1
      having sum(${r.spend}) > 0
      order by sum(${r.spend}) desc, 1
    `),
    z.object({ name: z.string(), value: z.string() }),
  );
  return rows.map((r) => ({ name: r.name, value: toNumber(r.value) }));
}
