/**
 * The drill-down behind a figure (packages/shared/src/drill-down.ts): the suppliers whose
 * payments make up the verified diverse spend, a program category's spend or a goal's actual,
 * each with why it counts, one supplier's payments, and the workbook of it all. Each figure's
 * module says which suppliers count and why; this file bounds the list, names the suppliers,
 * reads the payments and writes the sheets the same way for all of them.
 *
 * Amounts are added as integer cents, so the suppliers add up to the figure to the cent.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  DRILL_DOWN_MAX_PAYMENTS,
  DRILL_DOWN_MAX_SUPPLIERS,
  DRILL_REASON_LABELS,
  type DrillDown,
  type DrillPayment,
  type DrillReason,
  type DrillSupplier,
  dayInWords,
} from '@spotzcity/shared/drill-down';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { MATCH_RULES, type QualificationPolicy } from '@spotzcity/shared/verified-diversity';
import { MATCH_RULE_LABELS } from '@spotzcity/shared/verified-words';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { spendFiles, spendRows, supplierDirectory, vendorMatches } from '../db/schema/index.ts';
import { summary, type Sheet, type SummaryValue } from '../platform/exports.ts';
import { dbNumber, fileScope, type FileScope } from '../platform/sql.ts';
import { selectedFileNames } from './spend-file-names.ts';
import { certain, qualifiesSql, visibleCertificates } from './verified-rule.ts';

/* ---------------------------------------------------------------- words */

/** A certificate as a reason: 'WBE · WBENC 1234 · 1 Jan 2025 – 31 Dec 2026 (supplier directory)'. */
export function certificateReason(c: {
  diversityType: string;
  agency: string;
  certificateNumber: string | null;
  issueDate: string;
  expiryDate: string;
  fromDirectory: boolean;
}): DrillReason {
  return {
    kind: 'CERTIFICATE',
    text:
      `${diversityLabel(c.diversityType)} · ${c.agency}${c.certificateNumber ? ` ${c.certificateNumber}` : ''}` +
      ` · ${dayInWords(c.issueDate)} – ${dayInWords(c.expiryDate)}` +
      (c.fromDirectory ? ' (supplier directory)' : ''),
  };
}

/** Integer cents of a numeric's text or a number of dollars. */
export const centsOf = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Math.round(Number(value) * 100);

/* ---------------------------------------------------------------- the list */

/** One supplier's part of a figure, before it is named. */
export interface SupplierPart {
  supplierKey: string;
  cents: number;
  payments: number | null;
  reasons: DrillReason[];
}

const identityRow = z.object({
  supplier_key: z.string(),
  vendor_name: z.string(),
  supplier_ref: z.number().nullable(),
  supplier_name: z.string().nullable(),
  rule: z.enum(MATCH_RULES),
  is_certain: z.boolean(),
});

/**
 * The vendors' names and the directory suppliers they are certainly matched to (an uncertain
 * match names no supplier: it does not count as one).
 */
async function identities(db: DbOrTx, clientRef: number, keys: string[]) {
  if (keys.length === 0) return new Map<string, z.infer<typeof identityRow>>();
  const rows = rowsOf(
    await db.execute(sql`
      select m.supplier_key, m.vendor_name, m.supplier_ref, d.name as supplier_name, m.rule,
        coalesce(${certain}, false) as is_certain
      from ${vendorMatches} m
      left join ${supplierDirectory} d on d.id = m.supplier_ref
      where m.client_ref = ${clientRef} and m.supplier_key = any(${sql.param(keys)}::text[])
    `),
    identityRow,
  );
  return new Map(rows.map((r) => [r.supplier_key, r]));
}

/**
 * The drill-down of `parts` (one per supplier): the largest first, bounded, named; `figure` is
 * their sum, those past the bound included.
 */
export async function drillDownOf(
  db: DbOrTx,
  clientRef: number,
  heading: { title: string; rule: string },
  parts: SupplierPart[],
): Promise<DrillDown> {
  const counted = parts.filter((p) => p.cents !== 0);
  counted.sort((a, b) => b.cents - a.cents || a.supplierKey.localeCompare(b.supplierKey));
  const listed = counted.slice(0, DRILL_DOWN_MAX_SUPPLIERS);
  const rest = counted.slice(DRILL_DOWN_MAX_SUPPLIERS);
  const names = await identities(
    db,
    clientRef,
    listed.map((p) => p.supplierKey),
  );
  const suppliers: DrillSupplier[] = listed.map((p) => {
    const who = names.get(p.supplierKey);
    const matched = who?.is_certain && who.supplier_ref !== null;
    return {
      supplierKey: p.supplierKey,
      vendorName: who?.vendor_name ?? p.supplierKey.replace(/^(duns|name):/, ''),
      supplierId: matched ? Number(who.supplier_ref) : null,
      supplierName: matched ? who.supplier_name : null,
      matchRule: matched ? who.rule : null,
      spend: p.cents / 100,
      payments: p.payments,
      reasons: p.reasons,
    };
  });
  const sum = (list: SupplierPart[]) => list.reduce((s, p) => s + p.cents, 0);
  return {
    ...heading,
    figure: sum(counted) / 100,
    supplierCount: counted.length,
    suppliers,
    others: { suppliers: rest.length, spend: sum(rest) / 100 },
  };
}

/* ---------------------------------------------------------------- payments */

/**
 * Which payments of a vendor count, as a condition on spend row `r` (and, with `verified`, on
 * `v.types`: the types its certainly matched supplier's qualifying certificates had on the
 * payment day, as the verified rollups judge them).
 */
export interface PaymentRule {
  where: SQL;
  /** The payment's verified types are needed (`v.types`). */
  verified?: QualificationPolicy;
  /** What a payment counts for, in words, from its reported diversity and verified types. */
  countsFor(payment: { diversity: string[]; types: string[]; category: string }): string;
}

const paymentRow = z.object({
  payment_date: z.string(),
  spend: z.string(),
  category: z.string(),
  file_name: z.string(),
  line_number: z.number(),
  diversity: z.array(z.string()),
  types: z.array(z.string()),
  total: dbNumber,
  supplier_key: z.string(),
});

/**
 * The payments of the vendors `supplierKeys` that count under `rule`, latest first, at most
 * `limit`; and how many there are in all.
 */
export async function paymentsOf(
  db: DbOrTx,
  scope: FileScope,
  supplierKeys: string[],
  rule: PaymentRule,
  limit = DRILL_DOWN_MAX_PAYMENTS,
): Promise<{ payments: (DrillPayment & { supplierKey: string })[]; count: number }> {
  if (supplierKeys.length === 0) return { payments: [], count: 0 };
  const r = sql.raw('r');
  const types = rule.verified
    ? sql`left join lateral (
        select coalesce(array_agg(distinct c.diversity_type order by c.diversity_type), '{}') as types
        from ${vendorMatches} m
        join ${visibleCertificates(scope.clientRef)} c on c.supplier_ref = m.supplier_ref
        where m.client_ref = ${r}.client_ref and m.supplier_key = ${r}.supplier_key and ${certain}
          and ${qualifiesSql(rule.verified, sql`${r}.payment_date`)}
      ) v on true`
    : sql`cross join (select '{}'::text[] as types) v`;
  const rows = rowsOf(
    await db.execute(sql`
      select r.payment_date::text as payment_date, r.spend::text as spend, r.category,
        f.file_name, r.line_number, r.diversity, v.types, r.supplier_key,
        count(*) over () as total
      from ${spendRows} r
      join ${spendFiles} f on f.id = r.file_id
      ${types}
      where ${fileScope(scope)} and r.supplier_key = any(${sql.param(supplierKeys)}::text[])
        and ${rule.where}
      order by r.payment_date desc, r.id desc
      limit ${limit}
    `),
    paymentRow,
  );
  return {
    payments: rows.map((p) => ({
      supplierKey: p.supplier_key,
      paymentDate: p.payment_date,
      amount: centsOf(p.spend) / 100,
      category: p.category,
      fileName: p.file_name,
      lineNumber: Number(p.line_number),
      countsFor: rule.countsFor(p),
    })),
    count: Number(rows[0]?.total ?? 0),
  };
}

/** The drill-down with one supplier's payments, when the request names one. */
export async function withPayments(
  db: DbOrTx,
  scope: FileScope,
  drill: DrillDown,
  supplierKey: string | undefined,
  rule: PaymentRule,
): Promise<DrillDown> {
  if (supplierKey === undefined) return drill;
  const listed = drill.suppliers.some((s) => s.supplierKey === supplierKey);
  const { payments, count } = listed
    ? await paymentsOf(db, scope, [supplierKey], rule)
    : { payments: [], count: 0 };
  return {
    ...drill,
    payments: payments.map(({ supplierKey: _, ...p }) => p),
    paymentCount: count,
  };
}

/** 'WBE, MBE' — the types a payment counts for. */
export const typesInWords = (types: string[]) => types.map(diversityLabel).join(', ');

/* ---------------------------------------------------------------- the workbook */

/** At most this many payments go into a workbook's Payments sheet. */
export const WORKBOOK_MAX_PAYMENTS = 20_000;

const reasonsInWords = (reasons: DrillReason[]) =>
  reasons.map((r) => `${DRILL_REASON_LABELS[r.kind]}: ${r.text}`).join('\n');

/**
 * The workbook of a drill-down: the Summary's lines (the figure, its rule, the files), a
 * Suppliers sheet (why each counts, its part) and a Payments sheet (every payment behind the
 * figure, up to WORKBOOK_MAX_PAYMENTS).
 */
export async function drillDownWorkbook(
  db: DbOrTx,
  scope: FileScope,
  drill: DrillDown,
  rule: PaymentRule,
): Promise<{ parameters: [string, SummaryValue][]; sheets: Sheet[]; fileName: string }> {
  const names = await selectedFileNames(db, scope);
  const { payments, count } = await paymentsOf(
    db,
    scope,
    drill.suppliers.map((s) => s.supplierKey),
    rule,
    WORKBOOK_MAX_PAYMENTS,
  );
  const vendorOf = new Map(drill.suppliers.map((s) => [s.supplierKey, s.vendorName]));
  const parameters: [string, SummaryValue][] = [
    ['Figure', drill.title],
    ['What counts', drill.rule],
    ['Files', scope.selectedIds.length === 0 ? 'All files' : names.join(', ')],
    ['Total', summary.money(drill.figure)],
    ['Suppliers', summary.integer(drill.supplierCount)],
  ];
  if (drill.others.suppliers > 0) {
    parameters.push([
      `Not listed (past the first ${drill.suppliers.length})`,
      `${drill.others.suppliers} suppliers, $${drill.others.spend.toFixed(2)}`,
    ]);
  }
  if (count > payments.length) {
    parameters.push(['Payments listed', `The latest ${payments.length} of ${count}`]);
  }
  return {
    parameters,
    fileName: `Drill-down ${drill.title}`,
    sheets: [
      {
        name: 'Suppliers',
        columns: [
          { header: 'Supplier', key: 'supplier', width: 34 },
          { header: 'Vendor in the file', key: 'vendor', width: 30 },
          { header: 'Matched by', key: 'matchedBy', width: 16 },
          { header: 'Why it counts', key: 'why', width: 70 },
          { header: 'Payments', key: 'payments', kind: 'integer', width: 11 },
          { header: 'Spend', key: 'spend', kind: 'money', width: 16 },
        ],
        rows: drill.suppliers.map((s) => ({
          supplier: s.supplierName ?? s.vendorName,
          vendor: s.vendorName,
          matchedBy: s.matchRule ? MATCH_RULE_LABELS[s.matchRule] : '',
          why: reasonsInWords(s.reasons),
          payments: s.payments,
          spend: s.spend,
        })),
      },
      {
        name: 'Payments',
        columns: [
          { header: 'Vendor', key: 'vendor', width: 30 },
          { header: 'Payment Date', key: 'date', kind: 'date', width: 14 },
          { header: 'Amount', key: 'amount', kind: 'money', width: 16 },
          { header: 'Category', key: 'category', width: 24 },
          { header: 'Counts for', key: 'countsFor', width: 24 },
          { header: 'File', key: 'file', width: 28 },
          { header: 'Line', key: 'line', kind: 'integer', width: 8 },
        ],
        rows: payments.map((p) => ({
          vendor: vendorOf.get(p.supplierKey) ?? p.supplierKey,
          date: p.paymentDate,
          amount: p.amount,
          category: p.category,
          countsFor: p.countsFor,
          file: p.fileName,
          line: p.lineNumber,
        })),
      },
    ],
  };
}
