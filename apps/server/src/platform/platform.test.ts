import { mkdirSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signIn, signedInUser } from '../../test/factories.ts';
import { TEST_ADMIN } from '../../test/constants.ts';
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB, rowsOf, type DbOrTx } from '../db/client.ts';
import { groupingByHash } from './sql.ts';
import { errorHandler } from './http.ts';
import { Conflict, Forbidden, NotFound } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('status mapping', () => {
  it('answers 404 for an unknown API path and 405 Not Allowed for a wrong method', async () => {
    const missing = await t.app.inject({ url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found' });
    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/auth/signin' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json()).toEqual({ message: 'Not Allowed' });
  });

  it('answers 422 Payload Mismatch for broken JSON and for a body that is not an object', async () => {
    for (const payload of ['{"usernameOrEmail":', '[1,2]', '"text"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, payload).toBe(422);
      expect(res.json()).toEqual({ message: 'Payload Mismatch' });
    }
  });

  it('answers 413 for a JSON body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: JSON.stringify({ usernameOrEmail: 'a@b.co', password: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a sign-in body past its small limit before reading it, naming the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: JSON.stringify({ usernameOrEmail: 'a@b.co', password: 'x'.repeat(5 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is larger than the 4 KB limit.' });
    // Elsewhere the default limit still takes a body of that size to the route's own checks.
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPER_USER');
    const other = await t.call(token, 'POST', '/api/mail/outbox', { note: 'x'.repeat(5 * 1024) });
    expect(other.statusCode).not.toBe(413);
  });

  it('refuses a JSON body nested too deeply, saying so, before parsing it', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPER_USER');
    const nested = (levels: number, close = true) =>
      '['.repeat(levels) + (close ? ']'.repeat(levels) : '');
    const tries = [
      // Before sign-in, within the sign-in route's small limit.
      { token: undefined, payload: `{"usernameOrEmail":${nested(100)},"password":"x"}` },
      // Behind a token, at the default limit; left unclosed, so JSON.parse never saw it whole.
      { token, payload: `{"pageNumber":${nested(1_000_000, false)}` },
    ];
    for (const { token: bearer, payload } of tries) {
      const res = await t.app.inject({
        method: 'POST',
        url: bearer ? '/api/mail/outbox' : '/api/auth/signin',
        payload,
        headers: { 'content-type': 'application/json', ...(bearer ? t.auth(bearer) : {}) },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'The request body is too deeply nested (at most 16 levels).',
      });
    }
    // Sixteen levels are still read, and then checked by the route like any other body.
    const signin = (levels: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: `{"usernameOrEmail":${nested(levels - 1)},"password":"x"}`,
        headers: { 'content-type': 'application/json' },
      });
    expect((await signin(17)).json().message).toMatch(/too deeply nested/);
    const deepest = await signin(16);
    expect(deepest.statusCode).toBe(400);
    expect(deepest.json().errors[0]).toMatchObject({ field: 'usernameOrEmail' });
  });

  it('answers 403 when the user lacks the permission of a guarded route', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await t.call(token, 'POST', '/api/mail/outbox', {});
    expect(res.statusCode).toBe(403);
    const admin = await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password);
    const ok = await t.call(admin, 'POST', '/api/mail/outbox', {});
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ pageNumber: 0, pageSize: 20 });
  });

  it('maps domain errors and hides the internals of unexpected ones', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(errorHandler);
    app.get('/conflict', async () => {
      throw new Conflict('That e-mail is already in use.');
    });
    app.get('/forbidden', async () => {
      throw new Forbidden();
    });
    app.get('/missing', async () => {
      throw new NotFound('Client not found');
    });
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db failed at /srv/app.ts:12');
    });
    expect((await app.inject({ url: '/conflict' })).statusCode).toBe(409);
    expect((await app.inject({ url: '/forbidden' })).statusCode).toBe(403);
    expect((await app.inject({ url: '/missing' })).json()).toEqual({ message: 'Client not found' });
    const boom = await app.inject({ url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toMatch(/secret|srv|stack/);
    expect(boom.json().message).toBeTruthy();
  });
});

describe('platform endpoints', () => {
  it('reports health with the database kind', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('runs the embedded database with its small buffer cache', async () => {
    // PGlite's cache lives in the server's memory and never shrinks (docs/database.md).
    const [row] = rowsOf(
      await t.database.db.execute(sql`show shared_buffers`),
      z.object({ shared_buffers: z.string() }),
    );
    if (t.database.kind === 'pglite') {
      expect(row?.shared_buffers).toBe(`${DEFAULT_PGLITE_SHARED_BUFFERS_MB}MB`);
      expect(DEFAULT_PGLITE_SHARED_BUFFERS_MB).toBe(16);
    } else {
      expect(row?.shared_buffers).toBeTruthy();
    }
  });

  it('groups by hashing for one statement and sets sorting back as it was', async () => {
    const sorting = async (tx: DbOrTx) =>
      rowsOf(
        await tx.execute(sql`select current_setting('enable_sort') as s`),
        z.object({ s: z.string() }),
      )[0]?.s;
    for (const before of ['on', 'off']) {
      const seen = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('enable_sort', ${before}, true)`);
        await tx.execute(sql`create temp table grouped (during text) on commit drop`);
        await groupingByHash(
          tx,
          sql`insert into grouped select current_setting('enable_sort') as during`,
        );
        const [during] = rowsOf(
          await tx.execute(sql`select during from grouped`),
          z.object({ during: z.string() }),
        );
        return { during: during?.during, after: await sorting(tx) };
      });
      expect(seen).toEqual({ during: 'off', after: before });
    }
    expect(await sorting(t.database.db)).toBe('on');
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/auth/signin',
        '/api/auth/forgot/pwd',
        '/api/users/profile',
        '/api/users/update',
      ]),
    );
  });
});

describe('the web app', () => {
  it('is served with an SPA fallback, while unknown API paths stay JSON 404', async () => {
    const dist = path.join(t.dataDir, 'web-dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SpotzCity</title>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await createTestApp({ WEB_DIST: dist });
    try {
      const deep = await app.app.inject({ url: '/home/editProfile' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('<title>SpotzCity</title>');
      const asset = await app.app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ message: 'Not Found' });
    } finally {
      await app.close();
    }
  });
});

describe('logs', () => {
  it('never contain passwords, tokens or recovery codes, even from query strings', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(String(chunk)));
    const logged = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const { user } = await signedInUser(logged.app, logged.database.db);
      const token = await signIn(logged.app, user.email);
      await logged.app.inject({ url: '/api/users/profile', headers: logged.auth(token) });
      await logged.app.inject({ method: 'POST', url: `/api/auth/forgot/pwd?email=${user.email}` });
      await logged.app.background.idle();
      const outbox = await logged.app.inject({
        method: 'POST',
        url: '/api/mail/outbox',
        payload: {},
        headers: logged.auth(await signIn(logged.app, TEST_ADMIN.email, TEST_ADMIN.password)),
      });
      const code = /\b(\d{6})\b/.exec(outbox.json().data[0].body)?.[1];
      expect(code).toBeTruthy();
      const verified = await logged.app.inject({
        method: 'POST',
        url: `/api/auth/verify/code?code=${code}&email=${user.email}`,
      });
      const resetToken = verified.json().data.resetToken as string;
      // The secret in the query string (the spec's form) and in the body: logged by neither.
      await logged.app.inject({
        method: 'PUT',
        url: `/api/auth/change/password?password=Secret%23Pass77&email=${user.email}&resetToken=${resetToken}`,
      });
      await logged.app.inject({
        method: 'PUT',
        url: '/api/auth/change/password',
        payload: { password: 'Secret#Pass77', email: user.email, resetToken },
      });
      await logged.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { usernameOrEmail: user.email, password: 'Wrong#Pass1' },
      });

      const text = lines.join('');
      expect(text.length).toBeGreaterThan(0);
      expect(text).toContain('/api/auth/change/password');
      for (const secret of [
        'Secret#Pass77',
        'Secret%23Pass77',
        'Wrong#Pass1',
        token,
        code!,
        resetToken,
      ]) {
        expect(text).not.toContain(secret);
      }
    } finally {
      await logged.close();
    }
  });
});
