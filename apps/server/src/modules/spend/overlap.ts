/**
 * Overlap of a checked file with the organisation's earlier files ("a file whose rows
 * overlap an existing file — same vendor, payment date, spend, contract number — is held with a
 * clear choice"). Each saved file keeps its rows' keys (spend_file_keys, 8 bytes a row, sorted);
 * the new file's keys come from the reading worker. A merge walk per earlier file finds the keys
 * both hold, then each new row is counted once, with its spend, under every file it matches and
 * once in the total. No stored row is read, except once for a file saved before keys were kept.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ImportOverlap } from '@spotzcity/shared/spend-imports';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { spendFileKeys, spendFiles, spendRows } from '../../db/schema/index.ts';
import { columnList, dbNumber, selectAs } from '../../platform/sql.ts';
import { commonKeys, hasKey, keysFromBytes, keysToBytes } from './row-keys.ts';
import { spendRowKey } from './rows.ts';

/** Rows read at a time when a file's keys are made from its stored rows. */
const BACKFILL_PAGE = 50_000;

const pageRow = z.object({
  id: dbNumber,
  line_number: z.number(),
  supplier_key: z.string(),
  payment_date: z.string(),
  spend: z.string(),
  payment_contract_number: z.string().nullable(),
});

/**
 * A file's keys, sorted; made from its rows (and kept) for a file saved before keys were,
 * `pageSize` rows at a time.
 */
export async function fileKeys(
  db: DbOrTx,
  clientRef: number,
  fileId: number,
  pageSize = BACKFILL_PAGE,
) {
  // As base64 text: PGlite turns a bytea into bytes one JavaScript value at a time, which for a
  // million-row file's 8 MB took hundreds of megabytes. One part at a time (saveFileKeys).
  const parts: Buffer[] = [];
  for (;;) {
    const k = spendFileKeys;
    const [stored] = rowsOf(
      await db.execute(sql`
        select encode(${k.rowKeys}, 'base64') as keys from ${k}
        where ${k.fileId} = ${fileId} and ${k.clientRef} = ${clientRef}
          and ${k.part} = ${parts.length}
      `),
      z.object({ keys: z.string() }),
    );
    if (!stored) break;
    parts.push(Buffer.from(stored.keys, 'base64'));
  }
  if (parts.length > 0) return keysFromBytes(Buffer.concat(parts));

  // Pages in sheet order, which the (client_ref, file_id, line_number) index serves (decision
  // 292); the keys are sorted here, so the rows' order does not matter.
  const keys: number[] = [];
  let after: { line: number; id: number } | undefined;
  const r = spendRows;
  for (;;) {
    const afterLast = after
      ? sql`and (${r.lineNumber}, ${r.id}) > (${after.line}::int, ${after.id}::bigint)`
      : sql``;
    const page = rowsOf(
      await db.execute(sql`
        select ${selectAs({
          id: r.id,
          line_number: r.lineNumber,
          supplier_key: r.supplierKey,
          payment_date: sql`${r.paymentDate}::text`,
          spend: sql`${r.spend}::text`,
          payment_contract_number: r.paymentContractNumber,
        })}
        from ${r}
        where ${r.clientRef} = ${clientRef} and ${r.fileId} = ${fileId}
          ${afterLast}
        order by ${r.lineNumber}, ${r.id}
        limit ${pageSize}
      `),
      pageRow,
    );
    for (const r of page) {
      keys.push(spendRowKey(r.supplier_key, r.payment_date, r.spend, r.payment_contract_number));
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) break;
    after = { line: last.line_number, id: Number(last.id) };
  }
  const sorted = Float64Array.from(keys).sort();
  await saveFileKeys(db, clientRef, fileId, sorted).catch(() => {
    // Saved meanwhile by another import's check, or the file was deleted: nothing to keep.
  });
  return sorted;
}

/**
 * Keys kept per row of spend_file_keys (512 KB). On the embedded database a statement and its
 * value are copied into PGlite's memory, which never shrinks: a million-row file's keys in one
 * statement made the server hold ~50 MB more for good (docs/import.md).
 */
export const KEYS_PER_PART = 65_536;

/**
 * Keeps a file's sorted keys, in parts of KEYS_PER_PART (part 0 even for a file without rows),
 * all or none; sent as base64 text for the same reason as above.
 */
export async function saveFileKeys(
  db: DbOrTx,
  clientRef: number,
  fileId: number,
  sorted: Float64Array,
) {
  await db.transaction(async (tx) => {
    for (let part = 0; part === 0 || part * KEYS_PER_PART < sorted.length; part += 1) {
      const keys = sorted.subarray(part * KEYS_PER_PART, (part + 1) * KEYS_PER_PART);
      const encoded = keysToBytes(keys).toString('base64');
      await tx.execute(sql`
        insert into ${spendFileKeys} (${columnList(
          spendFileKeys.fileId,
          spendFileKeys.part,
          spendFileKeys.clientRef,
          spendFileKeys.rowKeys,
        )})
        values (${fileId}, ${part}, ${clientRef}, decode(${encoded}, 'base64'))
      `);
    }
  });
}

/**
 * How the new file's rows (their keys and cents, in row order) overlap the organisation's saved
 * files; null when no row does.
 */
export async function overlapWithSavedFiles(
  db: DbOrTx,
  clientRef: number,
  keys: Float64Array,
  cents: Float64Array,
): Promise<ImportOverlap | null> {
  const sorted = Float64Array.from(keys).sort();
  const files = await db
    .select({ id: spendFiles.id, fileName: spendFiles.fileName })
    .from(spendFiles)
    .where(and(eq(spendFiles.clientRef, clientRef), spendFiles.saved))
    .orderBy(asc(spendFiles.id));
  const matches: { fileId: number; fileName: string; common: Float64Array }[] = [];
  for (const file of files) {
    const common = commonKeys(sorted, await fileKeys(db, clientRef, file.id));
    if (common.length > 0) matches.push({ fileId: file.id, fileName: file.fileName, common });
  }
  if (matches.length === 0) return null;

  const perFile = matches.map(() => ({ rows: 0, cents: 0n }));
  let rows = 0;
  let total = 0n;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i]!;
    let counted = false;
    for (let f = 0; f < matches.length; f += 1) {
      if (!hasKey(matches[f]!.common, key)) continue;
      const amount = BigInt(cents[i]!);
      perFile[f]!.rows += 1;
      perFile[f]!.cents += amount;
      if (!counted) {
        counted = true;
        rows += 1;
        total += amount;
      }
    }
  }
  return {
    rows,
    spend: Number(total) / 100,
    files: matches.map((m, f) => ({
      fileId: m.fileId,
      fileName: m.fileName,
      rows: perFile[f]!.rows,
      spend: Number(perFile[f]!.cents) / 100,
    })),
  };
}
