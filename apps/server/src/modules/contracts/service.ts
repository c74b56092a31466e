/**
 * Contracts and the contract year dashboard (spec 02 points 2–7, DESIGN.md §6). Every query is
 * scoped to the caller's organisation; another organisation's contract is a NotFound.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  CONTRACT_MESSAGES,
  type ContractInput,
  type ContractMonth,
  type ContractRecord,
  type NewContract,
  type PercentageContract,
  type TotalDiverse,
} from '@spotzcity/shared/contracts';
import { MONTHS } from '@spotzcity/shared/enums';
import { z } from 'zod';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { contracts } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, NotFound } from '../../platform/errors.ts';
import { pageOffset } from '../../platform/sql.ts';

interface Scope {
  clientRef: number;
}

interface Page {
  pageNumber: number;
  pageSize: number;
}

type ContractRow = typeof contracts.$inferSelect;

function toRecord(row: ContractRow): ContractRecord {
  return {
    id: row.id,
    contractNumber: row.contractNumber,
    contractName: row.contractName,
    category: row.category,
    contractSignatureDate: row.contractSignatureDate,
    startDate: row.startDate,
    endDate: row.endDate,
    contractType: row.contractType,
    contractValue: Number(row.contractValue),
    offset: row.tzOffset,
    awardeeVendorInfo: {
      awardeeVandorIdNumber: row.awardeeVendorId,
      awardeeVandorName: row.awardeeVendorName,
      awardeeEthnicityCategory: row.awardeeEthnicityCategory,
      awardeeDivercityCategory: row.awardeeDiversityCategory,
    },
    vendorAccount: {
      vandorAcountManagerName: row.vendorAccountManagerName,
      vandorAcountManagerEmail: row.vendorAccountManagerEmail,
      vandorAcountManagerPhone: row.vendorAccountManagerPhone,
    },
    divisionInfo: {
      divisionName: row.divisionName,
      divisionCostCenter: row.divisionCostCenter,
      companyContractOwnerName: row.contractOwnerName,
      companyContractOwnerEmail: row.contractOwnerEmail,
      companyContractOwnerPhone: row.contractOwnerPhone,
    },
  };
}

const ofOrg = (scope: Scope) => eq(contracts.clientRef, scope.clientRef);
const newestFirst = [desc(contracts.startDate), desc(contracts.id)];

/** The list: newest start date first. */
export async function listContracts(db: DbOrTx, scope: Scope & Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contracts)
      .where(ofOrg(scope))
      .orderBy(...newestFirst)
      .limit(scope.pageSize)
      .offset(pageOffset(scope)),
    db.select({ n: count() }).from(contracts).where(ofOrg(scope)),
  ]);
  return { rows: rows.map(toRecord), total: Number(total?.n ?? 0) };
}

/** Every contract of the organisation, for the list's Excel download. */
export async function allContracts(db: DbOrTx, scope: Scope) {
  const rows = await db
    .select()
    .from(contracts)
    .where(ofOrg(scope))
    .orderBy(...newestFirst);
  return rows.map(toRecord);
}

export async function getContract(db: DbOrTx, scope: Scope & { id: number }) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, scope.id), ofOrg(scope)));
  if (!row) throw new NotFound(CONTRACT_MESSAGES.notFound);
  return toRecord(row);
}

const duplicateNumber = () =>
  new AppError(409, CONTRACT_MESSAGES.duplicateNumber, [
    { field: 'contractNumber', message: CONTRACT_MESSAGES.duplicateNumber },
  ]);

/**
 * Adds a contract, or updates the organisation's contract `input.id`. Contract numbers are unique
 * within an organisation (409).
 */
export async function saveContract(
  db: Db,
  actor: Scope & { userId: number },
  input: ContractInput,
) {
  const { awardeeVendorInfo: awardee, vendorAccount: vendor, divisionInfo: division } = input;
  const values = {
    contractNumber: input.contractNumber,
    contractName: input.contractName,
    category: input.category,
    contractSignatureDate: input.contractSignatureDate,
    startDate: input.startDate,
    endDate: input.endDate,
    contractType: input.contractType,
    contractValue: input.contractValue.toFixed(2),
    tzOffset: input.offset ?? null,
    awardeeVendorId: awardee.awardeeVandorIdNumber,
    awardeeVendorName: awardee.awardeeVandorName,
    awardeeEthnicityCategory: awardee.awardeeEthnicityCategory ?? null,
    awardeeDiversityCategory: awardee.awardeeDivercityCategory,
    vendorAccountManagerName: vendor.vandorAcountManagerName ?? null,
    vendorAccountManagerEmail: vendor.vandorAcountManagerEmail ?? null,
    vendorAccountManagerPhone: vendor.vandorAcountManagerPhone ?? null,
    divisionName: division.divisionName,
    divisionCostCenter: division.divisionCostCenter ?? null,
    contractOwnerName: division.companyContractOwnerName,
    contractOwnerEmail: division.companyContractOwnerEmail ?? null,
    contractOwnerPhone: division.companyContractOwnerPhone ?? null,
  };
  try {
    const row = await db.transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: contracts.id })
        .from(contracts)
        .where(
          and(
            ofOrg(actor),
            sql`lower(${contracts.contractNumber}) = lower(${input.contractNumber})`,
          ),
        );
      if (clash && clash.id !== input.id) throw duplicateNumber();
      if (input.id !== undefined) {
        const [updated] = await tx
          .update(contracts)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(contracts.id, input.id), ofOrg(actor)))
          .returning();
        if (!updated) throw new NotFound(CONTRACT_MESSAGES.notFound);
        return updated;
      }
      const [created] = await tx
        .insert(contracts)
        .values({ ...values, clientRef: actor.clientRef, createdBy: actor.userId })
        .returning();
      return created!;
    });
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateNumber();
    throw error;
  }
}

export async function deleteContract(db: DbOrTx, scope: Scope & { id: number }) {
  const [deleted] = await db
    .delete(contracts)
    .where(and(eq(contracts.id, scope.id), ofOrg(scope)))
    .returning({ id: contracts.id });
  if (!deleted) throw new NotFound(CONTRACT_MESSAGES.notFound);
}

/* ---------- the year dashboard ---------- */

type YearScope = Scope & { year: number };

const firstDay = (year: number) => `${year}-01-01`;
const lastDay = (year: number) => `${year}-12-31`;

/** The awardee holds a diversity type other than NON_DIVERSE. */
const DIVERSE = sql`exists (select 1 from unnest(${contracts.awardeeDiversityCategory}) as d(type) where d.type <> 'NON_DIVERSE')`;

/** Contracts in force at some point of the year: started by its end, not ended before it. */
const inForce = (scope: YearScope): SQL =>
  and(
    ofOrg(scope),
    lte(contracts.startDate, lastDay(scope.year)),
    gte(contracts.endDate, firstDay(scope.year)),
  )!;

const startingIn = (scope: YearScope): SQL =>
  and(
    ofOrg(scope),
    gte(contracts.startDate, firstDay(scope.year)),
    lte(contracts.startDate, lastDay(scope.year)),
  )!;

const toNewContract = (row: ContractRow): NewContract => ({
  id: row.id,
  contractNumber: row.contractNumber,
  contractName: row.contractName,
  supplierName: row.awardeeVendorName,
  diversity: row.awardeeDiversityCategory,
  contractValue: Number(row.contractValue),
  startDate: row.startDate,
});

const largestFirst = [desc(contracts.contractValue), asc(contracts.startDate), asc(contracts.id)];

/** `/api/contract/topNewContract`: contracts starting in the year, largest value first. */
export async function newContracts(db: DbOrTx, scope: YearScope & Page) {
  const where = startingIn(scope);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contracts)
      .where(where)
      .orderBy(...largestFirst)
      .limit(scope.pageSize)
      .offset(pageOffset(scope)),
    db.select({ n: count() }).from(contracts).where(where),
  ]);
  return { rows: rows.map(toNewContract), total: Number(total?.n ?? 0) };
}

/** Every contract starting in the year, for the dashboard's Excel export. */
export async function allNewContracts(db: DbOrTx, scope: YearScope) {
  const rows = await db
    .select()
    .from(contracts)
    .where(startingIn(scope))
    .orderBy(...largestFirst);
  return rows.map(toNewContract);
}

async function inForceCounts(db: DbOrTx, scope: YearScope) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      diverse: sql<number>`(count(*) filter (where ${DIVERSE}))::int`,
      diverseSuppliers: sql<number>`(count(distinct lower(${contracts.awardeeVendorId})) filter (where ${DIVERSE}))::int`,
    })
    .from(contracts)
    .where(inForce(scope));
  return {
    total: Number(row?.total ?? 0),
    diverse: Number(row?.diverse ?? 0),
    diverseSuppliers: Number(row?.diverseSuppliers ?? 0),
  };
}

/** `/api/contract/totalDiverseSupplier`: contracts in force in the year with a diverse awardee. */
export async function totalDiverse(db: DbOrTx, scope: YearScope): Promise<TotalDiverse> {
  const counts = await inForceCounts(db, scope);
  return {
    totalDiverseContracts: counts.diverse,
    totalContracts: counts.total,
    diverseSuppliers: counts.diverseSuppliers,
  };
}

const share = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0;

/** `/api/contract/percentageContract`: diverse vs non-diverse share of the contracts in force. */
export async function percentageContract(
  db: DbOrTx,
  scope: YearScope,
): Promise<PercentageContract> {
  const { total, diverse } = await inForceCounts(db, scope);
  const diverseShare = share(diverse, total);
  return {
    diverse: diverseShare,
    nonDiverse: total > 0 ? Math.round((100 - diverseShare) * 100) / 100 : 0,
    diverseCount: diverse,
    nonDiverseCount: total - diverse,
  };
}

/**
 * `/api/contract/contractPerDiversityMom`: for each month of the year, the contracts that end
 * (complete) in it, diverse and not, and the value of the diverse ones.
 */
export async function contractsPerMonth(db: DbOrTx, scope: YearScope): Promise<ContractMonth[]> {
  const result = await db.execute(sql`
    select extract(month from ${contracts.endDate})::int as month,
           count(*)::int as completed,
           (count(*) filter (where ${DIVERSE}))::int as completed_diverse,
           coalesce(sum(${contracts.contractValue}) filter (where ${DIVERSE}), 0)::text as diverse_value
    from ${contracts}
    where ${ofOrg(scope)}
      and ${contracts.endDate} >= ${firstDay(scope.year)}
      and ${contracts.endDate} <= ${lastDay(scope.year)}
    group by 1`);
  const byMonth = new Map(
    rowsOf(
      result,
      z.object({
        month: z.number(),
        completed: z.number(),
        completed_diverse: z.number(),
        diverse_value: z.string(),
      }),
    ).map((r) => [r.month, r]),
  );
  return MONTHS.map((month, i) => {
    const r = byMonth.get(i + 1);
    const completed = Number(r?.completed ?? 0);
    const completedDiverse = Number(r?.completed_diverse ?? 0);
    return {
      month,
      completed,
      completedDiverse,
      completedNonDiverse: completed - completedDiverse,
      diverseValue: Number(r?.diverse_value ?? 0),
    };
  });
}

/** Everything the year's dashboard shows, read together: its report and its workbook print the same. */
export async function contractDashboardFigures(db: DbOrTx, scope: YearScope) {
  const [months, total, percentage, fresh] = await Promise.all([
    contractsPerMonth(db, scope),
    totalDiverse(db, scope),
    percentageContract(db, scope),
    allNewContracts(db, scope),
  ]);
  return { months, total, percentage, newContracts: fresh };
}
