/**
 * The Supplier matching screen and the match rate (issue #21). The verified figures themselves
 * live in domain/verified-spend.ts, shared with the dashboards that offer the rule.
 *
 * Uncertain and missing matches are listed here for a decision.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  CERTAIN_MATCH_SCORE,
  type MatchRate,
  type MatchRule,
  type VendorMatch,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import { directorySupplier, supplierExists } from '../../domain/supplier-matching.ts';
import { fileScope, pageWindow, toNumber } from '../../platform/sql.ts';
import {
  certain,
  verifiedFigures,
  verifiedSuppliers,
  type Scope,
} from '../../domain/verified-spend.ts';
import { spendRollupSuppliers, supplierDirectory, vendorMatches } from '../../db/schema/index.ts';

export { verifiedFigures, verifiedSuppliers, type Scope };

/* ---------------------------------------------------------------- matching screen */

interface MatchRow {
  supplier_key: string;
  vendor_name: string;
  spend: string;
  row_count: number;
  rule: MatchRule;
  score: number;
  confirmed: boolean;
  supplier_ref: number | null;
  supplier_name: string | null;
  total: number;
}

/**
 * Vendors without a certain match and without a user's decision, largest spend first, each with
 * up to three directory suppliers of a similar name (trigram similarity) as suggestions.
 */
export async function listUncertainVendors(
  db: DbOrTx,
  clientRef: number,
  page: { pageNumber: number; pageSize: number },
): Promise<{ rows: VendorMatch[]; total: number }> {
  const rows = rowsOf<MatchRow>(
    await db.execute(sql`
      with open_vendors as (
        select m.* from ${vendorMatches} m
        where m.client_ref = ${clientRef} and not m.confirmed
          and (m.supplier_ref is null or m.score < ${CERTAIN_MATCH_SCORE})
      ), spend as (
        select r.supplier_key, sum(r.spend) as spend, sum(r.row_count)::int as row_count
        from ${spendRollupSuppliers} r join open_vendors m using (supplier_key)
        where r.client_ref = ${clientRef}
        group by r.supplier_key
      )
      select m.supplier_key, m.vendor_name, s.spend::text, s.row_count, m.rule, m.score,
        m.confirmed, m.supplier_ref, d.name as supplier_name, count(*) over () as total
      from open_vendors m
      join spend s using (supplier_key)
      left join ${supplierDirectory} d on d.id = m.supplier_ref
      order by s.spend desc, m.supplier_key
      ${pageWindow(page)}
    `),
  );
  const result: VendorMatch[] = [];
  const d = supplierDirectory;
  for (const r of rows) {
    const similarity = sql`similarity(lower(${d.name}), lower(${r.vendor_name}))`;
    const suggestions = await db
      .select({
        ...directorySupplier,
        similarity: sql<number>`round(${similarity}::numeric, 2)::float8`,
      })
      .from(d)
      .where(sql`lower(${d.name}) % lower(${r.vendor_name}) or ${d.id} = ${r.supplier_ref}`)
      .orderBy(sql`${d.id} = ${r.supplier_ref} desc`, sql`${similarity} desc`, d.id)
      .limit(3);
    result.push({
      supplierKey: r.supplier_key,
      vendorName: r.vendor_name,
      spend: toNumber(r.spend),
      rowCount: toNumber(r.row_count),
      rule: r.rule,
      score: toNumber(r.score),
      confirmed: r.confirmed,
      supplierId: r.supplier_ref === null ? null : Number(r.supplier_ref),
      supplierName: r.supplier_name,
      suggestions: suggestions.map((s) => ({
        supplierId: s.id,
        name: s.name,
        duns: s.duns,
        city: s.city,
        state: s.state,
        similarity: Number(s.similarity),
      })),
    });
  }
  return { rows: result, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
}

/**
 * A user's decision for a vendor: this directory supplier (CONFIRMED, every row of the vendor in
 * every file, now and in later files), or none of them (NONE, no longer listed).
 */
export async function assignVendor(
  db: DbOrTx,
  clientRef: number,
  supplierKey: string,
  supplierId: number | null,
): Promise<void> {
  if (supplierId !== null) {
    if (!(await supplierExists(db, supplierId))) throw new NotFound('Supplier not found');
  }
  const [row] = await db
    .update(vendorMatches)
    .set({
      supplierRef: supplierId,
      rule: supplierId === null ? 'NONE' : 'CONFIRMED',
      score: supplierId === null ? 0 : 100,
      confirmed: true,
      updatedAt: sql`now()`,
    })
    .where(and(eq(vendorMatches.clientRef, clientRef), eq(vendorMatches.supplierKey, supplierKey)))
    .returning({ supplierKey: vendorMatches.supplierKey });
  if (!row) throw new NotFound('Vendor not found');
}

/** Rows, spend and vendors of the selection, and how much of each has a certain match. */
export async function matchRate(db: DbOrTx, scope: Scope): Promise<MatchRate> {
  const [row] = rowsOf<Record<keyof MatchRate, string | number | null>>(
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
