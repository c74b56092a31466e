/**
 * Several servers on one PostgreSQL: two app instances, each with its own
 * connection pool and its own DATA_DIR (nothing shared but the database), behind an imagined
 * load balancer. Sessions, sign-in limits, files, import jobs and what a read answers must be the
 * same on both.
 * A does not run imports (RUN_IMPORT_JOBS=false), so an upload through A is run by B. The last
 * test starts a third server as a real child process and kills it mid-import.
 * PostgreSQL only (`api-pg`): the embedded database has one process by nature.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMPORT_MESSAGES } from '@spotzcity/shared/spend-imports';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { PASSWORD, createOrg, createUser, signIn, signedInUser } from '../../test/factories.ts';
import { followImport, uploadSpend } from '../../test/imports.ts';
import { multipart } from '../../test/multipart.ts';
import { validContract } from '../../test/contracts.ts';
import { SPEND_HEADERS, asCells, spendFixture, xlsxBuffer } from '../../test/xlsx.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { apiTokens, importJobs, spendFiles, spendRows } from '../db/schema/index.ts';
import { jobFileKey } from './import-jobs.ts';
import { TEST_JWT_SECRET } from '../../test/constants.ts';

const onPostgres = inject('dbTarget').kind === 'postgres';

/** Requests per address to the sign-in endpoints, on each server (the other tests sign in too). */
const PER_IP = 30;
let a: TestApp;
let b: { app: FastifyInstance; database: Database; dataDir: string };

beforeAll(async () => {
  if (!onPostgres) return;
  // Both with the same small account limit, as one deployment's processes are configured.
  a = await createTestApp({
    AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    RUN_IMPORT_JOBS: 'false',
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-second-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: a.config.databaseUrl!,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
    AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, migrate: false });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  b = { app, database, dataDir };
});

let bClosed = false;
async function closeB() {
  if (bClosed) return;
  bClosed = true;
  await b.app.close();
  await b.database.close();
}

afterAll(async () => {
  if (!onPostgres) return;
  await closeB();
  rmSync(b.dataDir, { recursive: true, force: true });
  await a.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.skipIf(!onPostgres)('two servers on one PostgreSQL', () => {
  it('accepts on B a token signed in on A, and refuses it on B once signed out on A', async () => {
    const org = await createOrg(a.database.db);
    const user = await createUser(a.database.db, { clientRef: org.id });
    const token = await signIn(a.app, user.email);
    const onB = () => b.app.inject({ url: '/api/users/profile', headers: bearer(token) });
    expect((await onB()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(401);
  });

  it('refuses on B an API token revoked on A, and one that expired, from the next request', async () => {
    const org = await createOrg(a.database.db);
    const admin = await createUser(a.database.db, { clientRef: org.id, role: 'ROLE_BUYER_ADMIN' });
    const session = await signIn(a.app, admin.email);
    const make = async (name: string) => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/organisation/tokens',
        headers: bearer(session),
        payload: { name, scopes: ['read'], expiresInDays: 30 },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ data: { id: number; token: string } }>().data;
    };
    const onB = (token: string) =>
      b.app.inject({ method: 'POST', url: '/api/file/list', headers: bearer(token), payload: {} });

    const revoked = await make('Nightly ERP');
    expect((await onB(revoked.token)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'DELETE',
      url: `/api/organisation/tokens/${revoked.id}`,
      headers: bearer(session),
    });
    expect(out.statusCode).toBe(200);
    expect((await onB(revoked.token)).statusCode).toBe(401);

    // Expiry is judged by the database's clock, the same for both servers.
    const expired = await make('Monthly export');
    expect((await onB(expired.token)).statusCode).toBe(200);
    await a.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect((await onB(expired.token)).statusCode).toBe(401);
  });

  it('reads on A what was written through B', async () => {
    const { token } = await signedInUser(a.app, a.database.db);
    const names = async () =>
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/contract/list',
          headers: bearer(token),
          payload: { pageNumber: 0 },
        })
      )
        .json<{ data: { contractName: string }[] }>()
        .data.map((c) => c.contractName);
    expect(await names()).toEqual([]);
    const contract = validContract();
    const saved = await b.app.inject({
      method: 'POST',
      url: '/api/contract/create',
      headers: bearer(token),
      payload: contract,
    });
    expect(saved.statusCode).toBe(200);
    expect(await names()).toEqual([contract.contractName]);
  });

  it('adds up failed sign-ins on A and on B to one limit', async () => {
    const org = await createOrg(a.database.db);
    const user = await createUser(a.database.db, { clientRef: org.id });
    const signin = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '10.0.0.77',
        payload: { usernameOrEmail: user.email, password },
      });
    // Four wrong passwords, two through each server: the limit of four is reached.
    for (const app of [a.app, b.app, a.app, b.app]) {
      expect((await signin(app, 'Wrong#Pass1')).statusCode).toBe(400);
    }
    expect((await signin(a.app, PASSWORD)).statusCode).toBe(429);
    expect((await signin(b.app, PASSWORD)).statusCode).toBe(429);
  });

  it('checks no more passwords of a burst through A and B at once than the one limit', async () => {
    const org = await createOrg(a.database.db);
    const user = await createUser(a.database.db, { clientRef: org.id });
    const signin = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '10.0.0.78',
        payload: { usernameOrEmail: user.email, password },
      });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signin(i % 2 === 0 ? a.app : b.app, 'Wrong#Pass1')),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
    expect((await signin(b.app, PASSWORD)).statusCode).toBe(429);
  });

  it('adds up requests from one address on A and on B to one per-IP limit', async () => {
    // Unknown accounts, each a different one: only the per-IP limit can stop these.
    const signin = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: '10.0.0.88',
        payload: { usernameOrEmail: `nobody-${n}@example.com`, password: 'Wrong#Pass1' },
      });
    for (let n = 0; n < PER_IP; n++) {
      expect((await signin(n % 2 === 0 ? a.app : b.app, n)).statusCode).not.toBe(429);
    }
    expect((await signin(a.app, PER_IP)).statusCode).toBe(429);
    expect((await signin(b.app, PER_IP + 1)).statusCode).toBe(429);
    // Another address is not affected.
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress: '10.0.0.89',
      payload: { usernameOrEmail: 'nobody@example.com', password: 'Wrong#Pass1' },
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('serves through B, whole and by range, a video uploaded through A', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'ROLE_SUPER_ADMIN');
    // Over one storage chunk (256 KiB), bytes that differ at every offset.
    const data = Buffer.alloc(300 * 1024);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31 + (i >> 8)) & 0xff;
    data.write('\0\0\0\x18ftypisom', 0, 'latin1');
    const form = multipart(
      { category: 'Two servers' },
      { file: { filename: 'intro.mp4', contentType: 'video/mp4', data } },
    );
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/training/video',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(uploaded.statusCode).toBe(200);
    const url = uploaded.json<{ data: { url: string } }>().data.url;
    const whole = await b.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(data)).toBe(true);
    const start = 262_000;
    const end = 263_999;
    const part = await b.app.inject({ url, headers: { range: `bytes=${start}-${end}` } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${data.length}`);
    expect(part.rawPayload.equals(data.subarray(start, end + 1))).toBe(true);
  });

  it('shows through B an import uploaded through A, done, with its rows', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'ROLE_BUYER_ADMIN');
    const { rows, buffer } = await spendFixture(30, { seed: 20 });
    const upload = await uploadSpend(a, token, buffer, 'two-servers.xlsx');
    expect(upload.statusCode).toBe(202);
    const id = upload.json<{ data: { id: number } }>().data.id;
    // A does not run imports: B claims the job (its workbook in the shared storage) and A
    // follows what B records.
    const states = await followImport(a, token, id);
    expect(states.at(-1)?.status).toBe('done');
    const [job] = await a.database.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(job?.owner).toBe(b.app.importJobs.owner);
    // Its workbook is gone from the storage once saved.
    expect(await a.app.storage.size(jobFileKey(job!.storageId!, 'xlsx'))).toBeUndefined();
    for (const app of [a.app, b.app]) {
      const files = await app.inject({
        method: 'POST',
        url: '/api/file/list',
        headers: bearer(token),
        payload: { pageNumber: 0 },
      });
      expect(files.json<{ data: { fileName: string; rowCount: number }[] }>().data).toEqual([
        expect.objectContaining({ fileName: 'two-servers.xlsx', rowCount: rows.length }),
      ]);
    }
  });

  it('holds through B an overlapping upload to A, and saves it through B on a choice made on A', async () => {
    const { token } = await signedInUser(a.app, a.database.db, 'ROLE_BUYER_ADMIN');
    const { rows } = await spendFixture(60, { rowSeed: 21 });
    const first = await xlsxBuffer([SPEND_HEADERS, ...rows.slice(0, 40).map(asCells)]);
    const second = await xlsxBuffer([SPEND_HEADERS, ...rows.slice(20, 60).map(asCells)]);
    const one = (await uploadSpend(a, token, first, 'first.xlsx')).json<{ data: { id: number } }>();
    expect((await followImport(a, token, one.data.id)).at(-1)?.status).toBe('done');
    const two = (await uploadSpend(a, token, second, 'second.xlsx')).json<{
      data: { id: number };
    }>();
    const held = (await followImport(a, token, two.data.id)).at(-1);
    expect(held).toMatchObject({ status: 'held', overlap: { rows: 20 } });
    const decided = await a.app.inject({
      method: 'POST',
      url: `/api/file/imports/${two.data.id}/decision`,
      headers: bearer(token),
      payload: { choice: 'replace' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await followImport(a, token, two.data.id)).at(-1)).toMatchObject({
      status: 'done',
      rowCount: 40,
    });
    const [job] = await a.database.db
      .select()
      .from(importJobs)
      .where(eq(importJobs.id, two.data.id));
    expect(job).toMatchObject({ owner: b.app.importJobs.owner, choice: 'replace' });
    for (const file of ['xlsx', 'rows', 'keys'] as const) {
      expect(await a.app.storage.size(jobFileKey(job!.storageId!, file))).toBeUndefined();
    }
    const files = await b.app.inject({
      method: 'POST',
      url: '/api/file/list',
      headers: bearer(token),
      payload: { pageNumber: 0 },
    });
    expect(files.json<{ data: { fileName: string }[] }>().data.map((f) => f.fileName)).toEqual([
      'second.xlsx',
    ]);
  });

  it('fails on B, with nothing saved, an import whose server stopped beating', async () => {
    const { org } = await signedInUser(a.app, a.database.db, 'ROLE_BUYER_ADMIN');
    // A job as a server that died mid-import leaves it: running, its heartbeat two minutes old,
    // its owner gone (its save transaction rolled back with its connection).
    const [job] = await a.database.db
      .insert(importJobs)
      .values({
        clientRef: org.id,
        kind: 'spend',
        fileName: 'died.xlsx',
        status: 'running',
        phase: 'saving',
        contentHash: 'f'.repeat(64),
        workDir: path.join(a.dataDir, 'imports', 'gone'),
        owner: 'another-host:1234:deadbeef',
        heartbeatAt: new Date(Date.now() - 120_000),
      })
      .returning();
    await b.app.importJobs.recover(false);
    const [after] = await b.database.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    expect(after).toMatchObject({ status: 'failed', message: IMPORT_MESSAGES.interrupted });
    const files = await b.database.db
      .select()
      .from(spendFiles)
      .where(eq(spendFiles.clientRef, org.id));
    expect(files).toEqual([]);
  });

  it('fails, with nothing saved, an import whose server was killed while running it', async () => {
    // Only A and a third server C, run as a real process, are left: A does not run imports.
    await closeB();
    const { token, org } = await signedInUser(a.app, a.database.db, 'ROLE_BUYER_ADMIN');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spotzcity-third-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: {
        // A real process reads its own environment: only PATH comes from this one.
        // eslint-disable-next-line no-restricted-properties
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: a.config.databaseUrl,
        JWT_SECRET: TEST_JWT_SECRET,
        WEB_DIST: path.join(dataDir, 'no-web'),
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
      },
      stdio: 'ignore',
    });
    try {
      const { buffer } = await spendFixture(20_000, { seed: 22 });
      const upload = await uploadSpend(a, token, buffer, 'killed.xlsx');
      expect(upload.statusCode).toBe(202);
      const id = upload.json<{ data: { id: number } }>().data.id;
      // Wait until C has claimed it and started it.
      const read = async () =>
        (await a.database.db.select().from(importJobs).where(eq(importJobs.id, id)))[0]!;
      let job = await read();
      for (let i = 0; i < 600 && job.status !== 'running'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = await read();
      }
      expect(job.status).toBe('running');
      expect(job.owner).toContain(`:${child.pid}:`);
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      // The minute passes (C cannot beat any more): its heartbeat is set back, and A's sweep
      // fails it.
      await a.database.db
        .update(importJobs)
        .set({ heartbeatAt: new Date(Date.now() - 120_000) })
        .where(eq(importJobs.id, id));
      await a.app.importJobs.recover(false);
      expect(await read()).toMatchObject({
        status: 'failed',
        message: IMPORT_MESSAGES.interrupted,
      });
      const files = await a.database.db
        .select()
        .from(spendFiles)
        .where(eq(spendFiles.clientRef, org.id));
      expect(files).toEqual([]);
      const [stored] = await a.database.db
        .select({ n: count() })
        .from(spendRows)
        .where(eq(spendRows.clientRef, org.id));
      expect(stored?.n).toBe(0);
      expect(await a.app.storage.size(jobFileKey(job.storageId!, 'xlsx'))).toBeUndefined();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
