/**
 * `npm run bench:stall`: how long another organisation waits while one organisation keeps the
 * database busy (docs/database.md, "Turns and time limits").
 *
 *   npm run bench:stall                         both databases
 *   npm run bench:stall -- --only pglite        one of them (pg or pglite)
 *   npm run bench:stall -- --rows 40000         the busy organisation's spend rows (default 20,000)
 *   npm run bench:stall -- --burst 50           its supplier-list requests kept in flight (default 50)
 *   npm run bench:stall -- --seconds 10         how long the burst runs (default 10)
 *
 * Organisation A has `rows` payments to 2,000 suppliers; B has 30. First B's supplier list and
 * the health check are timed alone, then again while A keeps `burst` supplier-list requests in
 * flight (each one answered is replaced at once). Printed: B's and the health check's p50, p95
 * and worst, and how many of A's requests were answered per second. PostgreSQL is
 * BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server (a database named
 * spotzcity_bench_stall is dropped and created); PGlite lives in a temporary directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { spendFiles, spendRows } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { buildSpendRollup } from '../apps/server/src/domain/spend-rollups.ts';
import { createOrg, createUser, PASSWORD } from '../apps/server/test/factories.ts';
import { benchApp, loadAverage, option, percentile, tokenFor } from './common.ts';
import { freshDatabase } from './postgres.ts';

const ROWS = Number(option('rows') ?? '20000');
const BURST = Number(option('burst') ?? '50');
const SECONDS = Number(option('seconds') ?? '10');
const ONLY = option('only');

async function organisation(app: FastifyInstance, database: Database, rows: number) {
  const db = database.db;
  const org = await createOrg(db);
  const user = await createUser(db, { clientRef: org.id, role: 'ROLE_BUYER_ADMIN' });
  const [file] = await db
    .insert(spendFiles)
    .values({ clientRef: org.id, fileName: 'spend.xlsx', rowCount: rows })
    .returning();
  await db.execute(sql`
    insert into ${spendRows} (client_ref, file_id, line_number, vendor_name, supplier_key,
      spend, diversity, is_diverse, payment_date, category)
    select ${org.id}, ${file!.id}, n + 1, 'Vendor ' || (n % 2000), 'name:vendor ' || (n % 2000),
      (n % 997) + 0.25, array['NON_DIVERSE'], false, date '2025-01-01' + (n % 365),
      'Category ' || (n % 40)
    from generate_series(1, ${rows}) as n
  `);
  await buildSpendRollup(db, org.id, file!.id);
  const token = await tokenFor(app, user.email, PASSWORD);
  return (pageNumber = 1) =>
    app.inject({
      method: 'POST',
      url: '/api/supplier/list',
      headers: { authorization: `Bearer ${token}` },
      payload: { pageNumber, limit: 20 },
    });
}

const health = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/health' });

/** Times `request` one after another for `ms`; the sorted timings. */
async function timings(request: () => Promise<{ statusCode: number }>, ms: number) {
  const times: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await request();
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const summary = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
  `worst ${(times.at(-1) ?? 0).toFixed(0)} ms (${times.length} requests)`;

async function measure(kind: 'pglite' | 'pg') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-stall-'));
  const pgDb = kind === 'pg' ? await freshDatabase('spotzcity_bench_stall') : undefined;
  const database = await openDatabase({ dataDir, databaseUrl: pgDb?.url });
  const app = await benchApp(database, dataDir, pgDb?.url);
  try {
    // Roles and permissions, as a first start creates them.
    await bootstrap(database.db, {
      adminEmail: 'bench.admin@example.com',
      adminPassword: 'Bench#Admin2020',
      appName: 'SpotzCity',
      announce: () => {},
    });
    const busy = await organisation(app, database, ROWS);
    const quiet = await organisation(app, database, 30);
    await busy();
    await quiet();
    const alone = await timings(() => quiet(), 2000);
    const healthAlone = await timings(() => health(app), 1000);

    let running = true;
    let answered = 0;
    let page = 0;
    const keepBusy = async () => {
      while (running) {
        await busy((page++ % 50) + 1);
        answered++;
      }
    };
    const burst = Array.from({ length: BURST }, keepBusy);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const during = await timings(() => quiet(), (SECONDS * 1000) / 2);
    const healthDuring = await timings(() => health(app), (SECONDS * 1000) / 2);
    const perSecond = answered / ((performance.now() - started) / 1000);
    running = false;
    await Promise.all(burst);

    console.log(`\n${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}: A ${ROWS} rows, ${BURST} in flight`);
    console.log(`  B's list alone:           ${summary(alone)}`);
    console.log(`  B's list during A's burst: ${summary(during)}`);
    console.log(`  health alone:             ${summary(healthAlone)}`);
    console.log(`  health during the burst:  ${summary(healthDuring)}`);
    console.log(`  A's lists answered:       ${perSecond.toFixed(1)} per second`);
  } finally {
    await app.close();
    await database.close();
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`load average before: ${loadAverage()}`);
for (const kind of ['pglite', 'pg'] as const) {
  if (!ONLY || ONLY === kind) await measure(kind);
}
console.log(`load average after: ${loadAverage()}`);
