/**
 * `npm run bench:http`: requests per second and latency of the HTTP server, in one run — a bare
 * Fastify hello-world (the ceiling of this machine), then SpotzCity on PGlite and on PostgreSQL,
 * each with the demo data, measured on `/api/health`, the RFx list, the spend table view, one
 * spend graph and a supplier search (each as the demo buyer admin, a signed-in request). Prints
 * req/s, p50 and p99 and each as a ratio to hello-world, next to the floors (floorOf). Every
 * read is computed: no reply is kept, so the same request repeated costs what any read costs.
 *
 *   npm run bench:http                               50 connections, 10 s per endpoint
 *   npm run bench:http -- --duration 4               shorter (a quick check)
 *   npm run bench:http -- --only pglite              one database (pglite or postgres)
 *
 * Each server runs in its own child process (bench/http-server.ts), autocannon in this one.
 * PostgreSQL is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server; a database
 * named spotzcity_bench_http is dropped and created next to it. PGlite lives in a temporary
 * directory removed afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { freshDatabase } from './postgres.ts';
import { loadAverage, option, stopProcess } from './common.ts';
import { serverProcess } from '../scripts/server-env.mjs';

const DURATION = Number(option('duration') ?? '10');
const CONNECTIONS = Number(option('connections') ?? '50');
const ONLY = option('only');

interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /**
   * A page's floor on PostgreSQL, as a share of hello-world's requests/s (docs/performance.md);
   * none for health and the profile.
   */
  floor?: number;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/health', method: 'GET', path: '/api/health' },
  // A signed-in request that does almost nothing else: what signing in costs per request.
  { name: 'GET /api/users/profile', method: 'GET', path: '/api/users/profile' },
  {
    name: 'RFx list (page 1)',
    method: 'POST',
    path: '/api/rfx/list',
    body: { pageNumber: 0 },
    floor: 0.038,
  },
  {
    name: 'spend table view (page 1)',
    method: 'POST',
    path: '/api/supplier/spendRows',
    body: { pageNumber: 0, selectedIds: [] },
    floor: 0.065,
  },
  {
    name: 'graph spendPerDiversity',
    method: 'POST',
    path: '/api/graph/spendPerDiversity',
    body: { selectedIds: [] },
    floor: 0.048,
  },
  {
    name: 'supplier search (state IL)',
    method: 'POST',
    path: '/api/searchSupplier/list',
    body: { state: 'IL', pageNumber: 0 },
    floor: 0.044,
  },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU the server process spent per request, ms (user + system). */
  serverCpu: number;
  /** CPU PostgreSQL's backends of the bench database spent per request, ms (PostgreSQL only). */
  databaseCpu?: number | undefined;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts bench/http-server.ts and waits for its `{ port, token }` line. */
async function startServer(mode: string, where = '') {
  // As npm start runs a server on this database (scripts/server-env.mjs).
  const server = serverProcess(mode === 'pglite' ? '' : 'postgres:');
  const child = spawn(
    process.execPath,
    [...server.flags, '--import', 'tsx', path.join(here, 'http-server.ts'), mode, where],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...server.env, NODE_ENV: 'production' },
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ port: number; token?: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as { port: number; token?: string });
    });
  });
  return { ...ready, child };
}

const stop = (child: ChildProcess) => stopProcess(child, 'SIGKILL');

/**
 * CPU time (user + system) a process has used, in ms, from /proc (Linux). Requests/s move with
 * whatever else the shared machine runs; the CPU each request costs moves much less, so the
 * table gives both.
 */
/** Linux's USER_HZ (`getconf CLK_TCK`): 100 on every architecture Node.js runs on. */
const CLOCK_TICKS = 100;

function cpuMs(pid: number) {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command's closing ')'.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface Processes {
  server: number;
  /** The bench database's backend processes now (the server's pool). */
  database?: () => Promise<number[]>;
}

async function measure(
  port: number,
  endpoint: Omit<Endpoint, 'floor'>,
  processes: Processes,
  token?: string,
) {
  const options = {
    url: `http://127.0.0.1:${port}${endpoint.path}`,
    method: endpoint.method,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(endpoint.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(endpoint.body ? { body: JSON.stringify(endpoint.body) } : {}),
  };
  // A short warm-up (JIT, the database's caches), not counted.
  await autocannon({ ...options, duration: 1 });
  const backendsBefore = new Map(
    ((await processes.database?.()) ?? []).map((pid) => [pid, cpuMs(pid)]),
  );
  const serverBefore = cpuMs(processes.server);
  const result = await autocannon(options);
  const requests = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    serverCpu: (cpuMs(processes.server) - serverBefore) / requests,
    // Backends alive at the end, each from its figure at the start (0 for one the pool opened
    // meanwhile); a backend the pool closed meanwhile (idle 10 s) had little to count.
    databaseCpu: processes.database
      ? sum(
          ((await processes.database()) ?? []).map(
            (pid) => cpuMs(pid) - (backendsBefore.get(pid) ?? 0),
          ),
        ) / requests
      : undefined,
  } satisfies Figures;
}

const rows: string[] = [];
function report(label: string, f: Figures, hello: number, target?: string) {
  const ratio = `${((f.rps / hello) * 100).toFixed(1)}%`;
  const bad = f.non2xx + f.errors > 0 ? ` (${f.non2xx} non-2xx, ${f.errors} errors)` : '';
  const cpu = (ms: number | undefined) => (ms === undefined ? '' : ms.toFixed(2));
  const line = `| ${label} | ${Math.round(f.rps).toLocaleString('en-US')} | ${f.p50} | ${f.p99} | ${ratio} | ${cpu(f.serverCpu)} | ${cpu(f.databaseCpu)} | ${target ?? ''}${bad} |`;
  rows.push(line);
  console.log(line);
}

/** The embedded database's floor for every page, as a share of hello-world's requests/s. */
const EMBEDDED_FLOOR = 0.008;

/** The floors (docs/performance.md), as written next to each figure. */
function floorOf(database: string, endpoint: Endpoint, f: Figures, hello: number) {
  if (endpoint.floor === undefined) return '';
  const floor = database === 'postgres' ? endpoint.floor : EMBEDDED_FLOOR;
  const met = f.rps >= floor * hello;
  return `≥ ${(floor * 100).toFixed(1)}%: ${met ? 'met' : 'not met'}`;
}

console.log(
  `bench:http — ${CONNECTIONS} connections, ${DURATION} s per endpoint; load average ${loadAverage()}`,
);
console.log(
  '\n| endpoint | req/s | p50 ms | p99 ms | × hello-world | server CPU ms/req | database CPU ms/req | floor |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---|');

const hello = await startServer('hello');
let helloRps = 0;
try {
  const f = await measure(
    hello.port,
    { name: 'hello', method: 'GET', path: '/' },
    { server: hello.child.pid! },
  );
  helloRps = f.rps;
  report('bare Fastify hello-world', f, helloRps);
} finally {
  await stop(hello.child);
}

for (const database of ['pglite', 'postgres']) {
  if (ONLY && ONLY !== database) continue;
  const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-bench-http-'));
  const bench = database === 'postgres' ? await freshDatabase('spotzcity_bench_http') : undefined;
  const started = performance.now();
  const server = await startServer(database, bench ? bench.url : dir);
  console.log(
    `| **${database}** (started with the demo data in ${((performance.now() - started) / 1000).toFixed(1)} s) | | | | | | | |`,
  );
  const watcher = bench ? new pg.Client({ connectionString: bench.url }) : undefined;
  await watcher?.connect();
  const processes: Processes = {
    server: server.child.pid!,
    ...(watcher && {
      database: async () => {
        const { rows } = await watcher.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return rows.map((row) => row.pid);
      },
    }),
  };
  try {
    for (const endpoint of ENDPOINTS) {
      const f = await measure(server.port, endpoint, processes, server.token);
      report(
        `${database}: ${endpoint.name}`,
        f,
        helloRps,
        floorOf(database, endpoint, f, helloRps),
      );
    }
  } finally {
    await watcher?.end();
    await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
    await bench?.drop();
  }
}
console.log(`\nLoad average after: ${loadAverage()}`);
