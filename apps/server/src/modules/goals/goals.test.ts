import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierKey } from '@spotzcity/shared/suppliers';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor } from '../../../test/factories.ts';
import { keepReport, pdfPages, pptxCharts, pptxTables } from '../../../test/reports.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, spendFiles, spendRows } from '../../db/schema/index.ts';
import { buildSpendRollup } from '../../domain/spend-rollups.ts';

/* ---------- the fixture and its figures, by plain code ---------- */

interface Row {
  date: string;
  category: string;
  diversity: string[];
  cents: number;
}
const r = (date: string, category: string, diversity: string[], cents: number): Row => ({
  date,
  category,
  diversity,
  cents,
});

const FILE_ONE: Row[] = [
  r('2024-06-30', 'IT Services', ['MBE'], 11111), // FY2024 with either start
  r('2024-12-15', 'IT Services', ['MBE'], 77777), // FY2025 only with a July start
  r('2025-01-10', 'IT Services', ['MBE', 'WBE'], 100000),
  r('2025-02-15', 'IT Services', ['NON_DIVERSE'], 300000),
  r('2025-03-20', 'Facilities', ['VBE'], 50050),
  r('2025-04-05', 'Facilities', ['NON_DIVERSE'], 120000),
  r('2025-05-30', 'Taxes', ['NON_DIVERSE'], 999999),
  r('2025-05-31', 'taxes ', ['WBE'], 5000), // non-addressable whatever its case
  r('2025-06-01', 'Logistics', ['WBE'], 25001),
  r('2025-07-01', 'IT Services', ['MBE'], 44444), // FY2025 with January, FY2026 with July
];
const FILE_TWO: Row[] = [r('2025-03-03', 'Logistics', ['NON_DIVERSE'], 60000)];
const OTHER_ORG: Row[] = [r('2025-02-01', 'IT Services', ['MBE'], 900000000)];

const TARGETS = {
  overall: 12.5,
  diversity: [
    { diversity: 'MBE', target: 10 },
    { diversity: 'WBE', target: 19 },
  ],
  categories: [
    { category: 'Facilities', target: 50 },
    { category: 'IT Services', target: 20 },
  ],
};

/** The fiscal year (named by the year it ends in) of a day. */
const fyOf = (date: string, start: number) => {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  return start === 1 || m < start ? y : y + 1;
};
/** 0-based month of the fiscal year. */
const monthOf = (date: string, start: number) => (Number(date.slice(5, 7)) - start + 12) % 12;

function expected(rows: Row[], fy: number, start: number, excluded: string[]) {
  const inYear = rows.filter((x) => fyOf(x.date, start) === fy);
  const out = (x: Row) => excluded.includes(x.category.trim().toLowerCase());
  const elapsed = Math.max(-1, ...inYear.map((x) => monthOf(x.date, start))) + 1;
  const addressable = inYear.filter((x) => !out(x));
  const sum = (xs: Row[]) => xs.reduce((a, x) => a + x.cents, 0);
  const diverse = (x: Row) => x.diversity.some((d) => d !== 'NON_DIVERSE');
  const row = (target: number, actual: number, base: number) => {
    const projectedBase = Math.round((base * 12) / elapsed);
    const goal = Math.round((projectedBase * target) / 100);
    const share = Math.round((actual * 10000) / base) / 100;
    return {
      target,
      actual: actual / 100,
      base: base / 100,
      share,
      projectedActual: Math.round((actual * 12) / elapsed) / 100,
      goalAtYearEnd: goal / 100,
      stillNeeded: Math.max(0, goal - actual) / 100,
      status: share >= target ? 'ON_TRACK' : share >= target * 0.9 ? 'AT_RISK' : 'OFF_TRACK',
    };
  };
  const base = sum(addressable);
  const cumulative: number[] = [];
  for (let i = 0; i < elapsed; i++) {
    cumulative.push(sum(addressable.filter((x) => diverse(x) && monthOf(x.date, start) <= i)));
  }
  return {
    elapsed,
    total: sum(inYear) / 100,
    nonAddressable: sum(inYear.filter(out)) / 100,
    addressable: base / 100,
    cumulativeActual: cumulative.map((c) => c / 100),
    overall: row(TARGETS.overall, sum(addressable.filter(diverse)), base),
    types: TARGETS.diversity.map((t) =>
      row(t.target, sum(addressable.filter((x) => x.diversity.includes(t.diversity))), base),
    ),
    categories: TARGETS.categories.map((t) => {
      const mine = addressable.filter((x) => x.category === t.category);
      return row(t.target, sum(mine.filter(diverse)), sum(mine));
    }),
  };
}

async function insertFile(db: Db, clientRef: number, name: string, rows: Row[]) {
  const [file] = await db
    .insert(spendFiles)
    .values({ clientRef, fileName: name, rowCount: rows.length })
    .returning();
  await db.insert(spendRows).values(
    rows.map((x, i) => ({
      clientRef,
      fileId: file!.id,
      lineNumber: i + 2,
      vendorName: `Vendor ${i}`,
      duns: null,
      supplierKey: supplierKey(null, `Vendor ${i}`),
      spend: (x.cents / 100).toFixed(2),
      state: 'TX',
      diversity: x.diversity,
      isDiverse: x.diversity.some((d) => d !== 'NON_DIVERSE'),
      paymentDate: x.date,
      category: x.category,
    })),
  );
  await buildSpendRollup(db, clientRef, file!.id);
  return file!.id;
}

/* ---------- the app ---------- */

let t: TestApp;
let admin: Awaited<ReturnType<typeof actor>>;
let user: Awaited<ReturnType<typeof actor>>;
let supplier: Awaited<ReturnType<typeof actor>>;
let otherAdmin: Awaited<ReturnType<typeof actor>>;
let fileOne: number;
let fileTwo: number;
let otherFile: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await actor(t.app, db, 'ROLE_BUYER_ADMIN');
  user = await actor(t.app, db, 'ROLE_BUYER_USER', { clientRef: admin.org.id });
  supplier = await actor(t.app, db, 'ROLE_SUPPLIER');
  otherAdmin = await actor(t.app, db, 'ROLE_BUYER_ADMIN');
  fileOne = await insertFile(db, admin.org.id, 'spend-one.xlsx', FILE_ONE);
  fileTwo = await insertFile(db, admin.org.id, 'spend-two.xlsx', FILE_TWO);
  otherFile = await insertFile(db, otherAdmin.org.id, 'other.xlsx', OTHER_ORG);
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: t.auth(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const saveSettings = (token: string, fiscalYearStartMonth: number, categories: string[]) =>
  call('PUT', '/api/organisation/settings', token, {
    fiscalYearStartMonth,
    nonAddressableCategories: categories,
  });

const dashboard = async (token: string, body: Record<string, unknown>) => {
  const res = await call('POST', '/api/graph/goals', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const READS = [
  ['GET', '/api/organisation/settings'],
  ['GET', '/api/goals/years'],
  ['GET', '/api/goals?fiscalYear=2025'],
  ['GET', '/api/goals/history'],
  ['GET', '/api/goals/headline'],
  ['POST', '/api/graph/goals'],
] as const;

describe('guards', () => {
  it('answers 401 without a token and 403 to a supplier on every route', async () => {
    for (const [method, url] of READS) {
      expect(
        (await call(method, url, undefined, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(401);
      expect(
        (await call(method, url, supplier.token, method === 'POST' ? {} : undefined)).statusCode,
      ).toBe(403);
    }
    expect((await saveSettings(supplier.token, 1, [])).statusCode).toBe(403);
  });

  it('lets a Buyer User read but not change the settings or the goals', async () => {
    expect((await call('GET', '/api/organisation/settings', user.token)).statusCode).toBe(200);
    expect((await saveSettings(user.token, 7, [])).statusCode).toBe(403);
    const res = await call('PUT', '/api/goals', user.token, {
      fiscalYear: 2025,
      overall: 10,
      diversity: [],
      categories: [],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('organisation settings', () => {
  it('start with January and every category addressable, and list the spend categories', async () => {
    const res = await call('GET', '/api/organisation/settings', admin.token);
    expect(res.json().data).toMatchObject({
      fiscalYearStartMonth: 1,
      nonAddressableCategories: [],
      updatedAt: null,
    });
    expect(res.json().data.categories).toEqual(
      expect.arrayContaining(['IT Services', 'Facilities', 'Logistics', 'Taxes']),
    );
    expect(res.json().data.categories).not.toContain(OTHER_ORG[0]!.category + 'x');
  });

  it('refuses a month out of range and a category listed twice', async () => {
    const month = await saveSettings(admin.token, 13, []);
    expect(month.statusCode).toBe(400);
    expect(month.json().message).toBe('Must be a month from 1 to 12');
    const twice = await saveSettings(admin.token, 1, ['Taxes', ' taxes']);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Listed more than once');
  });

  it('are saved for the organisation only and written to the audit log', async () => {
    const res = await saveSettings(admin.token, 1, ['Taxes']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Settings Saved Successfully');
    expect(res.json().data).toMatchObject({
      fiscalYearStartMonth: 1,
      nonAddressableCategories: ['Taxes'],
      updatedBy: admin.user.name,
    });
    const other = await call('GET', '/api/organisation/settings', otherAdmin.token);
    expect(other.json().data.nonAddressableCategories).toEqual([]);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'settings'), eq(auditLog.clientRef, admin.org.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'CREATE',
      actorId: admin.user.id,
      after: { fiscalYearStartMonth: 1, nonAddressableCategories: ['Taxes'] },
    });
  });
});

describe('goals', () => {
  it('refuses a target over 100 and a target on a non-addressable category', async () => {
    const over = await call('PUT', '/api/goals', admin.token, {
      fiscalYear: 2025,
      overall: 101,
      diversity: [],
      categories: [],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Must be between 0 and 100');
    const taxes = await call('PUT', '/api/goals', admin.token, {
      fiscalYear: 2025,
      overall: 10,
      diversity: [],
      categories: [{ category: 'TAXES', target: 5 }],
    });
    expect(taxes.statusCode).toBe(400);
    expect(taxes.json().errors).toEqual([
      { field: 'categories.0.category', message: 'This category is marked non-addressable' },
    ]);
  });

  it('are saved per fiscal year, kept from other organisations, with their history', async () => {
    const first = await call('PUT', '/api/goals', admin.token, {
      fiscalYear: 2025,
      overall: 10,
      diversity: [],
      categories: [],
    });
    expect(first.statusCode, first.body).toBe(200);
    const res = await call('PUT', '/api/goals', admin.token, { fiscalYear: 2025, ...TARGETS });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Goals Saved Successfully');
    expect(res.json().data).toMatchObject({
      fiscalYear: 2025,
      overall: 12.5,
      diversity: TARGETS.diversity,
      categories: TARGETS.categories,
    });
    const years = await call('GET', '/api/goals/years', admin.token);
    expect(years.json().data.years).toEqual([2025]);
    // Another organisation sees none of them, and its own save touches nothing of ours.
    const theirs = await call('GET', '/api/goals?fiscalYear=2025', otherAdmin.token);
    expect(theirs.json().data).toMatchObject({ overall: null, diversity: [], categories: [] });
    const history = (await call('GET', '/api/goals/history', admin.token)).json().data;
    expect(history.map((h: { entity: string }) => h.entity)).toEqual([
      'goals',
      'goals',
      'settings',
    ]);
    expect(history[0]).toMatchObject({
      actorEmail: admin.user.email,
      before: { overall: 10, diversity: {}, categories: {} },
      after: {
        overall: 12.5,
        diversity: { MBE: 10, WBE: 19 },
        categories: { Facilities: 50, 'IT Services': 20 },
      },
    });
    expect(history[1]).toMatchObject({ before: null, after: { fiscalYear: 2025, overall: 10 } });
    expect((await call('GET', '/api/goals/history', otherAdmin.token)).json().data).toEqual([]);
  });
});

describe('Goals Dashboard', () => {
  it('gives actual, projection and dollars needed as plain code does, Taxes out of the base', async () => {
    const want = expected([...FILE_ONE, ...FILE_TWO], 2025, 1, ['taxes']);
    const d = await dashboard(admin.token, { selectedIds: [], fiscalYear: 2025 });
    expect(want.elapsed).toBe(7);
    expect(d.monthsElapsed).toBe(want.elapsed);
    expect(d.months[0]).toBe('2025-01');
    expect(d.totalSpend).toBe(want.total);
    expect(d.nonAddressableSpend).toBe(want.nonAddressable);
    expect(d.addressableSpend).toBe(want.addressable);
    expect(d.cumulativeActual.slice(0, 7)).toEqual(want.cumulativeActual);
    expect(d.cumulativeActual.slice(7)).toEqual([null, null, null, null, null]);
    expect(d.projection[11]).toBe(want.overall.projectedActual);
    expect(d.overall).toMatchObject(want.overall);
    expect(d.rows.filter((x: { kind: string }) => x.kind === 'diversity')).toMatchObject(
      want.types,
    );
    expect(d.rows.filter((x: { kind: string }) => x.kind === 'category')).toMatchObject(
      want.categories,
    );
    // The fixture is built to show every status.
    const statuses = new Set([d.overall, ...d.rows].map((x: { status: string }) => x.status));
    expect(statuses).toEqual(new Set(['ON_TRACK', 'AT_RISK', 'OFF_TRACK']));
  });

  it('counts only the selected files, and another organisation’s file as nothing', async () => {
    const want = expected(FILE_ONE, 2025, 1, ['taxes']);
    const d = await dashboard(admin.token, { selectedIds: [fileOne], fiscalYear: 2025 });
    expect(d.addressableSpend).toBe(want.addressable);
    expect(d.overall).toMatchObject(want.overall);
    const theirs = await dashboard(admin.token, { selectedIds: [otherFile], fiscalYear: 2025 });
    expect(theirs.totalSpend).toBe(0);
    expect(theirs.monthsElapsed).toBe(0);
    expect(theirs.overall.status).toBe('NO_DATA');
    expect(fileTwo).toBeGreaterThan(0);
  });

  it('puts every category in the base when none is non-addressable', async () => {
    await saveSettings(admin.token, 1, []);
    const want = expected([...FILE_ONE, ...FILE_TWO], 2025, 1, []);
    const d = await dashboard(admin.token, { selectedIds: [], fiscalYear: 2025 });
    expect(d.nonAddressableSpend).toBe(0);
    expect(d.addressableSpend).toBe(want.addressable);
    expect(d.addressableSpend).toBe(want.total);
    expect(d.overall).toMatchObject(want.overall);
    await saveSettings(admin.token, 1, ['Taxes']);
  });

  it('moves months between years when the fiscal year starts in July', async () => {
    await saveSettings(admin.token, 7, ['Taxes']);
    const d = await dashboard(admin.token, { selectedIds: [], fiscalYear: 2025 });
    const want = expected([...FILE_ONE, ...FILE_TWO], 2025, 7, ['taxes']);
    expect(d.months[0]).toBe('2024-07');
    expect(d.months[11]).toBe('2025-06');
    expect(d.label).toBe('FY2025 (Jul 2024 – Jun 2025)');
    // December 2024 joins FY2025 and July 2025 leaves it.
    expect(want.addressable).toBeCloseTo(
      expected([...FILE_ONE, ...FILE_TWO], 2025, 1, ['taxes']).addressable + 777.77 - 444.44,
      2,
    );
    expect(d.addressableSpend).toBeCloseTo(want.addressable, 2);
    expect(d.overall).toMatchObject(want.overall);
    expect(d.monthsElapsed).toBe(12);
    const next = await dashboard(admin.token, { selectedIds: [], fiscalYear: 2026 });
    expect(next.addressableSpend).toBe(444.44);
    expect(next.overall).toBeNull();
    await saveSettings(admin.token, 1, ['Taxes']);
  });

  it('exports as PPTX, PDF and Excel with the same figures', async () => {
    const body = { selectedIds: [], fiscalYear: 2025 };
    const d = await dashboard(admin.token, body);
    const pptx = await call('POST', '/api/report/goals/pptx', admin.token, body);
    expect(pptx.statusCode, pptx.body).toBe(200);
    expect(pptx.headers['content-disposition']).toContain(
      'filename="Goals Dashboard FY2025 - All files.pptx"',
    );
    keepReport('goals.pptx', pptx.rawPayload);
    const charts = await pptxCharts(pptx.rawPayload);
    expect(charts[0]![0]!.values.slice(0, 7)).toEqual(d.cumulativeActual.slice(0, 7));
    const tables = (await pptxTables(pptx.rawPayload)).flat().map((row) => row.join(' | '));
    expect(tables.some((row) => row.startsWith('IT Services (category)'))).toBe(true);
    const pdf = await call('POST', '/api/report/goals/pdf', admin.token, body);
    expect(pdf.statusCode, pdf.body).toBe(200);
    keepReport('goals.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Base: Addressable spend (all spend except Taxes)');
    expect(text).toContain('Fiscal year: FY2025 (Jan – Dec 2025)');
    const excel = await call('POST', '/api/excel/goals', admin.token, {
      excel: true,
      spendData: body,
    });
    expect(excel.statusCode, excel.body).toBe(200);
    expect(excel.headers['content-disposition']).toContain('Goals Dashboard FY2025');
    // Another organisation's file in the selection is a 404, as in the other reports.
    const theirs = await call('POST', '/api/report/goals/pdf', admin.token, {
      selectedIds: [otherFile],
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('gives the spend home the current year’s headline goal', async () => {
    const res = await call('GET', '/api/goals/headline', admin.token);
    expect(res.statusCode).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(res.json().data).toMatchObject({ fiscalYear: year, overall: null });
  });
});
