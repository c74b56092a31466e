/**
 * The home page's "Needs attention" through the API: each count equals what plain code finds in
 * the fixture's payments, certificates and imports; access and tenancy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeAttention } from '@spotzcity/shared/home';
import { todayIso } from '@spotzcity/shared/validation';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, actorWith, signedInUser } from '../../../test/factories.ts';
import { importSpend } from '../../../test/imports.ts';
import { certify, directorySuppliers, importMatched } from '../../../test/verified.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';

let t: TestApp;
let buyer: { token: string };

const today = todayIso();
const day = (offset: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const SUPPLIERS = [
  { duns: '950000001', name: 'Harbor Steel Works' },
  { duns: '950000002', name: 'Maple Office Supply' },
  { duns: '950000003', name: 'Cedar Logistics' },
  { duns: '950000004', name: 'Birch Janitorial' },
  { duns: '950000005', name: 'Aspen Printing' },
];
/** Each supplier's certificates: expiring, lapsed, fine, lapsed but renewed, expiring but unpaid. */
const CERTIFICATES = [
  { duns: '950000001', type: 'MBE', from: day(-700), to: day(30) },
  { duns: '950000002', type: 'WBE', from: day(-700), to: day(-60) },
  { duns: '950000003', type: 'MBE', from: day(-100), to: day(500) },
  { duns: '950000004', type: 'WBE', from: day(-700), to: day(-10) },
  { duns: '950000004', type: 'WBE', from: day(-10), to: day(700) },
  { duns: '950000005', type: 'MBE', from: day(-700), to: day(20) },
];
/** Vendor, DUNS, spend, payment date. */
const PAYMENTS: [string, string | null, number, string][] = [
  ['Harbor Steel', '950000001', 1000.1, day(-10)],
  ['Harbor Steel', '950000001', 999, day(-400)],
  ['Maple Office Supply', '950000002', 500.05, day(-20)],
  ['Cedar Logistics', '950000003', 300, day(-5)],
  ['Birch Janitorial', '950000004', 250.25, day(-30)],
  ['Aspen Printing', '950000005', 80, day(-500)],
  ['Nobody Known', null, 75.5, day(-3)],
];
const HEADER = ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Category'];
const workbook = (lines: (string | number | Date | null)[][]) => xlsxBuffer([HEADER, ...lines]);
const asRows = (payments: typeof PAYMENTS) =>
  payments.map(([name, duns, spend, date]) => [
    name,
    duns,
    spend,
    new Date(`${date}T00:00:00Z`),
    'Facilities',
  ]);

/* ---------- plain code over the fixture ---------- */

/** The first day of the month eleven months back: the last 12 months, this one included. */
const windowStart = (() => {
  const d = new Date(`${today}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
})();

function expectedCertificates() {
  const paid = new Map<string, number>();
  for (const [, duns, spend, date] of PAYMENTS) {
    if (duns && date >= windowStart) paid.set(duns, (paid.get(duns) ?? 0) + spend);
  }
  const latest = new Map<string, string>();
  for (const c of CERTIFICATES) {
    if (!paid.has(c.duns)) continue;
    const key = `${c.duns}/${c.type}`;
    if ((latest.get(key) ?? '') < c.to) latest.set(key, c.to);
  }
  let expiring = 0;
  let lapsed = 0;
  const atRisk = new Set<string>();
  for (const [key, expiry] of latest) {
    const duns = key.split('/')[0]!;
    if (expiry < today) lapsed += 1;
    else if (expiry <= day(90)) expiring += 1;
    else continue;
    atRisk.add(duns);
  }
  const spend = [...atRisk].reduce((sum, duns) => sum + paid.get(duns)!, 0);
  return { expiring, lapsed, suppliers: atRisk.size, spend: Math.round(spend * 100) / 100 };
}

const attention = async (token: string | null) =>
  t.app.inject({ url: '/api/home/attention', headers: token ? t.auth(token) : {} });

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  const ids = await directorySuppliers(t, SUPPLIERS);
  await importMatched(t, buyer.token, await workbook(asRows(PAYMENTS)));
  await certify(t, buyer.token, ids, CERTIFICATES);
});
afterAll(() => t?.close());

describe('GET /api/home/attention', () => {
  it('counts the certificates that carry spend and lapsed or expire soon, and their spend', async () => {
    const res = await attention(buyer.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as HomeAttention;
    expect(data.certificates).toEqual(expectedCertificates());
    // Harbor expiring, Maple lapsed: Cedar is fine, Birch renewed, Aspen not paid this year.
    expect(data.certificates).toMatchObject({ expiring: 1, lapsed: 1, suppliers: 2 });
  });

  it('counts vendors without a certain match and their spend', async () => {
    const data = (await attention(buyer.token)).json().data as HomeAttention;
    const unmatched = PAYMENTS.filter(([, duns]) => duns === null);
    expect(data.matching).toEqual({
      vendors: new Set(PAYMENTS.map(([name]) => name)).size,
      unmatchedVendors: new Set(unmatched.map(([name]) => name)).size,
      unmatchedSpend: unmatched.reduce((sum, [, , spend]) => sum + spend, 0),
    });
  });

  it("gives the year's goal under the organisation's rule, and no primes to chase", async () => {
    const data = (await attention(buyer.token)).json().data as HomeAttention;
    expect(data.goal).toMatchObject({ countingRule: 'REPORTED', overall: null });
    expect(data.goal.fiscalYear).toBeGreaterThanOrEqual(Number(today.slice(0, 4)));
    expect(data.tier2).toEqual({ primes: 0, overduePrimes: 0 });
  });

  it('counts a failed import until one works, and an import held for a decision', async () => {
    const before = (await attention(buyer.token)).json().data as HomeAttention;
    expect(before.imports).toEqual({ held: 0, failed: 0 });

    const bad = await importSpend(
      t,
      buyer.token,
      await workbook([['Oak Supply', null, 'lots', new Date(), 'Facilities']]),
      'bad.xlsx',
    );
    expect(bad.job?.status).toBe('failed');
    expect(((await attention(buyer.token)).json().data as HomeAttention).imports).toEqual({
      held: 0,
      failed: 1,
    });

    // One payment already imported and one new: held until the user decides.
    const overlapping = await importSpend(
      t,
      buyer.token,
      await workbook(asRows([PAYMENTS[0]!, ['Oak Supply', null, 12.5, day(-2)]])),
      'overlap.xlsx',
    );
    expect(overlapping.job?.status).toBe('held');
    expect(((await attention(buyer.token)).json().data as HomeAttention).imports).toEqual({
      held: 1,
      failed: 1,
    });

    await importMatched(t, buyer.token, await workbook(asRows([['Oak Supply', null, 9, day(-1)]])));
    expect(((await attention(buyer.token)).json().data as HomeAttention).imports).toEqual({
      held: 1,
      failed: 0,
    });
  });

  it('asks for a signed-in buyer, and shows each organisation only its own', async () => {
    expect((await attention(null)).statusCode).toBe(401);
    const supplier = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await attention(supplier.token)).statusCode).toBe(403);

    const other = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const theirs = (await attention(other.token)).json().data as HomeAttention;
    expect(theirs.certificates).toEqual({ expiring: 0, lapsed: 0, suppliers: 0, spend: 0 });
    expect(theirs.matching).toEqual({ vendors: 0, unmatchedVendors: 0, unmatchedSpend: 0 });
    expect(theirs.imports).toEqual({ held: 0, failed: 0 });

    // A reporter who may not read certificates gets the rest.
    const reporter = await actorWith(t.app, t.database.db, ['CREATE_SUPPLIER_SPEND_REPORT']);
    const res = await attention(reporter.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ certificates: null, matching: null });
  });
});
