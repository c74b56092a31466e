/**
 * The Goals Dashboard under the 'verified' counting rule (issues #21 and #22): actual, share,
 * projection and dollars still needed computed here by plain code over the fixture, once as
 * reported in the file and once verified; the exports state the rule.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTING_RULE_TEXT } from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { keepReport, pdfPages } from '../../../test/reports.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { certify, directorySuppliers, importMatched, putPolicy } from '../../../test/verified.ts';

let t: TestApp;
let token: string;
let otherToken: string;

interface Payment {
  vendor: string;
  duns: string | null;
  cents: number;
  date: string;
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

const GAMMA = '940000001';
const DELTA = '940000002';
const PAYMENTS: Payment[] = [
  p('Gamma Tools', GAMMA, '2025-01-15', 100000, 'MBE'),
  p('Gamma Tools', GAMMA, '2025-05-20', 50000, 'MBE'),
  p('Gamma Tools', GAMMA, '2025-08-10', 70000, 'MBE'), // after its certificate expired
  p('Delta Paper', DELTA, '2025-03-01', 40000, '', 'Facilities'), // certified, file says nothing
  p('Omega Supply', null, '2025-04-05', 30000, 'WBE'), // file says WBE, no match
  p('Big Vendor', null, '2025-06-30', 500000, ''),
];
/** Certificates: Gamma MBE to mid-year; Delta WBE all year. */
const CERTS = [
  { duns: GAMMA, type: 'MBE', from: '2024-07-01', to: '2025-06-30' },
  { duns: DELTA, type: 'WBE', from: '2025-01-01', to: '2025-12-31' },
];
const TARGETS = {
  overall: 25,
  diversity: [
    { diversity: 'MBE', target: 15 },
    { diversity: 'WBE', target: 5 },
  ],
  categories: [{ category: 'IT Services', target: 20 }],
};

/* ---------- the figures by plain code ---------- */

const dunsOf = (vendor: string) => PAYMENTS.find((x) => x.vendor === vendor)!.duns;
/** The types a payment counts under by each rule. */
const reportedTypes = (x: Payment) => (x.diversity ? [x.diversity] : []);
const verifiedTypes = (x: Payment) =>
  CERTS.filter((c) => c.duns === dunsOf(x.vendor) && c.from <= x.date && x.date <= c.to).map(
    (c) => c.type,
  );

function expected(typesOf: (x: Payment) => string[]) {
  const elapsed = Math.max(...PAYMENTS.map((x) => Number(x.date.slice(5, 7))));
  const base = PAYMENTS.reduce((s, x) => s + x.cents, 0);
  const sum = (rows: Payment[]) => rows.reduce((s, x) => s + x.cents, 0);
  const diverse = sum(PAYMENTS.filter((x) => typesOf(x).length > 0));
  const row = (target: number, actual: number, whole: number) => {
    const projectedBase = Math.round((whole * 12) / elapsed);
    const goalAtYearEnd = Math.round((projectedBase * target) / 100);
    return {
      target,
      actual: actual / 100,
      base: whole / 100,
      share: Math.round((actual * 10000) / whole) / 100,
      projectedActual: Math.round((actual * 12) / elapsed) / 100,
      goalAtYearEnd: goalAtYearEnd / 100,
      stillNeeded: Math.max(0, goalAtYearEnd - actual) / 100,
    };
  };
  const it = PAYMENTS.filter((x) => x.category === 'IT Services');
  return {
    overall: row(TARGETS.overall, diverse, base),
    rows: [
      ...TARGETS.diversity.map((d) =>
        row(d.target, sum(PAYMENTS.filter((x) => typesOf(x).includes(d.diversity))), base),
      ),
      row(20, sum(it.filter((x) => typesOf(x).length > 0)), sum(it)),
    ],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  token = admin.token;
  otherToken = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  const ids = await directorySuppliers(t, [
    { duns: GAMMA, name: 'Gamma Tools', stateOrProvince: 'IL' },
    { duns: DELTA, name: 'Delta Paper', stateOrProvince: 'OH' },
  ]);
  const file = await xlsxBuffer([
    ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Diversity Category', 'Category'],
    ...PAYMENTS.map((x) => [
      x.vendor,
      x.duns,
      (x.cents / 100).toFixed(2),
      new Date(`${x.date}T00:00:00Z`),
      x.diversity,
      x.category,
    ]),
  ]);
  await importMatched(t, token, file);
  await certify(t, token, ids, CERTS);
  const goals = await t.app.inject({
    method: 'PUT',
    url: '/api/goals',
    headers: t.auth(token),
    payload: { fiscalYear: 2025, ...TARGETS },
  });
  expect(goals.statusCode, goals.body).toBe(200);
});
afterAll(() => t?.close());

async function dashboard(body: object, auth = token) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/graph/goals',
    headers: t.auth(auth),
    payload: { selectedIds: [], fiscalYear: 2025, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    countingRule: string;
    overall: Record<string, unknown>;
    rows: Record<string, unknown>[];
  };
}

const pick = (row: Record<string, unknown>) => ({
  target: row.target,
  actual: row.actual,
  base: row.base,
  share: row.share,
  projectedActual: row.projectedActual,
  goalAtYearEnd: row.goalAtYearEnd,
  stillNeeded: row.stillNeeded,
});

describe('the Goals Dashboard under a counting rule', () => {
  it('counts as reported by default and as verified when asked, to the cent', async () => {
    const reported = expected(reportedTypes);
    const verified = expected(verifiedTypes);
    // The fixture tells the rules apart in every row.
    expect(verified.overall.actual).not.toBe(reported.overall.actual);
    expect(verified.rows[1]!.actual).not.toBe(reported.rows[1]!.actual);

    const byDefault = await dashboard({});
    expect(byDefault.countingRule).toBe('REPORTED');
    expect(pick(byDefault.overall)).toEqual(reported.overall);
    expect(byDefault.rows.map(pick)).toEqual(reported.rows);

    const asVerified = await dashboard({ countingRule: 'VERIFIED' });
    expect(asVerified.countingRule).toBe('VERIFIED');
    expect(pick(asVerified.overall)).toEqual(verified.overall);
    expect(asVerified.rows.map(pick)).toEqual(verified.rows);

    // Another organisation sees none of it under either rule.
    const theirs = await dashboard({ countingRule: 'VERIFIED' }, otherToken);
    expect(theirs.overall).toBeNull();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/graph/goals',
      headers: t.auth(token),
      payload: { selectedIds: [], fiscalYear: 2025, countingRule: 'NOPE' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('states the rule in the PDF and the workbook, and follows the policy’s default', async () => {
    const verified = expected(verifiedTypes);
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/report/goals/pdf',
      headers: t.auth(token),
      payload: { selectedIds: [], fiscalYear: 2025, countingRule: 'VERIFIED' },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    keepReport('goals-verified.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Counting rule: Verified');
    expect(text).toContain(`${verified.overall.share.toFixed(2)}%`);

    const policy = await putPolicy(t, token);
    expect(policy.statusCode, policy.body).toBe(200);
    expect((await dashboard({})).countingRule).toBe('VERIFIED');

    const excel = await t.app.inject({
      method: 'POST',
      url: '/api/excel/goals',
      headers: t.auth(token),
      payload: { excel: true, spendData: { selectedIds: [], fiscalYear: 2025 } },
    });
    expect(excel.statusCode, excel.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(excel.rawPayload as unknown as ArrayBuffer);
    const byLabel = new Map<string, unknown>();
    workbook
      .getWorksheet('Summary')!
      .eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(byLabel.get('Counting rule')).toBe(`Verified — ${COUNTING_RULE_TEXT.VERIFIED}`);
    const targets = workbook.getWorksheet('Targets')!;
    const overall = (targets.getRow(2).values as unknown[]).slice(1);
    expect(overall[4]).toBe(verified.overall.actual);
  });
});
