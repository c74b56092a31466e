/**
 * The 'verified' counting rule of issue #21, shared by every module whose figures offer it (the
 * spend dashboards and their exports, the Goals Dashboard, the verified-diversity screens): an
 * organisation's qualification policy, the SQL of "certificate `c` qualifies a payment on a date",
 * which vendor matches are certain, the verified figures beside the reported ones with their
 * drill-down, and the words every export uses to state the rule.
 *
 * A vendor's match counts as certain when a user confirmed it or its score is at least
 * CERTAIN_MATCH_SCORE (an identifier, or name with state and ZIP); uncertain and missing matches
 * never make a payment verified.
 */
import { sql, type SQL } from 'drizzle-orm';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import {
  CERTAIN_MATCH_SCORE,
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  DEFAULT_POLICY,
  MATCH_RULE_LABELS,
  SELF_CERTIFICATION,
  type CountingRule,
  type MatchRule,
  type QualificationPolicy,
  type VerifiedFigures,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { spendCategoriesNamed } from './addressable.ts';
import { fileScope, toNumber, type FileScope } from '../platform/sql.ts';
import {
  certificatePolicies,
  spendRollupMonths,
  spendRollupSuppliers,
  spendRows,
  supplierCertificates,
  supplierDirectory,
  vendorMatches,
} from '../db/schema/index.ts';

export type Scope = FileScope;

/**
 * Certificate `c` is one the organisation may read and count: a directory certificate
 * (`client_ref` null, everyone's) or its own. Its own policy still decides what qualifies.
 */
export const visibleCertificate = (clientRef: number): SQL =>
  sql`(c.client_ref is null or c.client_ref = ${clientRef})`;

/**
 * The same certificates as a row source, for the figures' per-payment joins: two index scans
 * appended, not the OR above — with the OR, PostgreSQL scanned every certificate once per
 * supplier and payment day (docs/certificates.md).
 */
export const visibleCertificates = (clientRef: number): SQL => sql`(
  select * from ${supplierCertificates} where client_ref = ${clientRef}
  union all
  select * from ${supplierCertificates} where client_ref is null
)`;

/** Vendor match `m` is certain: it may make a payment verified. */
export const certain = sql`m.supplier_ref is not null and (m.confirmed or m.score >= ${CERTAIN_MATCH_SCORE})`;

/* ---------------------------------------------------------------- policy */

interface PolicyRow {
  accepted_agencies: string[] | null;
  accept_self_certified: boolean;
  grace_months: number;
  expiring_window_days: number;
  counting_rule: string;
}

/** The organisation's policy; the defaults when it has saved none. */
export async function getPolicy(db: DbOrTx, clientRef: number): Promise<QualificationPolicy> {
  const [row] = rowsOf<PolicyRow>(
    await db.execute(sql`
      select accepted_agencies, accept_self_certified, grace_months, expiring_window_days,
        counting_rule
      from ${certificatePolicies} where client_ref = ${clientRef}
    `),
  );
  if (!row) return { ...DEFAULT_POLICY };
  return {
    acceptedAgencies: row.accepted_agencies,
    acceptSelfCertified: row.accept_self_certified,
    graceMonths: Number(row.grace_months),
    expiringWindowDays: Number(row.expiring_window_days),
    countingRule: row.counting_rule as CountingRule,
  };
}

/**
 * The SQL condition "certificate `c` qualifies a payment made on `date`" under `policy`: the
 * same rule as qualifiesOn (packages/shared/src/verified-diversity.ts).
 */
export function qualifiesSql(policy: QualificationPolicy, date: SQL): SQL {
  const accepted = policy.acceptedAgencies ? JSON.stringify(policy.acceptedAgencies) : null;
  const agency =
    accepted === null
      ? sql`c.agency <> ${SELF_CERTIFICATION}`
      : sql`c.agency in (select jsonb_array_elements_text(${accepted}::jsonb))`;
  return sql`(
    (${agency} or (c.agency = ${SELF_CERTIFICATION} and ${policy.acceptSelfCertified}))
    and c.issue_date <= ${date}
    and ${date} <= (c.expiry_date + ${policy.graceMonths} * interval '1 month')::date
    and (c.status = 'ACTIVE' or (c.status_date is not null and c.status_date > ${date}))
  )`;
}

/* ---------------------------------------------------------------- verified figures */

/**
 * The selection's payments with a certain match, grouped by directory supplier, vendor and
 * payment date (a certificate's qualification depends on nothing else).
 */
const matchedPayments = (scope: Scope, rows: SQL = sql`true`) => sql`
  select m.supplier_ref, r.supplier_key, r.payment_date, sum(r.spend) as spend
  from ${spendRows} r
  join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
  where ${fileScope(scope)} and ${certain} and ${rows}
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
  /**
   * The organisation's non-addressable categories as saved, when the base is addressable (issue
   * #22): rows are left out by the goals' rule (`categoryKey`, trimmed and case ignored), as the
   * goals and the dashboards leave them out.
   */
  nonAddressable?: readonly string[],
): Promise<VerifiedFigures> {
  const policy = await getPolicy(db, scope.clientRef);
  const qualifies = qualifiesSql(policy, sql`p.payment_date`);
  const reported = rowsOf<{ type: string; spend: string }>(
    await db.execute(sql`
      select t.type, sum(r.spend)::text as spend
      from ${spendRollupMonths} r cross join unnest(r.diversity) as t(type)
      where ${fileScope(scope)}
      group by t.type
    `),
  );
  const [totals] = rowsOf<{ total: string; diverse: string }>(
    await db.execute(sql`
      select coalesce(sum(r.spend), 0)::text as total,
        coalesce(sum(r.spend) filter (where r.is_diverse), 0)::text as diverse
      from ${spendRollupMonths} r where ${fileScope(scope)}
    `),
  );
  // Each certain payment with the types its supplier's certificates qualify it for, made once
  // for both the per-type sums and the diverse total (a CTE read twice is made once): one pass
  // over the payments instead of two, the headline's figures sooner (issue #19).
  const verifiedRows = rowsOf<{ type: string | null; spend: string }>(
    await db.execute(sql`
      with p as (${matchedPayments(scope)}),
      q as (
        select p.spend, array(
          select distinct c.diversity_type from ${visibleCertificates(scope.clientRef)} c
          where c.supplier_ref = p.supplier_ref and ${qualifies}
        ) as types
        from p
      )
      select t.type, sum(q.spend)::text as spend
      from q cross join unnest(q.types) as t(type)
      group by t.type
      union all
      select null, coalesce(sum(q.spend), 0)::text from q where cardinality(q.types) > 0
    `),
  );
  const verified = verifiedRows.filter(
    (r): r is { type: string; spend: string } => r.type !== null,
  );
  const verifiedDiverse = verifiedRows.find((r) => r.type === null);
  const verifiedDiverseOf = async (rows: SQL) =>
    rowsOf<{ spend: string }>(
      await db.execute(sql`
        with p as (${matchedPayments(scope, rows)})
        select coalesce(sum(p.spend), 0)::text as spend from p
        where exists (
          select 1 from ${visibleCertificates(scope.clientRef)} c
          where c.supplier_ref = p.supplier_ref and ${qualifies}
        )
      `),
    )[0];
  // The headline over the addressable rows: the same figures, the non-addressable categories out.
  let addressable: VerifiedFigures['addressable'];
  if (nonAddressable) {
    const left = await spendCategoriesNamed(db, scope.clientRef, nonAddressable);
    const keep = left.length ? sql`r.category <> all(${sql.param(left)}::text[])` : sql`true`;
    const [base] = rowsOf<{ total: string; diverse: string }>(
      await db.execute(sql`
        select coalesce(sum(r.spend), 0)::text as total,
          coalesce(sum(r.spend) filter (where r.is_diverse), 0)::text as diverse
        from ${spendRollupSuppliers} r where ${fileScope(scope)} and ${keep}
      `),
    );
    addressable = {
      totalSpend: toNumber(base?.total),
      reportedDiverse: toNumber(base?.diverse),
      verifiedDiverse: toNumber((await verifiedDiverseOf(keep))?.spend),
    };
  }
  const reportedBy = new Map(reported.map((r) => [r.type, toNumber(r.spend)]));
  const verifiedBy = new Map(verified.map((r) => [r.type, toNumber(r.spend)]));
  const chosen = rule ?? policy.countingRule;
  return {
    totalSpend: toNumber(totals?.total),
    reportedDiverse: toNumber(totals?.diverse),
    verifiedDiverse: toNumber(verifiedDiverse?.spend),
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
    certificates: (Certificate & { id: number })[];
  }>(
    await db.execute(sql`
      with p as (${matchedPayments(scope)}),
      used as (
        select distinct p.supplier_key, p.payment_date, c.id
        from p join ${visibleCertificates(scope.clientRef)} c
          on c.supplier_ref = p.supplier_ref and ${qualifies}
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
          'expiryDate', c.expiry_date::text, 'fromDirectory', c.client_ref is null)
          order by c.id) as certificates
        from (select distinct supplier_key, id from used) u
        join ${supplierCertificates} c on c.id = u.id
        group by u.supplier_key
      )
      select v.supplier_key, m.vendor_name, v.supplier_ref, d.name as supplier_name, m.rule,
        v.reported::text, v.verified::text, coalesce(k.certificates, '[]'::json) as certificates
      from v
      join ${vendorMatches} m on m.client_ref = ${scope.clientRef} and m.supplier_key = v.supplier_key
      join ${supplierDirectory} d on d.id = v.supplier_ref
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
    reportedSpend: toNumber(r.reported),
    verifiedSpend: toNumber(r.verified),
    certificates: typeof r.certificates === 'string' ? JSON.parse(r.certificates) : r.certificates,
  }));
}

/* ---------------------------------------------------------------- exports */

/** The words every export uses for the rule: 'Verified — A payment counts …'. */
export const ruleInWords = (rule: CountingRule) =>
  `${COUNTING_RULE_LABELS[rule]} — ${COUNTING_RULE_TEXT[rule]}`;

/** The figures of the other dashboards are always as reported in the file. */
export const REPORTED_ONLY = ruleInWords('REPORTED');

/** A certificate as the verified-supplier figures and the exports show it. */
interface Certificate {
  diversityType: string;
  agency: string;
  certificateNumber: string | null;
  issueDate: string;
  expiryDate: string;
  fromDirectory: boolean;
}

export interface CountingExport {
  rule: CountingRule;
  figures: VerifiedFigures;
  /** Diverse spend under the chosen rule. */
  diverse: number;
  /** The diverse total, then each type with spend under either rule: [label, reported, verified]. */
  rows: [string, number, number][];
  /** 'Verified' only: the drill-down, one row per vendor with verified spend. */
  suppliers: {
    supplier: string;
    matchedBy: string;
    certificates: string;
    reported: number;
    verified: number;
  }[];
}

/** Everything the exports need about the counting rule `requested` (absent: the policy's). */
export async function countingExport(
  db: DbOrTx,
  scope: Scope,
  requested: CountingRule | undefined,
): Promise<CountingExport> {
  const figures = await verifiedFigures(db, scope, requested);
  const rule = figures.rule;
  const drill = rule === 'VERIFIED' ? await verifiedSuppliers(db, scope) : [];
  return {
    rule,
    figures,
    diverse: rule === 'VERIFIED' ? figures.verifiedDiverse : figures.reportedDiverse,
    rows: [
      ['Diverse spend', figures.reportedDiverse, figures.verifiedDiverse],
      ...figures.perType
        .filter((p) => p.reported > 0 || p.verified > 0)
        .map((p): [string, number, number] => [diversityLabel(p.type), p.reported, p.verified]),
    ],
    suppliers: drill.map((s) => ({
      supplier:
        s.supplierName === s.vendorName ? s.supplierName : `${s.supplierName} (${s.vendorName})`,
      matchedBy: MATCH_RULE_LABELS[s.matchRule],
      certificates: (s.certificates as Certificate[])
        .map(
          (c) =>
            `${diversityLabel(c.diversityType)} · ${c.agency}${c.certificateNumber ? ` ${c.certificateNumber}` : ''} · ${c.issueDate} – ${c.expiryDate}${c.fromDirectory ? ' (supplier directory)' : ''}`,
        )
        .join('; '),
      reported: s.reportedSpend,
      verified: s.verifiedSpend,
    })),
  };
}
