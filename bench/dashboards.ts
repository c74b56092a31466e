/**
 * `npm run bench:dashboards`: p50/p95 of every figure endpoint and every dashboard export for an
 * organisation with 1,000,000 spend rows in a PostgreSQL database holding 5,000,000 rows across
 * 50 organisations (generated in SQL, deterministic), with a directory of 100,000 suppliers,
 * 60,000 certificates over several agencies (expiries spread over the years, some lapsing, some
 * renewed, some suspended; a twentieth the organisation's own), matches for most vendors (a tenth
 * uncertain, a tenth none; names from word lists, so that similar names abound), a verified
 * counting policy with a month's grace, goals for the year, six program categories with their
 * targets and 20 Tier 2 primes reporting every quarter of three years. Targets: every figure p95 < 100 ms, every export < 3 s (its p95 over fewer requests).
 *
 *   npm run bench:dashboards                         the full size (a fresh database each run)
 *   npm run bench:dashboards -- --scale 0.1          a tenth of every count (quick check)
 *   npm run bench:dashboards -- --scale 0.1,0.3,1    each size in turn (a fresh database and
 *                                                    process each), then every endpoint's p95
 *                                                    at each size and how it grew against the rows
 *   npm run bench:dashboards -- --runs 40            requests per figure (default 30)
 *   npm run bench:dashboards -- --embedded           the embedded database: one organisation of
 *                                                    200,000 rows (× scale); target p95 < 400 ms
 *
 * The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; a database
 * named spotzcity_bench_dashboards is dropped and created next to it. Rows are generated in SQL,
 * then each file gets its rollups from `buildSpendRollup`, as an upload does, and the measured
 * organisation its verified rollups as its first verified figure builds them (timed). Current
 * figures: bench/README.md (why the rollups: docs/spend.md).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { freshDatabase } from './postgres.ts';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { buildSpendRollup } from '../apps/server/src/domain/spend-rollups.ts';
import { refreshVerifiedRollups } from '../apps/server/src/domain/verified-rollups.ts';
import { GRAPHS } from '../apps/server/src/modules/spend-dashboards/fixture.ts';
import { benchApp, loadAverage, option, percentile, tokenFor } from './common.ts';
import { FIRST, SECOND, SUFFIX, TRADE } from './supplier-names.ts';

const scales = (option('scale') ?? '1').split(',').map(Number);
if (scales.some((s) => !(s > 0)))
  throw new Error('--scale takes positive numbers: 0.1 or 0.1,0.3,1');
const scale = scales[0]!;
const runs = Number(option('runs') ?? '30');
const embedded = process.argv.includes('--embedded');
const ORGS = embedded ? 1 : 50;
const TARGET_ROWS = Math.round((embedded ? 200_000 : 1_000_000) * scale);
const TOTAL_ROWS = embedded ? TARGET_ROWS : Math.round(5_000_000 * scale);
const OTHER_ROWS = ORGS > 1 ? Math.floor((TOTAL_ROWS - TARGET_ROWS) / (ORGS - 1)) : 0;
const FILES_PER_ORG = 3;
/** Vendors per organisation: the measured one's grow with its rows. */
const VENDORS = Math.max(200, Math.round(4_000 * scale));
const DIRECTORY = Math.round(100_000 * scale);
const CERTIFICATES = Math.round(60_000 * scale);
const FIGURE_TARGET_MS = embedded ? 400 : 100;
const EXPORT_TARGET_MS = 3_000;
const EXPORT_RUNS = 5;

const NAME = 'spotzcity_bench_dashboards';

const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

/**
 * Rows of one organisation, spread over its files, three years, 16 categories and 50 states; the
 * vendor `s` has DUNS `s`, as directory supplier `s` does, and the name `names[s]`.
 */
const generateRows = (
  clientRef: number,
  fileIds: number[],
  rows: number,
  seed: number,
  names: string[],
) => sql`
  insert into spend_rows (client_ref, file_id, line_number, vendor_name, duns, supplier_key, spend,
    state, diversity, is_diverse, payment_date, category)
  select ${clientRef}, (${sql.param(fileIds)}::int[])[1 + g % ${fileIds.length}], g,
    (${sql.param(names)}::text[])[s], lpad(s::text, 9, '0'), 'duns:' || lpad(s::text, 9, '0'),
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
    lateral (select 1 + abs(hashint4(g + ${seed} * 31)) % ${VENDORS} as s) as pick
`;

/** Primary NAICS codes of the directory (each in the SBA size standards). */
const NAICS = [
  '541512',
  '541611',
  '561210',
  '484121',
  '423840',
  '423510',
  '423610',
  '322211',
  '424120',
  '323111',
  '561320',
  '236220',
];

/**
 * The directory (supplier `i` has DUNS `i`, a name from the word lists, a NAICS code, receipts,
 * employees, a twentieth veteran-owned and a thirty-third in a HUBZone) and its certificates: certificate `i` belongs to
 * supplier 1 + i mod 40% of the directory, so most suppliers hold one or two and the renewals
 * follow one another; issue dates over 2021–2024, one to three years each, a twentieth suspended
 * part-way, agencies in turn (a few self-certified), types by supplier.
 */
async function generateDirectory(db: Database['db'], ownerRef: number) {
  const h = (salt: number) => sql.raw(`(hashint4(i * 31 + ${salt}) & 2147483647)`);
  const words = (list: string[], salt: number) =>
    sql`(${sql.param(list)}::text[])[1 + ${h(salt)} % ${list.length}]`;
  await db.execute(sql`
    insert into supplier_directory (duns, name, state_or_province, zip, primary_naics_code,
      annual_receipts, employee_count, certifications)
    select lpad(i::text, 9, '0'),
      ${words(FIRST, 1)} || ' ' || ${words(SECOND, 2)} || ' ' || ${words(TRADE, 3)} || ' ' || ${words(SUFFIX, 4)},
      (array['CA','TX','NY','FL','IL','PA','OH','GA'])[1 + i % 8], lpad((10000 + i % 89999)::text, 5, '0'),
      ${words(NAICS, 5)}, ${h(6)} % 40000000, ${h(7)} % 800,
      case when ${h(8)} % 20 = 0 then array['VBE'] when ${h(8)} % 33 = 0 then array['HUB']
        else array[]::text[] end
    from generate_series(1, ${DIRECTORY}) i
  `);
  const holders = Math.max(1, Math.round(DIRECTORY * 0.4));
  await db.execute(sql`
    insert into supplier_certificates (client_ref, supplier_ref, diversity_type, agency,
      certificate_number, issue_date, expiry_date, status, status_date)
    select case when i % 20 = 0 then ${ownerRef}::int end, d.id,
      (array['MBE','WBE','VBE','SDVBE','DoBE','LGBTBE','DBE','SBE','SDB','8A','HUB'])[1 + k % 11],
      (array['NMSDC','WBENC','NVBDC','NGLCC','SBA','State agency','Self-certification'])[1 + i % 7],
      'C-' || i, issue, issue + 365 * (1 + i % 3),
      case when i % 20 = 7 then 'SUSPENDED' else 'ACTIVE' end,
      case when i % 20 = 7 then issue + 200 end
    from generate_series(1, ${CERTIFICATES}) i
      cross join lateral (select 1 + i % ${holders} as k) pick
      cross join lateral (select date '2021-01-01' + (i / ${holders}) * 400 + abs(hashint4(i)) % 400 as issue) dates
    join supplier_directory d on d.duns = lpad(k::text, 9, '0')
  `);
}

/**
 * Each vendor's match as the import makes it: eight in ten by DUNS (certain), one by name and
 * state (uncertain), one none.
 */
const generateMatches = (clientRef: number) => sql`
  insert into vendor_matches (client_ref, supplier_key, vendor_name, supplier_ref, rule, score)
  select ${clientRef}, v.supplier_key, min(v.vendor_name),
    case when s % 10 < 9 then d.id end,
    case when s % 10 < 8 then 'DUNS' when s % 10 = 8 then 'NAME_STATE' else 'NONE' end,
    case when s % 10 < 8 then 100 when s % 10 = 8 then 80 else 0 end
  from spend_rows v
  cross join lateral (select substr(v.supplier_key, 6)::int as s) key
  left join supplier_directory d on d.duns = substr(v.supplier_key, 6)
  where v.client_ref = ${clientRef}
  group by v.supplier_key, s, d.id
`;

/**
 * The vendors' names, 1-based like `s`: a directory supplier's own name (the DUNS matches and the
 * uncertain name matches), and for the vendors without a match a name the directory lacks but
 * resembles, as the matching screen meets them.
 */
async function vendorNames(db: Database['db']): Promise<string[]> {
  const [row] = rowsOf(
    await db.execute(sql`
      select array_agg(case when i % 10 = 9 then d.name || ' Holdings' else d.name end order by i)
        as names
      from generate_series(1, ${VENDORS}) i
      join supplier_directory d on d.duns = lpad(i::text, 9, '0')
    `),
    z.object({ names: z.array(z.string()) }),
  );
  return row!.names;
}

/**
 * The measured organisation's program categories (one of each kind, one of two conditions, a
 * site for the local radius and a hand-picked hundredth of its matched suppliers) and its Tier 2:
 * 20 primes reporting every quarter of three years, direct spend per type and their own diverse
 * spend per type (allocated by the buyer's share of their revenue).
 */
async function generatePrograms(db: Database['db'], clientRef: number) {
  await db.execute(sql`
    insert into organisation_sites (client_ref, name, zip, state, county, latitude, longitude)
    values (${clientRef}, 'Head office', '60601', 'IL', 'Cook', 41.8858, -87.6181)
  `);
  const local = { radiusMiles: 150, states: ['IN', 'WI'], counties: ['Cook County, IL'] };
  await db.execute(sql`
    insert into program_categories (client_ref, name, kind, rule) values
      (${clientRef}, 'Small business', 'SMALL', '{}'),
      (${clientRef}, 'Local', 'LOCAL', ${JSON.stringify(local)}::jsonb),
      (${clientRef}, 'Veteran-owned', 'VETERAN', '{}'),
      (${clientRef}, 'HUBZone', 'HUBZONE', '{}'),
      (${clientRef}, 'Small and local', 'SMALL',
        ${JSON.stringify({ ...local, also: ['LOCAL'], match: 'ALL' })}::jsonb),
      (${clientRef}, 'Hand-picked', 'MANUAL', '{}')
  `);
  await db.execute(sql`
    insert into program_category_suppliers (category_ref, client_ref, supplier_ref)
    select c.id, ${clientRef}, m.supplier_ref
    from program_categories c
    join vendor_matches m on m.client_ref = c.client_ref and m.supplier_ref is not null
      and m.supplier_ref % 100 = 0
    where c.client_ref = ${clientRef} and c.kind = 'MANUAL'
  `);
  // A target for each category beside the year's other goals.
  await db.execute(sql`
    insert into spend_goals (client_ref, fiscal_year, scope, name, target)
    select ${clientRef}, 2025, 'PROGRAM', id::text, 10 from program_categories
    where client_ref = ${clientRef}
  `);
  const primes = await db.execute<{ id: number }>(sql`
    with prime as (
      insert into clients (client_id, name, email, company_name, type)
      select 'BENCH-PRIME-' || p, 'Prime ' || p, 'prime-' || p || '@example.com', 'Prime ' || p,
        'SUPPLIER'
      from generate_series(1, 20) p
      returning id, company_name, email
    )
    insert into tier2_primes (buyer_client_ref, prime_client_ref, company_name, contact_name,
      contact_email, first_year, first_quarter)
    select ${clientRef}, id, company_name, 'Contact', email, 2023, 1 from prime
    returning id
  `);
  const primeIds = rowsOf(primes, z.object({ id: z.number() })).map((p) => p.id);
  await db.execute(sql`
    insert into tier2_reports (prime_ref, year, quarter, total_revenue, buyer_revenue, source)
    select p, y, q, 50000000 + (abs(hashint4(p * 7 + y * 5 + q)) % 50000000),
      1000000 + (abs(hashint4(p * 11 + y * 3 + q)) % 9000000), 'FORM'
    from unnest(${sql.param(primeIds)}::int[]) p, generate_series(2023, 2025) y,
      generate_series(1, 4) q
  `);
  await db.execute(sql`
    insert into tier2_report_lines (report_ref, kind, diversity_type, amount)
    select r.id, k, t, round((abs(hashint4(r.id * 17 + length(t) + length(k))) % 20000000) / 100.0, 2)
    from tier2_reports r
    join tier2_primes p on p.id = r.prime_ref and p.buyer_client_ref = ${clientRef},
      unnest(array['DIRECT', 'PRIME_DIVERSE']) k,
      unnest(array['MBE','WBE','VBE','SDVBE','DoBE','LGBTBE','DBE','SBE','SDB','8A','HUB']) t
  `);
}

async function load() {
  const started = performance.now();
  let database: Database;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  if (embedded) {
    dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-pglite-'));
    database = await openDatabase({ dataDir });
  } else {
    databaseUrl = (await freshDatabase(NAME)).url;
    database = await openDatabase({ databaseUrl, dataDir: '' });
  }
  const { db } = database;
  await bootstrap(db, {
    adminEmail: 'bench.admin@example.com',
    adminPassword: 'Bench#Admin2020',
    appName: 'SpotzCity',
    announce: () => {},
  });
  let target = { clientRef: 0, email: '' };
  let names: string[] = [];
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
    if (org === 0) {
      await generateDirectory(db, client!.id);
      names = await vendorNames(db);
    }
    const files = await db.execute<{ id: number }>(sql`
      insert into spend_files (client_ref, file_name)
      select ${client!.id}, 'spend-' || g || '.xlsx' from generate_series(1, ${FILES_PER_ORG}) g
      returning id
    `);
    const fileIds = (files as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
    const rows = org === 0 ? TARGET_ROWS : OTHER_ROWS;
    await db.execute(generateRows(client!.id, fileIds, rows, org, names));
    // As the import does after inserting a file's rows, so that the graphs read what they read
    // in production.
    for (const fileId of fileIds) await buildSpendRollup(db, client!.id, fileId);
    await db.execute(generateMatches(client!.id));
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
      await db.execute(sql`
        insert into certificate_policies (client_ref, grace_months, counting_rule)
        values (${client!.id}, 1, 'VERIFIED')
      `);
      await db.execute(sql`
        insert into spend_goals (client_ref, fiscal_year, scope, name, target) values
          (${client!.id}, 2025, 'OVERALL', '', 25), (${client!.id}, 2025, 'DIVERSITY', 'MBE', 8),
          (${client!.id}, 2025, 'DIVERSITY', 'WBE', 6),
          (${client!.id}, 2025, 'CATEGORY', 'Category 3', 30)
      `);
      await generatePrograms(db, client!.id);
    }
    if (org % 10 === 9) console.log(`  loaded ${org + 1} organisations (${seconds(started)})`);
  }
  await db.execute(sql`analyze spend_rows`);
  // What autovacuum does shortly after a bulk insert (PostgreSQL 13+ vacuums on inserts too): the
  // visibility map lets the rollups' indexes answer without reading the table.
  await db.execute(
    sql`vacuum analyze spend_rollups, spend_rollup_months, spend_rollup_quarters, spend_rollup_suppliers, supplier_directory, supplier_certificates, vendor_matches`,
  );
  console.log(
    `Loaded ${TOTAL_ROWS.toLocaleString('en-US')} rows (${TARGET_ROWS.toLocaleString('en-US')} for the measured organisation, ${VENDORS.toLocaleString('en-US')} vendors), ${DIRECTORY.toLocaleString('en-US')} directory suppliers and ${CERTIFICATES.toLocaleString('en-US')} certificates in ${seconds(started)}`,
  );
  const built = performance.now();
  await refreshVerifiedRollups(db, target.clientRef);
  console.log(`Verified rollups of the measured organisation built in ${seconds(built)}`);
  await db.execute(
    sql`vacuum analyze verified_rollups, verified_rollup_suppliers, verified_rollup_certificates, goal_rollups, goal_verified_rollups, goal_vendor_years`,
  );
  return { database, databaseUrl, dataDir, target };
}

interface Endpoint {
  name: string;
  url: string;
  payload: object;
  export?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  ...GRAPHS.map((name) => ({
    name: `graph ${name}`,
    url: `/api/graph/${name}`,
    payload: { selectedIds: [] },
  })),
  { name: 'graph verifiedSpend', url: '/api/graph/verifiedSpend', payload: { selectedIds: [] } },
  {
    name: 'graph verifiedSpend (addressable)',
    url: '/api/graph/verifiedSpend?base=addressable',
    payload: { selectedIds: [] },
  },
  {
    name: 'graph verifiedSuppliers',
    url: '/api/graph/verifiedSuppliers',
    payload: { selectedIds: [] },
  },
  {
    name: 'graph goals (verified)',
    url: '/api/graph/goals',
    payload: { selectedIds: [], fiscalYear: 2025, countingRule: 'VERIFIED' },
  },
  {
    name: 'graph goals (reported)',
    url: '/api/graph/goals',
    payload: { selectedIds: [], fiscalYear: 2025, countingRule: 'REPORTED' },
  },
  { name: 'graph programSpend', url: '/api/graph/programSpend', payload: { selectedIds: [] } },

  { name: 'tier2 figures', url: '/api/tier2/figures', payload: {} },
  {
    name: 'supplierMatching rate',
    url: '/api/supplierMatching/rate',
    payload: { selectedIds: [] },
  },
  { name: 'supplierMatching list', url: '/api/supplierMatching/list', payload: { pageNumber: 0 } },
  { name: 'certificates list', url: '/api/certificates/list', payload: { pageNumber: 0 } },
  {
    name: 'table view (page 1)',
    url: '/api/supplier/spendRows',
    payload: { selectedIds: [], pageNumber: 0, pageSize: 20 },
  },
  {
    name: 'supplier search (state IL)',
    url: '/api/searchSupplier/list',
    payload: { state: 'IL', pageNumber: 0 },
  },
  ...(['pdf', 'pptx'] as const).map((format) => ({
    name: `export spend ${format} (verified)`,
    url: `/api/report/spend/${format}`,
    payload: { selectedIds: [], countingRule: 'VERIFIED' },
    export: true,
  })),
  {
    name: 'export spend xlsx (verified)',
    url: '/api/excel/spend',
    payload: { excel: true, spendData: { selectedIds: [], countingRule: 'VERIFIED' } },
    export: true,
  },
  {
    name: 'export goals xlsx (verified)',
    url: '/api/excel/goals',
    payload: {
      excel: true,
      spendData: { selectedIds: [], fiscalYear: 2025, countingRule: 'VERIFIED' },
    },
    export: true,
  },
];

async function measure(database: Database, databaseUrl: string | undefined, email: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-'));
  const app = await benchApp(database, dataDir, databaseUrl);
  const token = await tokenFor(app, email, 'Bench#2020');
  console.log(`\nLoad average before measuring: ${loadAverage()}`);
  console.log(
    `\n${'endpoint'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'target'.padStart(10)}`,
  );
  const failures: string[] = [];
  for (const endpoint of ENDPOINTS) {
    const times: number[] = [];
    const count = endpoint.export ? EXPORT_RUNS : runs;
    const warmUp = endpoint.export ? 1 : 3;
    for (let i = 0; i < count + warmUp; i++) {
      const started = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: endpoint.url,
        headers: { authorization: `Bearer ${token}` },
        payload: endpoint.payload,
      });
      if (res.statusCode !== 200) {
        throw new Error(`${endpoint.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      if (i >= warmUp) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const target = endpoint.export ? EXPORT_TARGET_MS : FIGURE_TARGET_MS;
    const met = p95 < target;
    if (!met) failures.push(endpoint.name);
    console.log(
      `${endpoint.name.padEnd(40)} ${percentile(times, 50).toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${`< ${target}`.padStart(8)} ${met ? 'met' : 'MISSED'}`,
    );
  }
  console.log(`Load average after measuring: ${loadAverage()}`);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    failures.length === 0
      ? '\nEvery endpoint is within its target.'
      : `\nOver the target: ${failures.join(', ')}`,
  );
}

/** One line of `measure`'s table: the endpoint, p50, p95. */
const RESULT = /^(.{40}) +([\d.]+) +([\d.]+) +< +\d+ (?:met|MISSED)$/;

/**
 * Each size in a process of its own (this script with one `--scale`), one after the other, its
 * output passed on as it comes; then each endpoint's p95 per size and, from the smallest size to
 * the largest, how many times it grew beside how many times the rows did.
 */
async function growth() {
  const rest = process.argv
    .slice(2)
    .filter((a, i, all) => a !== '--scale' && all[i - 1] !== '--scale');
  const p95s = new Map<string, number[]>();
  const loads: string[] = [];
  for (const [at, size] of scales.entries()) {
    console.log(`\n=== --scale ${size} ===`);
    const child = spawn(
      process.execPath,
      [...process.execArgv, process.argv[1]!, ...rest, '--scale', String(size)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    for await (const line of createInterface({ input: child.stdout! })) {
      console.log(line);
      const result = RESULT.exec(line);
      if (result) {
        const name = result[1]!.trim();
        const row = p95s.get(name) ?? [];
        row[at] = Number(result[3]);
        p95s.set(name, row);
      }
      if (line.startsWith('Load average')) loads.push(line.replace('Load average ', ''));
    }
    const code = await new Promise<number | null>((resolve) => {
      if (child.exitCode !== null) resolve(child.exitCode);
      else child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`--scale ${size} exited with ${code}`);
  }
  const rows = scales.at(-1)! / scales[0]!;
  console.log(
    `\np95 ms per size; growth from ${scales[0]}× to ${scales.at(-1)}× (the rows grow ${rows.toFixed(1)}×)`,
  );
  console.log(
    `${'endpoint'.padEnd(40)} ${scales.map((s) => `${s}×`.padStart(9)).join(' ')}   growth`,
  );
  for (const [name, row] of p95s) {
    const first = row[0];
    const last = row[scales.length - 1];
    const grew = first && last ? last / first : undefined;
    console.log(
      `${name.padEnd(40)} ${scales.map((_, i) => (row[i] === undefined ? '–' : row[i]!.toFixed(0)).padStart(9)).join(' ')}   ${grew === undefined ? '' : `${grew.toFixed(1)}×${grew > rows ? ' (faster than the rows)' : ''}`}`,
    );
  }
  for (const load of loads) console.log(`Load average ${load}`);
}

if (scales.length > 1) {
  await growth();
} else {
  const { database, databaseUrl, dataDir, target } = await load();
  try {
    await measure(database, databaseUrl, target.email);
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
