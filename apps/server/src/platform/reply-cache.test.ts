/**
 * Replies kept for repeated reads (platform/reply-cache.ts, docs/performance.md), on both databases: a
 * kept reply answers only while the database has committed nothing since it was computed, only
 * the user it was computed for, only the same URL and body, and never past its ten seconds; the
 * account is checked on every request whatever is kept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actor, actorWith, createUser, signIn } from '../../test/factories.ts';
import { answeredFromKept } from '../../test/replies.ts';
import { and, eq } from 'drizzle-orm';
import { clients, revokedTokens, rfx, rolePermissions, users } from '../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

let made = 0;
/** An RFx written straight into the database, as another process or a job would. */
async function insertRfx(clientRef: number, write = t.database.db) {
  made++;
  await write.insert(rfx).values({
    clientRef,
    rfxNumber: `RC-${made}`,
    rfxName: `Kept replies ${made}`,
    type: 'RFP',
    category: 'Facilities',
    startDate: '2026-01-05',
    submitDate: '2026-02-05',
    contractValue: '1000.00',
    rfxCompleted: 'No',
  });
}

const list = (token: string, body: object = { pageNumber: 0 }) =>
  t.call(token, 'POST', '/api/rfx/list', body);

const namesIn = (res: { json: () => unknown }) =>
  (res.json() as { data: { rfxName: string }[] }).data.map((r) => r.rfxName).sort();

describe('kept replies', () => {
  it('answer a repeated read, the same text, while nothing was written', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await insertRfx(buyer.org.id);
    const first = await list(buyer.token);
    expect(first.statusCode).toBe(200);
    const replies: { body: string; headers: Record<string, unknown> }[] = [];
    expect(await answeredFromKept(t.app, async () => replies.push(await list(buyer.token)))).toBe(
      true,
    );
    const kept = replies.at(-1)!;
    expect(kept.body).toBe(first.body);
    expect(kept.headers['content-type']).toBe(first.headers['content-type']);
  });

  it('are not used once any write has committed, through the API or straight to the database', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await insertRfx(buyer.org.id);
    expect(namesIn(await list(buyer.token))).toHaveLength(1);

    // Another connection than the app's own: what a second server or a job does.
    if (inject('dbTarget').kind === 'postgres') {
      const { default: pg } = await import('pg');
      const other = new pg.Client({ connectionString: t.config.databaseUrl });
      await other.connect();
      try {
        await other.query(
          `insert into rfx (client_ref, rfx_number, rfx_name, type, category, start_date,
             submit_date, contract_value, rfx_completed)
           values ($1, 'RC-other', 'Written elsewhere', 'RFQ', 'IT', '2026-03-01', '2026-03-20',
             5, 'Yes')`,
          [buyer.org.id],
        );
      } finally {
        await other.end();
      }
    } else {
      await insertRfx(buyer.org.id);
    }
    expect(namesIn(await list(buyer.token))).toHaveLength(2);

    // A write of another organisation's data changes nothing here, but is not missed either.
    const other = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const before = await list(buyer.token);
    const hits = t.app.replyCache.hits;
    await insertRfx(other.org.id);
    expect((await list(buyer.token)).body).toBe(before.body);
    expect(t.app.replyCache.hits).toBe(hits);
  });

  it('answer only the user, the URL and the body they were computed for', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const colleague = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN', {
      clientRef: buyer.org.id,
    });
    const stranger = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await insertRfx(buyer.org.id);
    await insertRfx(stranger.org.id);
    const mine = namesIn(await list(buyer.token));
    expect(mine).toHaveLength(1);

    const hits = t.app.replyCache.hits;
    expect(namesIn(await list(stranger.token))).not.toEqual(mine);
    expect(namesIn(await list(colleague.token))).toEqual(mine);
    expect(namesIn(await list(buyer.token, { pageNumber: 1 }))).toEqual([]);
    expect(namesIn(await list(buyer.token, { pageNumber: 0, pageSize: 5 }))).toEqual(mine);
    expect(t.app.replyCache.hits).toBe(hits);
  });

  it('end after ten seconds even when nothing was written', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    // Each try reads a page size not read before, so that its reply is kept at the real time just
    // read: a reply kept while the clock was mocked would carry a time from the future.
    const page = (pageSize: number) => list(buyer.token, { pageNumber: 0, pageSize });
    // Nine seconds on, a kept reply still answers (tried again if a write came between).
    let answered = false;
    for (let tries = 0; tries < 20 && !answered; tries++) {
      const start = performance.now();
      await page(30 + tries);
      const hits = t.app.replyCache.hits;
      vi.spyOn(performance, 'now').mockReturnValue(start + 9_000);
      await page(30 + tries);
      vi.restoreAllMocks();
      answered = t.app.replyCache.hits === hits + 1;
    }
    expect(answered).toBe(true);
    // Ten and a half seconds on, it does not, whatever else happened.
    await page(29);
    const hits = t.app.replyCache.hits;
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 10_500);
    await page(29);
    expect(t.app.replyCache.hits).toBe(hits);
  });

  it('never let in a signed-out token', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const user = await createUser(t.database.db, { clientRef: buyer.org.id });
    const token = await signIn(t.app, user.email);
    expect((await list(token)).statusCode).toBe(200);
    expect((await t.call(token, 'POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(401);
  });

  it('never answer a request its body refuses', async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const bad = { pageNumber: -1 };
    expect((await list(buyer.token, bad)).statusCode).toBe(400);
    const hits = t.app.replyCache.hits;
    expect((await list(buyer.token, bad)).statusCode).toBe(400);
    expect(t.app.replyCache.hits).toBe(hits);
  });
});

describe('the account behind a token', () => {
  // On the embedded database the account is read again only when the snapshot moved (auth.ts):
  // each of these writes, made straight to the database, must apply to the very next request.
  it('is read again after a changed role, a disabled organisation, a signed-out token', async () => {
    const { db } = t.database;
    const buyer = await actor(t.app, db, 'ROLE_BUYER_ADMIN');
    const status = async () => (await list(buyer.token)).statusCode;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200);

    await db.update(users).set({ roleCode: 'ROLE_SUPPLIER' }).where(eq(users.id, buyer.user.id));
    expect(await status()).toBe(403);
    await db.update(users).set({ roleCode: 'ROLE_BUYER_ADMIN' }).where(eq(users.id, buyer.user.id));
    expect(await status()).toBe(200);

    await db.update(clients).set({ status: 'DISABLE' }).where(eq(clients.id, buyer.org.id));
    const refused = await list(buyer.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({
      message: 'Your organisation’s access has been disabled.',
    });
    await db.update(clients).set({ status: 'ENABLE' }).where(eq(clients.id, buyer.org.id));
    expect(await status()).toBe(200);

    const claims = t.app.tokens.verify(buyer.token)!;
    expect(claims).toBeDefined();
    await db.insert(revokedTokens).values({
      tokenId: claims.jti,
      userId: buyer.user.id,
      expiresAt: new Date(claims.exp * 1000),
    });
    expect(await status()).toBe(401);
  });
});

describe('a role losing a permission', () => {
  it('is refused on the next request, whatever reply was kept', async () => {
    const { db } = t.database;
    const reader = await actorWith(t.app, db, ['RFX_VIEW']);
    expect((await list(reader.token)).statusCode).toBe(200);
    expect((await list(reader.token)).statusCode).toBe(200);
    await db
      .delete(rolePermissions)
      .where(
        and(
          eq(rolePermissions.roleCode, reader.user.roleCode),
          eq(rolePermissions.permissionCode, 'RFX_VIEW'),
        ),
      );
    expect((await list(reader.token)).statusCode).toBe(403);
  });
});

describe('REPLY_CACHE_MB=0', () => {
  it('keeps nothing', async () => {
    const off = await createTestApp({ REPLY_CACHE_MB: '0' });
    try {
      const buyer = await actor(off.app, off.database.db, 'ROLE_BUYER_ADMIN');
      for (let i = 0; i < 3; i++) {
        expect((await off.call(buyer.token, 'POST', '/api/rfx/list', {})).statusCode).toBe(200);
      }
      expect(off.app.replyCache).toMatchObject({ hits: 0, entries: 0 });
    } finally {
      await off.close();
    }
  });
});
