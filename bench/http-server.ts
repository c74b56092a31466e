/**
 * The server side of `npm run bench:http` (bench/http.ts starts it as a child process, so that
 * autocannon and the server do not share one event loop):
 *
 *   tsx bench/http-server.ts hello               a bare Fastify hello-world
 *   tsx bench/http-server.ts pglite <dir>        SpotzCity on PGlite in <dir>, with the demo data
 *   tsx bench/http-server.ts postgres <url>      SpotzCity on PostgreSQL <url>, with the demo data
 *
 * Prints one JSON line `{ "port": n, "token": "…" }` once it listens (the token is the demo
 * buyer admin's), then serves until killed.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { DEMO, seedDemo } from '../apps/server/src/db/seed/demo.ts';

const [mode = 'hello', where = ''] = process.argv.slice(2);

if (mode === 'hello') {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' ? address?.port : 0 }));
} else {
  const dataDir = mode === 'pglite' ? where : path.join(process.env.BENCH_DATA_DIR ?? '/tmp', 'x');
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(mode === 'postgres' ? { DATABASE_URL: where } : {}),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // The benchmark signs in once; the limits are not what it measures.
    AUTH_RATE_LIMIT_PER_IP: '100000',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  const app = await buildApp({ config, database, logger: false });
  await bootstrap(database.db, {
    adminEmail: 'bench.admin@example.com',
    adminPassword: 'Bench#Admin2020',
    appName: 'SpotzCity',
    announce: () => {},
  });
  await seedDemo(database.db, app.storage);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const signin = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { usernameOrEmail: DEMO.buyerAdmin.email, password: DEMO.password },
  });
  const token = signin.json<{ accessToken?: string }>().accessToken;
  if (!token) throw new Error(`sign-in failed: ${signin.statusCode} ${signin.body}`);
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' ? address?.port : 0, token }));
}
