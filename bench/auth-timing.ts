/**
 * `npm run check:auth-timing`: does an answer tell whether an account exists? (docs/security.md)
 * Times, in one process on the embedded database, 50 tries each of
 *   - forgot-password for a known address and for an unknown one,
 *   - sign-in with a wrong password for a known account, a pending invitation and an unknown
 *     address,
 * alternating between the kinds so that load and warm-up fall on each alike, and prints the
 * medians and their differences. A difference over 2 ms is flagged (exit code 1). The time is the
 * reply's: what a known address costs after it (the mail) runs before the next request. Run it on
 * a quiet machine: argon2 takes ~25 ms, and load spreads its time far more than 2 ms.
 * Usage: npm run check:auth-timing [-- --tries 50]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { clients, users } from '../apps/server/src/db/schema/index.ts';
import { bootstrap } from '../apps/server/src/db/seed/bootstrap.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';

const triesArg = process.argv.indexOf('--tries');
const TRIES = triesArg > 0 ? Number(process.argv[triesArg + 1]) : 50;
const LIMIT_MS = 2;

const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-timing-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ADMIN_PASSWORD: 'Timing#2026',
  WEB_DIST: path.join(dataDir, 'no-web'),
  AUTH_RATE_LIMIT_PER_IP: '100000',
});
const database = await openDatabase({ dataDir });
await bootstrap(database.db, {
  adminEmail: config.adminEmail,
  adminPassword: 'Timing#2026',
  appName: 'SpotzCity',
  announce: () => {},
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const [org] = await database.db
  .insert(clients)
  .values({
    clientId: 'TIMING',
    name: 'Timing',
    email: 't@example.com',
    companyName: 'Timing',
    type: 'BUYER',
  })
  .returning();
const passwordHash = await hashPassword('Known#Pass1');
const made = (kind: string, hash: string | null) =>
  database.db
    .insert(users)
    .values(
      Array.from({ length: TRIES }, (_, i) => ({
        clientRef: org!.id,
        name: `${kind} ${i}`,
        email: `${kind}-${i}@timing.example`,
        passwordHash: hash,
        roleCode: 'ROLE_BUYER_USER',
      })),
    )
    .returning({ email: users.email });
const known = (await made('known', passwordHash)).map((u) => u.email);
const invited = (await made('invited', null)).map((u) => u.email);
const unknown = Array.from({ length: TRIES }, (_, i) => `nobody-${i}@timing.example`);

async function timed(request: { method: 'POST'; url: string; payload: object }) {
  const start = performance.now();
  const res = await app.inject(request);
  const ms = performance.now() - start;
  if (res.statusCode >= 500 || res.statusCode === 429) {
    throw new Error(`${res.statusCode} ${res.body}`);
  }
  return ms;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function compare(title: string, kinds: Record<string, (i: number) => Promise<number>>) {
  const times: Record<string, number[]> = Object.fromEntries(
    Object.keys(kinds).map((k) => [k, []]),
  );
  const order = Object.entries(kinds);
  for (let i = 0; i < TRIES; i += 1) {
    // Each kind goes first in turn; the work a reply leaves for later (a mail) is done before
    // the next request, so that no request pays for another's.
    for (let k = 0; k < order.length; k += 1) {
      const [kind, run] = order[(i + k) % order.length]!;
      times[kind]!.push(await run(i));
      await app.background.idle();
    }
  }
  const medians = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  const [first, ...others] = Object.keys(kinds);
  console.log(`\n${title} (${TRIES} tries each, median ms)`);
  let ok = true;
  for (const kind of Object.keys(kinds))
    console.log(`  ${kind.padEnd(20)} ${medians[kind]!.toFixed(2)}`);
  for (const other of others) {
    const diff = Math.abs(medians[first!]! - medians[other]!);
    const flag = diff < LIMIT_MS ? 'ok' : `OVER ${LIMIT_MS} ms`;
    if (diff >= LIMIT_MS) ok = false;
    console.log(`  |${first} − ${other}| = ${diff.toFixed(2)} ms  ${flag}`);
  }
  return ok;
}

const forgot = (email: string) =>
  timed({ method: 'POST', url: '/api/auth/forgot/pwd', payload: { email } });
const signin = (email: string) =>
  timed({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { usernameOrEmail: email, password: 'Wrong#Pass1' },
  });

// Warm-up: the first requests compile and open what later ones reuse.
for (let i = 0; i < 5; i += 1) {
  await forgot(`warm-${i}@timing.example`);
  await signin(`warm-${i}@timing.example`);
}

const results = [
  await compare('forgot-password', {
    'known address': (i) => forgot(known[i]!),
    'unknown address': (i) => forgot(unknown[i]!),
  }),
  await compare('sign-in, wrong password', {
    'known account': (i) => signin(known[i]!),
    'pending invitation': (i) => signin(invited[i]!),
    'unknown address': (i) => signin(unknown[i]!),
  }),
];

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (results.includes(false)) process.exitCode = 1;
