/**
 * The demo organisation of the embedded default, so that `npm start` shows a working product.
 * Module issues add their own demo data here. Skipped when the organisation already exists.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { clients, users } from '../schema/index.ts';
import { loadConfig } from '../../config.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { seedProcurementDemo } from './demo-procurement.ts';
import type { Storage } from '../../platform/storage.ts';
import { importSpendFile } from '../../modules/spend/import.ts';
import { seedDemoCertificates, seedUncertainDirectoryEntries } from './certificates.ts';
import { generateSpendRows, generateSuppliers, writeSpendWorkbook } from './spend-generator.ts';
import { seedEvents } from './events.ts';
import { seedDirectory } from './supplier-directory.ts';
import { seedTraining } from './training.ts';
import { seedCostSavings } from './cost-savings.ts';
import { seedGoals } from './goals.ts';
import { seedPrograms } from './programs.ts';
import { seedTier2 } from './tier2.ts';

export const DEMO = {
  clientId: 'ACME',
  companyName: 'Acme Manufacturing',
  password: 'Demo@2020',
  buyerAdmin: { name: 'Alex Morgan', email: 'buyer.admin@acme.example' },
  buyerUser: { name: 'Jordan Lee', email: 'buyer.user@acme.example' },
} as const;

/** `storage` receives the demo files (training material); spend is dated back from `today`. */
export async function seedDemo(db: Db, storage: Storage, today = new Date()) {
  const [existing] = await db.select().from(clients).where(eq(clients.clientId, DEMO.clientId));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO.password);
  const { acme, admin } = await db.transaction(async (tx) => {
    const [acme] = await tx
      .insert(clients)
      .values({
        clientId: DEMO.clientId,
        name: DEMO.buyerAdmin.name,
        email: DEMO.buyerAdmin.email,
        companyName: DEMO.companyName,
        type: 'BUYER',
        contractStartAt: `${today.getFullYear() - 2}-01-01`,
        contractEndAt: `${today.getFullYear() + 3}-12-31`,
      })
      .returning();
    if (!acme) throw new Error('Could not create the demo organisation');
    const [admin] = await tx
      .insert(users)
      .values([
        {
          clientRef: acme.id,
          ...DEMO.buyerAdmin,
          passwordHash,
          roleCode: 'ROLE_BUYER_ADMIN',
          gender: 'FEMALE',
          dateOfBirth: '1986-04-12',
          phone: '3125550147',
        },
        {
          clientRef: acme.id,
          ...DEMO.buyerUser,
          passwordHash,
          roleCode: 'ROLE_BUYER_USER',
          gender: 'MALE',
          dateOfBirth: '1991-09-30',
          phone: '3125550188',
        },
      ])
      .returning();
    if (!admin) throw new Error('Could not create the demo users');
    await seedTraining(tx, storage);
    await seedEvents(tx, today);
    await seedDirectory(tx, DEMO_SUPPLIER_SEED);
    await seedUncertainDirectoryEntries(tx, generateSuppliers(DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED));
    await seedCostSavings(tx, acme.id, today);
    await seedGoals(tx, acme.id, admin.id, today);
    await seedTier2(tx, acme.id, admin.id, passwordHash, today);
    await seedProcurementDemo(
      tx,
      acme.id,
      admin.id,
      today,
      generateSuppliers(DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED),
    );
    return { acme, admin };
  });
  await seedDemoSpend(db, acme.id, admin.id, today);
  await seedDemoCertificates(
    db,
    acme.id,
    generateSuppliers(DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED),
    today,
  );
  await seedPrograms(db, acme.id, today);
  return true;
}
/** Rows per demo spend file, oldest first: about 20,000 payments over three years. */
export const DEMO_SPEND_ROWS = [6_400, 6_700, 7_000] as const;
export const DEMO_SUPPLIERS = 400;
/** The seed of the demo suppliers (Search Supplier's directory can reuse it for the same DUNS). */
export const DEMO_SUPPLIER_SEED = 2020;

const MONTH_NAMES = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * Three spend files of twelve months each, ending with last month, generated from a seed and
 * loaded through the same import as an upload.
 */
async function seedDemoSpend(db: Db, clientRef: number, uploadedBy: number, today: Date) {
  const config = loadConfig({});
  const suppliers = generateSuppliers(DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED);
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
  const dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-demo-'));
  try {
    for (const [yearIndex, rows] of DEMO_SPEND_ROWS.entries()) {
      const yearsBack = DEMO_SPEND_ROWS.length - yearIndex;
      const from = new Date(end);
      from.setUTCFullYear(from.getUTCFullYear() - yearsBack);
      const to = new Date(from);
      to.setUTCFullYear(to.getUTCFullYear() + 1);
      const last = new Date(to.getTime() - 86_400_000);
      const label = (d: Date) => `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
      const fileName = `Acme AP Spend ${label(from)} - ${label(last)}.xlsx`;
      const file = path.join(dir, `${yearIndex}.xlsx`);
      const period = {
        from: from.toISOString().slice(0, 10),
        days: Math.round((to.getTime() - from.getTime()) / 86_400_000),
        yearIndex,
      };
      await writeSpendWorkbook(file, generateSpendRows(suppliers, period, rows, 7));
      await importSpendFile(db, {
        clientRef,
        uploadedBy,
        fileName,
        path: file,
        limits: { ...config.xlsx, maxRows: config.limits.spendRows },
        // Uploaded a few days after each period closed, but never after the seed runs: a file
        // the user uploads now must be listed above the demo's (the newest upload first).
        createdAt: new Date(
          Math.min(
            to.getTime() + (4 + yearIndex) * 86_400_000 + 9.5 * 3_600_000,
            today.getTime() - 3_600_000,
          ),
        ),
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
