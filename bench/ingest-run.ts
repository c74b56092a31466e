/**
 * One measurement of bench/ingest.ts, in a process of its own so that its peak RSS is its own:
 *   parse <file>              exceljs's WorkbookReader alone, rows counted (the baseline)
 *   read <file>               the upload's reader (platform/xlsx.ts) with the spend row checks
 *                             and COPY lines, no database: what the import's worker costs
 *   postgres <file> <url>     importSpendFile into a fresh PostgreSQL database
 *   pglite <file> <url> <dir> importSpendFile into the PGlite directory <dir>, made and migrated
 *                             beforehand by `pglite-prepare <dir>` in another process: a server
 *                             opens an existing database, and creating one (initdb) alone peaks
 *                             at ~900 MB, which is not the import's
 * Prints one JSON line: { mode, rows, ms, peakRssMb, baseRssMb } — baseRssMb is the RSS once the
 * database is open, before the import starts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clients } from '../apps/server/src/db/schema/index.ts';
import { importSpendFile } from '../apps/server/src/modules/spend/import.ts';
import { readSheet } from '../apps/server/src/platform/xlsx.ts';
import { freshDatabase } from './postgres.ts';

const [mode, file, url, pgliteDir] = process.argv.slice(2);
if (!mode || !file) {
  throw new Error('usage: ingest-run.ts parse|postgres|pglite|pglite-prepare <file> [url] [dir]');
}

const LIMITS = {
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

async function readOnly() {
  const started = performance.now();
  let rows = 0;
  const batches = readSheet(file!, {
    columns: SPEND_COLUMNS,
    rowModule: new URL('../apps/server/src/modules/spend/rows.ts', import.meta.url),
    copyPrefix: '1\t1\t',
    limits: LIMITS,
  });
  for await (const batch of batches) rows += batch.lines.length;
  return { rows, ms: performance.now() - started };
}

async function importInto(kind: 'postgres' | 'pglite') {
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
    const baseRssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
    const started = performance.now();
    const result = await importSpendFile(database.db, {
      clientRef: org!.id,
      uploadedBy: null,
      fileName: path.basename(file!),
      path: file!,
      limits: LIMITS,
    });
    return { rows: result.rowCount, ms: performance.now() - started, baseRssMb };
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
} else {
  const result =
    mode === 'parse'
      ? await parseOnly()
      : mode === 'read'
        ? await readOnly()
        : await importInto(mode as 'postgres' | 'pglite');
  console.log(JSON.stringify({ mode, ...result, peakRssMb: peakRssMb() }));
}
