/**
 * What the benchmarks share: their `--name value` options, the real app over a benchmark
 * database (production settings, no demo data) and a token for it, and percentiles.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';

const args = process.argv.slice(2);

/** The value after `--name` on the command line, if given. */
export const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
};

/** The load average (1, 5, 15 min), to print beside every figure. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

/** Stops `child` (if it still runs) and waits until it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** The app over `database` (on PostgreSQL, `databaseUrl` names it), ready for app.inject. */
export async function benchApp(database: Database, dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // A benchmark signs in as often as it needs; the limits are not what it measures.
    AUTH_RATE_LIMIT_PER_IP: '100000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** Signs in through the app; the access token. */
export async function tokenFor(app: FastifyInstance, email: string, password: string) {
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { usernameOrEmail: email, password },
  });
  return signin.json<{ accessToken: string }>().accessToken;
}

/** The demo data as `npm start` seeds it; the demo buyer admin's token. */
export async function seedDemoFor(app: FastifyInstance, database: Database) {
  await bootstrap(database.db, {
    adminEmail: 'bench.admin@example.com',
    adminPassword: 'Bench#Admin2020',
    appName: 'SpotzCity',
    announce: () => {},
  });
  await seedDemo(database.db, app.storage);
  const token = await tokenFor(app, DEMO.buyerAdmin.email, DEMO.password);
  if (!token) throw new Error('The demo buyer admin could not sign in');
  return token;
}

/** The p-th percentile of sorted timings (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
