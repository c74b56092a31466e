// The built server (apps/server/dist/main.mjs) on a free port, with the demo data in a temporary
// DATA_DIR on PGlite: what `npm run lighthouse` and scripts/trace-dashboard.mjs measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverProcess } from './server-env.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on now (the system's pick). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Spawns the built server (apps/server/dist/main.mjs) as `npm start` runs it, under plain node,
 * on `port` with its data in `dataDir` and the demo data seeded; `env` adds to or overrides those
 * settings. `stdio` as for child_process.spawn.
 */
export function spawnBuiltServer({ port, dataDir, env = {}, stdio = 'ignore' }) {
  const databaseUrl = env.DATABASE_URL ?? '';
  const serverEnv = {
    ...process.env,
    ...serverProcess(databaseUrl).env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const main = path.join(ROOT, 'apps/server/dist/main.mjs');
  return spawn(process.execPath, [...serverProcess(databaseUrl).flags, main], {
    cwd: ROOT,
    env: serverEnv,
    stdio,
  });
}

/**
 * Asks `url`/api/health until it answers: 'healthy', or 'exited' when `child` stops first, or
 * 'late' after `ms` milliseconds. Each request gives up after a few seconds: until the child
 * listens, whatever else holds the port may take the request and never answer it.
 */
export async function waitForHealth(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return 'exited';
    try {
      const health = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (health.ok) return 'healthy';
    } catch {
      // not listening yet, or not the child listening
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return 'late';
}

/**
 * Starts the built server and waits until it answers `/api/health` (seeding the demo data takes
 * most of that). `webDist` serves another build of the web app (before/after comparisons).
 */
export async function startBuiltServer({ webDist, waitMinutes = 3 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-measure-'));
  const port = await freePort();
  const child = spawnBuiltServer({ port, dataDir, env: webDist ? { WEB_DIST: webDist } : {} });
  const url = `http://127.0.0.1:${port}`;
  const health = await waitForHealth(url, child, waitMinutes * 60_000);
  if (health === 'exited') throw new Error('the server stopped; run `npm run build` first');
  if (health === 'late') {
    child.kill('SIGTERM');
    throw new Error(`the server did not start in ${waitMinutes} minutes`);
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
