/**
 * The verified rollups (db/schema/verified-diversity.ts): the organisation's payments grouped as
 * the 'verified' rule counts them, so that every verified figure is a sum over a small table.
 * What a payment counts for depends on its vendor's match, its supplier's certificates and the
 * organisation's policy, all of which change after the payment was imported; so the rollups are
 * kept in two ways, both exact:
 * - a spend import builds its file's groups in its own transaction, after matching its vendors
 *   (`buildVerifiedRollup`);
 * - every other change is logged by a trigger in verified_changes (migration 0029), and an
 *   organisation's next verified figure first judges again the payments it touches
 *   (`refreshVerifiedRollups`): a policy all of them, a certificate those of the vendors matched
 *   to its supplier, a match those of its vendor. An organisation that never had its rollups
 *   built has them built whole.
 * The judgement itself is one statement over the payments grouped by vendor, day and category,
 * joined with the qualifying certificates of the vendor's certainly matched supplier
 * (qualifiesSql, the same rule as everywhere else).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf, type DbOrTx } from '../db/client.ts';
import { bare, columnList, dbNumber, savedFilesOnly } from '../platform/sql.ts';
import {
  spendRows,
  vendorMatches,
  verifiedChanges,
  verifiedRefreshed,
  verifiedRollupCertificates,
  verifiedRollupSuppliers,
  verifiedRollups,
} from '../db/schema/index.ts';
import { certain, getPolicy, qualifiesSql, visibleCertificates } from './verified-rule.ts';

const TABLES = [verifiedRollups, verifiedRollupSuppliers, verifiedRollupCertificates];

/** The payments and the rollups, aliased `r`; the matches `m` (verified-rule.ts's `certain`). */
const rows = alias(spendRows, 'r');
const m = alias(vendorMatches, 'm');

/**
 * Which payments of an organisation to judge (again): one file's, some vendors', or all of them.
 * A condition on a row source's file and vendor (spend rows or a verified rollup).
 */
type Payments = { fileId: number } | { supplierKeys: string[] } | 'all';
type PaymentColumns = { fileId: Column; supplierKey: Column };

function paymentsOf(payments: Payments, r: PaymentColumns): SQL {
  if (payments === 'all') return sql`true`;
  if ('fileId' in payments) return sql`${r.fileId} = ${payments.fileId}`;
  return sql`${r.supplierKey} = any(${sql.param(payments.supplierKeys)}::text[])`;
}

/** The first key of the advisory locks below ('VRFD'). */
const VERIFIED_LOCK = 0x56524644;

/**
 * Taken by every writer of an organisation's rollups (an import's build, a refresh) until its
 * transaction ends, on PostgreSQL (the embedded database runs one transaction at a time): the
 * certificates' lock shared, which a certificate's write holds exclusively while its trigger
 * finds the vendors it changes (migration 0029), then the organisation's own. So a certificate
 * written meanwhile is either seen by the writer's judgement or finds the organisation's rollups
 * built and leaves its entries, and two writers of one organisation never interleave.
 */
async function lockRollups(tx: DbOrTx, clientRef: number) {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${VERIFIED_LOCK}, 0)`);
  await tx.execute(sql`select pg_advisory_xact_lock(${VERIFIED_LOCK}, ${clientRef})`);
}

/** Whether the organisation's rollups were ever built. */
async function built(tx: DbOrTx, clientRef: number): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(
      sql`select ${verifiedRefreshed.clientRef} from ${verifiedRefreshed}
        where ${verifiedRefreshed.clientRef} = ${clientRef}`,
    ),
    z.object({ client_ref: z.number() }),
  );
  return rows.length > 0;
}

/** Judges `payments` of the organisation again: their groups deleted and written anew. */
async function judge(tx: DbOrTx, clientRef: number, payments: Payments) {
  for (const table of TABLES) {
    await tx.execute(sql`
      delete from ${table} where ${table.clientRef} = ${clientRef} and ${paymentsOf(payments, table)}
    `);
  }
  if (payments !== 'all' && 'supplierKeys' in payments && payments.supplierKeys.length === 0) {
    return;
  }
  const policy = await getPolicy(tx, clientRef);
  const held = verifiedRollupCertificates;
  const months = verifiedRollups;
  // Per vendor, day and category: a certificate qualifies a day, and the goals' rows need the
  // category. The certificates of the certainly matched supplier, joined on the supplier (a hash
  // join), then kept when they qualify on the day.
  const judged = sql`
    with p as materialized (
      select ${rows.fileId}, ${rows.supplierKey}, ${rows.paymentDate}, ${rows.category},
        sum(${rows.spend}) as spend, count(*)::int as row_count,
        case when ${certain} then ${m.supplierRef} end as supplier_ref
      from ${spendRows} ${rows}
      left join ${vendorMatches} ${m} on ${m.clientRef} = ${rows.clientRef}
        and ${m.supplierKey} = ${rows.supplierKey}
      where ${rows.clientRef} = ${clientRef} and ${paymentsOf(payments, rows)}
        and ${savedFilesOnly(clientRef, rows.fileId)}
      group by ${rows.fileId}, ${rows.supplierKey}, ${rows.paymentDate}, ${rows.category}, 7
    ),
    q as materialized (
      select p.file_id, p.supplier_key, p.payment_date, p.category, c.id, c.diversity_type
      from p join ${visibleCertificates(clientRef)} c on c.supplier_ref = p.supplier_ref
      where ${qualifiesSql(policy, sql`p.payment_date`)}
    ),
    certificates as (
      insert into ${held} (${columnList(held.clientRef, held.fileId, held.supplierKey, held.certificateRef)})
      select distinct ${clientRef}::int, q.file_id, q.supplier_key, q.id from q
    ),
    day as (
      select p.file_id, p.supplier_key, p.payment_date, p.category, p.spend, p.row_count,
        coalesce(t.types, '{}') as types
      from p left join (
        select q.file_id, q.supplier_key, q.payment_date, q.category,
          array_agg(distinct q.diversity_type order by q.diversity_type) as types
        from q group by q.file_id, q.supplier_key, q.payment_date, q.category
      ) t using (file_id, supplier_key, payment_date, category)
    )
    insert into ${months} (${columnList(
      months.clientRef,
      months.fileId,
      months.supplierKey,
      months.month,
      months.category,
      months.types,
      months.spend,
      months.rowCount,
    )})
    select ${clientRef}::int, file_id, supplier_key,
      date_trunc('month', payment_date::timestamp)::date, category, types, sum(spend),
      sum(row_count)
    from day
    group by file_id, supplier_key, date_trunc('month', payment_date::timestamp)::date, category,
      types`;
  // Not hashed by force as the spend rollups are (groupingByHash): with sorting discouraged the
  // planner chose plans several times slower for the certificates' join.
  await tx.execute(judged);
  const whole = verifiedRollupSuppliers;
  const r = alias(verifiedRollups, 'r');
  await tx.execute(sql`
    insert into ${whole} (${columnList(
      whole.clientRef,
      whole.fileId,
      whole.supplierKey,
      whole.category,
      whole.types,
      whole.spend,
      whole.rowCount,
    )})
    select ${r.clientRef}, ${r.fileId}, ${r.supplierKey}, ${r.category}, ${r.types}, sum(${r.spend}),
      sum(${r.rowCount})
    from ${verifiedRollups} ${r}
    where ${r.clientRef} = ${clientRef} and ${paymentsOf(payments, r)}
    group by ${r.clientRef}, ${r.fileId}, ${r.supplierKey}, ${r.category}, ${r.types}
  `);
}

/**
 * Builds the verified groups of a file just imported, in the import's transaction, after its
 * vendors were matched. An organisation whose rollups were never built is left to its first
 * verified figure, which builds them whole.
 */
export async function buildVerifiedRollup(tx: DbOrTx, clientRef: number, fileId: number) {
  await lockRollups(tx, clientRef);
  if (await built(tx, clientRef)) await judge(tx, clientRef, { fileId });
}

/** Removes a file's verified groups (the file's foreign keys cascade too; this uses the indexes). */
export async function deleteVerifiedRollup(tx: DbOrTx, clientRef: number, fileId: number) {
  for (const table of TABLES) {
    await tx.execute(sql`
      delete from ${table} where ${table.clientRef} = ${clientRef} and ${table.fileId} = ${fileId}
    `);
  }
}

/**
 * Brings the organisation's verified rollups up to date with every change written since they
 * were last (see the file's header); a figure that reads them calls this first. Without a change
 * it is one indexed look-up. Only the entries read before judging are deleted: one committed
 * meanwhile stays for the next figure.
 */
export async function refreshVerifiedRollups(db: DbOrTx, clientRef: number): Promise<void> {
  if (!(await stale(db, clientRef))) return;
  await db.transaction(async (tx) => {
    await lockRollups(tx, clientRef);
    const v = verifiedChanges;
    const changes = rowsOf(
      await tx.execute(sql`
        select ${v.id}, ${v.supplierKey}, ${v.whole} from ${v} where ${v.clientRef} = ${clientRef}
      `),
      z.object({ id: dbNumber, supplier_key: z.string().nullable(), whole: z.boolean() }),
    );
    if (!(await built(tx, clientRef)) || changes.some((c) => c.whole)) {
      await judge(tx, clientRef, 'all');
    } else {
      const keys = new Set(changes.flatMap((c) => (c.supplier_key ? [c.supplier_key] : [])));
      await judge(tx, clientRef, { supplierKeys: [...keys] });
    }
    const done = verifiedRefreshed;
    if (changes.length > 0) {
      await tx.execute(sql`
        delete from ${v}
        where ${v.clientRef} = ${clientRef} and ${v.id} = any(${sql.param(changes.map((c) => c.id))}::bigint[])
      `);
    }
    await tx.execute(sql`
      insert into ${done} (${columnList(done.clientRef)}) values (${clientRef})
      on conflict (${columnList(done.clientRef)}) do update set ${bare(done.refreshedAt)} = now()
    `);
  });
}

/** Whether the organisation's rollups miss a change, or were never built. */
async function stale(db: DbOrTx, clientRef: number): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`
      select not exists (
          select 1 from ${verifiedRefreshed} where ${verifiedRefreshed.clientRef} = ${clientRef}
        )
        or exists (
          select 1 from ${verifiedChanges} where ${verifiedChanges.clientRef} = ${clientRef}
        ) as stale
    `),
    z.object({ stale: z.boolean() }),
  );
  return row?.stale !== false;
}
