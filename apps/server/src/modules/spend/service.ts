/**
 * Spend files, suppliers and spend rows of one organisation (spec 01 points 2, 3, 7; DESIGN.md §6).
 * Every query is restricted to the caller's organisation and, for figures, to the selected files
 * (all of them when none is selected): another organisation's file id matches nothing.
 * Money is summed in SQL and leaves the database as text.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { PageRequest } from '@spotzcity/shared/api';
import {
  SPEND_MESSAGES,
  spendRowSchema,
  type SpendRowItem,
  type SpendRowsRequest,
  type SpendTotals,
  type SupplierListItem,
  type SupplierListRequest,
  type SupplierSpend,
  type UploadedFile,
} from '@spotzcity/shared/spend';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import {
  spendFiles,
  spendRows,
  supplierDirectory,
  supplierRatings,
  users,
  vendorMatches,
} from '../../db/schema/index.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { deleteSpendRollup } from '../../domain/spend-rollups.ts';
import { deleteVerifiedRollup } from '../../domain/verified-rollups.ts';
import {
  dbNumber,
  inScope,
  pageOffset,
  pageTotal,
  pageWindow,
  selectAs,
  toNumber,
  type FileScope,
} from '../../platform/sql.ts';
import { supplierDetails, supplierFields, supplierTotalRow } from '../../domain/supplier-rows.ts';
import { fileRecord, toUploadedFile } from './import.ts';

/** The caller's organisation and the files selected in the browser. */
export type Scope = FileScope;

const r = alias(spendRows, 'r');
/** The signed-in user's own ratings. */
const own = alias(supplierRatings, 'sr');
const inFiles = (scope: Scope) => inScope(scope, r.clientRef, r.fileId);
const ofFiles = (scope: Scope) => inScope(scope, spendFiles.clientRef, spendFiles.id);

export async function listFiles(db: DbOrTx, clientRef: number, page: PageRequest) {
  const rows = await db
    .select({ ...fileRecord, uploadedBy: users.name })
    .from(spendFiles)
    .leftJoin(users, eq(users.id, spendFiles.uploadedBy))
    .where(and(eq(spendFiles.clientRef, clientRef), spendFiles.saved))
    .orderBy(desc(spendFiles.createdAt), desc(spendFiles.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ n: count() })
    .from(spendFiles)
    .where(and(eq(spendFiles.clientRef, clientRef), spendFiles.saved));
  return { rows: rows.map(toUploadedFile), total: total?.n ?? 0 };
}

/** The organisation's file with these exact bytes (SHA-256), if it has one. */
export async function sameContentAs(db: DbOrTx, clientRef: number, contentHash: string) {
  const [file] = await db
    .select({ fileName: spendFiles.fileName, createdAt: spendFiles.createdAt })
    .from(spendFiles)
    .where(and(eq(spendFiles.clientRef, clientRef), eq(spendFiles.contentHash, contentHash)))
    .limit(1);
  return file;
}

const dayOf = (value: string | Date) => {
  const [year, month, day] = new Date(value).toISOString().slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
};

/** 409 'This file was already uploaded as NAME on DD/MM/YYYY.' (the day in UTC). */
export const alreadyUploaded = (file: { fileName: string; createdAt: string | Date }) =>
  new Conflict(SPEND_MESSAGES.alreadyUploaded(file.fileName, dayOf(file.createdAt)));

/** Deletes a file of the organisation and its rows; another organisation's file is a 404. */
export async function deleteFile(db: Db, clientRef: number, fileId: number): Promise<UploadedFile> {
  return db.transaction(async (tx) => {
    const file = await deleteFileIn(tx, clientRef, fileId);
    if (!file) throw new NotFound(SPEND_MESSAGES.fileNotFound);
    return file;
  });
}

/**
 * In the caller's transaction: deletes a file of the organisation with its rows and rollups,
 * answering it, or undefined when the organisation has no such file (a file still being imported
 * is not one yet: its import removes it if it fails).
 */
export async function deleteFileIn(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
): Promise<UploadedFile | undefined> {
  const [file] = await tx
    .select({ ...fileRecord, uploadedBy: sql<string | null>`null` })
    .from(spendFiles)
    .where(and(eq(spendFiles.id, fileId), eq(spendFiles.clientRef, clientRef), spendFiles.saved))
    .for('update');
  if (!file) return undefined;
  // Through the (client_ref, file_id) indexes rather than the cascades' scans by file_id alone.
  await deleteSpendRollup(tx, clientRef, fileId);
  await deleteVerifiedRollup(tx, clientRef, fileId);
  await tx
    .delete(spendRows)
    .where(and(eq(spendRows.clientRef, clientRef), eq(spendRows.fileId, fileId)));
  await tx
    .delete(spendFiles)
    .where(and(eq(spendFiles.id, fileId), eq(spendFiles.clientRef, clientRef)));
  return toUploadedFile(file);
}

export async function spendTotals(db: DbOrTx, scope: Scope): Promise<SpendTotals> {
  const [row] = rowsOf(
    await db.execute(sql`
      select count(distinct ${r.fileId})::int as "fileCount", count(*)::int as "rowCount",
        count(distinct ${r.supplierKey})::int as "supplierCount",
        (count(distinct ${r.supplierKey}) filter (where ${r.isDiverse}))::int
          as "diverseSupplierCount",
        coalesce(sum(${r.spend}), 0)::text as total,
        coalesce(sum(${r.spend}) filter (where ${r.isDiverse}), 0)::text as diverse,
        coalesce(sum(${r.spend}) filter (where not ${r.isDiverse}), 0)::text as "nonDiverse",
        coalesce(round(100 * sum(${r.spend}) filter (where ${r.isDiverse})
          / nullif(sum(${r.spend}), 0), 2), 0)::text as "diversePercentage",
        min(${r.paymentDate})::text as "firstPaymentDate",
        max(${r.paymentDate})::text as "lastPaymentDate"
      from ${spendRows} ${r} where ${inFiles(scope)}
    `),
    z.object({
      fileCount: z.number(),
      rowCount: z.number(),
      supplierCount: z.number(),
      diverseSupplierCount: z.number(),
      total: z.string(),
      diverse: z.string(),
      nonDiverse: z.string(),
      diversePercentage: z.string(),
      firstPaymentDate: z.string().nullable(),
      lastPaymentDate: z.string().nullable(),
    }),
  );
  return {
    fileCount: row?.fileCount ?? 0,
    rowCount: row?.rowCount ?? 0,
    supplierCount: row?.supplierCount ?? 0,
    diverseSupplierCount: row?.diverseSupplierCount ?? 0,
    totalSpends: toNumber(row?.total),
    diverseSpends: toNumber(row?.diverse),
    nonDiverseSpends: toNumber(row?.nonDiverse),
    diversePercentage: toNumber(row?.diversePercentage),
    firstPaymentDate: row?.firstPaymentDate ?? null,
    lastPaymentDate: row?.lastPaymentDate ?? null,
  };
}

const supplierRow = supplierTotalRow.extend({
  diversity: z.string(),
  rating_id: z.number().nullable(),
  rating: z.string().nullable(),
  comment: z.string().nullable(),
});
type SupplierRow = z.infer<typeof supplierRow>;

/**
 * Suppliers of the selection, one row per supplier key: total spend; name, address and diversity
 * from the supplier's latest payment (certifications change over time); category = the one it
 * was paid most under. Only the requested page is enriched.
 */
async function supplierPage(
  db: DbOrTx,
  scope: Scope,
  options: {
    sort: SupplierSort;
    limit: number;
    offset: number;
    /** The signed-in user, whose own rating comes with each supplier. */
    raterId?: number;
  },
): Promise<SupplierRow[]> {
  const where = inFiles(scope);
  const direction = options.sort.descending ? sql`desc` : sql`asc`;
  const sortColumn = options.sort.on === 'name' ? sql`sort_name` : sql`total`;
  const rating =
    options.raterId === undefined
      ? sql`null::int as rating_id, null::text as rating, null::text as comment`
      : sql`${own.id} as rating_id, ${own.rating}::text as rating, ${own.comment} as comment`;
  const ratingJoin =
    options.raterId === undefined
      ? sql``
      : sql`left join ${supplierRatings} ${own}
          on ${own.supplierKey} = p.supplier_key and ${own.ratedBy} = ${options.raterId}`;
  return rowsOf(
    await db.execute(sql`
      with totals as (
        select ${r.supplierKey} as supplier_key, sum(${r.spend}) as total,
          min(${r.vendorName}) as sort_name
        from ${spendRows} ${r} where ${where}
        group by ${r.supplierKey}
      ),
      page as (
        select supplier_key, total, sort_name, count(*) over () as total_count
        from totals order by ${sortColumn} ${direction}, supplier_key
        limit ${options.limit} offset ${options.offset}
      ),
      ${supplierDetails(where)}
      select p.supplier_key, p.total::text as total, l.vendor_name as name, l.duns, l.city,
        l.state, l.zip, l.country, array_to_string(l.diversity, ', ') as diversity, c.category,
        ${rating}, p.total_count::int as total_count
      from page p
      join latest l on l.supplier_key = p.supplier_key
      join categories c on c.supplier_key = p.supplier_key
      ${ratingJoin}
      order by p.${sortColumn} ${direction}, p.supplier_key
    `),
    supplierRow,
  );
}

interface SupplierSort {
  on: 'spend' | 'name';
  descending: boolean;
}

/** Suppliers & Spend panel: the suppliers with the largest total spend. */
export async function topSuppliers(
  db: DbOrTx,
  scope: Scope,
  limit: number,
): Promise<SupplierSpend[]> {
  const rows = await supplierPage(db, scope, {
    sort: { on: 'spend', descending: true },
    limit,
    offset: 0,
  });
  return rows.map((r) => ({
    name: r.name,
    duns: r.duns,
    category: r.category,
    diversity: r.diversity,
    totalSpends: toNumber(r.total),
  }));
}

/** All Suppliers list, with the signed-in user's own rating of each. */
export async function listSuppliers(
  db: DbOrTx,
  scope: Scope,
  request: SupplierListRequest,
  raterId: number,
): Promise<{ rows: SupplierListItem[]; total: number }> {
  const on = request.sortOn ?? 'spend';
  // Spend starts with the largest, names from A.
  const descending = (request.sortOrder ?? (on === 'name' ? 'ASC' : 'DESC')) === 'DESC';
  const rows = await supplierPage(db, scope, {
    sort: { on, descending },
    limit: request.pageSize,
    offset: pageOffset(request),
    raterId,
  });
  return {
    total: await pageTotal(
      db,
      rows,
      request,
      sql`select count(distinct ${r.supplierKey})::int as n from ${spendRows} ${r}
        where ${inFiles(scope)}`,
    ),
    rows: rows.map((r) => ({
      ...supplierFields(r),
      diversity: r.diversity,
      totalSpends: toNumber(r.total),
      supplierRatingBo: {
        id: r.rating_id,
        rating: r.rating === null ? 0 : Number(r.rating),
        comment: r.comment,
      },
    })),
  };
}

/** A table view row as the database answers it: the item's fields, the id as the driver gives it, the spend as text. */
const spendRowRecord = spendRowSchema.extend({
  total_count: z.number(),
  id: dbNumber,
  spend: z.string(),
});

/** Table view: the rows of the selected files, in file order or by spend. */
export async function listSpendRows(
  db: DbOrTx,
  scope: Scope,
  request: SpendRowsRequest,
): Promise<{ rows: SpendRowItem[]; total: number }> {
  // `r` is both the spend rows and the page of them: the same columns under the same names.
  const order =
    request.sortOn === 'spend'
      ? (request.sortOrder ?? 'DESC') === 'DESC'
        ? sql`${r.spend} desc, ${r.id}`
        : sql`${r.spend} asc, ${r.id}`
      : sql`${r.fileId}, ${r.lineNumber}`;
  const m = vendorMatches;
  const rows = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: r.id,
        fileId: r.fileId,
        vandorId: r.vendorId,
        name: r.vendorName,
        duns: r.duns,
        spend: sql`${r.spend}::text`,
        addressLine1: r.addressLine1,
        addressLine2: r.addressLine2,
        city: r.city,
        stateOrProvince: r.state,
        zip: r.zip,
        country: r.country,
        fein: r.fein,
        ethnicityCategory: r.ethnicityCategory,
        diversityCategory: sql`array_to_string(${r.diversity}, ', ')`,
        paymentDate: sql`${r.paymentDate}::text`,
        payingCostCenter: r.payingCostCenter,
        payingDivision: r.payingDivision,
        paymentContractNumber: r.paymentContractNumber,
        category: r.category,
        matchRule: m.rule,
        matchScore: m.score,
        matchedSupplier: supplierDirectory.name,
      })},
        -- Rows are saved and deleted a whole file at a time, and each file keeps its row count:
        -- the total is a sum over the selected files, not a count over their rows, and rides on
        -- the page's rows (one round trip, not two).
        (select coalesce(sum(${spendFiles.rowCount}), 0)::int from ${spendFiles}
          where ${ofFiles(scope)}) as total_count
      from (
        -- The page first (read through the rows' index in its order), then its vendors' matches:
        -- joining before the limit made every page join and sort all of the selection's rows.
        select * from ${spendRows} ${r} where ${inFiles(scope)}
        order by ${order}
        ${pageWindow(request)}
      ) ${r}
      left join ${m} on ${m.clientRef} = ${r.clientRef} and ${m.supplierKey} = ${r.supplierKey}
      left join ${supplierDirectory} on ${supplierDirectory.id} = ${m.supplierRef}
      order by ${order}
    `),
    spendRowRecord,
  );
  return {
    total: await pageTotal(
      db,
      rows,
      request,
      sql`select coalesce(sum(${spendFiles.rowCount}), 0)::int as n from ${spendFiles}
        where ${ofFiles(scope)}`,
    ),
    rows: rows.map(({ total_count: _total, ...row }) => ({
      ...row,
      id: Number(row.id),
      spend: toNumber(row.spend),
    })),
  };
}
