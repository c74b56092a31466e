/**
 * The check's tallies of a spend file (modules/spend/rows.ts `tallies`, decision 0298) in the
 * save's transaction: each loaded by COPY into a temporary table dropped at commit, which the
 * vendor matching (supplier-matching.ts) reads instead of the file's rows. Every entry is a
 * group's fields, then its spend and row count; a group may have several entries (a sum split to
 * stay exact), so readers sum them.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { copyRowsFromFile } from '../db/copy.ts';

/** The tallies' temporary tables: their names and columns, in the order of the COPY fields. */
export const SPEND_TALLIES = {
  vendors: {
    table: 'spend_tally_vendors',
    columns: [
      ['supplier_key', 'text'],
      ['vendor_name', 'text'],
      ['uei', 'text'],
      ['duns', 'text'],
      ['fein', 'text'],
      ['state', 'text'],
      ['zip', 'text'],
    ],
  },
} as const;

export type SpendTallyName = keyof typeof SPEND_TALLIES;
/** Tally files by name; the save reads the rows for what has none. */
export type SpendTallyFiles = Partial<Record<SpendTallyName, string>>;

/** A tally's table, to read from (a constant name, never user input). */
export const tallyTable = (name: SpendTallyName): SQL => sql.raw(SPEND_TALLIES[name].table);

/** Loads each tally file into its temporary table (dropped when the transaction ends). */
export async function loadSpendTallies(tx: Tx, files: SpendTallyFiles): Promise<void> {
  for (const name of Object.keys(SPEND_TALLIES) as SpendTallyName[]) {
    const file = files[name];
    if (!file) continue;
    const { table, columns } = SPEND_TALLIES[name];
    const all = [...columns, ['spend', 'numeric'], ['row_count', 'integer']] as const;
    await tx.execute(
      sql.raw(
        `create temporary table ${table} (${all.map(([c, type]) => `${c} ${type}`).join(', ')}) ` +
          'on commit drop',
      ),
    );
    await copyRowsFromFile(
      tx,
      table,
      all.map(([c]) => c),
      file,
    );
  }
}
