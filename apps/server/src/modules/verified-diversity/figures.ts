/**
 * The Supplier matching screen and the match rate. The verified figures themselves
 * live in domain/verified-spend.ts, shared with the dashboards that offer the rule.
 *
 * Uncertain and missing matches are listed here for a decision (the decisions: ./decisions.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CERTAIN_MATCH_SCORE,
  MATCH_RULES,
  type MatchRate,
  type VendorMatch,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { keepSuggestions } from '../../domain/supplier-matching.ts';
import { dbNumber, fileScope, pageTotal, pageWindow, toNumber } from '../../platform/sql.ts';
import {
  certain,
  verifiedFigures,
  verifiedSuppliers,
  type Scope,
} from '../../domain/verified-spend.ts';
import {
  spendRollupSuppliers,
  supplierDirectory,
  vendorMatches,
  vendorSuggestions,
} from '../../db/schema/index.ts';

export { verifiedFigures, verifiedSuppliers, type Scope };

/* ---------------------------------------------------------------- matching screen */

const matchRow = z.object({
  supplier_key: z.string(),
  vendor_name: z.string(),
  spend: z.string(),
  row_count: z.number(),
  rule: z.enum(MATCH_RULES),
  score: z.number(),
  confirmed: z.boolean(),
  supplier_ref: z.number().nullable(),
  supplier_name: z.string().nullable(),
  total_count: z.number(),
  /** One suggestion (null: the vendor has none). */
  suggestion_id: z.number().nullable(),
  suggestion_name: z.string().nullable(),
  suggestion_duns: z.string().nullable(),
  suggestion_city: z.string().nullable(),
  suggestion_state: z.string().nullable(),
  similarity: z.number().nullable(),
});

/** How many directory suppliers the matching screen suggests per vendor. */
const SUGGESTIONS = 3;

/**
 * Vendors without a certain match and without a user's decision, largest spend first, each with
 * up to three directory suppliers as suggestions: its current (uncertain) match first, then the
 * most similar names (trigram similarity at least pg_trgm's threshold, as `%` has it), most
 * similar first, equally similar ones by id.
 *
 * The nearest names are found once per vendor and kept (`keepSuggestions`,
 * domain/supplier-matching.ts): a page first finds those of its vendors that have none kept yet,
 * or were kept for another name or before the directory's names changed; then one statement
 * reads the page with them.
 */
export async function listUncertainVendors(
  db: DbOrTx,
  clientRef: number,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: VendorMatch[]; total: number }> {
  const d = supplierDirectory;
  const vendorName = sql`lower(p.vendor_name)`;
  const openVendors = sql`
    select m.* from ${vendorMatches} m
    where m.client_ref = ${clientRef} and not m.confirmed
      and (m.supplier_ref is null or m.score < ${CERTAIN_MATCH_SCORE})`;
  // The page's vendors (`named`: with their current match's name).
  const pageOf = (named: boolean) => sql`
    with open_vendors as (${openVendors}),
    spend as (
      select r.supplier_key, sum(r.spend) as spend, sum(r.row_count)::int as row_count
      from ${spendRollupSuppliers} r join open_vendors m using (supplier_key)
      where r.client_ref = ${clientRef}
      group by r.supplier_key
    )
    select m.supplier_key, m.vendor_name, s.spend, s.row_count, m.rule, m.score,
      m.confirmed, m.supplier_ref, ${named ? sql`d.name` : sql`null`} as supplier_name,
      count(*) over ()::int as total_count
    from open_vendors m
    join spend s using (supplier_key)
    ${named ? sql`left join ${d} d on d.id = m.supplier_ref` : sql``}
    order by s.spend desc, m.supplier_key
    ${pageWindow(page)}`;
  const unkept = rowsOf(
    await db.execute(sql`
      select p.supplier_key, p.vendor_name from (${pageOf(false)}) p
      left join ${vendorSuggestions} k
        on k.client_ref = ${clientRef} and k.supplier_key = p.supplier_key
      where k.vendor_name is distinct from p.vendor_name
    `),
    z.object({ supplier_key: z.string(), vendor_name: z.string() }),
  );
  await keepSuggestions(
    db,
    clientRef,
    unkept.map((v) => ({ supplierKey: v.supplier_key, vendorName: v.vendor_name })),
  );
  const rows = rowsOf(
    await db.execute(sql`
      select p.supplier_key, p.vendor_name, p.spend::text, p.row_count, p.rule, p.score,
        p.confirmed, p.supplier_ref, p.supplier_name, p.total_count,
        g.id as suggestion_id, g.name as suggestion_name, g.duns as suggestion_duns,
        g.city as suggestion_city, g.state_or_province as suggestion_state,
        round((1 - g.distance)::numeric, 2)::float8 as similarity
      from (${pageOf(true)}) p
      left join lateral (
        select c.* from (
          select d.id, d.name, d.duns, d.city, d.state_or_province, 0 as current,
            1 - similarity(lower(d.name), ${vendorName}) as distance
          from ${d} d where d.id = p.supplier_ref
          union all
          select d.id, d.name, d.duns, d.city, d.state_or_province, 1, n.distance
          from ${vendorSuggestions} k
          cross join lateral unnest(k.supplier_refs, k.distances) as n(id, distance)
          join ${d} d on d.id = n.id
          where k.client_ref = ${clientRef} and k.supplier_key = p.supplier_key
            and n.id is distinct from p.supplier_ref
        ) c
        order by c.current, c.distance, c.id
        limit ${SUGGESTIONS}
      ) g on true
      order by p.spend desc, p.supplier_key, g.current, g.distance, g.id
    `),
    matchRow,
  );
  const result: VendorMatch[] = [];
  for (const r of rows) {
    let vendor = result.at(-1);
    if (vendor?.supplierKey !== r.supplier_key) {
      vendor = {
        supplierKey: r.supplier_key,
        vendorName: r.vendor_name,
        spend: toNumber(r.spend),
        rowCount: toNumber(r.row_count),
        rule: r.rule,
        score: toNumber(r.score),
        confirmed: r.confirmed,
        supplierId: r.supplier_ref === null ? null : Number(r.supplier_ref),
        supplierName: r.supplier_name,
        suggestions: [],
      };
      result.push(vendor);
    }
    if (r.suggestion_id === null) continue;
    vendor.suggestions.push({
      supplierId: Number(r.suggestion_id),
      name: r.suggestion_name!,
      duns: r.suggestion_duns!,
      city: r.suggestion_city,
      state: r.suggestion_state,
      similarity: Number(r.similarity),
    });
  }
  const total = await pageTotal(
    db,
    rows,
    page,
    sql`select count(*)::int as n from (${openVendors}) m
      where exists (select 1 from ${spendRollupSuppliers} r
        where r.client_ref = ${clientRef} and r.supplier_key = m.supplier_key)`,
  );
  return { rows: result, total };
}

/** Rows, spend and vendors of the selection, and how much of each has a certain match. */
export async function matchRate(db: DbOrTx, scope: Scope): Promise<MatchRate> {
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(r.row_count), 0)::bigint as "rows",
        coalesce(sum(r.row_count) filter (where ${certain}), 0)::bigint as "matchedRows",
        coalesce(sum(r.spend), 0)::text as "spend",
        coalesce(sum(r.spend) filter (where ${certain}), 0)::text as "matchedSpend",
        count(distinct r.supplier_key)::int as "vendors",
        count(distinct r.supplier_key) filter (where ${certain})::int as "matchedVendors"
      from ${spendRollupSuppliers} r
      left join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
      where ${fileScope(scope)}
    `),
    z.object({
      rows: dbNumber,
      matchedRows: dbNumber,
      spend: z.string(),
      matchedSpend: z.string(),
      vendors: z.number(),
      matchedVendors: z.number(),
    }),
  );
  return {
    rows: toNumber(row?.rows),
    matchedRows: toNumber(row?.matchedRows),
    spend: toNumber(row?.spend),
    matchedSpend: toNumber(row?.matchedSpend),
    vendors: toNumber(row?.vendors),
    matchedVendors: toNumber(row?.matchedVendors),
  };
}
