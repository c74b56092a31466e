/**
 * `npm run bench:server-import`: a spend file uploaded to a **running server**, as a user's
 * browser sends it, and the server process's memory while it is checked and saved (the
 * target: "server peak RSS < 400 MB"). `npm run bench:ingest` measures the import in a process of its
 * own; this measures what `npm start` runs: the built server (apps/server/dist, run
 * `npm run build` first) with its settings from scripts/server-env.mjs, the demo data loaded, and
 * the file sent through `POST /api/file/upload`.
 *
 * The server is started once to load the demo data, stopped, and started again on the same data
 * directory (the memory a server has after a restart, not after loading the demo data). It signs
 * in, reads the dashboards once (what a running server has loaded), then uploads the file and
 * follows the import until it ends. Memory is the kernel's count of the server process (all its
 * threads): VmRSS sampled every 50 ms and VmHWM, the peak the kernel kept, reset before the upload.
 *
 *   npm run bench:server-import                      1,000,000 rows (the bench:ingest file)
 *   npm run bench:server-import -- --rows 100000     another size
 *   npm run bench:server-import -- --runs 3          several uploads, each on a fresh server
 *   npm run bench:server-import -- --uploads 2       a second file (2025's payments, as many rows)
 *                                                    uploaded to the same server after the first
 *   MALLOC_ARENA_MAX=8 npm run bench:server-import   the server's environment, as for npm start
 *                                                    (scripts/server-env.mjs: its glibc settings
 *                                                    and, on the embedded database, Node's flags)
 *
 * Both databases: on PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local
 * server) in a fresh database, into which bench:http's server loads the demo data first.
 *   npm run bench:server-import -- --only pglite     one database
 */
import { readFileSync, rmSync, writeFileSync, mkdtempSync, existsSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { freePort, spawnBuiltServer, waitForHealth } from '../scripts/built-server.mjs';
import { generateSpendFile } from './spend-file.ts';
import { freshDatabase } from './postgres.ts';
import { loadAverage, option, stopProcess as stop } from './common.ts';
import { DEMO } from '../apps/server/src/db/seed/demo.ts';
import { serverProcess } from '../scripts/server-env.mjs';

const rows = Number(option('rows') ?? '1000000');
const runs = Number(option('runs') ?? '1');
/** `--uploads 2`: a second file (the next year's payments) uploaded to the same server after the first. */
const uploads = Number(option('uploads') ?? '1');
/** `--trace`: the RSS every half second. */
const TRACE = process.argv.includes('--trace');
type Database = 'pglite' | 'postgres';
const databases = (option('only') ?? 'pglite,postgres').split(',') as Database[];
/** The database a PostgreSQL run creates, and drops again. */
const PG_DATABASE = 'spotzcity_bench_server_import';
const ROOT = path.resolve(import.meta.dirname, '..');

if (!existsSync(path.join(ROOT, 'apps/server/dist/main.mjs'))) {
  throw new Error('no built server: run `npm run build` first');
}

/** The server process's resident memory now and its peak, in MB, from /proc. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

async function start(dataDir: string, databaseUrl = '') {
  const port = await freePort();
  const child = spawnBuiltServer({
    port,
    dataDir,
    env: { DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const health = await waitForHealth(url, child, 5 * 60_000);
  if (health !== 'healthy') throw new Error(`the server did not start (${health})`);
  return { child, url };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few fields
async function json(url: string, init: RequestInit = {}): Promise<any> {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * The demo data in PostgreSQL database `url`, as bench:http loads it (bench/http-server.ts,
 * stopped once it listens): the server loads it only on the embedded database.
 */
async function seedPostgres(url: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'http-server.ts'), 'postgres', url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    for await (const line of createInterface({ input: child.stdout! })) {
      if (line.startsWith('{')) return;
    }
    throw new Error('loading the demo data into PostgreSQL failed');
  } finally {
    await stop(child);
  }
}

interface Upload {
  ms: number;
  uploadedMs: number;
  base: number;
  peak: number;
  after: number;
  byPhase: Map<string, number>;
  series: string[];
}

/** One upload of `file` to the running server `url` (process `pid`), followed to its end. */
async function upload(url: string, pid: number, auth: Record<string, string>, file: string) {
  const base = memory(pid).rss;
  writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM to the RSS now
  const started = performance.now();
  let sampled = base;
  let phase = 'uploading';
  /**
   * The highest RSS sampled in each phase, as the import last reported it. On the embedded
   * database the save holds the only connection, so the import's state is read again only
   * once it is done: the save's samples count under 'checking'.
   */
  const byPhase = new Map<string, number>();
  const series: string[] = [];
  const sampler = setInterval(() => {
    const rss = memory(pid).rss;
    sampled = Math.max(sampled, rss);
    byPhase.set(phase, Math.max(byPhase.get(phase) ?? 0, rss));
    if (TRACE) {
      series.push(
        `${((performance.now() - started) / 1000).toFixed(1)}s ${phase} ${Math.round(rss)}`,
      );
    }
  }, 50);
  try {
    const form = new FormData();
    form.append('file', await openAsBlob(file), path.basename(file));
    const { data: job } = await json(`${url}/api/file/upload`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const uploadedMs = performance.now() - started;
    let state = job;
    while (!['done', 'failed', 'cancelled', 'held'].includes(state.status)) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await json(`${url}/api/file/imports/${job.id}`, { headers: auth })).data;
      phase = state.phase;
    }
    const ms = performance.now() - started;
    if (state.status !== 'done') throw new Error(`the import ended ${state.status}`);
    const after = memory(pid);
    return {
      ms,
      uploadedMs,
      base,
      peak: Math.max(after.hwm, sampled),
      after: after.rss,
      byPhase,
      series,
    } satisfies Upload;
  } finally {
    clearInterval(sampler);
  }
}

/** `files` uploaded one after another to one server, freshly started on the demo data. */
async function measure(files: string[], database: Database): Promise<Upload[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-server-import-'));
  const postgres = database === 'postgres' ? await freshDatabase(PG_DATABASE) : undefined;
  try {
    // Once to load the demo data (or PostgreSQL's), then the server as it runs after a restart.
    if (postgres) await seedPostgres(postgres.url);
    else await stop((await start(dataDir)).child);
    const { child, url } = await start(dataDir, postgres?.url);
    try {
      const { accessToken } = await json(`${url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ usernameOrEmail: DEMO.buyerAdmin.email, password: DEMO.password }),
      });
      const auth = { authorization: `Bearer ${accessToken}` };
      for (const graph of ['spendPerDiversity', 'spendPerCategory', 'spendPerState']) {
        await fetch(`${url}/api/graph/${graph}`, { method: 'POST', headers: auth, body: '{}' });
      }
      const uploads: Upload[] = [];
      for (const file of files) uploads.push(await upload(url, child.pid!, auth, file));
      return uploads;
    } finally {
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

// The second and later uploads are other years' payments: no row overlaps an earlier file's.
const files: string[] = [];
for (let year = 0; year < uploads; year += 1) files.push(await generateSpendFile(rows, year));
for (const database of databases) {
  const settings = serverProcess(database === 'postgres' ? 'postgres:' : '');
  const env = [
    ...Object.entries(settings.env).map(([name, value]) => `${name}=${value}`),
    ...settings.flags,
  ].join(' ');
  console.log(
    `${database}: ${rows.toLocaleString('en-US')} rows, ${files.map((f) => path.basename(f)).join(', ')}, ${env}`,
  );
  for (let run = 1; run <= runs; run += 1) {
    const before = loadAverage();
    const measured = await measure(files, database);
    const mb = (n: number) => `${Math.round(n)} MB`;
    for (const [i, m] of measured.entries()) {
      const which = uploads > 1 ? `run ${run}, upload ${i + 1}` : `run ${run}`;
      console.log(
        `${which}: upload to done ${(m.ms / 1000).toFixed(1)} s (upload answered at ` +
          `${(m.uploadedMs / 1000).toFixed(1)} s); server RSS before ${mb(m.base)}, ` +
          `peak ${mb(m.peak)}, after ${mb(m.after)}; load ${i === 0 ? before : '…'} before, ${loadAverage()} after`,
      );
      if (TRACE) console.log(m.series.filter((_, n) => n % 10 === 0).join('\n'));
      console.log(
        `  highest RSS sampled by phase: ${[...m.byPhase].map(([p, rss]) => `${p} ${mb(rss)}`).join(', ')}`,
      );
    }
  }
}
