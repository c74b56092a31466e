/**
 * `npm run bench:search`: p50/p95 of `POST /api/searchSupplier/list` (the first page, as the
 * screen asks) for typical filters on a directory of 100,000 suppliers, on PostgreSQL and on
 * PGlite, and the indexes the planner picks for each (EXPLAIN of the page query and its count).
 *
 *   npm run bench:search                          both databases, 100,000 suppliers
 *   npm run bench:search -- --only pglite         one of them (pg or pglite)
 *   npm run bench:search -- --suppliers 20000     another directory size
 *   npm run bench:search -- --runs 40             requests per query (default 30, after 3 warm-ups)
 *   BENCH_PGLITE_SHARED_BUFFERS_MB=128 npm run bench:search -- --only pglite   PGlite's cache
 *
 * The suppliers are generated in SQL (deterministic: names from word lists, 120 cities, DUNS
 * numbers scattered over 9 digits, 30% certified). PostgreSQL is BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server; a database named spotzcity_bench_search is dropped and
 * created next to it. PGlite lives in a temporary directory removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { freshDatabase } from './postgres.ts';
import type { SupplierSearchFilter } from '@spotzcity/shared/search-supplier';
import { openDatabase, rowsOf, type Database } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { searchConditions } from '../apps/server/src/modules/search-supplier/service.ts';
import { FIRST, SECOND, SUFFIX, TRADE } from './supplier-names.ts';
import { benchApp, option, percentile, tokenFor } from './common.ts';

const SUPPLIERS = Number(option('suppliers') ?? '100000');
const RUNS = Number(option('runs') ?? '30');
const ONLY = option('only');
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench#Admin2020' };

const PLACES: [string, string][] = [
  ['Houston', 'TX'],
  ['Dallas', 'TX'],
  ['Austin', 'TX'],
  ['San Antonio', 'TX'],
  ['El Paso', 'TX'],
  ['Los Angeles', 'CA'],
  ['San Diego', 'CA'],
  ['San Jose', 'CA'],
  ['San Francisco', 'CA'],
  ['Sacramento', 'CA'],
  ['Fresno', 'CA'],
  ['Oakland', 'CA'],
  ['New York', 'NY'],
  ['Buffalo', 'NY'],
  ['Rochester', 'NY'],
  ['Albany', 'NY'],
  ['Chicago', 'IL'],
  ['Springfield', 'IL'],
  ['Peoria', 'IL'],
  ['Miami', 'FL'],
  ['Orlando', 'FL'],
  ['Tampa', 'FL'],
  ['Jacksonville', 'FL'],
  ['Atlanta', 'GA'],
  ['Savannah', 'GA'],
  ['Augusta', 'GA'],
  ['Charlotte', 'NC'],
  ['Raleigh', 'NC'],
  ['Durham', 'NC'],
  ['Detroit', 'MI'],
  ['Lansing', 'MI'],
  ['Grand Rapids', 'MI'],
  ['Philadelphia', 'PA'],
  ['Pittsburgh', 'PA'],
  ['Allentown', 'PA'],
  ['Columbus', 'OH'],
  ['Cleveland', 'OH'],
  ['Cincinnati', 'OH'],
  ['Toledo', 'OH'],
  ['Newark', 'NJ'],
  ['Jersey City', 'NJ'],
  ['Trenton', 'NJ'],
  ['Richmond', 'VA'],
  ['Norfolk', 'VA'],
  ['Arlington', 'VA'],
  ['Seattle', 'WA'],
  ['Spokane', 'WA'],
  ['Tacoma', 'WA'],
  ['Phoenix', 'AZ'],
  ['Tucson', 'AZ'],
  ['Mesa', 'AZ'],
  ['Boston', 'MA'],
  ['Worcester', 'MA'],
  ['Cambridge', 'MA'],
  ['Nashville', 'TN'],
  ['Memphis', 'TN'],
  ['Knoxville', 'TN'],
  ['Indianapolis', 'IN'],
  ['Fort Wayne', 'IN'],
  ['Kansas City', 'MO'],
  ['St. Louis', 'MO'],
  ['Baltimore', 'MD'],
  ['Annapolis', 'MD'],
  ['Milwaukee', 'WI'],
  ['Madison', 'WI'],
  ['Denver', 'CO'],
  ['Boulder', 'CO'],
  ['Colorado Springs', 'CO'],
  ['Minneapolis', 'MN'],
  ['Saint Paul', 'MN'],
  ['Charleston', 'SC'],
  ['Columbia', 'SC'],
  ['Birmingham', 'AL'],
  ['Montgomery', 'AL'],
  ['New Orleans', 'LA'],
  ['Baton Rouge', 'LA'],
  ['Louisville', 'KY'],
  ['Lexington', 'KY'],
  ['Portland', 'OR'],
  ['Eugene', 'OR'],
  ['Oklahoma City', 'OK'],
  ['Tulsa', 'OK'],
  ['Hartford', 'CT'],
  ['New Haven', 'CT'],
  ['Salt Lake City', 'UT'],
  ['Provo', 'UT'],
  ['Des Moines', 'IA'],
  ['Las Vegas', 'NV'],
  ['Reno', 'NV'],
  ['Little Rock', 'AR'],
  ['Jackson', 'MS'],
  ['Wichita', 'KS'],
  ['Albuquerque', 'NM'],
  ['Omaha', 'NE'],
  ['Boise', 'ID'],
  ['Charleston', 'WV'],
  ['Honolulu', 'HI'],
  ['Manchester', 'NH'],
  ['Portland', 'ME'],
  ['Billings', 'MT'],
  ['Providence', 'RI'],
  ['Wilmington', 'DE'],
  ['Sioux Falls', 'SD'],
  ['Fargo', 'ND'],
  ['Anchorage', 'AK'],
  ['Burlington', 'VT'],
  ['Cheyenne', 'WY'],
  ['Houston Heights', 'TX'],
  ['Galveston', 'TX'],
  ['Plano', 'TX'],
  ['Irving', 'TX'],
  ['Long Beach', 'CA'],
  ['Anaheim', 'CA'],
  ['Bakersfield', 'CA'],
  ['Yonkers', 'NY'],
  ['Aurora', 'IL'],
  ['Naperville', 'IL'],
  ['Hialeah', 'FL'],
  ['Athens', 'GA'],
  ['Greensboro', 'NC'],
  ['Ann Arbor', 'MI'],
  ['Erie', 'PA'],
  ['Akron', 'OH'],
  ['Paterson', 'NJ'],
];
const CERTS = ['MBE', 'WBE', 'VBE', 'SDVBE', 'DoBE', 'LGBTBE', 'DBE', 'SBE', 'SDB', '8A', 'HUB'];

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** 100,000 suppliers in one statement; `h(n)` is a deterministic hash of the row and a salt. */
function generateSuppliers(count: number) {
  const h = (salt: number) => sql.raw(`(hashint4(g * 31 + ${salt}) & 2147483647)`);
  return sql`
    insert into supplier_directory (duns, name, supplier_dba_name, address_line1, city,
      state_or_province, zip, country, website_url, business_contact_name,
      business_contact_phone, business_contact_email, industry, primary_naics_code,
      certifications, tulip_validated)
    select
      lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
      n.first || ' ' || n.second || ' ' || n.trade || ' ' || n.suffix,
      case when ${h(5)} % 5 = 0 then n.second || ' ' || n.trade end,
      (${h(6)} % 9000 + 100) || ' Commerce St',
      p.city, p.state, lpad((${h(7)} % 99999)::text, 5, '0'), 'USA',
      'https://supplier' || g || '.example',
      'Contact ' || g,
      (200 + ${h(8)} % 800)::text || lpad((${h(9)} % 10000000)::text, 7, '0'),
      'contact' || g || '@supplier.example',
      n.trade,
      (array['541512','541611','561210','484121','423840','423510','423610','322211','424120',
        '323111','561320','236220'])[1 + ${h(10)} % 12],
      case when ${h(11)} % 10 < 3
        then array[(${textArray(CERTS)})[1 + ${h(12)} % ${CERTS.length}]]
          || case when ${h(13)} % 4 = 0 then array['WBE'] else array[]::text[] end
        else array[]::text[] end,
      case when ${h(14)} % 3 = 0 then 'X' end
    from generate_series(1, ${count}) as g,
    lateral (
      select
        (${textArray(FIRST)})[1 + ${h(1)} % ${FIRST.length}] as first,
        (${textArray(SECOND)})[1 + ${h(2)} % ${SECOND.length}] as second,
        (${textArray(TRADE)})[1 + ${h(3)} % ${TRADE.length}] as trade,
        (${textArray(SUFFIX)})[1 + ${h(4)} % ${SUFFIX.length}] as suffix
    ) as n,
    lateral (
      select (${textArray(PLACES.map((p) => p[0]))})[1 + ${h(15)} % ${PLACES.length}] as city,
        (${textArray(PLACES.map((p) => p[1]))})[1 + ${h(15)} % ${PLACES.length}] as state
    ) as p
  `;
}

/** Typical searches: what a buyer types in the form. */
const QUERIES: [string, SupplierSearchFilter][] = [
  ['name, start of a word', { dbaName: 'harbor' }],
  ['name, middle of a name', { dbaName: 'point log' }],
  ['name, rare (few matches)', { dbaName: 'sequoia creek janit' }],
  ['name, two letters', { dbaName: 'ax' }],
  ['city', { city: 'houston' }],
  ['city, part of the name', { city: 'ville' }],
  ['state + certification', { state: 'TX', certification: 'MBE' }],
  // Broad filters: thousands of matches, or every supplier, for one page of 20.
  ['state', { state: 'IL' }],
  ['certification', { certification: 'MBE' }],
  ['country (every supplier)', { country: 'usa' }],
  ['DUNS, all 9 digits', { duns: '' }], // filled in with a generated DUNS
  ['DUNS, first 4 digits', { duns: '' }],
  ['combined', { dbaName: 'blue', city: 'san', state: 'CA', certification: 'WBE' }],
  ['combined + validated', { dbaName: 'systems', state: 'NY', validate: 'X' }],
];

const seconds = (from: number) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

async function load(database: Database) {
  const started = performance.now();
  await bootstrap(database.db, {
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    appName: 'SpotzCity',
    announce: () => {},
  });
  await database.db.execute(generateSuppliers(SUPPLIERS));
  await database.db.execute(sql`analyze supplier_directory`);
  const [sample] = rowsOf(
    await database.db.execute(
      sql`select duns from supplier_directory order by id offset ${Math.floor(SUPPLIERS / 2)} limit 1`,
    ),
    z.object({ duns: z.string() }),
  );
  console.log(
    `  ${SUPPLIERS.toLocaleString('en-US')} suppliers generated and indexed in ${seconds(started)}`,
  );
  return sample!.duns;
}

/** The index names (or Seq Scan) in the plans of the page query and of its count. */
async function indexesUsed(database: Database, filter: SupplierSearchFilter) {
  const where = sql.join(searchConditions(filter), sql` and `);
  const plans = [
    sql`explain select d.id from supplier_directory d where ${where}
      order by lower(d.name), d.id limit 20`,
    sql`explain select count(*) from supplier_directory d where ${where}`,
  ];
  const found = new Set<string>();
  for (const plan of plans) {
    const lines = rowsOf(await database.db.execute(plan), z.record(z.string(), z.string())).map(
      (r) => Object.values(r)[0] ?? '',
    );
    for (const line of lines) {
      const index =
        /Index (?:Only )?Scan(?: Backward)? using (\S+)|Bitmap Index Scan on (\S+)/.exec(line);
      if (index) found.add(index[1] ?? index[2]!);
      else if (/Seq Scan on/.test(line)) found.add('Seq Scan');
    }
  }
  return [...found].join(', ');
}

async function measure(kind: string, database: Database, dataDir: string, duns: string) {
  const app = await benchApp(database, dataDir);
  try {
    const token = await tokenFor(app, ADMIN.email, ADMIN.password);
    console.log(
      `\n${kind}: POST /api/searchSupplier/list, first page, ${RUNS} runs each\n` +
        `${'query'.padEnd(28)} ${'matches'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  indexes (page query, count)`,
    );
    for (const [label, base] of QUERIES) {
      const filter: SupplierSearchFilter =
        label === 'DUNS, all 9 digits'
          ? { duns }
          : label === 'DUNS, first 4 digits'
            ? { duns: duns.slice(0, 4) }
            : base;
      const times: number[] = [];
      let matches = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/searchSupplier/list',
          headers: { authorization: `Bearer ${token}` },
          payload: { ...filter, pageNumber: 0 },
        });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
        if (i >= 3) times.push(performance.now() - started); // three warm-up requests
        matches = res.json<{ totalCount: number }>().totalCount;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(28)} ${String(matches).padStart(8)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)}  ${await indexesUsed(database, filter)}`,
      );
    }
  } finally {
    await app.close();
  }
}

async function benchPostgres() {
  const { url, host } = await freshDatabase('spotzcity_bench_search');
  console.log(`PostgreSQL (${host}/spotzcity_bench_search)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-'));
  const database = await openDatabase({ databaseUrl: url, dataDir });
  try {
    const duns = await load(database);
    await measure('PostgreSQL', database, dataDir, duns);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-'));
  console.log(`\nPGlite (${dataDir})`);
  const sharedBuffers = process.env.BENCH_PGLITE_SHARED_BUFFERS_MB;
  const database = await openDatabase({
    dataDir,
    pgliteSharedBuffersMb: sharedBuffers ? Number(sharedBuffers) : undefined,
  });
  try {
    const duns = await load(database);
    await measure('PGlite', database, dataDir, duns);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (ONLY !== 'pglite') await benchPostgres();
if (ONLY !== 'pg') await benchPglite();
