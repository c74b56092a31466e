/**
 * Spend files, suppliers and spend rows of one organisation (spec 01 points 2, 3, 7; DESIGN.md §6).
 * Every query is restricted to the caller's organisation and, for figures, to the selected files
 * (all of them when none is selected): another organisation's file id matches nothing.
 * Money is summed in SQL and leaves the database as text.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { PageRequest } from '@spotzcity/shared/api';
import {
  SPEND_MESSAGES,
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
  fileScope,
  pageOffset,
  pageTotal,
  pageWindow,
  toNumber,
  type FileScope,
} from '../../platform/sql.ts';
import {
  supplierDetails,
  supplierFields,
  type SupplierTotalRow,
} from '../../domain/supplier-rows.ts';
import { toUploadedFile } from './import.ts';
import type { MatchRule } from '@spotzcity/shared/verified-diversity';

/** The caller's organisation and the files selected in the browser. */
export type Scope = FileScope;

export async function listFiles(db: DbOrTx, clientRef: number, page: PageRequest) {
  const rows = rowsOf<Parameters<typeof toUploadedFile>[0]>(
    await db.execute(sql`
      select f.id, f.file_name, f.created_at, f.row_count, f.total_spend::text as total_spend,
        f.first_payment_date::text as first_payment_date,
        f.last_payment_date::text as last_payment_date, u.name as uploaded_by
      from ${spendFiles} f left join ${users} u on u.id = f.uploaded_by
      where f.client_ref = ${clientRef}
      order by f.created_at desc, f.id desc
      ${pageWindow(page)}
    `),
  );
  const [total] = await db
    .select({ n: count() })
    .from(spendFiles)
    .where(eq(spendFiles.clientRef, clientRef));
  return { rows: rows.map(toUploadedFile), total: total?.n ?? 0 };
}

/** The organisation's file with these exact bytes (SHA-256), if it has one. */
export async function sameContentAs(db: DbOrTx, clientRef: number, contentHash: string) {
  const [file] = await db
    .select({ file_name: spendFiles.fileName, created_at: spendFiles.createdAt })
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
export const alreadyUploaded = (file: { file_name: string; created_at: string | Date }) =>
  new Conflict(SPEND_MESSAGES.alreadyUploaded(file.file_name, dayOf(file.created_at)));

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
 * answering it, or undefined when the organisation has no such file.
 */
export async function deleteFileIn(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
): Promise<UploadedFile | undefined> {
  const [file] = rowsOf<Parameters<typeof toUploadedFile>[0]>(
    await tx.execute(sql`
      select f.id, f.file_name, f.created_at, f.row_count, f.total_spend::text as total_spend,
        f.first_payment_date::text as first_payment_date,
        f.last_payment_date::text as last_payment_date, null as uploaded_by
      from ${spendFiles} f where f.id = ${fileId} and f.client_ref = ${clientRef}
      for update
    `),
  );
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
  const [row] = rowsOf<{
    file_count: number;
    row_count: number;
    supplier_count: number;
    diverse_supplier_count: number;
    total: string | null;
    diverse: string | null;
    non_diverse: string | null;
    diverse_percentage: string | null;
    first_payment_date: string | null;
    last_payment_date: string | null;
  }>(
    await db.execute(sql`
      select count(distinct r.file_id)::int as file_count, count(*)::int as row_count,
        count(distinct r.supplier_key)::int as supplier_count,
        (count(distinct r.supplier_key) filter (where r.is_diverse))::int as diverse_supplier_count,
        coalesce(sum(r.spend), 0)::text as total,
        coalesce(sum(r.spend) filter (where r.is_diverse), 0)::text as diverse,
        coalesce(sum(r.spend) filter (where not r.is_diverse), 0)::text as non_diverse,
        coalesce(round(100 * sum(r.spend) filter (where r.is_diverse)
          / nullif(sum(r.spend), 0), 2), 0)::text as diverse_percentage,
        min(r.payment_date)::text as first_payment_date,
        max(r.payment_date)::text as last_payment_date
      from ${spendRows} r where ${fileScope(scope)}
    `),
  );
  return {
    fileCount: row?.file_count ?? 0,
    rowCount: row?.row_count ?? 0,
    supplierCount: row?.supplier_count ?? 0,
    diverseSupplierCount: row?.diverse_supplier_count ?? 0,
    totalSpends: toNumber(row?.total),
    diverseSpends: toNumber(row?.diverse),
    nonDiverseSpends: toNumber(row?.non_diverse),
    diversePercentage: toNumber(row?.diverse_percentage),
    firstPaymentDate: row?.first_payment_date ?? null,
    lastPaymentDate: row?.last_payment_date ?? null,
  };
}

interface SupplierRow extends SupplierTotalRow {
  diversity: string;
  rating_id: number | null;
  rating: string | null;
  comment: string | null;
}

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
  const where = fileScope(scope);
  const direction = options.sort.descending ? sql`desc` : sql`asc`;
  const sortColumn = options.sort.on === 'name' ? sql`sort_name` : sql`total`;
  const rating =
    options.raterId === undefined
      ? sql`null::int as rating_id, null::text as rating, null::text as comment`
      : sql`sr.id as rating_id, sr.rating::text as rating, sr.comment`;
  const ratingJoin =
    options.raterId === undefined
      ? sql``
      : sql`left join ${supplierRatings} sr
          on sr.supplier_key = p.supplier_key and sr.rated_by = ${options.raterId}`;
  return rowsOf<SupplierRow>(
    await db.execute(sql`
      with totals as (
        select r.supplier_key, sum(r.spend) as total, min(r.vendor_name) as sort_name
        from ${spendRows} r where ${where}
        group by r.supplier_key
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
      sql`select count(distinct r.supplier_key)::int as n from ${spendRows} r where ${fileScope(scope)}`,
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

interface SpendRowRecord {
  total_count: number;
  id: number | string;
  file_id: number;
  vendor_id: string | null;
  vendor_name: string;
  duns: string | null;
  spend: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  fein: string | null;
  ethnicity_category: string | null;
  diversity: string;
  payment_date: string;
  paying_cost_center: string | null;
  paying_division: string | null;
  payment_contract_number: string | null;
  category: string;
  match_rule: MatchRule | null;
  match_score: number | string | null;
  matched_supplier: string | null;
}

/** Table view: the rows of the selected files, in file order or by spend. */
export async function listSpendRows(
  db: DbOrTx,
  scope: Scope,
  request: SpendRowsRequest,
): Promise<{ rows: SpendRowItem[]; total: number }> {
  const order =
    request.sortOn === 'spend'
      ? (request.sortOrder ?? 'DESC') === 'DESC'
        ? sql`r.spend desc, r.id`
        : sql`r.spend asc, r.id`
      : sql`r.file_id, r.line_number`;
  const rows = rowsOf<SpendRowRecord>(
    await db.execute(sql`
      select r.id, r.file_id, r.vendor_id, r.vendor_name, r.duns, r.spend::text as spend,
        r.address_line1, r.address_line2, r.city, r.state, r.zip, r.country, r.fein,
        r.ethnicity_category, array_to_string(r.diversity, ', ') as diversity,
        r.payment_date::text as payment_date, r.paying_cost_center, r.paying_division,
        r.payment_contract_number, r.category,
        m.rule as match_rule, m.score as match_score, d.name as matched_supplier,
        -- Rows are saved and deleted a whole file at a time, and each file keeps its row count:
        -- the total is a sum over the selected files, not a count over their rows, and rides on
        -- the page's rows (issue #20: one round trip, not two).
        (select coalesce(sum(r.row_count), 0)::int from ${spendFiles} r
          where ${fileScope(scope, 'id')}) as total_count
      from (
        -- The page first (read through the rows' index in its order), then its vendors' matches:
        -- joining before the limit made every page join and sort all of the selection's rows.
        select * from ${spendRows} r where ${fileScope(scope)}
        order by ${order}
        ${pageWindow(request)}
      ) r
      left join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
      left join ${supplierDirectory} d on d.id = m.supplier_ref
      order by ${order}
    `),
  );
  return {
    total: await pageTotal(
      db,
      rows,
      request,
      sql`select coalesce(sum(r.row_count), 0)::int as n from ${spendFiles} r where ${fileScope(scope, 'id')}`,
    ),
    rows: rows.map((r) => ({
      id: Number(r.id),
      fileId: r.file_id,
      vandorId: r.vendor_id,
      name: r.vendor_name,
      duns: r.duns,
      spend: toNumber(r.spend),
      addressLine1: r.address_line1,
      addressLine2: r.address_line2,
      city: r.city,
      stateOrProvince: r.state,
      zip: r.zip,
      country: r.country,
      fein: r.fein,
      ethnicityCategory: r.ethnicity_category,
      diversityCategory: r.diversity,
      paymentDate: r.payment_date,
      payingCostCenter: r.paying_cost_center,
      payingDivision: r.paying_division,
      paymentContractNumber: r.payment_contract_number,
      category: r.category,
      matchRule: r.match_rule,
      matchScore: r.match_score === null ? null : Number(r.match_score),
      matchedSupplier: r.matched_supplier,
    })),
  };
}
