/**
 * One measurement of bench/ingest.ts, in a process of its own so that its peak RSS is its own:
 *   parse <file>              exceljs's WorkbookReader alone, rows counted (the baseline)
 *   read <file>               the import's check (platform/xlsx/sheet.ts checkSheet): the reader, the
 *                             spend row checks, the row keys and the COPY text written to a
 *                             file, no database — step 1 of the import
 *   inflate <file>            the limit's first half: the first sheet inflated and every byte of
 *                             it looked at (counting '<'), nothing parsed
 *   copy-prepare <file> <out> writes the rows' COPY text (for client 1, file 1) to <out>, untimed
 *   copy-postgres <file> <url> <copy>  the limit's second half: that COPY text loaded into
 *                             spend_rows (its indexes and foreign keys) of a fresh database, in
 *                             one transaction, as the import's saving step does
 *   copy-pglite <file> <url> <copy> <dir>  the same into a prepared PGlite directory
 *   postgres <file> <url>     importSpendFile into a fresh PostgreSQL database
 *   pglite <file> <url> <dir> importSpendFile into the PGlite directory <dir>, made and migrated
 *                             beforehand by `pglite-prepare <dir>` in another process: a server
 *                             opens an existing database, and creating one (initdb) alone peaks
 *                             at ~900 MB, which is not the import's
 * Every import and check starts its clock with the reading worker's script already built, as a
 * running server has it (main.ts builds it once it listens; ~1 s of esbuild here).
 * Prints one JSON line: { mode, rows, ms, peakRssMb, baseRssMb, checkMs, rollup } — baseRssMb is
 * the RSS once the database is open, before the import starts; rollup (imports) says whether
 * the save's rollup came from its tally (docs/import.md); checkMs (imports) is when the check
 * ended and the save began.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { copyRowsFromFile } from '../apps/server/src/db/copy.ts';
import { clients } from '../apps/server/src/db/schema/index.ts';
import {
  COPY_COLUMNS,
  importSpendFile,
  prepareSpendCheck,
} from '../apps/server/src/modules/spend/import.ts';
import { checkSheet } from '../apps/server/src/platform/xlsx/sheet.ts';
import { SERVER_URL, freshDatabase } from './postgres.ts';

const [mode, file, url, ...extra] = process.argv.slice(2);
if (!mode || !file) {
  throw new Error('usage: ingest-run.ts parse|postgres|pglite|pglite-prepare <file> [url] [dir]');
}

/**
 * The server's own choices for this database (config.ts), unless BENCH_CHECKER_YOUNG_MB says;
 * its limits of the shared string table.
 */
const { checkerYoungMb, maxSharedStringChars, maxSharedStrings } = loadConfig({
  ...(mode === 'pglite' ? {} : { DATABASE_URL: SERVER_URL }),
  XLSX_CHECKER_YOUNG_MB: process.env.BENCH_CHECKER_YOUNG_MB,
}).xlsx;

const LIMITS = {
  checkerYoungMb,
  maxSharedStringChars,
  maxSharedStrings,
  maxEntries: 1000,
  maxEntryBytes: 4 * 1024 ** 3,
  maxTotalBytes: 8 * 1024 ** 3,
  maxRatio: 100,
  maxRows: 5_000_000,
  workerMemoryMb: Number(process.env.BENCH_WORKER_MB ?? 1024),
  timeoutMs: 3_600_000,
};

/** BENCH_PGLITE_SHARED_BUFFERS_MB: PGlite's shared_buffers (else the server's default). */
const sharedBuffersMb = process.env.BENCH_PGLITE_SHARED_BUFFERS_MB
  ? Number(process.env.BENCH_PGLITE_SHARED_BUFFERS_MB)
  : undefined;

/**
 * This process's own peak RSS: VmHWM of its memory map. getrusage's maxRSS would carry the
 * parent's peak over fork and exec (the parent may just have generated a large file).
 */
function peakRssMb() {
  const status = readFileSync('/proc/self/status', 'utf8').match(/^VmHWM:\s+(\d+) kB/m);
  return Math.round((status ? Number(status[1]) : process.resourceUsage().maxRSS) / 1024);
}

async function parseOnly() {
  const started = performance.now();
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file!, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet) if (row.number > 1) rows += 1;
    break;
  }
  return { rows, ms: performance.now() - started };
}

/** The import's step 1 alone: every row checked, its key kept, its COPY text written to `out`. */
async function check(out: string) {
  await prepareSpendCheck();
  const started = performance.now();
  const checked = await checkSheet(file!, {
    columns: SPEND_COLUMNS,
    rowModule: new URL('../apps/server/src/modules/spend/rows.ts', import.meta.url),
    copyPrefix: '1\t1\t',
    copyFile: out,
    keys: true,
    limits: LIMITS,
    ...(file!.endsWith('.csv') ? { format: 'csv' as const } : {}),
  });
  return { rows: checked.rowCount, ms: performance.now() - started };
}

async function readOnly() {
  const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-read-'));
  try {
    return await check(path.join(dir, 'rows.copy'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first worksheet inflated, and every byte of it looked at: nothing parsed. */
async function inflateOnly() {
  const started = performance.now();
  const zip = await yauzl.openPromise(file!, { lazyEntries: true, autoClose: false });
  let bytes = 0;
  let tags = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName !== 'xl/worksheets/sheet1.xml') continue;
      const stream = await zip.openReadStreamPromise(entry);
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i += 1) if (chunk[i] === 60) tags += 1;
      }
      break;
    }
  } finally {
    zip.close();
  }
  if (tags === 0) throw new Error(`no sheet XML in ${file} (${bytes} bytes)`);
  return { rows: -1, ms: performance.now() - started };
}

/** The checked rows' COPY text loaded in one transaction, as the import's step 2 loads it. */
async function copyInto(kind: 'postgres' | 'pglite', copyFile: string, pgliteDir?: string) {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'postgres') {
    const fresh = await freshDatabase(`spotzcity_bench_copy_${process.pid}`, url);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const database = await openDatabase({
    databaseUrl,
    dataDir: pgliteDir ?? tmpdir(),
    pgliteSharedBuffersMb: sharedBuffersMb,
  });
  try {
    // The ids the prepared COPY text carries.
    await database.db.execute(sql`
      insert into clients (id, client_id, name, email, company_name, type)
      values (1, 'BENCH-1', 'Bench', 'bench@example.com', 'Bench Buyer', 'BUYER')
    `);
    await database.db.execute(
      sql`insert into spend_files (id, client_ref, file_name) values (1, 1, 'bench.xlsx')`,
    );
    const baseRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const started = performance.now();
    await database.db.transaction((tx) =>
      copyRowsFromFile(tx, 'spend_rows', COPY_COLUMNS, copyFile),
    );
    const ms = performance.now() - started;
    const [count] = (
      (await database.db.execute(sql`select count(*)::int as n from spend_rows`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    return { rows: count!.n, ms, baseRssMb };
  } finally {
    await database.close();
    await drop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

async function importInto(kind: 'postgres' | 'pglite', pgliteDir?: string) {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === 'pglite') {
    if (!pgliteDir) throw new Error('pglite needs the directory pglite-prepare made');
    dataDir = pgliteDir;
  } else {
    const fresh = await freshDatabase(`spotzcity_bench_${process.pid}`, url);
    databaseUrl = fresh.url;
    drop = fresh.drop;
  }
  const database = await openDatabase({
    databaseUrl,
    dataDir: dataDir ?? tmpdir(),
    pgliteSharedBuffersMb: sharedBuffersMb,
  });
  try {
    const [org] = await database.db
      .insert(clients)
      .values({
        clientId: `BENCH-${process.pid}`,
        name: 'Bench',
        email: 'bench@example.com',
        companyName: 'Bench Buyer',
        type: 'BUYER',
      })
      .returning();
    // The worker's script, built as the server builds it once it listens (main.ts).
    await prepareSpendCheck();
    const baseRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const started = performance.now();
    let checkMs = 0;
    let rollup = '';
    const result = await importSpendFile(database.db, {
      clientRef: org!.id,
      uploadedBy: null,
      fileName: path.basename(file!),
      path: file!,
      limits: LIMITS,
      onChecked: () => (checkMs = performance.now() - started),
      onRollup: (source, reason) => (rollup = reason ? `${source}: ${reason}` : source),
    });
    return { rows: result.rowCount, ms: performance.now() - started, baseRssMb, checkMs, rollup };
  } finally {
    await database.close();
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (mode === 'pglite-prepare') {
  const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-pglite-'));
  await (await openDatabase({ dataDir: dir })).close();
  console.log(JSON.stringify({ dir }));
} else if (mode === 'copy-prepare') {
  console.log(JSON.stringify(await check(extra[0]!)));
} else {
  const result =
    mode === 'parse'
      ? await parseOnly()
      : mode === 'read'
        ? await readOnly()
        : mode === 'inflate'
          ? await inflateOnly()
          : mode === 'copy-postgres'
            ? await copyInto('postgres', extra[0]!)
            : mode === 'copy-pglite'
              ? await copyInto('pglite', extra[0]!, extra[1])
              : await importInto(mode as 'postgres' | 'pglite', extra[0]);
  console.log(JSON.stringify({ mode, ...result, peakRssMb: peakRssMb() }));
}
