/**
 * Imports a spend file all-or-nothing (DESIGN.md §5): one transaction; the reader's worker parses
 * and checks the rows (rows.ts) while this thread inserts the previous batch through `unnest`
 * (one statement per batch, 21 array parameters whatever its size). A bad row makes the reader
 * refuse the file with its first 100 problems, and the transaction rolls back what was inserted.
 * The demo seed and the benchmark use this same function.
 */
import { sql } from 'drizzle-orm';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { spendFiles } from '../../db/schema/index.ts';
import { buildSpendRollup } from '../../platform/spend-rollups.ts';
import { readSheet, type XlsxLimits } from '../../platform/xlsx.ts';
import type { SpendRowColumns } from './rows.ts';

const ROW_MODULE = new URL('./rows.ts', import.meta.url);

export const MAX_LISTED_PROBLEMS = 100;

export interface ImportSpendOptions {
  clientRef: number;
  uploadedBy: number | null;
  fileName: string;
  /** The workbook on disk. */
  path: string;
  limits: XlsxLimits;
  /** When the file counts as uploaded (the demo seed backdates its files). */
  createdAt?: Date;
  onUnreadable?: (detail: string) => void;
}

/** Rows as the row module (rows.ts) makes them, column by column, with their sheet lines. */
export interface SpendColumns {
  lines: number[];
  columns: Record<string, unknown[]>;
}

export async function insertChunk(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
  { lines, columns }: SpendColumns,
) {
  const c = (key: keyof SpendRowColumns) => sql.param(columns[key] ?? []);
  await tx.execute(sql`
    insert into spend_rows (
      client_ref, file_id, line_number, vendor_id, vendor_name, duns, supplier_key, spend,
      address_line1, address_line2, city, state, zip, country, fein, ethnicity_category,
      diversity, is_diverse, payment_date, paying_cost_center, paying_division,
      payment_contract_number, category)
    select ${clientRef}, ${fileId}, t.line, t.vendor_id, t.vendor_name, t.duns, t.supplier_key,
      t.spend, t.a1, t.a2, t.city, t.state, t.zip, t.country, t.fein, t.ethnicity,
      string_to_array(t.diversity, ','), t.is_diverse, t.payment_date, t.cost_center,
      t.division, t.contract, t.category
    from unnest(
      ${sql.param(lines)}::int[], ${c('vendorId')}::text[], ${c('vendorName')}::text[],
      ${c('duns')}::text[], ${c('supplierKey')}::text[], ${c('spend')}::numeric[],
      ${c('addressLine1')}::text[], ${c('addressLine2')}::text[], ${c('city')}::text[],
      ${c('state')}::text[], ${c('zip')}::text[], ${c('country')}::text[], ${c('fein')}::text[],
      ${c('ethnicityCategory')}::text[], ${c('diversity')}::text[], ${c('isDiverse')}::boolean[],
      ${c('paymentDate')}::date[], ${c('payingCostCenter')}::text[], ${c('payingDivision')}::text[],
      ${c('paymentContractNumber')}::text[], ${c('category')}::text[]
    ) as t(line, vendor_id, vendor_name, duns, supplier_key, spend, a1, a2, city, state, zip,
      country, fein, ethnicity, diversity, is_diverse, payment_date, cost_center, division,
      contract, category)
  `);
}

interface FileRow {
  id: number;
  file_name: string;
  created_at: string | Date;
  row_count: number;
  total_spend: string;
  first_payment_date: string | null;
  last_payment_date: string | null;
  uploaded_by: string | null;
}

const isoDate = (value: string | Date | null) =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);

export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    fileId: row.id,
    fileName: row.file_name,
    createdOn: new Date(row.created_at).toISOString(),
    rowCount: Number(row.row_count),
    totalSpends: Number(row.total_spend),
    firstPaymentDate: isoDate(row.first_payment_date),
    lastPaymentDate: isoDate(row.last_payment_date),
    uploadedBy: row.uploaded_by,
  };
}

export async function importSpendFile(db: Db, options: ImportSpendOptions): Promise<UploadedFile> {
  return db.transaction(async (tx) => {
    const [file] = await tx
      .insert(spendFiles)
      .values({
        clientRef: options.clientRef,
        fileName: options.fileName,
        uploadedBy: options.uploadedBy,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning({ id: spendFiles.id });
    if (!file) throw new Error('Could not create the file record');

    const batches = readSheet(options.path, {
      columns: SPEND_COLUMNS,
      rowModule: ROW_MODULE,
      maxProblems: MAX_LISTED_PROBLEMS,
      limits: options.limits,
      ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
    });
    for await (const batch of batches) {
      if (batch.columns) {
        await insertChunk(tx, options.clientRef, file.id, {
          lines: batch.lines,
          columns: batch.columns,
        });
      }
    }
    await buildSpendRollup(tx, options.clientRef, file.id);

    const [summary] = rowsOf<FileRow>(
      await tx.execute(sql`
        update spend_files f set
          row_count = s.row_count,
          total_spend = s.total_spend,
          first_payment_date = s.first_payment_date,
          last_payment_date = s.last_payment_date
        from (
          select count(*)::int as row_count, coalesce(sum(spend), 0) as total_spend,
            min(payment_date) as first_payment_date, max(payment_date) as last_payment_date
          from spend_rows where client_ref = ${options.clientRef} and file_id = ${file.id}
        ) s
        where f.id = ${file.id}
        returning f.id, f.file_name, f.created_at, f.row_count, f.total_spend::text,
          f.first_payment_date::text, f.last_payment_date::text,
          (select name from users where id = f.uploaded_by) as uploaded_by
      `),
    );
    if (!summary) throw new Error('Could not summarise the imported file');
    return toUploadedFile(summary);
  });
}
