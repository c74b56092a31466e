/**
 * A person's match decisions on the Supplier matching screen, and their review: Confirm, Assign
 * and 'None of these' (and the same on any match, an automatic UEI or DUNS one included: an
 * override), the list of decided matches, and Undo.
 *
 * A decision marks the vendor's match confirmed (no import replaces it: domain/supplier-matching.ts)
 * and keeps who made it, when, the automatic rule it replaced and how much it moved the vendor's
 * verified spend; Undo clears all of that and matches the vendor again from its rows, as an
 * import would. Each runs in one transaction that also writes its audit entry (entity
 * 'vendorMatch', the vendor's id) with the vendor's verified spend before and after: the verified
 * rollups are brought up to date before and after the change (refreshVerifiedRollups judges the
 * vendor's payments again, as the next figure would), so both amounts are the ones every figure
 * shows.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CERTAIN_MATCH_SCORE,
  DIRECTORY_SEARCH_MAX,
  MATCH_RULES,
  VERIFIED_MESSAGES,
  type DecidedMatch,
  type DirectoryOption,
} from '@spotzcity/shared/verified-diversity';
import type { PageRequest } from '@spotzcity/shared/api';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import {
  spendRollupSuppliers,
  supplierDirectory,
  vendorMatches,
  verifiedRollupSuppliers,
} from '../../db/schema/index.ts';
import {
  directoryByName,
  directorySupplier,
  rematchVendor,
  supplierExists,
} from '../../domain/supplier-matching.ts';
import { refreshVerifiedRollups } from '../../domain/verified-rollups.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { dbNumber, pageTotal, pageWindow, toNumber } from '../../platform/sql.ts';

const m = vendorMatches;
const d = supplierDirectory;

/** The vendor's match as the audit log keeps it. */
const matchRow = z.object({
  id: z.number(),
  vendor_name: z.string(),
  supplier_ref: z.number().nullable(),
  supplier_name: z.string().nullable(),
  supplier_duns: z.string().nullable(),
  rule: z.enum(MATCH_RULES),
  confirmed: z.boolean(),
  decided_by_name: z.string().nullable(),
  verified_moved: z.string().nullable(),
});
type MatchRow = z.infer<typeof matchRow>;

/** The vendor's match with its supplier's name (`lock`: held until the transaction ends). */
async function readMatch(
  tx: DbOrTx,
  clientRef: number,
  supplierKey: string,
  lock = false,
): Promise<MatchRow> {
  const [row] = rowsOf(
    await tx.execute(sql`
      select m.id, m.vendor_name, m.supplier_ref, d.name as supplier_name, d.duns as supplier_duns,
        m.rule, m.confirmed, m.decided_by_name, m.verified_moved::text as verified_moved
      from ${m} m left join ${d} d on d.id = m.supplier_ref
      where m.client_ref = ${clientRef} and m.supplier_key = ${supplierKey}
      ${lock ? sql`for update of m` : sql``}
    `),
    matchRow,
  );
  if (!row) throw new NotFound('Vendor not found');
  return row;
}

/**
 * The vendor's verified spend over every file (a decimal string), with the rollups brought up to
 * date first.
 */
async function verifiedSpendOf(tx: DbOrTx, clientRef: number, supplierKey: string) {
  await refreshVerifiedRollups(tx, clientRef);
  const v = verifiedRollupSuppliers;
  const [row] = rowsOf(
    await tx.execute(sql`
      select coalesce(sum(${v.spend}) filter (where cardinality(${v.types}) > 0), 0)::text as spend
      from ${v} where ${v.clientRef} = ${clientRef} and ${v.supplierKey} = ${supplierKey}
    `),
    z.object({ spend: z.string() }),
  );
  return row?.spend ?? '0';
}

/** What the audit log keeps of a vendor's match, with its verified spend. */
const snapshot = (row: MatchRow, supplierKey: string, verifiedSpend: string) => ({
  vendor: row.vendor_name,
  supplierKey,
  supplier: row.supplier_ref === null ? null : `${row.supplier_name} (DUNS ${row.supplier_duns})`,
  rule: row.rule,
  decidedBy: row.confirmed ? row.decided_by_name : null,
  verifiedSpend: toNumber(verifiedSpend),
});

/**
 * A person's decision for a vendor: this directory supplier (CONFIRMED, every row of the vendor
 * in every file, now and in later files), or none of them (NONE). Any match may be decided, an
 * automatic certain one or an earlier decision too. 404 for a vendor or supplier not found (or
 * another organisation's vendor).
 */
export async function decideVendor(
  db: DbOrTx,
  principal: Principal,
  supplierKey: string,
  supplierId: number | null,
): Promise<void> {
  const { clientRef } = principal;
  await db.transaction(async (tx) => {
    const before = await readMatch(tx, clientRef, supplierKey, true);
    if (supplierId !== null && !(await supplierExists(tx, supplierId))) {
      throw new NotFound('Supplier not found');
    }
    const spendBefore = await verifiedSpendOf(tx, clientRef, supplierKey);
    const vendor = and(eq(m.clientRef, clientRef), eq(m.supplierKey, supplierKey));
    await tx
      .update(m)
      .set({
        supplierRef: supplierId,
        rule: supplierId === null ? 'NONE' : 'CONFIRMED',
        score: supplierId === null ? 0 : 100,
        confirmed: true,
        decidedBy: principal.id,
        decidedByName: principal.name,
        decidedAt: sql`now()`,
        // The automatic match an earlier decision replaced stays the one replaced.
        replacedRule: sql`case when ${m.confirmed} then ${m.replacedRule} else ${m.rule} end`,
        updatedAt: sql`now()`,
      })
      .where(vendor);
    const spendAfter = await verifiedSpendOf(tx, clientRef, supplierKey);
    // Against the automatic match: what an earlier decision moved, and this one's change.
    const earlier = before.confirmed ? (before.verified_moved ?? '0') : '0';
    await tx
      .update(m)
      .set({
        verifiedMoved: sql`${earlier}::numeric + ${spendAfter}::numeric - ${spendBefore}::numeric`,
      })
      .where(vendor);
    const after = await readMatch(tx, clientRef, supplierKey);
    await writeAudit(tx, principal, {
      action: 'CREATE',
      entity: 'vendorMatch',
      entityId: after.id,
      clientRef,
      before: snapshot(before, supplierKey, spendBefore),
      after: {
        ...snapshot(after, supplierKey, spendAfter),
        replaced: before.confirmed ? 'an earlier decision' : before.rule,
        verifiedMoved: toNumber(after.verified_moved),
      },
    });
  });
}

/**
 * Undoes a person's decision on a vendor: the vendor is matched again from its rows as an import
 * would match it (listed on the matching screen again unless that match is certain). 404 for a
 * vendor not found; 409 for an automatic match, which has no decision to undo.
 */
export async function undoDecision(
  db: DbOrTx,
  principal: Principal,
  supplierKey: string,
): Promise<void> {
  const { clientRef } = principal;
  await db.transaction(async (tx) => {
    const before = await readMatch(tx, clientRef, supplierKey, true);
    if (!before.confirmed) throw new Conflict(VERIFIED_MESSAGES.notDecided);
    const spendBefore = await verifiedSpendOf(tx, clientRef, supplierKey);
    await tx
      .update(m)
      .set({
        supplierRef: null,
        rule: 'NONE',
        score: 0,
        confirmed: false,
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        replacedRule: null,
        verifiedMoved: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(m.clientRef, clientRef), eq(m.supplierKey, supplierKey)));
    await rematchVendor(tx, clientRef, supplierKey);
    const spendAfter = await verifiedSpendOf(tx, clientRef, supplierKey);
    const after = await readMatch(tx, clientRef, supplierKey);
    await writeAudit(tx, principal, {
      action: 'DELETE',
      entity: 'vendorMatch',
      entityId: after.id,
      clientRef,
      before: { ...snapshot(before, supplierKey, spendBefore), decidedBy: before.decided_by_name },
      after: snapshot(after, supplierKey, spendAfter),
    });
  });
}

const decidedRow = z.object({
  supplier_key: z.string(),
  vendor_name: z.string(),
  spend: z.string(),
  row_count: dbNumber,
  rule: z.enum(MATCH_RULES),
  confirmed: z.boolean(),
  supplier_ref: z.number().nullable(),
  supplier_name: z.string().nullable(),
  supplier_duns: z.string().nullable(),
  replaced_rule: z.enum(MATCH_RULES).nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  verified_spend: z.string(),
  verified_moved: z.string().nullable(),
  total_count: z.number(),
});

/** Text for `like`: lower case, its wildcards escaped, inside `%…%`. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The decided matches of the organisation's vendors that have spend: every person's decision,
 * newest first, then every certain automatic match, largest spend first; each with the vendor's
 * spend, its verified spend now and, for a decision, who made it, when, the automatic rule it
 * replaced and the verified spend it moved.
 */
export async function listDecidedVendors(
  db: DbOrTx,
  clientRef: number,
  request: PageRequest & { how?: 'PERSON' | 'AUTOMATIC'; q?: string },
): Promise<{ rows: DecidedMatch[]; total: number }> {
  await refreshVerifiedRollups(db, clientRef);
  const byPerson = sql`m.confirmed`;
  const automatic = sql`(not m.confirmed and m.supplier_ref is not null
    and m.score >= ${CERTAIN_MATCH_SCORE})`;
  const how =
    request.how === 'PERSON' ? byPerson : request.how === 'AUTOMATIC' ? automatic : undefined;
  const named = request.q
    ? sql`and (lower(m.vendor_name) like ${containing(request.q)}
        or lower(coalesce(d.name, '')) like ${containing(request.q)})`
    : sql``;
  const decided = sql`
    select m.*, d.name as supplier_name, d.duns as supplier_duns
    from ${m} m left join ${d} d on d.id = m.supplier_ref
    where m.client_ref = ${clientRef} and ${how ?? sql`(${byPerson} or ${automatic})`} ${named}`;
  const v = verifiedRollupSuppliers;
  const rows = rowsOf(
    await db.execute(sql`
      with decided as (${decided}),
      spend as (
        select r.supplier_key, sum(r.spend) as spend, sum(r.row_count) as row_count
        from ${spendRollupSuppliers} r join decided m using (supplier_key)
        where r.client_ref = ${clientRef}
        group by r.supplier_key
      ),
      verified as (
        select v.supplier_key, sum(v.spend) as spend
        from ${v} v join decided m using (supplier_key)
        where v.client_ref = ${clientRef} and cardinality(v.types) > 0
        group by v.supplier_key
      )
      select m.supplier_key, m.vendor_name, s.spend::text, s.row_count, m.rule, m.confirmed,
        m.supplier_ref, m.supplier_name, m.supplier_duns, m.replaced_rule, m.decided_by_name,
        to_char(m.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as decided_at,
        coalesce(w.spend, 0)::text as verified_spend, m.verified_moved::text as verified_moved,
        count(*) over ()::int as total_count
      from decided m
      join spend s using (supplier_key)
      left join verified w using (supplier_key)
      order by m.confirmed desc, m.decided_at desc nulls last, s.spend desc, m.supplier_key
      ${pageWindow(request)}
    `),
    decidedRow,
  );
  const total = await pageTotal(
    db,
    rows,
    request,
    sql`select count(*)::int as n from (${decided}) m
      where exists (select 1 from ${spendRollupSuppliers} r
        where r.client_ref = ${clientRef} and r.supplier_key = m.supplier_key)`,
  );
  return {
    rows: rows.map((r) => ({
      supplierKey: r.supplier_key,
      vendorName: r.vendor_name,
      spend: toNumber(r.spend),
      rowCount: toNumber(r.row_count),
      rule: r.rule,
      how: r.confirmed ? 'PERSON' : 'AUTOMATIC',
      supplierId: r.supplier_ref,
      supplierName: r.supplier_name,
      supplierDuns: r.supplier_duns,
      replacedRule: r.confirmed ? r.replaced_rule : null,
      decidedBy: r.decided_by_name,
      decidedAt: r.decided_at,
      verifiedSpend: toNumber(r.verified_spend),
      verifiedMoved: r.verified_moved === null ? null : toNumber(r.verified_moved),
    })),
    total,
  };
}

/**
 * Directory suppliers whose name or DBA name holds `q`, or whose DUNS begins with its digits, by
 * name, DIRECTORY_SEARCH_MAX at most (none under two characters): the suppliers a match may be
 * overridden with. The directory is the platform's, the same for every organisation.
 */
export async function searchDirectory(db: DbOrTx, q: string): Promise<DirectoryOption[]> {
  if (q.length < 2) return [];
  const like = containing(q);
  const digits = q.replace(/\D+/g, '');
  return db
    .select(directorySupplier)
    .from(d)
    .where(
      sql`(lower(${d.name}) like ${like} or lower(coalesce(${d.supplierDbaName}, '')) like ${like}
        ${digits.length >= 2 ? sql`or ${d.duns} like ${`${digits}%`}` : sql``})`,
    )
    .orderBy(...directoryByName)
    .limit(DIRECTORY_SEARCH_MAX);
}
