/**
 * The drill-downs behind the verified diverse spend, a program category's spend and a goal's
 * actual: the suppliers listed, their parts and their payments are computed here by plain code
 * over the fixture, and add up to the figure the dashboard shows; each says why it counts
 * (certificate and dates, NAICS size standard and receipts, the local rule that matched, the
 * diversity reported); the workbooks hold the same rows; another organisation sees none of it.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrillDown } from '@spotzcity/shared/drill-down';
import { supplierKey } from '@spotzcity/shared/supplier-keys';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInUser } from '../../test/factories.ts';
import { keepReport } from '../../test/reports.ts';
import { xlsxBuffer } from '../../test/xlsx.ts';
import { certify, importMatched, putPolicy } from '../../test/verified.ts';
import { supplierDirectory } from '../db/schema/index.ts';

let t: TestApp;
let token = '';
let otherToken = '';

const GAMMA = '940000001';
const DELTA = '940000002';
const EPSILON = '940000003';

/** Directory suppliers: facts the program rules read. */
const SUPPLIERS = [
  // NAICS 238220: SBA's standard is $19 million of receipts (written here from SBA's table).
  {
    duns: GAMMA,
    name: 'Gamma Tools',
    naics: '238220',
    receipts: 5_000_000,
    state: 'IL',
    zip: '60601',
    small: true,
  },
  // 236220: $45 million; $90 million is not small.
  {
    duns: DELTA,
    name: 'Delta Paper',
    naics: '236220',
    receipts: 90_000_000,
    state: 'OH',
    zip: '44114',
    small: false,
  },
  // 541512: $34 million.
  {
    duns: EPSILON,
    name: 'Epsilon Foods',
    naics: '541512',
    receipts: 30_000_000,
    state: 'IL',
    zip: '60007',
    small: true,
  },
];

interface Payment {
  vendor: string;
  duns: string | null;
  date: string;
  cents: number;
  diversity: string;
  category: string;
}
const p = (
  vendor: string,
  duns: string | null,
  date: string,
  cents: number,
  diversity: string,
  category = 'IT Services',
): Payment => ({ vendor, duns, date, cents, diversity, category });
const PAYMENTS: Payment[] = [
  p('Gamma Tools', GAMMA, '2025-01-15', 100000, 'MBE'),
  p('Gamma Tools', GAMMA, '2025-05-20', 50000, 'MBE'),
  p('Gamma Tools', GAMMA, '2025-08-10', 70000, 'MBE'), // after its certificate expired
  p('Delta Paper', DELTA, '2025-03-01', 40000, '', 'Facilities'), // certified, file says nothing
  p('Delta Paper', DELTA, '2025-09-01', 25050, '', 'Taxes'), // non-addressable
  p('Epsilon Foods', EPSILON, '2025-02-02', 33333, 'WBE'),
  p('Omega Supply', null, '2025-04-05', 30000, 'WBE'), // no match
  p('Big Vendor', null, '2025-06-30', 500000, '', 'Facilities'),
];
const CERTS = [
  { duns: GAMMA, type: 'MBE', from: '2024-07-01', to: '2025-06-30', number: 'N-77' },
  { duns: DELTA, type: 'WBE', from: '2025-01-01', to: '2025-12-31' },
];
const NON_ADDRESSABLE = ['Taxes'];

/* ---------- plain code over the fixture ---------- */

const keyOf = (x: Payment) => supplierKey(x.duns, x.vendor);
const verifiedTypes = (x: Payment) =>
  CERTS.filter((c) => c.duns === x.duns && c.from <= x.date && x.date <= c.to).map((c) => c.type);
const addressable = (x: Payment) => !NON_ADDRESSABLE.includes(x.category);
const facts = (x: Payment) => SUPPLIERS.find((s) => s.duns === x.duns);

/** Per vendor key, the cents of the payments that count; and their total. */
function bySupplier(counts: (x: Payment) => boolean) {
  const parts = new Map<string, number>();
  for (const x of PAYMENTS.filter(counts))
    parts.set(keyOf(x), (parts.get(keyOf(x)) ?? 0) + x.cents);
  const total = [...parts.values()].reduce((a, b) => a + b, 0);
  return { parts, total };
}

/** The drill-down's suppliers as key → cents, and that they add up to its figure. */
function partsOf(d: DrillDown) {
  const parts = new Map(d.suppliers.map((s) => [s.supplierKey, Math.round(s.spend * 100)]));
  const sum = [...parts.values()].reduce((a, b) => a + b, 0);
  expect(sum + Math.round(d.others.spend * 100)).toBe(Math.round(d.figure * 100));
  expect(d.supplierCount).toBe(d.suppliers.length + d.others.suppliers);
  return parts;
}

const send = (auth: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(auth), payload });

async function drill(url: string, body: object, auth = token): Promise<DrillDown> {
  const res = await send(auth, url, { selectedIds: [], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let categories: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  otherToken = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  const inserted = await t.database.db
    .insert(supplierDirectory)
    .values(
      SUPPLIERS.map((s) => ({
        duns: s.duns,
        name: s.name,
        primaryNaicsCode: s.naics,
        annualReceipts: s.receipts.toFixed(2),
        stateOrProvince: s.state,
        zip: s.zip,
      })),
    )
    .returning({ id: supplierDirectory.id, duns: supplierDirectory.duns });
  const ids = Object.fromEntries(inserted.map((r) => [r.duns, r.id]));
  await importMatched(
    t,
    token,
    await xlsxBuffer([
      ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Diversity Category', 'Category'],
      ...PAYMENTS.map((x) => [
        x.vendor,
        x.duns,
        (x.cents / 100).toFixed(2),
        new Date(`${x.date}T00:00:00Z`),
        x.diversity,
        x.category,
      ]),
    ]),
  );
  await certify(t, token, ids, CERTS);
  expect((await putPolicy(t, token)).statusCode).toBe(200);
  const put = (url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: t.auth(token), payload });
  const site = await send(token, '/api/programs/sites', { name: 'Chicago HQ', zip: '60601' });
  expect(site.statusCode, site.body).toBe(200);
  const create = async (body: object) => {
    const res = await send(token, '/api/programs/categories', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  categories = {
    smallLocal: await create({
      name: 'Small & Local',
      kind: 'SMALL',
      also: ['LOCAL'],
      match: 'ALL',
      local: { states: ['IL'] },
    }),
    near: await create({ name: 'Near Chicago', kind: 'LOCAL', local: { radiusMiles: 50 } }),
  };
  const settings = await put('/api/organisation/settings', {
    fiscalYearStartMonth: 1,
    nonAddressableCategories: NON_ADDRESSABLE,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const goals = await put('/api/goals', {
    fiscalYear: 2025,
    overall: 25,
    diversity: [
      { diversity: 'MBE', target: 15 },
      { diversity: 'WBE', target: 5 },
    ],
    categories: [{ category: 'IT Services', target: 20 }],
    programs: [{ categoryId: categories.smallLocal, target: 30 }],
  });
  expect(goals.statusCode, goals.body).toBe(200);
});
afterAll(() => t?.close());

describe('the verified figure', () => {
  it('lists the vendors with verified spend and their certificates, adding up to the figure', async () => {
    const d = await drill('/api/drillDown/verified', {});
    const expected = bySupplier((x) => verifiedTypes(x).length > 0);
    expect(partsOf(d)).toEqual(expected.parts);
    expect(Math.round(d.figure * 100)).toBe(expected.total);
    // The figure the Spend Dashboard shows.
    const figures = await send(token, '/api/graph/verifiedSpend', { selectedIds: [] });
    expect(figures.json().data.verifiedDiverse).toBe(d.figure);
    const gamma = d.suppliers.find((s) => s.supplierKey === `duns:${GAMMA}`)!;
    expect(gamma).toMatchObject({ supplierName: 'Gamma Tools', matchRule: 'DUNS' });
    expect(gamma.reasons).toEqual([
      { kind: 'CERTIFICATE', text: 'MBE · NMSDC N-77 · 1 Jul 2024 – 30 Jun 2025' },
    ]);
  });

  it("opens one vendor's payments that counted", async () => {
    const d = await drill('/api/drillDown/verified', { supplierKey: `duns:${GAMMA}` });
    const counted = PAYMENTS.filter((x) => x.duns === GAMMA && verifiedTypes(x).length > 0);
    expect(
      d.payments!.map((x) => [x.paymentDate, Math.round(x.amount * 100), x.countsFor]),
    ).toEqual(counted.map((x) => [x.date, x.cents, 'MBE']).reverse());
    expect(d.paymentCount).toBe(counted.length);
  });

  it('shows another organisation nothing of it', async () => {
    const d = await drill('/api/drillDown/verified', { supplierKey: `duns:${GAMMA}` }, otherToken);
    expect(d).toMatchObject({ figure: 0, suppliers: [], payments: [], paymentCount: 0 });
  });
});

describe("a program category's figure", () => {
  it('lists the suppliers with the size standard and the local rule that matched', async () => {
    const d = await drill('/api/drillDown/program', { categoryId: categories.smallLocal });
    const expected = bySupplier((x) => !!facts(x)?.small && facts(x)?.state === 'IL');
    expect(partsOf(d)).toEqual(expected.parts);
    const card = await send(token, '/api/graph/programSpend', { selectedIds: [] });
    const row = card
      .json()
      .data.categories.find((c: { id: number }) => c.id === categories.smallLocal);
    expect(row.spend).toBe(d.figure);
    expect(row.suppliers).toBe(d.supplierCount);
    const gamma = d.suppliers.find((s) => s.supplierKey === `duns:${GAMMA}`)!;
    expect(gamma.reasons.map((r) => r.kind)).toEqual(['SMALL', 'LOCAL']);
    expect(gamma.reasons[0]!.text).toContain('NAICS 238220');
    expect(gamma.reasons[0]!.text).toContain('$5,000,000');
    expect(gamma.reasons[0]!.text).toContain('$19 million');
    expect(gamma.reasons[1]!.text).toBe('In IL, one of the states listed');
    expect(d.rule).toBe('All of: Small business, Local');
  });

  it('names the site and the distance for a radius', async () => {
    const d = await drill('/api/drillDown/program', { categoryId: categories.near });
    const expected = bySupplier((x) => x.duns === GAMMA || x.duns === EPSILON);
    expect(partsOf(d)).toEqual(expected.parts);
    const epsilon = d.suppliers.find((s) => s.supplierKey === `duns:${EPSILON}`)!;
    expect(epsilon.reasons[0]!.text).toMatch(
      /^ZIP 60007 is \d+\.\d miles from Chicago HQ \(ZIP 60601\), within 50 miles$/,
    );
    const payments = await drill('/api/drillDown/program', {
      categoryId: categories.near,
      supplierKey: `duns:${GAMMA}`,
    });
    const sum = payments.payments!.reduce((s, x) => s + Math.round(x.amount * 100), 0);
    expect(sum).toBe(expected.parts.get(`duns:${GAMMA}`));
  });

  it("answers 404 for another organisation's category", async () => {
    const res = await send(otherToken, '/api/drillDown/program', {
      selectedIds: [],
      categoryId: categories.smallLocal,
    });
    expect(res.statusCode).toBe(404);
  });

  it('exports the suppliers and payments to a workbook', async () => {
    const res = await send(token, '/api/excel/drillDown/program', {
      excel: true,
      spendData: { selectedIds: [], categoryId: categories.smallLocal },
    });
    expect(res.statusCode, res.body).toBe(200);
    keepReport('drill-down-program.xlsx', res.rawPayload);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheetSum = (name: string, column: number) => {
      let cents = 0;
      book.getWorksheet(name)!.eachRow((row, n) => {
        if (n > 1) cents += Math.round(Number(row.getCell(column).value) * 100);
      });
      return cents;
    };
    const expected = bySupplier((x) => !!facts(x)?.small && facts(x)?.state === 'IL');
    expect(sheetSum('Suppliers', 6)).toBe(expected.total);
    expect(sheetSum('Payments', 3)).toBe(expected.total);
  });
});

describe("a goal's actual", () => {
  const goal = (kind: string, name: string, countingRule: string, extra: object = {}) =>
    drill('/api/drillDown/goal', { fiscalYear: 2025, kind, name, countingRule, ...extra });
  const dashboard = async (countingRule: string) => {
    const res = await send(token, '/api/graph/goals', {
      selectedIds: [],
      fiscalYear: 2025,
      countingRule,
    });
    return res.json().data as {
      overall: { actual: number };
      rows: { kind: string; name: string; actual: number }[];
    };
  };

  it('adds up to every row of the dashboard, under both rules', async () => {
    for (const rule of ['REPORTED', 'VERIFIED']) {
      const types = (x: Payment) =>
        rule === 'REPORTED' ? (x.diversity ? [x.diversity] : []) : verifiedTypes(x);
      const d = await dashboard(rule);
      const overall = await goal('overall', 'Overall', rule);
      const expected = bySupplier((x) => addressable(x) && types(x).length > 0);
      expect(partsOf(overall), rule).toEqual(expected.parts);
      expect(overall.figure).toBe(d.overall.actual);
      for (const type of ['MBE', 'WBE']) {
        const row = await goal('diversity', type, rule);
        expect(partsOf(row), `${rule} ${type}`).toEqual(
          bySupplier((x) => addressable(x) && types(x).includes(type)).parts,
        );
        expect(row.figure).toBe(d.rows.find((r) => r.name === type)!.actual);
      }
      const it = await goal('category', 'IT Services', rule);
      expect(partsOf(it)).toEqual(
        bySupplier((x) => x.category === 'IT Services' && types(x).length > 0).parts,
      );
      expect(it.figure).toBe(d.rows.find((r) => r.kind === 'category')!.actual);
      const program = await goal('program', 'Small & Local', rule);
      expect(partsOf(program)).toEqual(
        bySupplier((x) => addressable(x) && !!facts(x)?.small && facts(x)?.state === 'IL').parts,
      );
      expect(program.figure).toBe(d.rows.find((r) => r.kind === 'program')!.actual);
    }
  });

  it('says why: the diversity reported, or the certificate of the type', async () => {
    const reported = await goal('diversity', 'WBE', 'REPORTED');
    expect(reported.suppliers.find((s) => s.supplierKey === `duns:${EPSILON}`)!.reasons).toEqual([
      { kind: 'REPORTED', text: 'Diversity in the file: WBE' },
    ]);
    const verified = await goal('diversity', 'WBE', 'VERIFIED', { supplierKey: `duns:${DELTA}` });
    expect(verified.suppliers.map((s) => s.reasons)).toEqual([
      [{ kind: 'CERTIFICATE', text: 'WBE · WBENC · 1 Jan 2025 – 31 Dec 2025' }],
    ]);
    // Its payments: the addressable ones only (the Taxes payment leaves the base).
    const counted = PAYMENTS.filter((x) => x.duns === DELTA && addressable(x));
    expect(verified.payments!.map((x) => [x.paymentDate, Math.round(x.amount * 100)])).toEqual(
      counted.map((x) => [x.date, x.cents]),
    );
  });

  it('answers 404 for a goal the year does not have, and for another organisation', async () => {
    for (const [auth, body] of [
      [token, { kind: 'diversity', name: 'HUB' }],
      [token, { kind: 'category', name: 'Taxes' }],
      [otherToken, { kind: 'overall', name: 'Overall' }],
      [otherToken, { kind: 'program', name: 'Small & Local' }],
    ] as const) {
      const res = await send(auth, '/api/drillDown/goal', {
        selectedIds: [],
        fiscalYear: 2025,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
  });
});
