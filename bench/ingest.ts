/**
 * `npm run bench:ingest`: how fast a spend file goes into the database, next to how long exceljs
 * alone needs to stream-parse the same file, and next to a **limit** measured in the same run:
 * the sheet only inflated (every byte looked at, nothing parsed) plus a COPY of the same rows
 * from a prepared file into the same table (PostgreSQL within 1.5× of it, PGlite
 * within 2.5×; a million rows into PostgreSQL under 20 s, into PGlite under 30 s, under 400 MB).
 *
 * Generates spend files of 100,000 and 1,000,000 rows with the seeded generator (kept in
 * $TMPDIR/spotzcity-bench between runs), then measures in separate processes: the bare exceljs
 * parse (WorkbookReader, the reference), our own reader with the spend row checks and no
 * database (what the import's worker costs), the import into PostgreSQL (BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server) and the import into PGlite. PGlite imports into a
 * directory created and migrated beforehand by another process, as a server opens an existing
 * database ("RSS before" is the RSS once it is open; creating one peaks at ~900 MB by itself).
 * Other processes on the machine slow every row alike; the ratio is the fair figure.
 *
 * Then the same rows as a CSV file (spend-N.csv: "$1,234.50", 03/31/2026, CRLF): its check, and
 * its import into each database next to a bare COPY of its rows in the same run (the last
 * column: PostgreSQL within 1.3×, PGlite within 2×).
 *
 *   npm run bench:ingest                       both sizes, all four measurements
 *   npm run bench:ingest -- --rows 100000      one size
 *   npm run bench:ingest -- --skip read,pglite leave measurements out (xlsx, csv: a whole format)
 *   BENCH_WORKER_MB=256 npm run bench:ingest   the reading worker's heap (XLSX_WORKER_MEMORY_MB)
 *   BENCH_CHECKER_YOUNG_MB=16 npm run bench:ingest   the checking threads' young generation
 *                                              (XLSX_CHECKER_YOUNG_MB; default as the server's)
 */
import { spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_URL } from './postgres.ts';
import { loadAverage, option } from './common.ts';
import { BENCH_DIR as dir, generateSpendFile } from './spend-file.ts';
import { serverProcess } from '../scripts/server-env.mjs';

const sizes = (option('rows') ?? '100000,1000000').split(',').map(Number);
const skip = new Set((option('skip') ?? '').split(',').filter(Boolean));
const databaseUrl = SERVER_URL;

interface Measurement {
  mode: string;
  rows: number;
  ms: number;
  peakRssMb: number;
  /** RSS with the database open, before the import. */
  baseRssMb?: number;
  /** An import's first step (every row checked, nothing written yet); the rest is the save. */
  checkMs?: number;
  /** An import's rollup: 'tally', or 'rows: why' when the save grouped the rows. */
  rollup?: string;
}

/**
 * Each measurement runs as the server does (`npm start`): our code bundled into one module under
 * plain node, without tsx, which alone held ~70 MB more with the embedded database open.
 */
const runner = path.join(import.meta.dirname, 'dist/ingest-run.mjs');
const bundled = spawnSync(
  process.execPath,
  [
    path.join(import.meta.dirname, '../scripts/bundle-server.mjs'),
    path.join(import.meta.dirname, 'ingest-run.ts'),
    runner,
  ],
  { stdio: 'inherit' },
);
if (bundled.status !== 0) throw new Error('could not bundle bench/ingest-run.ts');

function run<T>(mode: string, file: string, ...rest: string[]): T {
  // As npm start runs a server on this run's database (scripts/server-env.mjs).
  const { env, flags } = serverProcess(mode.includes('pglite') ? '' : databaseUrl);
  const child = spawnSync(process.execPath, [...flags, runner, mode, file, databaseUrl, ...rest], {
    // As `npm start` runs the server (scripts/server-env.mjs).
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(`${mode} failed:\n${child.stdout}\n${child.stderr}`);
  }
  return JSON.parse(line) as T;
}

function measure(mode: string, file: string, ...rest: string[]): Measurement {
  if (mode !== 'pglite' && mode !== 'copy-pglite') return run<Measurement>(mode, file, ...rest);
  const { dir } = run<{ dir: string }>('pglite-prepare', file);
  try {
    return run<Measurement>(mode, file, ...rest, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const table: string[][] = [
  ['rows', 'what', 'wall time', 'rows/s', 'peak RSS', 'RSS before', '× bare parse', '× limit'],
];
const loads: string[] = [];
for (const rows of skip.has('xlsx') ? [] : sizes) {
  const file = await generateSpendFile(rows);
  const size = `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
  const loadBefore = loadAverage();
  const parse = measure('parse', file);
  const line = (label: string, m: Measurement, ratio: string, limitRatio = '') =>
    table.push([
      rows.toLocaleString('en-US'),
      label,
      seconds(m.ms),
      m.rows > 0 ? Math.round(m.rows / (m.ms / 1000)).toLocaleString('en-US') : '',
      `${m.peakRssMb} MB`,
      m.baseRssMb === undefined ? '' : `${m.baseRssMb} MB`,
      ratio,
      limitRatio,
    ]);
  line(`exceljs stream parse (${size})`, parse, '1.00');
  const check = (m: Measurement, mode: string) => {
    if (m.rows !== parse.rows) throw new Error(`${mode} took ${m.rows} of ${parse.rows} rows`);
  };
  if (!skip.has('read')) {
    const read = measure('read', file);
    check(read, 'read');
    line('check: reader + row checks + COPY file, no database', read, ratio(read, parse));
  }

  // The limit: inflating alone, plus a COPY of the same rows from a prepared file.
  const inflate = measure('inflate', file);
  line('limit part: inflate the sheet, look at every byte', inflate, ratio(inflate, parse));
  const copyFile = path.join(dir, `spend-${rows}.copy`);
  run('copy-prepare', file, copyFile);
  try {
    for (const kind of ['postgres', 'pglite'] as const) {
      if (skip.has(kind)) continue;
      const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const copy = measure(`copy-${kind}`, file, copyFile);
      check(copy, `copy-${kind}`);
      line(`limit part: COPY of the prepared rows into ${name}`, copy, ratio(copy, parse));
      const limit = { ...copy, ms: inflate.ms + copy.ms };
      line(`limit (${name}): inflate + COPY`, limit, ratio(limit, parse), '1.00');
      const imported = measure(kind, file);
      check(imported, kind);
      if (imported.rollup !== 'tally') console.log(`${name}: rollup from the ${imported.rollup}`);
      const steps =
        imported.checkMs === undefined
          ? ''
          : ` (check ${seconds(imported.checkMs)} + save ${seconds(imported.ms - imported.checkMs)})`;
      line(`import into ${name}${steps}`, imported, ratio(imported, parse), ratio(imported, limit));
    }
  } finally {
    rmSync(copyFile, { force: true });
  }
  loads.push(`${rows.toLocaleString('en-US')} rows: ${loadBefore} before, ${loadAverage()} after`);
  console.log(`measured ${rows.toLocaleString('en-US')} rows`);
}

// CSV: the same rows as a CSV file, imported, next to a bare COPY of its rows in the same run
// (PostgreSQL within 1.3×, PGlite within 2×).
for (const rows of skip.has('csv') ? [] : sizes) {
  const file = await generateSpendFile(rows, 0, 'csv');
  const size = `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
  const loadBefore = loadAverage();
  const line = (label: string, m: Measurement, copyRatio = '') =>
    table.push([
      rows.toLocaleString('en-US'),
      label,
      seconds(m.ms),
      m.rows > 0 ? Math.round(m.rows / (m.ms / 1000)).toLocaleString('en-US') : '',
      `${m.peakRssMb} MB`,
      m.baseRssMb === undefined ? '' : `${m.baseRssMb} MB`,
      '',
      copyRatio,
    ]);
  if (!skip.has('read')) {
    const read = measure('read', file);
    if (read.rows !== rows) throw new Error(`read took ${read.rows} of ${rows} rows`);
    line(`CSV (${size}) check: parse + row checks + COPY file, no database`, read);
  }
  const copyFile = path.join(dir, `spend-${rows}-csv.copy`);
  run('copy-prepare', file, copyFile);
  try {
    for (const kind of ['postgres', 'pglite'] as const) {
      if (skip.has(kind)) continue;
      const name = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      const copy = measure(`copy-${kind}`, file, copyFile);
      if (copy.rows !== rows) throw new Error(`copy-${kind} took ${copy.rows} of ${rows} rows`);
      line(`CSV: bare COPY of its rows into ${name}`, copy, '1.00');
      const imported = measure(kind, file);
      if (imported.rows !== rows) throw new Error(`${kind} took ${imported.rows} of ${rows} rows`);
      if (imported.rollup !== 'tally') console.log(`${name}: rollup from the ${imported.rollup}`);
      const steps =
        imported.checkMs === undefined
          ? ''
          : ` (check ${seconds(imported.checkMs)} + save ${seconds(imported.ms - imported.checkMs)})`;
      line(`import CSV into ${name}${steps}`, imported, ratio(imported, copy));
    }
  } finally {
    rmSync(copyFile, { force: true });
  }
  loads.push(
    `CSV ${rows.toLocaleString('en-US')} rows: ${loadBefore} before, ${loadAverage()} after`,
  );
  console.log(`measured CSV ${rows.toLocaleString('en-US')} rows`);
}

function seconds(ms: number) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function ratio(m: Measurement, base: Measurement) {
  return (m.ms / base.ms).toFixed(2);
}

const widths = table[0]!.map((_, c) => Math.max(...table.map((r) => r[c]!.length)));
console.log(
  '\n' +
    table
      .map((r) =>
        r
          .map((cell, c) => (c === 1 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
          .join('  '),
      )
      .join('\n'),
);
console.log(`\nload average (1, 5, 15 min), ${loads.join('; ')}`);
