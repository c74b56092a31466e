/**
 * `node --import tsx e2e/seed.ts DATA_DIR [DATABASE_URL]`: the demo data and the accounts the
 * journeys sign in with, written where the e2e servers will read them (global-setup.ts runs it
 * before it starts them).
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { openStorage } from '../apps/server/src/platform/storage.ts';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_LAPSING, E2E_USERS } from './fixtures.ts';

/** The demo data and the accounts the journeys sign in with. */
async function seed(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ dataDir, databaseUrl });
  await bootstrap(database.db, {
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    appName: 'SpotzCity',
    announce: () => {},
  });
  // Where the e2e server keeps its files (the database on PostgreSQL).
  await seedDemo(database.db, await openStorage(undefined, database, dataDir));
  const [acme] = await database.db
    .select()
    .from(clients)
    .where(eq(clients.clientId, DEMO.clientId));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of Object.values(E2E_USERS)) {
    await database.db.insert(users).values({
      clientRef: acme!.id,
      name: account.name,
      email: account.email,
      roleCode: account.role,
      passwordHash,
      gender: 'FEMALE',
      dateOfBirth: '1990-01-15',
    });
  }
  const [lapsing] = await database.db
    .insert(clients)
    .values({
      clientId: E2E_LAPSING.clientId,
      name: E2E_LAPSING.user.name,
      email: E2E_LAPSING.user.email,
      companyName: E2E_LAPSING.companyName,
      type: 'BUYER',
      contractStartAt: `${new Date().getFullYear() - 1}-01-01`,
      contractEndAt: `${new Date().getFullYear() + 2}-12-31`,
    })
    .returning();
  await database.db.insert(users).values({
    clientRef: lapsing!.id,
    name: E2E_LAPSING.user.name,
    email: E2E_LAPSING.user.email,
    roleCode: E2E_LAPSING.user.role,
    passwordHash,
    gender: 'MALE',
    dateOfBirth: '1985-06-01',
  });
  await database.close();
}

const [dataDir, databaseUrl] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: node --import tsx e2e/seed.ts DATA_DIR [DATABASE_URL]');
await seed(dataDir, databaseUrl || undefined);
