/**
 * Starts the real server (built web app, embedded PGlite in a temporary DATA_DIR, demo data) on a
 * free port for the browser suite, after seeding the accounts the journeys use — one server per
 * worker (the e2e project's `maxWorkers`), each on its own copy of the seeded data, so that two
 * journeys running at the same time never see each other's changes. A journey reaches its
 * worker's server through `openBrowser()` (browser.baseURL) in browser.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { openStorage } from '../apps/server/src/platform/storage.ts';
import { freePort, spawnBuiltServer, waitForHealth } from '../scripts/built-server.mjs';
import { DEMO_PASSWORD, E2E_ADMIN, E2E_LAPSING, E2E_USERS } from './fixtures.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: worker N (VITEST_POOL_ID) uses the N-th. See browser.ts. */
    e2eServers: string[];
  }
}

const ROOT = path.resolve(import.meta.dirname, '..');

export default async function setup(project: TestProject) {
  const server = path.join(ROOT, 'apps/server/dist/main.mjs');
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html')) || !existsSync(server)) {
    throw new Error('The app is not built: run `npm run build` (npm test does it for you).');
  }
  const count = Math.max(1, project.config.maxWorkers ?? 1);
  const dataDirs = [mkdtempSync(path.join(tmpdir(), 'spotzcity-e2e-'))];
  // E2E_DATABASE_URL (a PostgreSQL server) runs the journeys on a fresh database there instead
  // of the embedded one: `E2E_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:e2e`.
  const postgres = process.env.E2E_DATABASE_URL
    ? await freshPostgres(process.env.E2E_DATABASE_URL)
    : undefined;

  await seed(dataDirs[0]!, postgres?.url);
  // The other workers' servers start from copies of the seeded data (a copied PGlite directory
  // and its files, or a PostgreSQL database made from the seeded one): seeding is done once.
  const databaseUrls: (string | undefined)[] = [postgres?.url];
  for (let i = 1; i < count; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-e2e-'));
    cpSync(dataDirs[0]!, dir, { recursive: true });
    dataDirs.push(dir);
    databaseUrls.push(postgres ? await postgres.copy(i) : undefined);
  }

  const ports: number[] = [];
  for (const _ of dataDirs) ports.push(await freePort());
  const servers = dataDirs.map((dataDir, i) => startServer(ports[i]!, dataDir, databaseUrls[i]));
  const teardown = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };
  // The first worker's server before any journey; the others may still be starting when the
  // journeys begin (openBrowser() waits for its own), so a run of one file does not wait for
  // servers it will not use.
  for (const other of servers.slice(1)) {
    other.healthy.catch((error: Error) => console.error(`e2e server ${other.baseURL}: ${error}`));
  }
  try {
    await servers[0]!.healthy;
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide(
    'e2eServers',
    servers.map((s) => s.baseURL),
  );
  return teardown;
}

/** The demo data and the accounts the journeys sign in with. */
async function seed(dataDir: string, databaseUrl: string | undefined) {
  const database = await openDatabase({ dataDir, databaseUrl });
  await bootstrap(database.db, {
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    appName: 'SpotzCity',
    announce: () => {},
  });
  // Where the server started below keeps its files (the database on PostgreSQL).
  await seedDemo(database.db, await openStorage(undefined, database, dataDir));
  const [acme] = await database.db
    .select()
    .from(clients)
    .where(eq(clients.clientId, DEMO.clientId));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const account of Object.values(E2E_USERS)) {
    await database.db.insert(users).values({
      clientRef: acme!.id,
      name: account.name,
      email: account.email,
      roleCode: account.role,
      passwordHash,
      gender: 'FEMALE',
      dateOfBirth: '1990-01-15',
    });
  }
  const [lapsing] = await database.db
    .insert(clients)
    .values({
      clientId: E2E_LAPSING.clientId,
      name: E2E_LAPSING.user.name,
      email: E2E_LAPSING.user.email,
      companyName: E2E_LAPSING.companyName,
      type: 'BUYER',
      contractStartAt: `${new Date().getFullYear() - 1}-01-01`,
      contractEndAt: `${new Date().getFullYear() + 2}-12-31`,
    })
    .returning();
  await database.db.insert(users).values({
    clientRef: lapsing!.id,
    name: E2E_LAPSING.user.name,
    email: E2E_LAPSING.user.email,
    roleCode: E2E_LAPSING.user.role,
    passwordHash,
    gender: 'MALE',
    dateOfBirth: '1985-06-01',
  });
  await database.close();
}

/**
 * The server as `npm start` runs it: the bundle, under plain node, on a free port; `healthy`
 * settles once it answers (or fails with its output).
 */
function startServer(port: number, dataDir: string, databaseUrl: string | undefined) {
  let child: ChildProcess | undefined;
  const baseURL = `http://127.0.0.1:${port}`;
  const healthy = (async () => {
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
    if (health === 'exited') throw new Error(`server exited early:\n${output}`);
    if (health === 'late') throw new Error(`server did not become healthy:\n${output}`);
  })();
  return {
    healthy,
    baseURL,
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
