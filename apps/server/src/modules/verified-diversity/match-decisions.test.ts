/**
 * Match decisions that can be reviewed and undone (modules/verified-diversity/decisions.ts): a
 * decision is listed under the decided matches with who made it, when, the automatic rule it
 * replaced and the verified spend it moved (computed here by plain code over the fixture's
 * rows); Undo gives the vendor back its automatic match (and back to the matching list when that
 * match is uncertain); an automatic DUNS match can be overridden, and the override survives the
 * next import; the audit log records each; another organisation's vendor answers 404 and
 * nothing changes.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VERIFIED_MESSAGES,
  type DecidedMatch,
  type VendorMatch,
} from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, actorWith, signedInUser } from '../../../test/factories.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { addCertificate, directorySuppliers, importMatched } from '../../../test/verified.ts';
import { auditLog, vendorMatches } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HARBOR = { duns: '950000001', name: 'Harbor Steel Works', stateOrProvince: 'IL' };
const CEDAR = { duns: '950000002', name: 'Cedar Logistics', stateOrProvince: 'TX' };
const MAPLE = { duns: '950000003', name: 'Maple Office Supply', stateOrProvince: 'OH' };

type Line = [
  vendor: string,
  duns: string | null,
  state: string | null,
  spend: number,
  date: string,
];
/** Harbor by DUNS (certain), Cedar by name and state (uncertain), both certified throughout. */
const LINES: Line[] = [
  ['Harbor Steel', HARBOR.duns, null, 1200.45, '2025-01-15'],
  ['Harbor Steel', HARBOR.duns, null, 800.1, '2025-02-15'],
  ['Cedar Logistics', null, 'TX', 500.25, '2025-03-01'],
  ['Cedar Logistics', null, 'TX', 99.99, '2025-04-01'],
  ['Nobody Known', null, null, 10, '2025-04-01'],
];
const workbook = (lines: Line[]) =>
  xlsxBuffer([
    ['Vendor Name', 'DUNS', 'State', 'Spend', 'Payment Date'],
    ...lines.map(([vendor, duns, state, spend, date]) => [
      vendor,
      duns,
      state,
      spend,
      new Date(`${date}T00:00:00Z`),
    ]),
  ]);

/** The vendor's spend in cents, by plain code over the lines. */
const spendOf = (vendor: string, lines = LINES) =>
  lines
    .filter(([v]) => v === vendor)
    .reduce((sum, [, , , spend]) => sum + Math.round(spend * 100), 0);
const cents = (n: number | null) => Math.round((n ?? NaN) * 100);

const HARBOR_KEY = `duns:${HARBOR.duns}`;
const CEDAR_KEY = 'name:cedar logistics';

let a: { token: string; clientRef: number; name: string };
let b: { token: string; clientRef: number };
let ids: Record<string, number>;
beforeAll(async () => {
  ids = await directorySuppliers(t, [HARBOR, CEDAR, MAPLE]);
  const platform = (await actor(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  for (const supplier of [HARBOR, CEDAR]) {
    await addCertificate(t, platform, {
      supplierId: ids[supplier.duns],
      diversityType: 'MBE',
      agency: 'NMSDC',
      issueDate: '2015-01-01',
      expiryDate: '2035-12-31',
    });
  }
  const first = await signedInUser(t.app, t.database.db);
  a = { token: first.token, clientRef: first.org.id, name: first.user.name };
  const second = await signedInUser(t.app, t.database.db);
  b = { token: second.token, clientRef: second.org.id };
  await importMatched(t, a.token, await workbook(LINES));
  await importMatched(t, b.token, await workbook(LINES));
});

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

async function decided(token: string, body: object = {}): Promise<DecidedMatch[]> {
  const res = await post(token, '/api/supplierMatching/decided', { pageNumber: 0, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function open(token: string): Promise<VendorMatch[]> {
  const res = await post(token, '/api/supplierMatching/list', { pageNumber: 0 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const decidedOf = async (token: string, key: string) =>
  (await decided(token)).find((v) => v.supplierKey === key);

/** The audit entries of vendor `key` of organisation `clientRef`, oldest first. */
async function auditOf(clientRef: number, key: string) {
  const [vendor] = await t.database.db
    .select({ id: vendorMatches.id })
    .from(vendorMatches)
    .where(and(eq(vendorMatches.clientRef, clientRef), eq(vendorMatches.supplierKey, key)));
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'vendorMatch'), eq(auditLog.entityId, vendor!.id)))
    .orderBy(auditLog.id);
}

/** Organisation `clientRef`'s matches, as one text. */
async function matchesOf(clientRef: number) {
  const rows = await t.database.db
    .select()
    .from(vendorMatches)
    .where(eq(vendorMatches.clientRef, clientRef))
    .orderBy(vendorMatches.supplierKey);
  return JSON.stringify(rows);
}

describe('match decisions', () => {
  it('lists the certain automatic matches with their verified spend', async () => {
    const harbor = await decidedOf(a.token, HARBOR_KEY);
    expect(harbor).toMatchObject({
      how: 'AUTOMATIC',
      rule: 'DUNS',
      supplierId: ids[HARBOR.duns],
      decidedBy: null,
      decidedAt: null,
      verifiedMoved: null,
    });
    expect(cents(harbor!.spend)).toBe(spendOf('Harbor Steel'));
    expect(cents(harbor!.verifiedSpend)).toBe(spendOf('Harbor Steel'));
    // Uncertain and unmatched vendors are to decide, not decided.
    expect(await decidedOf(a.token, CEDAR_KEY)).toBeUndefined();
  });

  it('lists a confirmation with who, when, what it replaced and the verified spend it moved', async () => {
    const res = await post(a.token, '/api/supplierMatching/assign', {
      supplierKey: CEDAR_KEY,
      supplierId: ids[CEDAR.duns],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(VERIFIED_MESSAGES.matched);
    const [first] = await decided(a.token);
    expect(first).toMatchObject({
      supplierKey: CEDAR_KEY,
      how: 'PERSON',
      rule: 'CONFIRMED',
      supplierId: ids[CEDAR.duns],
      supplierName: CEDAR.name,
      replacedRule: 'NAME_STATE',
      decidedBy: a.name,
    });
    expect(Number.isNaN(Date.parse(first!.decidedAt!))).toBe(false);
    expect(cents(first!.verifiedMoved)).toBe(spendOf('Cedar Logistics'));
    expect(cents(first!.verifiedSpend)).toBe(spendOf('Cedar Logistics'));
    expect((await open(a.token)).map((v) => v.supplierKey)).not.toContain(CEDAR_KEY);
    // Only people's decisions, and by name.
    expect((await decided(a.token, { how: 'PERSON' })).map((v) => v.supplierKey)).toEqual([
      CEDAR_KEY,
    ]);
    expect((await decided(a.token, { q: 'harbor' })).map((v) => v.supplierKey)).toEqual([
      HARBOR_KEY,
    ]);

    const [entry] = await auditOf(a.clientRef, CEDAR_KEY);
    expect(entry).toMatchObject({ action: 'CREATE', actorName: a.name, clientRef: a.clientRef });
    expect(entry!.before).toMatchObject({ rule: 'NAME_STATE', verifiedSpend: 0 });
    expect(entry!.after).toMatchObject({ rule: 'CONFIRMED', replaced: 'NAME_STATE' });
    expect(cents(entry!.after!.verifiedMoved as number)).toBe(spendOf('Cedar Logistics'));
  });

  it('undoes the confirmation: the vendor is to decide again, with its suggestions', async () => {
    const res = await post(a.token, '/api/supplierMatching/undo', { supplierKey: CEDAR_KEY });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(VERIFIED_MESSAGES.matchUndone);
    expect(await decidedOf(a.token, CEDAR_KEY)).toBeUndefined();
    const cedar = (await open(a.token)).find((v) => v.supplierKey === CEDAR_KEY);
    expect(cedar).toMatchObject({ rule: 'NAME_STATE', supplierId: ids[CEDAR.duns] });
    expect(cedar!.suggestions[0]!.supplierId).toBe(ids[CEDAR.duns]);
    const entries = await auditOf(a.clientRef, CEDAR_KEY);
    expect(entries.map((e) => e.action)).toEqual(['CREATE', 'DELETE']);
    expect(entries[1]!.after).toMatchObject({ rule: 'NAME_STATE', verifiedSpend: 0 });
    expect(cents(entries[1]!.before!.verifiedSpend as number)).toBe(spendOf('Cedar Logistics'));
  });

  it('overrides a DUNS match; the override outlives an import and can be undone', async () => {
    const automatic = await post(a.token, '/api/supplierMatching/undo', {
      supplierKey: HARBOR_KEY,
    });
    expect(automatic.statusCode, automatic.body).toBe(409);
    expect(automatic.json().message).toBe(VERIFIED_MESSAGES.notDecided);

    const none = await post(a.token, '/api/supplierMatching/assign', {
      supplierKey: HARBOR_KEY,
      supplierId: null,
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().message).toBe(VERIFIED_MESSAGES.matchRejected);
    const harbor = await decidedOf(a.token, HARBOR_KEY);
    expect(harbor).toMatchObject({
      how: 'PERSON',
      rule: 'NONE',
      supplierId: null,
      replacedRule: 'DUNS',
      verifiedSpend: 0,
    });
    expect(cents(harbor!.verifiedMoved)).toBe(-spendOf('Harbor Steel'));

    // Changed to another supplier (uncertified): still against the DUNS match.
    const other = await post(a.token, '/api/supplierMatching/assign', {
      supplierKey: HARBOR_KEY,
      supplierId: ids[MAPLE.duns],
    });
    expect(other.statusCode, other.body).toBe(200);
    const again = await decidedOf(a.token, HARBOR_KEY);
    expect(again).toMatchObject({ supplierName: MAPLE.name, replacedRule: 'DUNS' });
    expect(cents(again!.verifiedMoved)).toBe(-spendOf('Harbor Steel'));

    const later: Line[] = [['Harbor Steel', HARBOR.duns, null, 300.3, '2025-05-05']];
    await importMatched(t, a.token, await workbook(later));
    const kept = await decidedOf(a.token, HARBOR_KEY);
    expect(kept).toMatchObject({ how: 'PERSON', supplierId: ids[MAPLE.duns] });
    expect(cents(kept!.spend)).toBe(spendOf('Harbor Steel') + spendOf('Harbor Steel', later));

    expect(
      (await post(a.token, '/api/supplierMatching/undo', { supplierKey: HARBOR_KEY })).statusCode,
    ).toBe(200);
    const back = await decidedOf(a.token, HARBOR_KEY);
    expect(back).toMatchObject({ how: 'AUTOMATIC', rule: 'DUNS', supplierId: ids[HARBOR.duns] });
    expect(cents(back!.verifiedSpend)).toBe(
      spendOf('Harbor Steel') + spendOf('Harbor Steel', later),
    );
    expect((await auditOf(a.clientRef, HARBOR_KEY)).map((e) => e.action)).toEqual([
      'CREATE',
      'CREATE',
      'DELETE',
    ]);
  });

  it("answers 404 for another organisation's vendor and changes nothing", async () => {
    await post(b.token, '/api/supplierMatching/assign', {
      supplierKey: CEDAR_KEY,
      supplierId: ids[CEDAR.duns],
    });
    const [beforeA, beforeB] = [await matchesOf(a.clientRef), await matchesOf(b.clientRef)];
    const [{ token }] = [await signedInUser(t.app, t.database.db)];
    for (const [url, payload] of [
      ['/api/supplierMatching/assign', { supplierKey: CEDAR_KEY, supplierId: ids[HARBOR.duns] }],
      ['/api/supplierMatching/assign', { supplierKey: HARBOR_KEY, supplierId: null }],
      ['/api/supplierMatching/undo', { supplierKey: CEDAR_KEY }],
    ] as const) {
      const res = await post(token, url, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    expect(await decided(token)).toEqual([]);
    expect(await matchesOf(a.clientRef)).toBe(beforeA);
    expect(await matchesOf(b.clientRef)).toBe(beforeB);
    // Each organisation sees its own decisions only.
    expect((await decided(b.token, { how: 'PERSON' })).map((v) => v.supplierKey)).toEqual([
      CEDAR_KEY,
    ]);
    expect(await decided(a.token, { how: 'PERSON' })).toEqual([]);
    const count = await t.database.db.execute(
      sql`select count(*)::int as n from audit_log where entity = 'vendorMatch' and client_ref = ${b.clientRef}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });

  it('refuses without a session, without the permission, and bad input', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/supplierMatching/undo',
      payload: { supplierKey: CEDAR_KEY },
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await actorWith(t.app, t.database.db, ['SUPPLIER_SPEND_VIEW']);
    expect(
      (await post(reader.token, '/api/supplierMatching/undo', { supplierKey: CEDAR_KEY }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(reader.token, '/api/supplierMatching/decided', { pageNumber: 0 })).statusCode,
    ).toBe(200);
    const blank = await post(a.token, '/api/supplierMatching/undo', { supplierKey: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Required');
    const unknown = await post(a.token, '/api/supplierMatching/assign', {
      supplierKey: HARBOR_KEY,
      supplierId: 999999,
    });
    expect(unknown.statusCode).toBe(404);
    const how = await post(a.token, '/api/supplierMatching/decided', { pageNumber: 0, how: 'X' });
    expect(how.statusCode).toBe(400);
  });

  it('finds directory suppliers to assign by name or DUNS', async () => {
    const search = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/supplierMatching/suppliers?q=${encodeURIComponent(q)}`,
        headers: t.auth(a.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((s) => s.id);
    };
    expect(await search('harbor st')).toEqual([ids[HARBOR.duns]]);
    expect(await search(MAPLE.duns.slice(0, 8))).toContain(ids[MAPLE.duns]);
    expect(await search('h')).toEqual([]);
  });
});
