/**
 * Cost Savings (spec 02, DESIGN.md §6): the cases of an organisation with their yearly savings,
 * and the dashboard figures. Every query is scoped to the organisation; every sum is SQL's.
 */
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  COST_SAVING_MESSAGES,
  savingsKey,
  type CategorySaving,
  type CostSaving,
  type CostSavingInput,
  type CostSavingSave,
  type CostSavingUpdate,
  type DiversitySaving,
  type YearSaving,
} from '@spotzcity/shared/cost-savings';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import { percentShares } from '@spotzcity/shared/percent';
import type { PageRequest } from '@spotzcity/shared/api';
import { z } from 'zod';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { costSavingYears, costSavings } from '../../db/schema/index.ts';
import { NotFound } from '../../platform/errors.ts';
import { pageOffset, toNumber } from '../../platform/sql.ts';

const money = (value: number) => value.toFixed(2);

type CaseRow = typeof costSavings.$inferSelect;

function present(row: CaseRow, years: { year: number; amount: string }[], total: string) {
  return {
    id: row.id,
    businessCategory: row.businessCategory,
    contractYears: row.contractYears,
    currentContractAmount: toNumber(row.currentContractAmount),
    currentOrNewSuppliers: row.supplierStatus,
    currentSpendPerItem: toNumber(row.currentSpendPerItem),
    startDate: row.startDate,
    endDate: row.endDate,
    newlyQuotedAmountPerTime: toNumber(row.newlyQuotedAmountPerTime),
    newlyQuotedCotractAmount: toNumber(row.newlyQuotedContractAmount),
    precurementDirOrIndir: row.procurementType,
    rfxOrOpportunityName: row.rfxOrOpportunityName,
    vendorDiversityCategory: row.vendorDiversity,
    vendorEthnicityCategory: row.vendorEthnicity,
    winnerVandorName: row.winnerVendorName,
    yearlySavings: Object.fromEntries(years.map((y) => [savingsKey(y.year), toNumber(y.amount)])),
    yearsOfContract: years.map((y) => y.year),
    totalSavings: toNumber(total),
  } satisfies CostSaving;
}

function columns(input: CostSavingInput) {
  return {
    rfxOrOpportunityName: input.rfxOrOpportunityName,
    winnerVendorName: input.winnerVandorName,
    businessCategory: input.businessCategory,
    procurementType: input.precurementDirOrIndir,
    supplierStatus: input.currentOrNewSuppliers,
    currentContractAmount: money(input.currentContractAmount),
    currentSpendPerItem: money(input.currentSpendPerItem),
    newlyQuotedContractAmount: money(input.newlyQuotedCotractAmount),
    newlyQuotedAmountPerTime: money(input.newlyQuotedAmountPerTime),
    contractYears: input.contractYears,
    startDate: input.startDate,
    endDate: input.endDate,
    vendorDiversity: input.vendorDiversityCategory,
    vendorEthnicity: input.vendorEthnicityCategory ?? null,
  };
}

const yearRows = (clientRef: number, costSavingId: number, input: CostSavingInput) =>
  input.yearsOfContract.map((year) => ({
    costSavingId,
    clientRef,
    year,
    amount: money(input.yearlySavings[savingsKey(year)] ?? 0),
  }));

/** The given cases with their years, in the order of `rows`. */
async function withYears(db: DbOrTx, clientRef: number, rows: CaseRow[]): Promise<CostSaving[]> {
  if (rows.length === 0) return [];
  // One array parameter: `inArray` would write a new statement text per page length.
  const ofRows = and(
    eq(costSavingYears.clientRef, clientRef),
    sql`${costSavingYears.costSavingId} = any(${sql.param(rows.map((r) => r.id))}::int[])`,
  );
  const years = await db
    .select({
      costSavingId: costSavingYears.costSavingId,
      year: costSavingYears.year,
      amount: costSavingYears.amount,
    })
    .from(costSavingYears)
    .where(ofRows)
    .orderBy(asc(costSavingYears.year));
  const totals = await db
    .select({
      costSavingId: costSavingYears.costSavingId,
      total: sql<string>`sum(${costSavingYears.amount})`,
    })
    .from(costSavingYears)
    .where(ofRows)
    .groupBy(costSavingYears.costSavingId);
  const totalOf = new Map(totals.map((t) => [t.costSavingId, t.total]));
  return rows.map((row) =>
    present(
      row,
      years.filter((y) => y.costSavingId === row.id),
      totalOf.get(row.id) ?? '0',
    ),
  );
}

/** Newest first, so that a case just added is the first row. */
export async function listCostSavings(
  db: DbOrTx,
  { clientRef, ...page }: { clientRef: number } & PageRequest,
) {
  const where = eq(costSavings.clientRef, clientRef);
  const [counted] = await db.select({ n: count() }).from(costSavings).where(where);
  const rows = await db
    .select()
    .from(costSavings)
    .where(where)
    .orderBy(desc(costSavings.createdAt), desc(costSavings.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  return { rows: await withYears(db, clientRef, rows), totalCount: counted?.n ?? 0 };
}

export async function createCostSaving(
  db: DbOrTx,
  { clientRef, userId, input }: { clientRef: number; userId: number; input: CostSavingInput },
): Promise<CostSaving> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(costSavings)
      .values({ clientRef, createdBy: userId, ...columns(input) })
      .returning();
    if (!row) throw new Error('cost saving not created');
    await tx.insert(costSavingYears).values(yearRows(clientRef, row.id, input));
    const [saved] = await withYears(tx, clientRef, [row]);
    return saved!;
  });
}

/** Another organisation's case answers NotFound, exactly like a missing one. */
export async function updateCostSaving(
  db: DbOrTx,
  { clientRef, input }: { clientRef: number; input: CostSavingUpdate },
): Promise<CostSaving> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(costSavings)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(and(eq(costSavings.id, input.id), eq(costSavings.clientRef, clientRef)))
      .returning();
    if (!row) throw new NotFound(COST_SAVING_MESSAGES.notFound);
    await tx
      .delete(costSavingYears)
      .where(
        and(eq(costSavingYears.costSavingId, row.id), eq(costSavingYears.clientRef, clientRef)),
      );
    await tx.insert(costSavingYears).values(yearRows(clientRef, row.id, input));
    const [saved] = await withYears(tx, clientRef, [row]);
    return saved!;
  });
}

/** One case of the organisation, for its edit form; another organisation's is NotFound. */
export async function getCostSaving(
  db: DbOrTx,
  { clientRef, id }: { clientRef: number; id: number },
): Promise<CostSaving> {
  const rows = await db
    .select()
    .from(costSavings)
    .where(and(eq(costSavings.id, id), eq(costSavings.clientRef, clientRef)));
  const [found] = await withYears(db, clientRef, rows);
  if (!found) throw new NotFound(COST_SAVING_MESSAGES.notFound);
  return found;
}

/** Adds the case, or updates it when it carries an `id`. */
export function saveCostSaving(
  db: DbOrTx,
  { clientRef, userId }: { clientRef: number; userId: number },
  input: CostSavingSave,
): Promise<CostSaving> {
  const { id, ...fields } = input;
  return id === undefined
    ? createCostSaving(db, { clientRef, userId, input: fields })
    : updateCostSaving(db, { clientRef, input: { ...fields, id } });
}

export async function deleteCostSaving(db: DbOrTx, clientRef: number, id: number) {
  const [row] = await db
    .delete(costSavings)
    .where(and(eq(costSavings.id, id), eq(costSavings.clientRef, clientRef)))
    .returning({ id: costSavings.id });
  if (!row) throw new NotFound(COST_SAVING_MESSAGES.notFound);
  return { id: row.id };
}

/** Every case, oldest first: the data sheet of the Excel export. */
/** Every case of the organisation, or with `years` the cases that save in one of those years. */
export async function allCostSavings(db: DbOrTx, clientRef: number, years: number[] = []) {
  const own = eq(costSavings.clientRef, clientRef);
  const rows = await db
    .select()
    .from(costSavings)
    .where(
      years.length
        ? and(
            own,
            sql`exists (select 1 from ${costSavingYears} y where y.cost_saving_id = ${costSavings.id} and y.client_ref = ${clientRef} and y.year in (${sql.join(
              years.map((y) => sql`${y}`),
              sql`, `,
            )}))`,
          )
        : own,
    )
    .orderBy(asc(costSavings.startDate), asc(costSavings.id));
  return withYears(db, clientRef, rows);
}

/* ---------- the dashboard ---------- */

/** The savings rows of the organisation, limited to the report's years (none = every year). */
function yearFilter(clientRef: number, years: number[]): SQL {
  const own = eq(costSavingYears.clientRef, clientRef);
  return years.length ? and(own, inArray(costSavingYears.year, years))! : own;
}

/**
 * The years a report covers: the chosen ones, or every year from the first to the last with
 * savings on record (a year without savings shows as 0 rather than vanishing from the line).
 */
async function reportYears(db: DbOrTx, clientRef: number, years: number[]): Promise<number[]> {
  if (years.length) return years;
  const [range] = await db
    .select({
      first: sql<number | null>`min(${costSavingYears.year})`,
      last: sql<number | null>`max(${costSavingYears.year})`,
    })
    .from(costSavingYears)
    .where(eq(costSavingYears.clientRef, clientRef));
  if (range?.first == null || range.last == null) return [];
  const out: number[] = [];
  for (let y = Number(range.first); y <= Number(range.last); y++) out.push(y);
  return out;
}

/** 'Total Cost Savings': the savings of every case per calendar year. */
export async function totalCostSaving(
  db: DbOrTx,
  clientRef: number,
  years: number[],
): Promise<YearSaving[]> {
  const covered = await reportYears(db, clientRef, years);
  const sums = await db
    .select({ year: costSavingYears.year, total: sql<string>`sum(${costSavingYears.amount})` })
    .from(costSavingYears)
    .where(yearFilter(clientRef, covered))
    .groupBy(costSavingYears.year);
  const byYear = new Map(sums.map((s) => [Number(s.year), s.total]));
  return covered.map((year) => ({ year, totalSaving: toNumber(byYear.get(year)) }));
}

/**
 * 'Savings Per Category': per business category (spelling differences of case and surrounding
 * spaces do not split a category) the total and the per-year series, largest total first.
 */
export async function savingPerCategory(
  db: DbOrTx,
  clientRef: number,
  years: number[],
): Promise<CategorySaving[]> {
  const covered = await reportYears(db, clientRef, years);
  if (covered.length === 0) return [];
  const key = sql<string>`lower(trim(${costSavings.businessCategory}))`;
  const totals = await db
    .select({
      key,
      category: sql<string>`min(trim(${costSavings.businessCategory}))`,
      total: sql<string>`sum(${costSavingYears.amount})`,
    })
    .from(costSavingYears)
    .innerJoin(costSavings, eq(costSavings.id, costSavingYears.costSavingId))
    .where(yearFilter(clientRef, covered))
    .groupBy(key)
    .orderBy(desc(sql`sum(${costSavingYears.amount})`), asc(key));
  const series = await db
    .select({
      key,
      year: costSavingYears.year,
      total: sql<string>`sum(${costSavingYears.amount})`,
    })
    .from(costSavingYears)
    .innerJoin(costSavings, eq(costSavings.id, costSavingYears.costSavingId))
    .where(yearFilter(clientRef, covered))
    .groupBy(key, costSavingYears.year);
  return totals.map((t) => ({
    category: t.category,
    totalSaving: toNumber(t.total),
    yearlySaving: Object.fromEntries(
      covered.map((year) => [
        String(year),
        toNumber(series.find((s) => s.key === t.key && Number(s.year) === year)?.total),
      ]),
    ),
  }));
}

/**
 * 'Savings by Diversity': per diversity type of the winning vendor, the share of the savings
 * from Direct and from Indirect procurement (percent, two decimals, adding up to 100.00). A case
 * whose vendor holds several types counts in full under each (DESIGN.md §6).
 */
export async function savingPerDiversity(
  db: DbOrTx,
  clientRef: number,
  years: number[],
): Promise<DiversitySaving[]> {
  const y = costSavingYears;
  const c = costSavings;
  const yearClause = years.length ? sql` and ${inArray(y.year, years)}` : sql``;
  const result = await db.execute(sql`
    select t.type as "type", ${c.procurementType} as "procurement", sum(${y.amount})::text as "total"
    from ${y}
    join ${c} on ${c.id} = ${y.costSavingId} and ${c.clientRef} = ${y.clientRef}
    cross join lateral unnest(${c.vendorDiversity}) as t(type)
    where ${y.clientRef} = ${clientRef}${yearClause}
    group by t.type, ${c.procurementType}`);
  const rows = rowsOf(
    result,
    z.object({ type: z.string(), procurement: z.string(), total: z.string() }),
  );
  const types = DIVERSITY_TYPES.filter((type) => rows.some((r) => r.type === type));
  return types.map((type) => {
    const direct = rows.find((r) => r.type === type && r.procurement === 'Direct')?.total ?? '0';
    const indirect =
      rows.find((r) => r.type === type && r.procurement === 'Indirect')?.total ?? '0';
    const [Direct = 0, Indirect = 0] = percentShares([direct, indirect]);
    return {
      ethnicity: type,
      data: { Direct, Indirect },
      amounts: { Direct: toNumber(direct), Indirect: toNumber(indirect) },
    };
  });
}
