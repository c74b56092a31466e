// The built server (apps/server/dist/main.mjs) on a free port, with the demo data in a temporary
// DATA_DIR on PGlite: what `npm run lighthouse` and scripts/trace-dashboard.mjs measure.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts the built server and waits until it answers `/api/health` (seeding the demo data takes
 * most of that). `webDist` serves another build of the web app (before/after comparisons).
 */
export async function startBuiltServer({ webDist, waitMinutes = 3 } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-measure-'));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/main.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...(webDist ? { WEB_DIST: webDist } : {}),
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + waitMinutes * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server stopped; run `npm run build` first');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server did not start in ${waitMinutes} minutes`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
