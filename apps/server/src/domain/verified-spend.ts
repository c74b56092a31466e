/**
 * The 'verified' counting rule, shared by every module whose figures offer it (the
 * spend dashboards and their exports, the Goals Dashboard, the verified-diversity screens): the
 * verified figures beside the reported ones with their drill-down, read from the verified rollups,
 * and the words every export uses to state the rule. The rule's parts (policy, certain matches,
 * "certificate `c` qualifies a payment on a date") are in verified-rule.ts, re-exported here.
 *
 * A vendor's match counts as certain when a user confirmed it or its score is at least
 * CERTAIN_MATCH_SCORE (an identifier, or name with state and ZIP); uncertain and missing matches
 * never make a payment verified.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import {
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  MATCH_RULE_LABELS,
  MATCH_RULES,
  type CountingRule,
  type VerifiedFigures,
  verifiedCertificateSchema,
} from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { spendCategoriesNamed } from './addressable.ts';
import { bare, inScope, selectAs, toNumber, type FileScope } from '../platform/sql.ts';
import {
  spendRollupMonths,
  spendRollupSuppliers,
  supplierCertificates,
  supplierDirectory,
  vendorMatches,
  verifiedRollupCertificates,
  verifiedRollupSuppliers,
} from '../db/schema/index.ts';
import {
  certain,
  getPolicy,
  qualifiesSql,
  visibleCertificate,
  visibleCertificates,
} from './verified-rule.ts';
import { refreshVerifiedRollups } from './verified-rollups.ts';

export type Scope = FileScope;

/** Each figure reads one rollup, aliased `r`. */
const months = alias(spendRollupMonths, 'r');
const suppliers = alias(spendRollupSuppliers, 'r');
const verifiedRows = alias(verifiedRollupSuppliers, 'r');
const verifiedCertificates = alias(verifiedRollupCertificates, 'r');
const c = alias(supplierCertificates, 'c');
const m = alias(vendorMatches, 'm');
const d = alias(supplierDirectory, 'd');

export { certain, getPolicy, qualifiesSql, visibleCertificate, visibleCertificates };

/* ---------------------------------------------------------------- verified figures */

/**
 * Headline and per-type figures under both counting rules, side by side. 'As reported' sums the
 * file's own diversity (the rollups, as the dashboards do); 'verified' counts a payment for a type
 * when the matched supplier held a qualifying certificate of that type on the payment date, once
 * per type and once in the diverse total however many certificates qualify — as the verified
 * rollups hold it (verified-rollups.ts), brought up to date first.
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
  await refreshVerifiedRollups(db, scope.clientRef);
  const policy = await getPolicy(db, scope.clientRef);
  const reported = rowsOf(
    await db.execute(sql`
      select t.type, sum(${months.spend})::text as spend
      from ${spendRollupMonths} ${months} cross join unnest(${months.diversity}) as t(type)
      where ${inScope(scope, months.clientRef, months.fileId)}
      group by t.type
    `),
    z.object({ type: z.string(), spend: z.string() }),
  );
  const [totals] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(${months.spend}), 0)::text as total,
        coalesce(sum(${months.spend}) filter (where ${months.isDiverse}), 0)::text as diverse
      from ${spendRollupMonths} ${months}
      where ${inScope(scope, months.clientRef, months.fileId)}
    `),
    z.object({ total: z.string(), diverse: z.string() }),
  );
  const v = verifiedRows;
  const ofScope = inScope(scope, v.clientRef, v.fileId);
  const verifiedSums = rowsOf(
    await db.execute(sql`
      select t.type, sum(${v.spend})::text as spend
      from ${verifiedRollupSuppliers} ${v} cross join unnest(${v.types}) as t(type)
      where ${ofScope}
      group by t.type
      union all
      select null, coalesce(sum(${v.spend}), 0)::text from ${verifiedRollupSuppliers} ${v}
      where ${ofScope} and cardinality(${v.types}) > 0
    `),
    z.object({ type: z.string().nullable(), spend: z.string() }),
  );
  const verified = verifiedSums.filter(
    (r): r is { type: string; spend: string } => r.type !== null,
  );
  const verifiedDiverse = verifiedSums.find((r) => r.type === null);
  // The headline over the addressable rows: the same figures, the non-addressable categories out.
  let addressable: VerifiedFigures['addressable'];
  if (nonAddressable) {
    const left = await spendCategoriesNamed(db, scope.clientRef, nonAddressable);
    // Both rollups are aliased `r` and have the category.
    const keep = left.length
      ? sql`${suppliers.category} <> all(${sql.param(left)}::text[])`
      : sql`true`;
    const [base] = rowsOf(
      await db.execute(sql`
        select coalesce(sum(${suppliers.spend}), 0)::text as total,
          coalesce(sum(${suppliers.spend}) filter (where ${suppliers.isDiverse}), 0)::text as diverse
        from ${spendRollupSuppliers} ${suppliers}
        where ${inScope(scope, suppliers.clientRef, suppliers.fileId)} and ${keep}
      `),
      z.object({ total: z.string(), diverse: z.string() }),
    );
    const [counted] = rowsOf(
      await db.execute(sql`
        select coalesce(sum(${v.spend}), 0)::text as spend from ${verifiedRollupSuppliers} ${v}
        where ${ofScope} and ${keep} and cardinality(${v.types}) > 0
      `),
      z.object({ spend: z.string() }),
    );
    addressable = {
      totalSpend: toNumber(base?.total),
      reportedDiverse: toNumber(base?.diverse),
      verifiedDiverse: toNumber(counted?.spend),
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

/** A certificate as the verified-supplier figures and the exports show it. */
const certificate = verifiedCertificateSchema;
type Certificate = z.infer<typeof certificate>;

const verifiedSupplierRow = z.object({
  supplier_key: z.string(),
  vendor_name: z.string(),
  supplier_ref: z.number(),
  supplier_name: z.string(),
  rule: z.enum(MATCH_RULES),
  reported: z.string(),
  verified: z.string(),
  // json: parsed by both drivers; text where a driver leaves it so.
  certificates: z.union([z.array(certificate), z.string()]),
});

/**
 * The drill-down of the verified figures: each matched vendor with verified spend, the supplier
 * it is matched to and by which rule, and the certificates that qualified its payments. A vendor
 * with verified spend has a certain match, so all its payments are matched ones ('reported').
 */
export async function verifiedSuppliers(db: DbOrTx, scope: Scope) {
  await refreshVerifiedRollups(db, scope.clientRef);
  const r = verifiedRows;
  const held = verifiedCertificates;
  const rows = rowsOf(
    await db.execute(sql`
      with v as (
        select ${r.supplierKey}, sum(${r.spend}) as reported,
          sum(${r.spend}) filter (where cardinality(${r.types}) > 0) as verified
        from ${verifiedRollupSuppliers} ${r}
        where ${inScope(scope, r.clientRef, r.fileId)}
        group by ${r.supplierKey}
        having sum(${r.spend}) filter (where cardinality(${r.types}) > 0) > 0
      ),
      certs as (
        select u.supplier_key, json_agg(json_build_object('id', ${c.id},
          'diversityType', ${c.diversityType}, 'agency', ${c.agency},
          'certificateNumber', ${c.certificateNumber}, 'issueDate', ${c.issueDate}::text,
          'expiryDate', ${c.expiryDate}::text, 'fromDirectory', ${c.clientRef} is null)
          order by ${c.id}) as certificates
        from (
          select distinct ${held.supplierKey}, ${held.certificateRef}
          from ${verifiedRollupCertificates} ${held} join v using (${bare(held.supplierKey)})
          where ${inScope(scope, held.clientRef, held.fileId)}
        ) u
        join ${supplierCertificates} ${c} on ${c.id} = u.certificate_ref
        group by u.supplier_key
      )
      select ${selectAs({
        supplier_key: sql`v.supplier_key`,
        vendor_name: m.vendorName,
        supplier_ref: m.supplierRef,
        supplier_name: d.name,
        rule: m.rule,
        reported: sql`v.reported::text`,
        verified: sql`v.verified::text`,
        certificates: sql`coalesce(k.certificates, '[]'::json)`,
      })}
      from v
      join ${vendorMatches} ${m} on ${m.clientRef} = ${scope.clientRef}
        and ${m.supplierKey} = v.supplier_key
      join ${supplierDirectory} ${d} on ${d.id} = ${m.supplierRef}
      left join certs k on k.supplier_key = v.supplier_key
      order by v.verified desc, v.supplier_key
    `),
    verifiedSupplierRow,
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
