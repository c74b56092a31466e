/**
 * The demo organisation's program (issue #23): 'Small business' and 'Local' categories, a
 * headquarters site, size facts (receipts, employees) for the demo directory, and program goals
 * for this year, so the Spend Dashboard's program card and the Goals Dashboard show something on
 * first start. Runs after the demo spend is matched to the directory.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../client.ts';
import { loadZipCodes, lookupZip } from '../../domain/zip-codes.ts';
import {
  organisationSites,
  programCategories,
  spendGoals,
  spendRollupSuppliers,
  supplierDirectory,
  vendorMatches,
} from '../schema/index.ts';

export async function seedPrograms(db: DbOrTx, clientRef: number, today: Date) {
  // Deterministic size facts: receipts from $0.5M to $60M, 5 to 904 employees.
  await db.execute(sql`
    update ${supplierDirectory} set
      annual_receipts = ((id * 7919) % 120 + 1) * 500000,
      employee_count = (id * 31) % 900 + 5
    where annual_receipts is null and employee_count is null
  `);
  // Headquarters: the ZIP of the matched supplier the organisation pays most.
  const [top] = rowsOf<{ zip: string }>(
    await db.execute(sql`
      select d.zip from ${spendRollupSuppliers} r
      join ${vendorMatches} m on m.client_ref = r.client_ref and m.supplier_key = r.supplier_key
      join ${supplierDirectory} d on d.id = m.supplier_ref
      where r.client_ref = ${clientRef} and d.zip is not null
      group by d.zip order by sum(r.spend) desc limit 1
    `),
  );
  await loadZipCodes();
  const place = lookupZip(top?.zip) ?? lookupZip('60601')!;
  await db.execute(sql`
    insert into ${organisationSites} (client_ref, name, zip, state, county, latitude, longitude)
    values (${clientRef}, 'Headquarters', ${place.zip}, ${place.stateCode}, ${place.county},
      ${place.latitude}, ${place.longitude})
  `);
  const local = JSON.stringify({ radiusMiles: 100, states: [place.stateCode], counties: [] });
  const inserted = rowsOf<{ id: number; name: string }>(
    await db.execute(sql`
      insert into ${programCategories} (client_ref, name, kind, rule) values
        (${clientRef}, 'Small business', 'SMALL', '{}'::jsonb),
        (${clientRef}, 'Local', 'LOCAL', ${local}::jsonb)
      returning id, name
    `),
  );
  const year = today.getFullYear();
  for (const [name, target] of [
    ['Small business', 15],
    ['Local', 10],
  ] as const) {
    const id = inserted.find((r) => r.name === name)!.id;
    await db.execute(sql`
      insert into ${spendGoals} (client_ref, fiscal_year, scope, name, target)
      values (${clientRef}, ${year}, 'PROGRAM', ${String(id)}, ${target.toFixed(2)})
    `);
  }
}
