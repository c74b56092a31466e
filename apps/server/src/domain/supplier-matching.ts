/**
 * Matching an organisation's spend vendors to the supplier directory. A vendor is a
 * supplier key of its rows (`duns:…` or `name:…`); its match is kept once per organisation in
 * vendor_matches, which every row of the vendor, in every file, reads. The rules, strongest
 * first (the same order as matchRule in packages/shared/src/verified-diversity.ts): same UEI,
 * same DUNS, same FEIN, then the same normalised name (supplier_name_key, migration 0015) with
 * the same state and ZIP, the same ZIP, or the same state.
 *
 * Runs inside the import's transaction after the COPY: one line per vendor, as the import's tally
 * kept them while the rows were COPYed (modules/spend/rollup-tally.ts), or else
 * from one grouped pass over the file's rows; then one indexed lookup per new vendor, so a file of
 * a million rows and a few thousand vendors is never rewritten. A confirmed match is never
 * replaced; an automatic one only by a stronger one.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  spendRows,
  supplierDirectory,
  vendorMatches,
  vendorSuggestions,
} from '../db/schema/index.ts';

/**
 * A vendor (supplier key) of a file with its least name, UEI, DUNS, FEIN, state and
 * five-character ZIP (values, not COPY text; null where every row has none), named as the
 * match's columns.
 */
export interface FileVendor {
  supplier_key: string;
  vendor_name: string;
  uei: string | null;
  duns: string | null;
  fein: string | null;
  state: string | null;
  zip: string | null;
}

export async function matchFileVendors(
  tx: DbOrTx,
  clientRef: number,
  fileId: number,
  tallied?: FileVendor[] | null,
): Promise<void> {
  const vendors = tallied
    ? sql`select * from jsonb_to_recordset(${JSON.stringify(tallied)}::jsonb)
        as v(supplier_key text, vendor_name text, uei text, duns text, fein text, state text,
          zip text)`
    : rowVendors(clientRef, sql`file_id = ${fileId}`);
  await matchVendors(tx, clientRef, vendors);
}

/**
 * Matches one vendor again from every row it has, in every file (an indexed read): what Undo
 * does after clearing a person's decision, so the vendor gets the automatic match the directory
 * gives it now.
 */
export async function rematchVendor(
  tx: DbOrTx,
  clientRef: number,
  supplierKey: string,
): Promise<void> {
  await matchVendors(tx, clientRef, rowVendors(clientRef, sql`supplier_key = ${supplierKey}`));
}

/**
 * The vendors of the organisation's spend rows that meet `where`, each with its least values by
 * code point (whatever the database's collation, as the tally keeps them).
 */
const rowVendors = (clientRef: number, where: SQL) =>
  sql`select supplier_key, min(vendor_name collate "C") as vendor_name,
      min(uei collate "C") as uei, min(duns collate "C") as duns, min(fein collate "C") as fein,
      min(state collate "C") as state, min(left(zip, 5) collate "C") as zip
    from ${spendRows}
    where client_ref = ${clientRef} and ${where}
    group by supplier_key`;

/** Writes the best match of each of `vendors` (a FileVendor row source) by the rules above. */
async function matchVendors(tx: DbOrTx, clientRef: number, vendors: SQL): Promise<void> {
  await tx.execute(sql`
    insert into ${vendorMatches} as m (client_ref, supplier_key, vendor_name, supplier_ref, rule, score)
    select ${clientRef}, v.supplier_key, v.vendor_name, best.id, coalesce(best.rule, 'NONE'),
      coalesce(best.score, 0)
    from (${vendors}) v
    left join lateral (
      select c.id, c.rule, c.score from (
        select d.id, 'UEI' as rule, 100 as score
          from ${supplierDirectory} d where v.uei is not null and d.uei = v.uei
        union all
        select d.id, 'DUNS', 100
          from ${supplierDirectory} d where v.duns is not null and d.duns = v.duns
        union all
        select d.id, 'FEIN', 95
          from ${supplierDirectory} d where v.fein is not null and d.fein = v.fein
        union all
        select n.id,
          case when n.same_state and n.same_zip then 'NAME_STATE_ZIP'
               when n.same_zip then 'NAME_ZIP' else 'NAME_STATE' end,
          case when n.same_state and n.same_zip then 90 when n.same_zip then 85 else 80 end
        from (
          select d.id,
            coalesce(d.state_or_province = v.state, false) as same_state,
            coalesce(left(d.zip, 5) = v.zip, false) as same_zip
          from ${supplierDirectory} d
          where supplier_name_key(d.name) = supplier_name_key(v.vendor_name)
        ) n
        where n.same_state or n.same_zip
      ) c
      order by c.score desc, c.id
      limit 1
    ) best on true
    on conflict (client_ref, supplier_key) do update set
      vendor_name = excluded.vendor_name,
      supplier_ref = excluded.supplier_ref,
      rule = excluded.rule,
      score = excluded.score,
      updated_at = now()
    where not m.confirmed and excluded.score > m.score
  `);
}

/**
 * A directory supplier as the screens that pick one show it (the hand-marking picker and its
 * list, the matching screen's suggestions): a query-builder selection, with `directoryByName`
 * its usual order.
 */
export const directorySupplier = {
  id: supplierDirectory.id,
  name: supplierDirectory.name,
  duns: supplierDirectory.duns,
  city: supplierDirectory.city,
  state: supplierDirectory.stateOrProvince,
};

/** Whether directory supplier `id` exists (a user picked it by id). */
export async function supplierExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await db.$count(supplierDirectory, eq(supplierDirectory.id, id))) > 0;
}

/** Directory suppliers by name, case ignored, then id. */
export const directoryByName = [sql`lower(${supplierDirectory.name})`, supplierDirectory.id];

/**
 * How many nearest names a vendor keeps: the screen's three, and one more in case the vendor's
 * current match is among them.
 */
const KEPT_SUGGESTIONS = 4;

/** The lock a search for suggestions holds shared ('SUGG', migration 0033). */
const SUGGESTIONS_LOCK = 0x53554747;

/**
 * Finds the nearest directory names of the vendors whose suggestions are not kept (or were kept
 * for another name) and keeps them in vendor_suggestions, in a transaction of its own. Read
 * nearest first from the GiST trigram index (`<->` is 1 − similarity), stopping after the names
 * as near as the fourth (rank()'s run condition), so a directory of names that all look alike is
 * never ranked whole; `%` (similarity at least pg_trgm's threshold) then cuts the list, which is
 * a prefix of it since both follow the similarity. Nothing in the plan's costs knows that the
 * reading stops early, so sequential scans are discouraged for the statement (and JIT
 * compilation, which the discouraged costs would trigger).
 */
export async function keepSuggestions(
  db: DbOrTx,
  clientRef: number,
  vendors: { supplierKey: string; vendorName: string }[],
): Promise<void> {
  if (vendors.length === 0) return;
  const s = vendorSuggestions;
  const d = supplierDirectory;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${SUGGESTIONS_LOCK}, 0)`);
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`,
    );
    const name = sql`lower(v.vendor_name)`;
    await tx.execute(sql`
      insert into ${s} (client_ref, supplier_key, vendor_name, supplier_refs, distances)
      select ${clientRef}::int, v.supplier_key, v.vendor_name,
        coalesce(array_agg(n.id order by n.distance, n.id) filter (where n.id is not null), '{}'),
        coalesce(array_agg(n.distance order by n.distance, n.id) filter (where n.id is not null),
          '{}')
      from unnest(${sql.param(vendors.map((v) => v.supplierKey))}::text[],
        ${sql.param(vendors.map((v) => v.vendorName))}::text[]) as v(supplier_key, vendor_name)
      left join lateral (
        select n.id, n.distance from (
          select ${d.id} as id, ${d.name} as name, lower(${d.name}) <-> ${name} as distance,
            rank() over (order by lower(${d.name}) <-> ${name}) as nearness
          from ${d}
        ) n
        where n.nearness <= ${KEPT_SUGGESTIONS} and lower(n.name) % ${name}
        order by n.distance, n.id
        limit ${KEPT_SUGGESTIONS}
      ) n on true
      group by v.supplier_key, v.vendor_name
      on conflict (client_ref, supplier_key) do update set
        vendor_name = excluded.vendor_name,
        supplier_refs = excluded.supplier_refs,
        distances = excluded.distances
    `);
  });
}
