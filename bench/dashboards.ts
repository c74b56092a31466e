/**
 * `npm run bench:dashboards`: p50/p95 of every spend-dashboard graph endpoint for an organisation
 * with 500,000 spend rows, in a PostgreSQL database holding 5,000,000 rows across 50
 * organisations (generated in SQL, deterministic). Target: p95 < 150 ms each.
 *
 *   npm run bench:dashboards                         the full size (a fresh database each run)
 *   npm run bench:dashboards -- --scale 0.1          a tenth of it (quick check)
 *   npm run bench:dashboards -- --runs 40            requests per endpoint (default 30)
 *
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; a database
 * named spotzcity_bench_dashboards is dropped and created next to it. Rows are generated in SQL,
 * then each file gets its rollups from `buildSpendRollup`, as an upload does.
 *
 * Its figures, with and without the rollups: bench/README.md (why the rollups: docs/spend.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freshDatabase } from './postgres.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { buildSpendRollup } from '../apps/server/src/domain/spend-rollups.ts';
import { GRAPHS } from '../apps/server/src/modules/spend-dashboards/fixture.ts';
import { benchApp, loadAverage, option, percentile, tokenFor } from './common.ts';

const scale = Number(option('scale') ?? '1');
const runs = Number(option('runs') ?? '30');
const ORGS = 50;
const TOTAL_ROWS = Math.round(5_000_000 * scale);
const TARGET_ROWS = Math.round(500_000 * scale);
const OTHER_ROWS = Math.floor((TOTAL_ROWS - TARGET_ROWS) / (ORGS - 1));
const FILES_PER_ORG = 3;

const NAME = 'spotzcity_bench_dashboards';

const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/** Rows of one organisation, spread over its files, three years, 16 categories and 50 states. */
const generateRows = (clientRef: number, fileIds: number[], rows: number, seed: number) => sql`
  insert into spend_rows (client_ref, file_id, line_number, vendor_name, duns, supplier_key, spend,
    state, diversity, is_diverse, payment_date, category)
  select ${clientRef}, (${sql.param(fileIds)}::int[])[1 + g % ${fileIds.length}], g,
    'Supplier ' || s, lpad(s::text, 9, '0'), 'duns:' || lpad(s::text, 9, '0'),
    round((10 + (hashint4(g + ${seed}) & 65535) * 0.37)::numeric, 2),
    (array['CA','TX','NY','FL','IL','PA','OH','GA','NC','MI','NJ','VA','WA','AZ','MA','TN','IN',
      'MO','MD','WI','CO','MN','SC','AL','LA','KY','OR','OK','CT','UT','IA','NV','AR','MS','KS',
      'NM','NE','ID','WV','HI','NH','ME','MT','RI','DE','SD','ND','AK','VT','WY'])[1 + s % 50],
    case when s % 10 < 3 then array[(array['MBE','WBE','VBE','SDVBE','DoBE','LGBTBE','DBE','SBE',
      'SDB','8A','HUB'])[1 + s % 11]] || case when s % 7 = 0 then array['WBE'] else array[]::text[] end
      else array['NON_DIVERSE'] end,
    s % 10 < 3,
    date '2023-01-01' + (abs(hashint4(g * 7 + ${seed})) % 1095),
    'Category ' || (s % 16)
  from generate_series(1, ${rows}) as g,
    lateral (select 1 + abs(hashint4(g + ${seed} * 31)) % 2000 as s) as pick
`;

async function load() {
  const started = performance.now();
  const { url: databaseUrl } = await freshDatabase(NAME);
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  const { db } = database;
  await bootstrap(db, {
    adminEmail: 'bench.admin@example.com',
    adminPassword: 'Bench#Admin2020',
    appName: 'SpotzCity',
    announce: () => {},
  });
  let target = { clientRef: 0, email: '' };
  for (let org = 0; org < ORGS; org++) {
    const [client] = await db
      .insert(clients)
      .values({
        clientId: `BENCH-${org}`,
        name: `Bench ${org}`,
        email: `bench-${org}@example.com`,
        companyName: `Bench ${org}`,
        type: 'BUYER',
      })
      .returning();
    const files = await db.execute<{ id: number }>(sql`
      insert into spend_files (client_ref, file_name)
      select ${client!.id}, 'spend-' || g || '.xlsx' from generate_series(1, ${FILES_PER_ORG}) g
      returning id
    `);
    const fileIds = (files as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    const rows = org === 0 ? TARGET_ROWS : OTHER_ROWS;
    await db.execute(generateRows(client!.id, fileIds, rows, org));
    // As the import does after inserting a file's rows, so that the graphs read what they read
    // in production.
    for (const fileId of fileIds) await buildSpendRollup(db, client!.id, fileId);
    if (org === 0) {
      const email = 'bench.buyer@example.com';
      await db.insert(users).values({
        name: 'Bench Buyer',
        email,
        passwordHash: await hashPassword('Bench#2020'),
        roleCode: 'ROLE_BUYER_ADMIN',
        clientRef: client!.id,
      });
      target = { clientRef: client!.id, email };
    }
    if (org % 10 === 9) console.log(`  loaded ${org + 1} organisations (${seconds(started)})`);
  }
  await db.execute(sql`analyze spend_rows`);
  // What autovacuum does shortly after a bulk insert (PostgreSQL 13+ vacuums on inserts too): the
  // visibility map lets the rollups' indexes answer without reading the table.
  await db.execute(
    sql`vacuum analyze spend_rollups, spend_rollup_months, spend_rollup_quarters, spend_rollup_suppliers`,
  );
  console.log(
    `Loaded ${TOTAL_ROWS.toLocaleString('en-US')} rows (${TARGET_ROWS.toLocaleString('en-US')} for the measured organisation) in ${seconds(started)}`,
  );
  return { database, databaseUrl, target };
}

async function measure(
  database: Awaited<ReturnType<typeof load>>['database'],
  databaseUrl: string,
  email: string,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-'));
  const app = await benchApp(database, dataDir, databaseUrl);
  const token = await tokenFor(app, email, 'Bench#2020');
  console.log(`\nLoad average before measuring: ${loadAverage()}`);
  console.log(`\n${'endpoint'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
  const failures: string[] = [];
  for (const name of GRAPHS) {
    const times: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: `/api/graph/${name}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { selectedIds: [] },
      });
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (i >= 3) times.push(performance.now() - started); // three warm-up requests
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 >= 150) failures.push(name);
    console.log(
      `${`POST /api/graph/${name}`.padEnd(50)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}`,
    );
  }
  console.log(`Load average after measuring: ${loadAverage()}`);
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    failures.length === 0
      ? '\nEvery endpoint is under the 150 ms p95 target.'
      : `\nOver the 150 ms p95 target: ${failures.join(', ')}`,
  );
}

const { database, databaseUrl, target } = await load();
try {
  await measure(database, databaseUrl, target.email);
} finally {
  await database.close();
}
