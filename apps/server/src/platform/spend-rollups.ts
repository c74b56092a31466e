/**
 * The spend rollup of a file (`spend_rollups`, db/schema/spend.ts): its rows summed per month,
 * supplier, category, state and diversity set. The spend import builds it in its transaction right
 * after inserting the rows, the dashboards read it, and it goes with the file; the benchmark calls
 * this same function after generating rows, and migration 0008 ran the same grouping once for the
 * files that existed before. It lives in platform/ because two features need it (spend writes,
 * spend-dashboards reads).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/** (Re)builds the rollup of one file of an organisation from its rows. */
export async function buildSpendRollup(tx: DbOrTx, clientRef: number, fileId: number) {
  await deleteSpendRollup(tx, clientRef, fileId);
  await tx.execute(sql`
    insert into spend_rollups (client_ref, file_id, month, supplier_key, category, state,
      diversity, is_diverse, spend, row_count, vendor_name, duns)
    select client_ref, file_id, date_trunc('month', payment_date)::date, supplier_key, category,
      state, diversity, is_diverse, sum(spend), count(*), min(vendor_name), min(duns)
    from spend_rows
    where client_ref = ${clientRef} and file_id = ${fileId}
    group by client_ref, file_id, date_trunc('month', payment_date)::date, supplier_key, category,
      state, diversity, is_diverse
  `);
}

/** Removes the rollup of a file (the file's foreign key cascades too; this uses the index). */
export async function deleteSpendRollup(tx: DbOrTx, clientRef: number, fileId: number) {
  await tx.execute(
    sql`delete from spend_rollups where client_ref = ${clientRef} and file_id = ${fileId}`,
  );
}
