/**
 * Starts the real server (built web app, embedded PGlite in a temporary DATA_DIR, demo data) on a
 * free port for the browser suite, after seeding the accounts the journeys use — one server per
 * worker (the e2e project's `maxWorkers`), each on its own copy of the seeded data, so that two
 * journeys running at the same time never see each other's changes. Each server's address is
 * written to a file once it answers; a journey reaches its worker's server through
 * `openBrowser()` (browser.baseURL) in browser.ts, which waits for that file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, spawnBuiltServer, waitForHealth } from '../scripts/built-server.mjs';
import { E2E_ADMIN } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One server per worker: worker N (VITEST_POOL_ID) uses the N-th. Each entry is the file its
     * server's address is written to once it answers (the port is known only then). browser.ts.
     */
    e2eServerFiles: string[];
    /** Where the set-up writes why it failed, if it does (browser.ts reads it). */
    e2eSetupFailure: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

export default async function setup(project: TestProject) {
  const server = path.join(ROOT, 'apps/server/dist/main.mjs');
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')) || !existsSync(server)) {
    throw new Error('The app is not built: run `npm run build` (npm test does it for you).');
  }
  const count = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = Array.from({ length: count }, () =>
    mkdtempSync(path.join(tmpdir(), 'spotzcity-e2e-')),
  );
  const serverFiles = dataDirs.map((dataDir) => `${dataDir}.url`);
  project.provide('e2eServerFiles', serverFiles);
  const failure = `${dataDirs[0]}.failed`;
  project.provide('e2eSetupFailure', failure);

  // Seeding and starting the servers go on in the background: Vitest runs every project's global
  // set-up before the first test of any, and the journeys come last (groupOrder), so the unit, web
  // and API files run meanwhile instead of waiting half a minute for data no one of them reads.
  // openBrowser() waits for its worker's server to answer (browser.ts; docs/testing.md).
  let servers: ReturnType<typeof startServer>[] = [];
  let postgres: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  const started = (async () => {
    // E2E_DATABASE_URL (a PostgreSQL server) runs the journeys on a fresh database there instead
    // of the embedded one: `E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:e2e`.
    postgres = process.env.E2E_DATABASE_URL
      ? await freshPostgres(process.env.E2E_DATABASE_URL)
      : undefined;
    await seed(dataDirs[0]!, postgres?.url);
    // The other workers' servers start from copies of the seeded data (a copied PGlite directory
    // and its files, or a PostgreSQL database made from the seeded one): seeding is done once.
    const databaseUrls: (string | undefined)[] = [postgres?.url];
    for (let i = 1; i < count; i++) {
      cpSync(dataDirs[0]!, dataDirs[i]!, { recursive: true });
      databaseUrls.push(postgres ? await postgres.copy(i) : undefined);
    }
    servers = dataDirs.map((dataDir, i) => startServer(dataDir, databaseUrls[i]));
    await Promise.all(
      servers.map(async (server, i) => {
        const baseURL = await server.healthy;
        // Renamed into place, so that a journey never reads a half-written address.
        writeFileSync(`${serverFiles[i]}.tmp`, baseURL);
        renameSync(`${serverFiles[i]}.tmp`, serverFiles[i]!);
      }),
    );
  })();
  // Every journey then fails at once with this reason instead of waiting for a server.
  started.catch((error: Error) => writeFileSync(failure, String(error.stack ?? error)));

  return async () => {
    await started.catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    for (const file of serverFiles) rmSync(file, { force: true });
    rmSync(failure, { force: true });
    await postgres?.drop();
  };
}

/**
 * The demo data and the accounts the journeys sign in with (seed.ts), in a process of its own:
 * in Vitest's process the seeding would hold up the module loading of every other project's
 * workers, which it serves.
 */
async function seed(dataDir: string, databaseUrl: string | undefined) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'e2e/seed.ts'), dataDir, databaseUrl ?? ''],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`seeding the e2e data failed (exit ${code}):\n${output}`);
}

/** Ports a server is tried on before its start counts as failed. */
const PORT_ATTEMPTS = 5;

/**
 * The server as `npm start` runs it: the bundle, under plain node, on a free port; `healthy`
 * settles with its address once it answers (or fails with its output). The port is picked right
 * before the server is spawned, but the server binds it only some seconds later, after opening
 * and preparing its database: another process may take the port meanwhile (any test that listens
 * on port 0), and the server then exits with EADDRINUSE. It is started again on another port.
 */
function startServer(dataDir: string, databaseUrl: string | undefined) {
  let child: ChildProcess | undefined;
  const healthy = (async () => {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const baseURL = `http://127.0.0.1:${port}`;
      let output = '';
      child = spawnBuiltServer({
        port,
        dataDir,
        env: {
          DATABASE_URL: databaseUrl ?? '',
          ADMIN_EMAIL: E2E_ADMIN.email,
          ADMIN_PASSWORD: E2E_ADMIN.password,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      // Generous: two servers start at once, and a 2-core machine may be busy with other work.
      const health = await waitForHealth(baseURL, child, 240_000);
      if (health === 'healthy') return baseURL;
      if (health === 'exited' && output.includes('EADDRINUSE') && attempt < PORT_ATTEMPTS) {
        continue;
      }
      if (health === 'exited') throw new Error(`server exited early:\n${output}`);
      throw new Error(`server did not become healthy:\n${output}`);
    }
  })();
  return {
    healthy,
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A new database on the server `serverUrl` names, for one run; `drop` removes it. */
async function freshPostgres(serverUrl: string) {
  const { default: pg } = await import('pg');
  const name = `spotzcity_e2e_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const urlOf = (database: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const copies: string[] = [];
  return {
    url: urlOf(name),
    /** A copy of the (seeded, closed) database for worker `index`'s server. */
    async copy(index: number) {
      const copy = `${name}_${index}`;
      await run(`create database ${copy} template ${name}`);
      copies.push(copy);
      return urlOf(copy);
    },
    async drop() {
      for (const database of [...copies, name]) {
        await run(`drop database if exists ${database} with (force)`);
      }
    },
  };
}
