/**
 * Verified diversity in the demo: certificates of the demo organisation's diverse
 * directory suppliers — most valid, some expiring within 90 days, some expired, a few 8(a)
 * suspended, and some diverse suppliers with none at all, so the verified figures sit below the
 * reported ones — and a few directory entries that match vendors only by name and state, so
 * Supplier matching has uncertain vendors to confirm besides those the directory lacks.
 * Deterministic (seeded), offline.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DiversityType } from '@spotzcity/shared/enums';
import { addMonths } from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../client.ts';
import { random, type GeneratedSupplier } from './spend-generator.ts';
import { supplierCertificates, supplierDirectory } from '../schema/index.ts';
import { bare, columnList } from '../../platform/sql.ts';

const dir = supplierDirectory;
const cert = supplierCertificates;
const certificateColumns = columnList(
  cert.clientRef,
  cert.supplierRef,
  cert.diversityType,
  cert.agency,
  cert.certificateNumber,
  cert.issueDate,
  cert.expiryDate,
  cert.status,
  cert.statusDate,
);

const AGENCY_OF: Record<Exclude<DiversityType, 'NON_DIVERSE'>, string> = {
  MBE: 'NMSDC',
  WBE: 'WBENC',
  LGBTBE: 'NGLCC',
  VBE: 'NVBDC',
  SDVBE: 'NVBDC',
  DoBE: 'Disability:IN',
  DBE: 'City agency',
  SBE: 'SBA',
  SDB: 'SBA',
  '8A': 'SBA',
  HUB: 'State agency',
};

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Before the spend import: directory entries for some vendors without a DUNS, under the same
 * name and state but another ZIP (a second location), which the import matches as uncertain.
 */
export async function seedUncertainDirectoryEntries(
  tx: DbOrTx,
  suppliers: readonly GeneratedSupplier[],
) {
  const rng = random(4242);
  const withoutDuns = suppliers.filter((s) => s.duns === null);
  let n = 0;
  for (const s of withoutDuns) {
    if (!rng.chance(0.5)) continue;
    n += 1;
    const zip = String((Number(s.zip) + 37) % 100000).padStart(5, '0');
    await tx.execute(sql`
      insert into ${dir} (${columnList(
        dir.duns,
        dir.name,
        dir.city,
        dir.stateOrProvince,
        dir.zip,
        dir.country,
      )})
      values (${`97${String(10_000_000 + n).slice(1)}`}, ${s.name}, ${s.city}, ${s.state}, ${zip},
        'USA')
      on conflict (${bare(dir.duns)}) do nothing
    `);
  }
}

/** After the spend import: the demo organisation's certificates. */
export async function seedDemoCertificates(
  tx: DbOrTx,
  clientRef: number,
  suppliers: readonly GeneratedSupplier[],
  today: Date,
) {
  const rng = random(2121);
  const directory = new Map(
    rowsOf(
      await tx.execute(sql`select ${dir.id} as id, ${dir.duns} as duns from ${dir}`),
      z.object({ id: z.number(), duns: z.string() }),
    ).map((r) => [r.duns, r.id]),
  );
  const todayIso = iso(today);
  for (const s of suppliers) {
    const id = s.duns ? directory.get(s.duns) : undefined;
    if (!id) continue;
    const types = s.diversity.filter((d) => d !== 'NON_DIVERSE') as (keyof typeof AGENCY_OF)[];
    if (types.length === 0 || rng.chance(0.15)) continue; // diverse in the file, no certificate
    for (const type of types) {
      // Where the certificate stands today: mostly valid, some expiring or lapsed.
      const roll = rng.next();
      const expiry =
        roll < 0.12
          ? addMonths(todayIso, -rng.int(1, 8)) // expired
          : roll < 0.27
            ? iso(new Date(today.getTime() + rng.int(5, 85) * 86_400_000)) // expiring
            : addMonths(todayIso, rng.int(4, 30));
      const issue = addMonths(expiry, -rng.pick([24, 36]));
      const suspended = type === '8A' && rng.chance(0.5);
      await tx.execute(sql`
        insert into ${cert} (${certificateColumns})
        values (${clientRef}, ${id}, ${type}, ${AGENCY_OF[type]},
          ${`${AGENCY_OF[type]
            .replace(/[^A-Z]/gi, '')
            .slice(0, 4)
            .toUpperCase()}-${rng.int(10000, 99999)}`},
          ${issue}, ${expiry}, ${suspended ? 'SUSPENDED' : 'ACTIVE'},
          ${suspended ? addMonths(todayIso, -rng.int(2, 6)) : null})
      `);
    }
  }
}
