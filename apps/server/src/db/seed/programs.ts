/**
 * The demo organisation's program: 'Small business' and 'Local' categories, a
 * headquarters site, size facts (receipts, employees) for the demo directory, and program goals
 * for this year, so the Spend Dashboard's program card and the Goals Dashboard show something on
 * first start. Runs after the demo spend is matched to the directory.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { rowsOf, type DbOrTx } from '../client.ts';
import { bare, columnList } from '../../platform/sql.ts';
import { loadZipCodes, lookupZip } from '../../domain/zip-codes.ts';
import {
  organisationSites,
  programCategories,
  spendGoals,
  spendRollupSuppliers,
  supplierDirectory,
  vendorMatches,
} from '../schema/index.ts';

const r = alias(spendRollupSuppliers, 'r');
const m = alias(vendorMatches, 'm');
const d = alias(supplierDirectory, 'd');

export async function seedPrograms(db: DbOrTx, clientRef: number, today: Date) {
  // Deterministic size facts: receipts from $0.5M to $60M, 5 to 904 employees.
  const dir = supplierDirectory;
  await db.execute(sql`
    update ${dir} set
      ${bare(dir.annualReceipts)} = ((${dir.id} * 7919) % 120 + 1) * 500000,
      ${bare(dir.employeeCount)} = (${dir.id} * 31) % 900 + 5
    where ${dir.annualReceipts} is null and ${dir.employeeCount} is null
  `);
  // Headquarters: the ZIP of the matched supplier the organisation pays most.
  const [top] = rowsOf(
    await db.execute(sql`
      select ${d.zip} as zip from ${spendRollupSuppliers} ${r}
      join ${vendorMatches} ${m}
        on ${m.clientRef} = ${r.clientRef} and ${m.supplierKey} = ${r.supplierKey}
      join ${supplierDirectory} ${d} on ${d.id} = ${m.supplierRef}
      where ${r.clientRef} = ${clientRef} and ${d.zip} is not null
      group by ${d.zip} order by sum(${r.spend}) desc limit 1
    `),
    z.object({ zip: z.string() }),
  );
  await loadZipCodes();
  const place = lookupZip(top?.zip) ?? lookupZip('60601')!;
  const site = organisationSites;
  await db.execute(sql`
    insert into ${site} (${columnList(
      site.clientRef,
      site.name,
      site.zip,
      site.state,
      site.county,
      site.latitude,
      site.longitude,
    )})
    values (${clientRef}, 'Headquarters', ${place.zip}, ${place.stateCode}, ${place.county},
      ${place.latitude}, ${place.longitude})
  `);
  const local = JSON.stringify({ radiusMiles: 100, states: [place.stateCode], counties: [] });
  const pc = programCategories;
  const inserted = rowsOf(
    await db.execute(sql`
      insert into ${pc} (${columnList(pc.clientRef, pc.name, pc.kind, pc.rule)}) values
        (${clientRef}, 'Small business', 'SMALL', '{}'::jsonb),
        (${clientRef}, 'Local', 'LOCAL', ${local}::jsonb)
      returning ${pc.id} as id, ${pc.name} as name
    `),
    z.object({ id: z.number(), name: z.string() }),
  );
  const year = today.getFullYear();
  for (const [name, target] of [
    ['Small business', 15],
    ['Local', 10],
  ] as const) {
    const id = inserted.find((r) => r.name === name)!.id;
    const g = spendGoals;
    await db.execute(sql`
      insert into ${g} (${columnList(g.clientRef, g.fiscalYear, g.scope, g.name, g.target)})
      values (${clientRef}, ${year}, 'PROGRAM', ${String(id)}, ${target.toFixed(2)})
    `);
  }
}
