/**
 * RFx records and the RFx dashboard (spec 02 points 2–7, DESIGN.md §6). Every query is scoped to
 * the caller's organisation; another organisation's RFx is a NotFound, exactly like a missing one.
 */
import { and, asc, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DIVERSITY_TYPES, type DiversityType } from '@spotzcity/shared/enums';
import {
  RFX_MESSAGES,
  type RfxInput,
  type RfxPeriod,
  type RfxRecord,
  type RfxStatus,
  type Sourcing,
  type SourcingRow,
} from '@spotzcity/shared/rfx';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { rfx, rfxSuppliers } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, NotFound } from '../../platform/errors.ts';
import { pageOffset, pageTotal } from '../../platform/sql.ts';

interface Scope {
  clientRef: number;
}

interface Page {
  pageNumber: number;
  pageSize: number;
}

type RfxRow = typeof rfx.$inferSelect;
type SupplierRow = typeof rfxSuppliers.$inferSelect;

/* ---------- records ---------- */

/** Awarded when any supplier won; Not Awarded once completed without a winner; Open otherwise. */
export function rfxStatus(completed: string, suppliers: { deals: string | null }[]): RfxStatus {
  if (suppliers.some((s) => s.deals === 'Won')) return 'Awarded';
  return completed === 'Yes' ? 'Not Awarded' : 'Open';
}

function toRecord(row: RfxRow, suppliers: PageSupplier[]): RfxRecord {
  return {
    id: row.id,
    rfxNumber: row.rfxNumber,
    rfxName: row.rfxName,
    type: row.type,
    category: row.category,
    categoryManager: row.categoryManager,
    startDate: row.startDate,
    submitDate: row.submitDate,
    submited: row.submitDate,
    contractValue: Number(row.contractValue),
    rfxCompleted: row.rfxCompleted,
    offset: row.tzOffset,
    supplierCount: suppliers.length,
    status: rfxStatus(row.rfxCompleted, suppliers),
    rfxSupplier: suppliers.map((s) => ({
      supplierIncluded: s.supplierIncluded,
      ethenicityCategory: s.ethnicityCategory,
      diversityCategory: s.diversityCategory,
      deals: s.deals,
      pointOfContact: s.pointOfContact,
      reasonForLoss: s.reasonForLoss,
      reasonForLossOther: s.reasonForLossOther,
    })),
  };
}

/** The records of some RFx rows with their suppliers, in one query for the suppliers. */
async function withSuppliers(db: DbOrTx, rows: RfxRow[]): Promise<RfxRecord[]> {
  if (rows.length === 0) return [];
  const suppliers = await db
    .select()
    .from(rfxSuppliers)
    // One array parameter: `inArray` would write a new statement text per number of rows.
    .where(sql`${rfxSuppliers.rfxId} = any(${sql.param(rows.map((r) => r.id))}::int[])`)
    .orderBy(asc(rfxSuppliers.rfxId), asc(rfxSuppliers.position));
  const byRfx = new Map<number, SupplierRow[]>();
  for (const supplier of suppliers) {
    byRfx.set(supplier.rfxId, [...(byRfx.get(supplier.rfxId) ?? []), supplier]);
  }
  return rows.map((row) => toRecord(row, byRfx.get(row.id) ?? []));
}

/** A supplier as the page query's `json_agg` gives it (the fields a record shows). */
type PageSupplier = Pick<
  SupplierRow,
  | 'supplierIncluded'
  | 'ethnicityCategory'
  | 'diversityCategory'
  | 'deals'
  | 'pointOfContact'
  | 'reasonForLoss'
  | 'reasonForLossOther'
>;

/**
 * One page of RFx with their suppliers and the total, in one query (the page, its
 * count and its suppliers were three round trips, each costing the server more than the
 * database's work). A page past the end has no row to carry the total: pageTotal counts it.
 */
async function pageOf(db: DbOrTx, where: SQL | undefined, order: SQL[], page: Page) {
  const rows = await db
    .select({
      rfx: getTableColumns(rfx),
      total_count: sql<number>`count(*) over ()`.mapWith(Number),
      // `${rfx}.id`, not `${rfx.id}`: Drizzle writes a column of its one table unqualified, and a
      // bare "id" inside the subquery is the supplier's own.
      suppliers: sql<PageSupplier[]>`coalesce((
        select json_agg(json_build_object(
          'supplierIncluded', s.supplier_included,
          'ethnicityCategory', s.ethnicity_category,
          'diversityCategory', s.diversity_category,
          'deals', s.deals,
          'pointOfContact', s.point_of_contact,
          'reasonForLoss', s.reason_for_loss,
          'reasonForLossOther', s.reason_for_loss_other
        ) order by s.position)
        from ${rfxSuppliers} s where s.rfx_id = ${rfx}.id
      ), '[]'::json)`,
    })
    .from(rfx)
    .where(where)
    .orderBy(...order)
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const total = await pageTotal(
    db,
    rows,
    page,
    sql`select count(*)::int as n from ${rfx} where ${where ?? sql`true`}`,
  );
  return { rows: rows.map((row) => toRecord(row.rfx, row.suppliers)), total };
}

/** The list: newest start date first. */
export function listRfx(db: DbOrTx, scope: Scope & Page) {
  return pageOf(db, eq(rfx.clientRef, scope.clientRef), [desc(rfx.startDate), desc(rfx.id)], scope);
}

/** Every RFx of the organisation, for the list's Excel download. */
export async function allRfx(db: DbOrTx, scope: Scope) {
  const rows = await db
    .select()
    .from(rfx)
    .where(eq(rfx.clientRef, scope.clientRef))
    .orderBy(desc(rfx.startDate), desc(rfx.id));
  return withSuppliers(db, rows);
}

export async function getRfx(db: DbOrTx, scope: Scope & { id: number }) {
  const [row] = await db
    .select()
    .from(rfx)
    .where(and(eq(rfx.id, scope.id), eq(rfx.clientRef, scope.clientRef)));
  if (!row) throw new NotFound(RFX_MESSAGES.notFound);
  const [record] = await withSuppliers(db, [row]);
  return record!;
}

const duplicateNumber = () =>
  new AppError(409, RFX_MESSAGES.duplicateNumber, [
    { field: 'rfxNumber', message: RFX_MESSAGES.duplicateNumber },
  ]);

/**
 * Adds an RFx, or updates the organisation's RFx `input.id` (its suppliers are replaced by the
 * submitted list). RFx numbers are unique within an organisation (409).
 */
export async function saveRfx(db: Db, actor: Scope & { userId: number }, input: RfxInput) {
  const values = {
    rfxNumber: input.rfxNumber,
    rfxName: input.rfxName,
    type: input.type,
    category: input.category,
    categoryManager: input.categoryManager ?? null,
    startDate: input.startDate,
    submitDate: input.submitDate,
    contractValue: input.contractValue.toFixed(2),
    rfxCompleted: input.rfxCompleted,
    tzOffset: input.offset ?? null,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: rfx.id })
        .from(rfx)
        .where(
          and(
            eq(rfx.clientRef, actor.clientRef),
            sql`lower(${rfx.rfxNumber}) = lower(${input.rfxNumber})`,
          ),
        );
      if (clash && clash.id !== input.id) throw duplicateNumber();

      let rfxId: number;
      if (input.id !== undefined) {
        const [updated] = await tx
          .update(rfx)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(rfx.id, input.id), eq(rfx.clientRef, actor.clientRef)))
          .returning({ id: rfx.id });
        if (!updated) throw new NotFound(RFX_MESSAGES.notFound);
        rfxId = updated.id;
        await tx.delete(rfxSuppliers).where(eq(rfxSuppliers.rfxId, rfxId));
      } else {
        const [created] = await tx
          .insert(rfx)
          .values({ ...values, clientRef: actor.clientRef, createdBy: actor.userId })
          .returning({ id: rfx.id });
        rfxId = created!.id;
      }
      await tx.insert(rfxSuppliers).values(
        input.rfxSupplier.map((s, position) => ({
          rfxId,
          position,
          supplierIncluded: s.supplierIncluded,
          ethnicityCategory: s.ethenicityCategory ?? null,
          diversityCategory: s.diversityCategory,
          deals: s.deals ?? null,
          pointOfContact: s.pointOfContact ?? null,
          reasonForLoss: s.reasonForLoss ?? null,
          reasonForLossOther: s.reasonForLossOther ?? null,
        })),
      );
      return rfxId;
    });
    return getRfx(db, { clientRef: actor.clientRef, id });
  } catch (error) {
    // Two saves racing for the same number: the unique index decides.
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

export async function deleteRfx(db: DbOrTx, scope: Scope & { id: number }) {
  const [deleted] = await db
    .delete(rfx)
    .where(and(eq(rfx.id, scope.id), eq(rfx.clientRef, scope.clientRef)))
    .returning({ id: rfx.id });
  if (!deleted) throw new NotFound(RFX_MESSAGES.notFound);
}

/* ---------- dashboard ---------- */

const pad = (n: number) => String(n).padStart(2, '0');

/** First day of each chosen quarter and first day after it. */
export function quarterRanges(period: RfxPeriod): [string, string][] {
  return period.quaters.map((q) => {
    const n = Number(q.slice(1));
    const start = `${period.year}-${pad((n - 1) * 3 + 1)}-01`;
    const end = n === 4 ? `${period.year + 1}-01-01` : `${period.year}-${pad(n * 3 + 1)}-01`;
    return [start, end];
  });
}

/** The organisation's RFx whose start date falls in the chosen quarters of the year. */
function inPeriod(scope: Scope, period: RfxPeriod): SQL {
  const ranges = quarterRanges(period).map(([start, end]) =>
    and(gte(rfx.startDate, start), lt(rfx.startDate, end)),
  );
  return and(eq(rfx.clientRef, scope.clientRef), or(...ranges))!;
}

/** The dashboard's table: the period's RFx by start date. */
export function dashboardList(db: DbOrTx, scope: Scope & Page & { period: RfxPeriod }) {
  return pageOf(db, inPeriod(scope, scope.period), [asc(rfx.startDate), asc(rfx.id)], scope);
}

/** Every RFx of the period in the table's order, for the dashboard's Excel export. */
export async function allDashboardRows(db: DbOrTx, scope: Scope & { period: RfxPeriod }) {
  const rows = await db
    .select()
    .from(rfx)
    .where(inPeriod(scope, scope.period))
    .orderBy(asc(rfx.startDate), asc(rfx.id));
  return withSuppliers(db, rows);
}

const DIVERSE = sql`exists (select 1 from unnest(${rfxSuppliers.diversityCategory}) as d(type) where d.type <> 'NON_DIVERSE')`;

/**
 * Contract value of won deals per diversity type. An RFx counts once under every type held by
 * any of its winning suppliers (a supplier with several types counts in full under each).
 */
async function wonValueByType(db: DbOrTx, where: SQL) {
  const result = await db.execute(sql`
    select t.type, sum(${rfx.contractValue})::text as value
    from ${rfx}
    cross join lateral (
      select distinct unnest(${rfxSuppliers.diversityCategory}) as type
      from ${rfxSuppliers}
      where ${rfxSuppliers.rfxId} = ${rfx.id} and ${rfxSuppliers.deals} = 'Won'
    ) as t
    where ${where}
    group by t.type`);
  const rows = rowsOf(result, z.object({ type: z.string(), value: z.string() }));
  return new Map(rows.map((r) => [r.type, r.value]));
}

/** `/api/rfx/dashboard/graph`: every diversity type (in the spec's order) → won contract value. */
export async function contractValueGraph(db: DbOrTx, scope: Scope & { period: RfxPeriod }) {
  const values = await wonValueByType(db, inPeriod(scope, scope.period));
  return Object.fromEntries(DIVERSITY_TYPES.map((t) => [t, Number(values.get(t) ?? 0)]));
}

/** A percentage with two decimals; 0 when there is nothing to divide. */
const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

/** The diversity-in-sourcing view (see `sourcingSchema`). */
export async function sourcing(
  db: DbOrTx,
  scope: Scope & { period: RfxPeriod },
): Promise<Sourcing> {
  const where = inPeriod(scope, scope.period);
  const [perTypeResult, totalsResult, valueResult, wonValues] = await Promise.all([
    db.execute(sql`
      select t.type,
             count(*)::int as invited,
             (count(*) filter (where ${rfxSuppliers.deals} = 'Won'))::int as won
      from ${rfx}
      join ${rfxSuppliers} on ${rfxSuppliers.rfxId} = ${rfx.id}
      cross join lateral unnest(${rfxSuppliers.diversityCategory}) as t(type)
      where ${where}
      group by t.type`),
    db.execute(sql`
      select count(*)::int as invited,
             (count(*) filter (where ${DIVERSE}))::int as diverse_invited,
             (count(*) filter (where ${rfxSuppliers.deals} = 'Won'))::int as won,
             (count(*) filter (where ${rfxSuppliers.deals} = 'Won' and ${DIVERSE}))::int as diverse_won
      from ${rfx}
      join ${rfxSuppliers} on ${rfxSuppliers.rfxId} = ${rfx.id}
      where ${where}`),
    db.execute(sql`
      select count(*)::int as rfx_count,
             coalesce(sum(case when exists (
               select 1 from ${rfxSuppliers}
               where ${rfxSuppliers.rfxId} = ${rfx.id} and ${rfxSuppliers.deals} = 'Won'
             ) then ${rfx.contractValue} end), 0)::text as won_value,
             coalesce(sum(case when exists (
               select 1 from ${rfxSuppliers}
               where ${rfxSuppliers.rfxId} = ${rfx.id} and ${rfxSuppliers.deals} = 'Won' and ${DIVERSE}
             ) then ${rfx.contractValue} end), 0)::text as diverse_won_value
      from ${rfx}
      where ${where}`),
    wonValueByType(db, where),
  ]);

  const totals = rowsOf(
    totalsResult,
    z.object({
      invited: z.number(),
      diverse_invited: z.number(),
      won: z.number(),
      diverse_won: z.number(),
    }),
  )[0] ?? { invited: 0, diverse_invited: 0, won: 0, diverse_won: 0 };
  const value = rowsOf(
    valueResult,
    z.object({ rfx_count: z.number(), won_value: z.string(), diverse_won_value: z.string() }),
  )[0] ?? { rfx_count: 0, won_value: '0', diverse_won_value: '0' };
  const wonValue = Number(value.won_value);
  const perType = new Map(
    rowsOf(perTypeResult, z.object({ type: z.string(), invited: z.number(), won: z.number() })).map(
      (r) => [r.type, r],
    ),
  );

  const row = (invited: number, won: number, typeValue: number) => ({
    invited,
    invitedShare: share(invited, totals.invited),
    won,
    wonShare: share(won, totals.won),
    wonValue: typeValue,
    wonValueShare: share(typeValue, wonValue),
  });

  const rows: SourcingRow[] = DIVERSITY_TYPES.map((type: DiversityType) => ({
    diversityType: type,
    ...row(
      perType.get(type)?.invited ?? 0,
      perType.get(type)?.won ?? 0,
      Number(wonValues.get(type) ?? 0),
    ),
  }));

  return {
    totals: {
      rfxCount: Number(value.rfx_count),
      invited: totals.invited,
      won: totals.won,
      wonValue,
    },
    diverse: row(totals.diverse_invited, totals.diverse_won, Number(value.diverse_won_value)),
    rows,
  };
}
