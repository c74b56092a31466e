/**
 * The spend rollups of a file (db/schema/spend.ts): its rows summed per month, supplier, category,
 * state and diversity set (`spend_rollups`), and from that per month and diversity set
 * (`spend_rollup_months`), per quarter and supplier (`spend_rollup_quarters`) and per supplier,
 * category, state and diversity set (`spend_rollup_suppliers`). The spend import builds them in its transaction right after
 * inserting the rows, the dashboards read them, and they go with the file; the benchmark calls
 * this same function after generating rows, and migration 0008 ran the same groupings once for
 * the files that existed before. It lives in domain/ because two features need it (spend writes,
 * spend-dashboards reads).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { copyRows } from '../db/copy.ts';
import {
  spendRollupMonths,
  spendRollupQuarters,
  spendRollupSuppliers,
  spendRollups,
  spendRows,
} from '../db/schema/index.ts';
import { groupingByHash } from '../platform/sql.ts';

const TABLES = [spendRollups, spendRollupMonths, spendRollupQuarters, spendRollupSuppliers];

/** The statements buildSpendRollup runs, for a progress bar. */
export const ROLLUP_STEPS = 4;

/**
 * (Re)builds the rollups of one file of an organisation from its rows; `onStep` hears each of
 * the ROLLUP_STEPS tables done.
 */
export async function buildSpendRollup(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
  onStep?: (done: number) => void,
) {
  await deleteSpendRollup(tx, clientRef, fileId);
  // The payment date as a timestamp without time zone: its month, without the time-zone
  // arithmetic of date_trunc's timestamptz form. Hashed: the file's rows were written in this
  // transaction, so the planner knows nothing of them and would sort a million rows. The least
  // name and DUNS by code point, whatever the database's collation, as the import's tally
  // chooses them (docs/import.md).
  await groupingByHash(
    tx,
    sql`
    insert into ${spendRollups} (client_ref, file_id, month, supplier_key, category, state,
      diversity, is_diverse, spend, row_count, vendor_name, duns)
    select client_ref, file_id, date_trunc('month', payment_date::timestamp)::date, supplier_key, category,
      state, diversity, is_diverse, sum(spend), count(*), min(vendor_name collate "C"),
      min(duns collate "C")
    from ${spendRows}
    where client_ref = ${clientRef} and file_id = ${fileId}
    group by client_ref, file_id, date_trunc('month', payment_date::timestamp)::date, supplier_key, category,
      state, diversity, is_diverse
  `,
  );
  onStep?.(1);
  await deriveSpendRollups(tx, clientRef, fileId, onStep);
}

/**
 * Loads the finest rollup of a new file as tallied from its COPY text (modules/spend/
 * rollup-tally.ts: `copy` holds spend_rollups rows, `columns` in their order), then the others
 * from it; `onStep` as buildSpendRollup's.
 */
export async function loadSpendRollup(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
  columns: readonly string[],
  copy: Uint8Array,
  onStep?: (done: number) => void,
) {
  await copyRows(tx, getTableName(spendRollups), columns, copy);
  onStep?.(1);
  await deriveSpendRollups(tx, clientRef, fileId, onStep);
}

/** The coarser rollups of a file, from its finest (steps 2 to 4). */
async function deriveSpendRollups(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
  onStep?: (done: number) => void,
) {
  await tx.execute(sql`
    insert into ${spendRollupMonths} (client_ref, file_id, month, diversity, is_diverse, spend,
      row_count)
    select client_ref, file_id, month, diversity, is_diverse, sum(spend), sum(row_count)
    from ${spendRollups}
    where client_ref = ${clientRef} and file_id = ${fileId}
    group by client_ref, file_id, month, diversity, is_diverse
  `);
  onStep?.(2);
  await tx.execute(sql`
    insert into ${spendRollupQuarters} (client_ref, file_id, quarter, supplier_key, is_diverse,
      spend, row_count)
    select client_ref, file_id, date_trunc('quarter', month)::date, supplier_key, is_diverse,
      sum(spend), sum(row_count)
    from ${spendRollups}
    where client_ref = ${clientRef} and file_id = ${fileId}
    group by client_ref, file_id, date_trunc('quarter', month)::date, supplier_key, is_diverse
  `);
  onStep?.(3);
  await tx.execute(sql`
    insert into ${spendRollupSuppliers} (client_ref, file_id, supplier_key, category, state,
      diversity, is_diverse, spend, row_count, vendor_name, duns, last_month)
    select client_ref, file_id, supplier_key, category, state, diversity, is_diverse, sum(spend),
      sum(row_count), min(vendor_name collate "C"), min(duns collate "C"), max(month)
    from ${spendRollups}
    where client_ref = ${clientRef} and file_id = ${fileId}
    group by client_ref, file_id, supplier_key, category, state, diversity, is_diverse
  `);
  onStep?.(4);
}

/** Removes the rollups of a file (the file's foreign keys cascade too; this uses the indexes). */
export async function deleteSpendRollup(tx: DbOrTx, clientRef: number, fileId: number) {
  for (const table of TABLES) {
    await tx.execute(
      sql`delete from ${table} where client_ref = ${clientRef} and file_id = ${fileId}`,
    );
  }
}
