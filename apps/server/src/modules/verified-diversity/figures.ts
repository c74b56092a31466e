/**
 * The Supplier matching screen, the match rate and the 'verified' counting rule (issue #21).
 *
 * A vendor's match counts as certain when a user confirmed it or its score is at least
 * CERTAIN_MATCH_SCORE (an identifier, or name with state and ZIP); uncertain and missing matches
 * are listed for a decision and never make a payment verified.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import {
  CERTAIN_MATCH_SCORE,
  COUNTING_RULE_TEXT,
  type CountingRule,
  type MatchRate,
  type MatchRule,
  type VendorMatch,
  type VerifiedFigures,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import { getPolicy, qualifiesSql } from './certificates.ts';

export interface Scope {
  clientRef: number;
  /** Selected file ids; empty = every file of the organisation. */
  selectedIds: number[];
}

/** `client_ref = … [and file_id = any(…)]` on alias `r`. */
function scoped(scope: Scope): SQL {
  const ids = [...new Set(scope.selectedIds)];
  return ids.length === 0
    ? sql`r.client_ref = ${scope.clientRef}`
    : sql`r.client_ref = ${scope.clientRef} and r.file_id = any(${sql.param(ids)}::int[])`;
}

const certain = sql`m.supplier_ref is not null and (m.confirmed or m.score >= ${CERTAIN_MATCH_SCORE})`;
const num = (value: string | number | null | undefined) => (value == null ? 0 : Number(value));

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
        select m.* from vendor_matches m
        where m.client_ref = ${clientRef} and not m.confirmed
          and (m.supplier_ref is null or m.score < ${CERTAIN_MATCH_SCORE})
      ), spend as (
        select r.supplier_key, sum(r.spend) as spend, sum(r.row_count)::int as row_count
        from spend_rollup_suppliers r join open_vendors m using (supplier_key)
        where r.client_ref = ${clientRef}
        group by r.supplier_key
      )
      select m.supplier_key, m.vendor_name, s.spend::text, s.row_count, m.rule, m.score,
        m.confirmed, m.supplier_ref, d.name as supplier_name, count(*) over () as total
      from open_vendors m
      join spend s using (supplier_key)
      left join supplier_directory d on d.id = m.supplier_ref
      order by s.spend desc, m.supplier_key
      limit ${page.pageSize} offset ${page.pageNumber * page.pageSize}
    `),
  );
  const result: VendorMatch[] = [];
  for (const r of rows) {
    const suggestions = rowsOf<{
      id: number;
      name: string;
      duns: string;
      city: string | null;
      state: string | null;
      similarity: number;
    }>(
      await db.execute(sql`
        select d.id, d.name, d.duns, d.city, d.state_or_province as state,
          round(similarity(lower(d.name), lower(${r.vendor_name}))::numeric, 2)::float8 as similarity
        from supplier_directory d
        where lower(d.name) % lower(${r.vendor_name}) or d.id = ${r.supplier_ref}
        order by d.id = ${r.supplier_ref} desc, similarity(lower(d.name), lower(${r.vendor_name})) desc, d.id
        limit 3
      `),
    );
    result.push({
      supplierKey: r.supplier_key,
      vendorName: r.vendor_name,
      spend: num(r.spend),
      rowCount: num(r.row_count),
      rule: r.rule,
      score: num(r.score),
      confirmed: r.confirmed,
      supplierId: r.supplier_ref === null ? null : Number(r.supplier_ref),
      supplierName: r.supplier_name,
      suggestions: suggestions.map((s) => ({
        supplierId: Number(s.id),
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
    const [supplier] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from supplier_directory where id = ${supplierId}`),
    );
    if (!supplier) throw new NotFound('Supplier not found');
  }
  const [row] = rowsOf<{ supplier_key: string }>(
    await db.execute(sql`
      update vendor_matches set supplier_ref = ${supplierId},
        rule = ${supplierId === null ? 'NONE' : 'CONFIRMED'},
        score = ${supplierId === null ? 0 : 100}, confirmed = true, updated_at = now()
      where client_ref = ${clientRef} and supplier_key = ${supplierKey}
      returning supplier_key
    `),
  );
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
      from spend_rollup_suppliers r
      left join vendor_matches m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
      where ${scoped(scope)}
    `),
  );
  return {
    rows: num(row?.rows),
    matchedRows: num(row?.matchedRows),
    spend: num(row?.spend),
    matchedSpend: num(row?.matchedSpend),
    vendors: num(row?.vendors),
    matchedVendors: num(row?.matchedVendors),
  };
}

/* ---------------------------------------------------------------- verified figures */

/**
 * The selection's payments with a certain match, grouped by directory supplier, vendor and
 * payment date (a certificate's qualification depends on nothing else).
 */
const matchedPayments = (scope: Scope, rows: SQL = sql`true`) => sql`
  select m.supplier_ref, r.supplier_key, r.payment_date, sum(r.spend) as spend
  from spend_rows r
  join vendor_matches m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
  where ${scoped(scope)} and ${certain} and ${rows}
  group by m.supplier_ref, r.supplier_key, r.payment_date`;

/**
 * Headline and per-type figures under both counting rules, side by side. 'As reported' sums the
 * file's own diversity (the rollups, as the dashboards do); 'verified' counts a payment for a type
 * when the matched supplier held a qualifying certificate of that type on the payment date, once
 * per type and once in the diverse total however many certificates qualify.
 */
export async function verifiedFigures(
  db: DbOrTx,
  scope: Scope,
  rule?: CountingRule,
  /** The spend categories outside addressable spend, when the base is addressable (issue #22). */
  nonAddressable?: string[],
): Promise<VerifiedFigures> {
  const policy = await getPolicy(db, scope.clientRef);
  const qualifies = qualifiesSql(policy, sql`p.payment_date`);
  const reported = rowsOf<{ type: string; spend: string }>(
    await db.execute(sql`
      select t.type, sum(r.spend)::text as spend
      from spend_rollup_months r cross join unnest(r.diversity) as t(type)
      where ${scoped(scope)}
      group by t.type
    `),
  );
  const [totals] = rowsOf<{ total: string; diverse: string }>(
    await db.execute(sql`
      select coalesce(sum(r.spend), 0)::text as total,
        coalesce(sum(r.spend) filter (where r.is_diverse), 0)::text as diverse
      from spend_rollup_months r where ${scoped(scope)}
    `),
  );
  const verified = rowsOf<{ type: string; spend: string }>(
    await db.execute(sql`
      with p as (${matchedPayments(scope)})
      select t.type, sum(p.spend)::text as spend
      from p cross join lateral (
        select distinct c.diversity_type as type from supplier_certificates c
        where c.client_ref = ${scope.clientRef} and c.supplier_ref = p.supplier_ref and ${qualifies}
      ) t
      group by t.type
    `),
  );
  const verifiedDiverseOf = async (rows?: SQL) =>
    rowsOf<{ spend: string }>(
      await db.execute(sql`
        with p as (${matchedPayments(scope, rows)})
        select coalesce(sum(p.spend), 0)::text as spend from p
        where exists (
          select 1 from supplier_certificates c
          where c.client_ref = ${scope.clientRef} and c.supplier_ref = p.supplier_ref and ${qualifies}
        )
      `),
    )[0];
  const verifiedDiverse = await verifiedDiverseOf();
  // The headline over the addressable rows: the same figures, the non-addressable categories out.
  let addressable: VerifiedFigures['addressable'];
  if (nonAddressable) {
    const keep = nonAddressable.length
      ? sql`r.category <> all(${sql.param(nonAddressable)}::text[])`
      : sql`true`;
    const [base] = rowsOf<{ total: string; diverse: string }>(
      await db.execute(sql`
        select coalesce(sum(r.spend), 0)::text as total,
          coalesce(sum(r.spend) filter (where r.is_diverse), 0)::text as diverse
        from spend_rollup_suppliers r where ${scoped(scope)} and ${keep}
      `),
    );
    addressable = {
      totalSpend: num(base?.total),
      reportedDiverse: num(base?.diverse),
      verifiedDiverse: num((await verifiedDiverseOf(keep))?.spend),
    };
  }
  const reportedBy = new Map(reported.map((r) => [r.type, num(r.spend)]));
  const verifiedBy = new Map(verified.map((r) => [r.type, num(r.spend)]));
  const chosen = rule ?? policy.countingRule;
  return {
    totalSpend: num(totals?.total),
    reportedDiverse: num(totals?.diverse),
    verifiedDiverse: num(verifiedDiverse?.spend),
    perType: DIVERSITY_TYPES.filter((t) => t !== 'NON_DIVERSE').map((type) => ({
      type,
      reported: reportedBy.get(type) ?? 0,
      verified: verifiedBy.get(type) ?? 0,
    })),
    rule: chosen,
    ruleText: COUNTING_RULE_TEXT[chosen],
    ...(addressable ? { addressable } : {}),
  };
}

/**
 * The drill-down of the verified figures: each matched vendor with verified spend, the supplier
 * it is matched to and by which rule, and the certificates that qualified its payments.
 */
export async function verifiedSuppliers(db: DbOrTx, scope: Scope) {
  const policy = await getPolicy(db, scope.clientRef);
  const qualifies = qualifiesSql(policy, sql`p.payment_date`);
  const rows = rowsOf<{
    supplier_key: string;
    vendor_name: string;
    supplier_ref: number;
    supplier_name: string;
    rule: MatchRule;
    reported: string;
    verified: string;
    certificates: {
      id: number;
      diversityType: string;
      agency: string;
      certificateNumber: string | null;
      issueDate: string;
      expiryDate: string;
    }[];
  }>(
    await db.execute(sql`
      with p as (${matchedPayments(scope)}),
      used as (
        select distinct p.supplier_key, p.payment_date, c.id
        from p join supplier_certificates c
          on c.client_ref = ${scope.clientRef} and c.supplier_ref = p.supplier_ref and ${qualifies}
      ),
      v as (
        select p.supplier_key, p.supplier_ref, sum(p.spend) as reported,
          coalesce(sum(p.spend) filter (where exists (
            select 1 from used u
            where u.supplier_key = p.supplier_key and u.payment_date = p.payment_date)), 0)
            as verified
        from p group by p.supplier_key, p.supplier_ref
      ),
      certs as (
        select u.supplier_key, json_agg(json_build_object('id', c.id,
          'diversityType', c.diversity_type, 'agency', c.agency,
          'certificateNumber', c.certificate_number, 'issueDate', c.issue_date::text,
          'expiryDate', c.expiry_date::text) order by c.id) as certificates
        from (select distinct supplier_key, id from used) u
        join supplier_certificates c on c.id = u.id
        group by u.supplier_key
      )
      select v.supplier_key, m.vendor_name, v.supplier_ref, d.name as supplier_name, m.rule,
        v.reported::text, v.verified::text, coalesce(k.certificates, '[]'::json) as certificates
      from v
      join vendor_matches m on m.client_ref = ${scope.clientRef} and m.supplier_key = v.supplier_key
      join supplier_directory d on d.id = v.supplier_ref
      left join certs k on k.supplier_key = v.supplier_key
      where v.verified > 0
      order by v.verified desc, v.supplier_key
    `),
  );
  return rows.map((r) => ({
    supplierKey: r.supplier_key,
    vendorName: r.vendor_name,
    supplierId: Number(r.supplier_ref),
    supplierName: r.supplier_name,
    matchRule: r.rule,
    reportedSpend: num(r.reported),
    verifiedSpend: num(r.verified),
    certificates: typeof r.certificates === 'string' ? JSON.parse(r.certificates) : r.certificates,
  }));
}
