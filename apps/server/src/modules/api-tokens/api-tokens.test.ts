/**
 * Organisation API tokens: made by a Buyer Admin, the secret answered once and kept as a hash,
 * used as `Authorization: Bearer spz_…` on the routes of its scopes only, refused everywhere else
 * and at once when revoked or expired; every creation, first use from an address and revocation
 * in the audit log; never another organisation's data.
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKEN_PATTERN } from '@spotzcity/shared/api-tokens';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, createUser, signedInUser } from '../../../test/factories.ts';
import { followImport, uploadSpend } from '../../../test/imports.ts';
import { spendFixture } from '../../../test/xlsx.ts';
import { apiTokens, auditLog, clients, users } from '../../db/schema/index.ts';

let t: TestApp;
const logs = new PassThrough();
let logText = '';
logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));

beforeAll(async () => {
  // Every request logged, at the most talkative level: no secret may appear in any line.
  t = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs });
});
afterAll(async () => {
  await t.close();
});

type Scope = 'spend:upload' | 'read';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function makeToken(
  session: string,
  body: { name?: string; scopes?: Scope[]; expiresInDays?: number | null } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisation/tokens',
    headers: bearer(session),
    payload: { name: 'SAP nightly', scopes: ['spend:upload'], ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ message: string; data: { id: number; token: string; hint: string } }>();
}

const listOf = async (session: string) => {
  const res = await t.call(session, 'GET', '/api/organisation/tokens');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Record<string, unknown>[] }>().data;
};

const auditOf = (tokenId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'apiToken'), eq(auditLog.entityId, tokenId)))
    .orderBy(auditLog.id);

const cents = (n: number) => Math.round(n * 100);

describe('making a token', () => {
  it('answers the secret once, keeps only its hash and logs the creation', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const created = await makeToken(admin.token, {
      name: 'SAP nightly',
      scopes: ['spend:upload', 'read'],
      expiresInDays: 90,
    });
    expect(created.message).toBe(API_TOKEN_MESSAGES.created);
    const { token, id, hint } = created.data;
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(hint).toBe(`${token.slice(0, 8)}…`);

    // Stored: the SHA-256 of the token, never the token.
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row!.secretHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.slice(8));
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBe(90 * 86_400_000);

    // Listed without it, however often.
    const listed = await listOf(admin.token);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id,
      name: 'SAP nightly',
      scopes: ['spend:upload', 'read'],
      hint,
      status: 'active',
      createdBy: admin.user.name,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(listed)).not.toContain(token.slice(8));

    const audit = await auditOf(id);
    expect(audit.map((a) => a.action)).toEqual(['CREATE']);
    expect(audit[0]).toMatchObject({ actorId: admin.user.id, clientRef: admin.org.id });
    expect(JSON.stringify(audit)).not.toContain(token.slice(8));
  });

  it('refuses bad names, scopes and lifetimes by their fields', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const refused = async (payload: object) => {
      const res = await t.call(admin.token, 'POST', '/api/organisation/tokens', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json<{ errors: { field: string; message: string }[] }>().errors[0];
    };
    const base = { name: 'ERP', scopes: ['read'] };
    expect(await refused({ ...base, name: '  ' })).toEqual({ field: 'name', message: 'Required' });
    expect(await refused({ ...base, name: 'x'.repeat(101) })).toMatchObject({ field: 'name' });
    expect(await refused({ ...base, scopes: [] })).toMatchObject({ field: 'scopes' });
    expect(await refused({ ...base, scopes: ['admin'] })).toMatchObject({ field: 'scopes.0' });
    expect(await refused({ ...base, scopes: ['read', 'read'] })).toMatchObject({
      field: 'scopes',
      message: API_TOKEN_MESSAGES.scopeOnce,
    });
    expect(await refused({ ...base, scopes: ['read', 'spend:upload', 'read'] })).toMatchObject({
      field: 'scopes',
    });
    expect(await refused({ ...base, expiresInDays: 0 })).toMatchObject({ field: 'expiresInDays' });
    expect(await refused({ ...base, expiresInDays: 731 })).toMatchObject({
      field: 'expiresInDays',
    });
    expect(await refused({ ...base, expiresInDays: 1.5 })).toMatchObject({
      field: 'expiresInDays',
    });
    expect(await listOf(admin.token)).toEqual([]);
  });

  it('is the organisation admin’s: refused to a Buyer User, and to the platform’s administrators', async () => {
    const user = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const payload = { name: 'ERP', scopes: ['read'] };
    expect((await t.call(user.token, 'POST', '/api/organisation/tokens', payload)).statusCode).toBe(
      403,
    );
    expect((await t.call(user.token, 'GET', '/api/organisation/tokens')).statusCode).toBe(403);
    const superUser = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
    const res = await t.call(superUser.token, 'POST', '/api/organisation/tokens', payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.organisationOnly);
    expect((await t.call(user.token, 'GET', '/api/organisation/tokens')).statusCode).toBe(403);
  });

  it('holds at most 50 active tokens per organisation', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await t.database.db.insert(apiTokens).values(
      Array.from({ length: 50 }, (_, i) => ({
        clientRef: admin.org.id,
        name: `T${i}`,
        scopes: ['read'],
        secretHash: `hash-${admin.org.id}-${i}`,
        hint: 'spz_xxxx…',
        createdBy: admin.user.id,
      })),
    );
    const res = await t.call(admin.token, 'POST', '/api/organisation/tokens', {
      name: 'One more',
      scopes: ['read'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(API_TOKEN_MESSAGES.tooMany);
    // A revoked one frees its place.
    await t.database.db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.secretHash, `hash-${admin.org.id}-0`));
    await makeToken(admin.token, { name: 'One more', scopes: ['read'] });
  });
});

describe('a token in use', () => {
  it('uploads a spend file with spend:upload and follows its import to the end', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const upload = (await makeToken(admin.token, { scopes: ['spend:upload'] })).data.token;
    const read = (await makeToken(admin.token, { name: 'BI', scopes: ['read'] })).data.token;
    const { rows, buffer } = await spendFixture(30, { seed: 7 });

    // read may not upload; spend:upload may.
    expect((await uploadSpend(t, read, buffer, 'AP.xlsx')).statusCode).toBe(403);
    const res = await uploadSpend(t, upload, buffer, 'AP.xlsx');
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json<{ data: { id: number } }>().data.id;
    const states = await followImport(t, upload, jobId);
    expect(states.at(-1)?.status).toBe('done');
    const job = await t.call(upload, 'GET', `/api/file/imports/${jobId}`);
    expect(job.statusCode).toBe(200);
    expect(job.json().data).toMatchObject({ status: 'done', rowCount: 30 });
    expect(job.json().data.uploadedBy).toBe(admin.user.name);

    // The figures, read with the read token, are the plain sum of the file's rows.
    const totals = await t.call(read, 'POST', '/api/supplier/spends', {});
    expect(totals.statusCode).toBe(200);
    const expected = rows.reduce((sum, r) => sum + cents(r.spend as number), 0);
    expect(cents(totals.json().data.totalSpends)).toBe(expected);
    expect((await t.call(read, 'POST', '/api/file/list', {})).json().totalCount).toBe(1);
    expect(
      (await t.call(read, 'POST', '/api/graph/spendPerDiversity', { selectedIds: [] })).statusCode,
    ).toBe(200);
    // spend:upload reads no figures.
    const outside = await t.call(upload, 'POST', '/api/supplier/spends', {});
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(API_TOKEN_MESSAGES.outOfScope);
  });

  it('cannot make tokens, change users or reach any route outside its scopes', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const token = (await makeToken(admin.token, { scopes: ['spend:upload', 'read'] })).data;
    const tries: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', object?][] = [
      ['/api/organisation/tokens', 'POST', { name: 'Mine', scopes: ['read'] }],
      ['/api/organisation/tokens', 'GET'],
      [`/api/organisation/tokens/${token.id}`, 'DELETE'],
      ['/api/users/add', 'POST', { name: 'X', email: 'x@example.com', role: 'ROLE_BUYER_ADMIN' }],
      ['/api/users/profile', 'GET'],
      ['/api/users/update', 'PUT', { name: 'Renamed' }],
      ['/api/auth/logout/all', 'POST'],
      ['/api/file/delete', 'DELETE', { fileId: 1 }],
      ['/api/organisation/settings', 'PUT', { fiscalYearStartMonth: 7 }],
    ];
    for (const [url, method, payload] of tries) {
      const res = await t.call(token.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(API_TOKEN_MESSAGES.outOfScope);
    }
    const [me] = await t.database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me!.name).toBe(admin.user.name);
    expect(await listOf(admin.token)).toHaveLength(1);
  });

  it('is refused at once when revoked, expired, unknown or its creator deleted', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const list = (token: string) => t.call(token, 'POST', '/api/file/list', {});
    const revoked = (await makeToken(admin.token, { scopes: ['read'] })).data;
    expect((await list(revoked.token)).statusCode).toBe(200);
    const out = await t.call(admin.token, 'DELETE', `/api/organisation/tokens/${revoked.id}`);
    expect(out.statusCode).toBe(200);
    expect(out.json().data).toMatchObject({ status: 'revoked', revokedBy: admin.user.name });
    expect((await list(revoked.token)).statusCode).toBe(401);
    // Revoking again changes nothing and logs nothing more.
    expect(
      (await t.call(admin.token, 'DELETE', `/api/organisation/tokens/${revoked.id}`)).statusCode,
    ).toBe(200);
    expect((await auditOf(revoked.id)).map((a) => a.action)).toEqual(['CREATE', 'USE', 'REVOKE']);

    const expired = (await makeToken(admin.token, { scopes: ['read'], expiresInDays: 1 })).data;
    expect((await list(expired.token)).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` as never })
      .where(eq(apiTokens.id, expired.id));
    expect((await list(expired.token)).statusCode).toBe(401);

    // A token one character off, and text that is not a token at all.
    const forged = (await makeToken(admin.token, { scopes: ['read'] })).data.token;
    const last = forged.at(-1) === 'A' ? 'B' : 'A';
    expect((await list(`${forged.slice(0, -1)}${last}`)).statusCode).toBe(401);
    expect((await list('spz_short')).statusCode).toBe(401);
    expect((await list(forged)).statusCode).toBe(200);

    const statuses = Object.fromEntries(
      (await listOf(admin.token)).map((row) => [row.id, row.status]),
    );
    expect(statuses[revoked.id]).toBe('revoked');
    expect(statuses[expired.id]).toBe('expired');

    // Its creator deleted: the token stops, and is listed as such.
    const other = await createUser(t.database.db, {
      clientRef: admin.org.id,
      role: 'ROLE_BUYER_ADMIN',
    });
    const theirs = (await makeToken(t.app.tokens.sign(other), { scopes: ['read'] })).data;
    expect((await list(theirs.token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
    expect((await list(theirs.token)).statusCode).toBe(401);
    const listed = (await listOf(admin.token)).find((row) => row.id === theirs.id);
    expect(listed?.status).toBe('ownerRemoved');
  });

  it('stops with its organisation, saying why', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const token = (await makeToken(admin.token, { scopes: ['read'] })).data.token;
    await t.database.db
      .update(clients)
      .set({ status: 'DISABLE' })
      .where(eq(clients.id, admin.org.id));
    const res = await t.call(token, 'POST', '/api/file/list', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your organisation’s access has been disabled.');
  });

  it('records its last use, and each new address once in the audit log', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const { token, id } = (await makeToken(admin.token, { scopes: ['read'] })).data;
    const from = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/file/list',
        headers: bearer(token),
        payload: {},
        remoteAddress: address,
      });
    for (const address of ['203.0.113.7', '203.0.113.7', '198.51.100.4', '203.0.113.7']) {
      expect((await from(address)).statusCode).toBe(200);
    }
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.after?.address ?? null])).toEqual([
      ['CREATE', null],
      ['USE', '203.0.113.7'],
      ['USE', '198.51.100.4'],
    ]);
    const [listed] = await listOf(admin.token);
    expect(listed).toMatchObject({ lastUsedAddress: '203.0.113.7' });
    expect(typeof listed!.lastUsedAt).toBe('string');
  });

  it('never reaches another organisation', async () => {
    const a = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const b = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const aToken = (await makeToken(a.token, { scopes: ['spend:upload', 'read'] })).data.token;
    const bToken = (await makeToken(b.token, { scopes: ['spend:upload'] })).data;
    const { buffer } = await spendFixture(5, { seed: 3 });
    const res = await uploadSpend(t, bToken.token, buffer, 'B only.xlsx');
    expect(res.statusCode).toBe(202);
    const bJob = res.json<{ data: { id: number } }>().data.id;
    await followImport(t, bToken.token, bJob);

    expect((await t.call(aToken, 'GET', `/api/file/imports/${bJob}`)).statusCode).toBe(404);
    expect((await t.call(aToken, 'GET', `/api/file/imports/${bJob}/events`)).statusCode).toBe(404);
    const files = await t.call(aToken, 'POST', '/api/file/list', {});
    expect(files.json().totalCount).toBe(0);
    expect(files.body).not.toContain('B only');
    // A's admin cannot revoke or see B's token.
    expect(
      (await t.call(a.token, 'DELETE', `/api/organisation/tokens/${bToken.id}`)).statusCode,
    ).toBe(404);
    expect(await listOf(a.token)).toHaveLength(1);
    expect((await listOf(b.token))[0]).toMatchObject({ id: bToken.id, status: 'active' });
  });
});

describe('the log', () => {
  it('never holds a token’s secret', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const { token } = (await makeToken(admin.token, { scopes: ['read'] })).data;
    await t.call(token, 'POST', '/api/file/list', {});
    await t.call(token, 'GET', '/api/users/profile');
    await t.call(`${token.slice(0, -1)}x`, 'POST', '/api/file/list', {});
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toContain(token.slice(8, 30));
    expect(logText).not.toContain(createHash('sha256').update(token).digest('hex'));
  });
});
