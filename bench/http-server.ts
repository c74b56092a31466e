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
import { openDatabase } from '../apps/server/src/db/client.ts';
import { benchApp, seedDemoFor } from './common.ts';

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
  const databaseUrl = mode === 'postgres' ? where : undefined;
  const database = await openDatabase({ databaseUrl, dataDir });
  const app = await benchApp(database, dataDir, databaseUrl);
  const token = await seedDemoFor(app, database);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' ? address?.port : 0, token }));
}
