import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { keepReport, pdfPages, pptxCharts, pptxTables } from '../../../test/reports.ts';
import { formatMoney } from '@spotzcity/shared/format';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const base = {
  currentOrNewSuppliers: 'Current Supplier',
  currentContractAmount: 1_250_000,
  currentSpendPerItem: 42.5,
  winnerVandorName: 'Brightline Logistics',
  rfxOrOpportunityName: 'RFP-2025-014',
  contractYears: 3,
  startDate: '2025-01-01',
  endDate: '2027-12-31',
  newlyQuotedCotractAmount: 1_100_000,
  newlyQuotedAmountPerTime: 38.75,
  businessCategory: 'Freight & Logistics',
  precurementDirOrIndir: 'Direct',
  vendorDiversityCategory: ['MBE', 'WBE'],
  vendorEthnicityCategory: 'Hispanic',
  yearsOfContract: [2025, 2026, 2027],
  yearlySavings: { savingsFor2025: 50_000, savingsFor2026: 45_000.25, savingsFor2027: 40_000 },
};

type Body = Record<string, unknown>;

async function call(token: string | undefined, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: token ? t.auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Body }),
  });
}

async function add(token: string, body: Body = base) {
  const res = await call(token, 'POST', '/api/costSaving/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ message: string; data: Body & { id: number } }>();
}

async function list(token: string, pageNumber = 0, pageSize = 20) {
  const res = await call(token, 'POST', '/api/costSaving/list', { pageNumber, pageSize });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: (Body & { id: number })[]; totalCount: number; length: number }>();
}

describe('cost saving records', () => {
  it('adds a case with its yearly savings and lists it', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const created = await add(token);
    expect(created.message).toBe('Created Successfully');
    expect(created.data).toMatchObject({
      ...base,
      yearlySavings: { savingsFor2025: 50_000, savingsFor2026: 45_000.25, savingsFor2027: 40_000 },
      totalSavings: 135_000.25,
    });
    const page = await list(token);
    expect(page.totalCount).toBe(1);
    expect(page.data[0]).toEqual(created.data);
  });

  it('pages newest first', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    for (const n of [1, 2, 3]) await add(token, { ...base, rfxOrOpportunityName: `RFP-${n}` });
    const first = await list(token, 0, 2);
    expect(first.totalCount).toBe(3);
    expect(first.length).toBe(2);
    expect(first.data.map((r) => r.rfxOrOpportunityName)).toEqual(['RFP-3', 'RFP-2']);
    expect((await list(token, 1, 2)).data.map((r) => r.rfxOrOpportunityName)).toEqual(['RFP-1']);
  });

  it('updates a case: removed years take their savings along', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const { data } = await add(token);
    const res = await call(token, 'PUT', '/api/costSaving/create', {
      ...base,
      id: data.id,
      winnerVandorName: 'Northwind Freight',
      yearsOfContract: [2025, 2026],
      yearlySavings: { savingsFor2025: 10, savingsFor2026: 20, savingsFor2027: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Updated Successfully');
    const [row] = (await list(token)).data;
    expect(row).toMatchObject({
      id: data.id,
      winnerVandorName: 'Northwind Freight',
      yearsOfContract: [2025, 2026],
      yearlySavings: { savingsFor2025: 10, savingsFor2026: 20 },
      totalSavings: 30,
    });
  });

  it('deletes a case and its yearly savings', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const { data } = await add(token);
    const res = await call(token, 'DELETE', '/api/costSaving/delete', { id: data.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Deleted Successfully');
    expect((await list(token)).totalCount).toBe(0);
    const graph = await call(token, 'POST', '/api/costSaving/graph/totalCostSaving', {});
    expect(graph.json().data).toEqual([]);
    // The id may also come in the query.
    const again = await add(token);
    const byQuery = await call(token, 'DELETE', `/api/costSaving/delete?id=${again.data.id}`);
    expect(byQuery.statusCode).toBe(200);
  });
});

describe('validation', () => {
  it('answers 400 with the spec messages per field', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await call(token, 'POST', '/api/costSaving/create', {
      ...base,
      winnerVandorName: 'x'.repeat(51),
      businessCategory: '',
      rfxOrOpportunityName: 'x'.repeat(16),
      currentContractAmount: 1_000_000_001,
      currentSpendPerItem: '-500',
      newlyQuotedAmountPerTime: '11 each',
      startDate: '2026-02-01',
      endDate: '2026-01-31',
      yearlySavings: { savingsFor2025: 1 },
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json<{ errors: { field: string; message: string }[] }>();
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'winnerVandorName', message: 'Must be 50 characters or less' },
        { field: 'businessCategory', message: 'Required' },
        { field: 'rfxOrOpportunityName', message: 'Must be 15 characters or less' },
        { field: 'currentContractAmount', message: 'Must be 1000000000 equal or less' },
        { field: 'currentSpendPerItem', message: 'Must be 0 or more' },
        { field: 'newlyQuotedAmountPerTime', message: 'Must be a number' },
        { field: 'endDate', message: 'Enter Valid Date.' },
        { field: 'yearlySavings.savingsFor2026', message: 'Required' },
        { field: 'yearlySavings.savingsFor2027', message: 'Required' },
      ]),
    );
    expect((await list(token)).totalCount).toBe(0);
  });

  it('requires every field of point 5 on an empty body, and 422 for a body that is not an object', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await call(token, 'POST', '/api/costSaving/create', {});
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ errors: { field: string }[] }>().errors.map((e) => e.field);
    expect(fields.sort()).toEqual(
      [
        'businessCategory',
        'contractYears',
        'currentContractAmount',
        'currentOrNewSuppliers',
        'currentSpendPerItem',
        'endDate',
        'newlyQuotedAmountPerTime',
        'newlyQuotedCotractAmount',
        'precurementDirOrIndir',
        'rfxOrOpportunityName',
        'startDate',
        'vendorDiversityCategory',
        'winnerVandorName',
        'yearsOfContract',
      ].sort(),
    );
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/costSaving/create',
      headers: { ...t.auth(token), 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(wrong.statusCode).toBe(422);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another organisation's case and changes nothing", async () => {
    const owner = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    const { data } = await add(owner.token);

    expect((await list(other.token)).totalCount).toBe(0);
    const update = await call(other.token, 'PUT', '/api/costSaving/create', {
      ...base,
      id: data.id,
      winnerVandorName: 'Hijacked',
    });
    expect(update.statusCode).toBe(404);
    const remove = await call(other.token, 'DELETE', '/api/costSaving/delete', { id: data.id });
    expect(remove.statusCode).toBe(404);
    const read = await call(other.token, 'GET', `/api/costSaving/detail/${data.id}`);
    expect(read.statusCode).toBe(404);
    const own = await call(owner.token, 'GET', `/api/costSaving/detail/${data.id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual(data);
    const missing = await call(owner.token, 'DELETE', '/api/costSaving/delete', { id: 999_999 });
    expect(missing.statusCode).toBe(404);

    const [row] = (await list(owner.token)).data;
    expect(row).toEqual(data);
    const graph = await call(other.token, 'POST', '/api/costSaving/graph/totalCostSaving', {});
    expect(graph.json().data).toEqual([]);
  });
});

describe('permissions', () => {
  const endpoints: [string, string, unknown][] = [
    ['POST', '/api/costSaving/list', { pageNumber: 0 }],
    ['POST', '/api/costSaving/create', base],
    ['PUT', '/api/costSaving/create', { ...base, id: 1 }],
    ['DELETE', '/api/costSaving/delete', { id: 1 }],
    ['POST', '/api/costSaving/graph/totalCostSaving', {}],
    ['POST', '/api/costSaving/graph/savingPerCategory', {}],
    ['POST', '/api/costSaving/graph/savingPerDiversity', {}],
    ['POST', '/api/excel/cost', { excel: true, spendData: {} }],
    ['POST', '/api/report/cost/pptx', {}],
    ['POST', '/api/report/cost/pdf', {}],
  ];

  it.each(endpoints)('%s %s answers 401 without a token', async (method, url, payload) => {
    expect((await call(undefined, method, url, payload)).statusCode).toBe(401);
  });

  it.each(endpoints)(
    '%s %s answers 403 without a cost-saving permission',
    async (method, url, payload) => {
      const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
      expect((await call(token, method, url, payload)).statusCode).toBe(403);
    },
  );

  it('refuses delete to a Buyer User (no DELETE_COST_SAVING) but lets them add and report', async () => {
    const admin = await signedInUser(t.app, t.database.db);
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_USER', {
      clientRef: admin.org.id,
    });
    const { data } = await add(token);
    const res = await call(token, 'DELETE', '/api/costSaving/delete', { id: data.id });
    expect(res.statusCode).toBe(403);
    expect((await list(admin.token)).totalCount).toBe(1);
    const graph = await call(token, 'POST', '/api/costSaving/graph/totalCostSaving', {});
    expect(graph.statusCode).toBe(200);
  });
});

/* ---------- dashboard figures against an independent computation ---------- */

interface FixtureCase {
  category: string;
  procurement: 'Direct' | 'Indirect';
  diversity: string[];
  savings: Record<number, string>;
}

const FIXTURE: FixtureCase[] = [
  {
    category: 'IT Services',
    procurement: 'Indirect',
    diversity: ['MBE'],
    savings: { 2024: '12000.10', 2025: '8000.05' },
  },
  {
    category: 'it services ',
    procurement: 'Direct',
    diversity: ['MBE', 'WBE'],
    savings: { 2025: '3333.33' },
  },
  {
    category: 'Facilities',
    procurement: 'Direct',
    diversity: ['WBE'],
    savings: { 2023: '150000', 2025: '0.01' },
  },
  {
    category: 'Facilities',
    procurement: 'Indirect',
    diversity: ['NON_DIVERSE'],
    savings: { 2025: '77777.77' },
  },
  {
    category: 'Raw Materials',
    procurement: 'Direct',
    diversity: ['VBE', 'SDVBE', 'MBE'],
    savings: { 2024: '1', 2025: '2', 2026: '3' },
  },
];

const cents = (amount: string) => Math.round(Number(amount) * 100);

async function seedFixture(token: string) {
  for (const [i, c] of FIXTURE.entries()) {
    const years = Object.keys(c.savings).map(Number);
    await add(token, {
      ...base,
      rfxOrOpportunityName: `FX-${i}`,
      businessCategory: c.category,
      precurementDirOrIndir: c.procurement,
      vendorDiversityCategory: c.diversity,
      yearsOfContract: years,
      yearlySavings: Object.fromEntries(years.map((y) => [`savingsFor${y}`, c.savings[y]])),
    });
  }
}

describe('dashboard figures', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signedInUser(t.app, t.database.db));
    await seedFixture(token);
    // Another organisation's savings must not leak into the figures.
    const other = await signedInUser(t.app, t.database.db);
    await add(other.token);
  });

  const graph = async (name: string, body: unknown = {}) => {
    const res = await call(token, 'POST', `/api/costSaving/graph/${name}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('totals the savings per year, 0 for a year in between without savings', async () => {
    const expected = new Map<number, number>();
    for (const c of FIXTURE)
      for (const [y, a] of Object.entries(c.savings))
        expected.set(Number(y), (expected.get(Number(y)) ?? 0) + cents(a));
    const years = [...expected.keys()].sort();
    const all: number[] = [];
    for (let y = years[0]!; y <= years.at(-1)!; y++) all.push(y);
    expect(await graph('totalCostSaving')).toEqual(
      all.map((year) => ({ year, totalSaving: (expected.get(year) ?? 0) / 100 })),
    );
    expect(await graph('totalCostSaving', { years: [2025, 2022] })).toEqual([
      { year: 2022, totalSaving: 0 },
      { year: 2025, totalSaving: (expected.get(2025) ?? 0) / 100 },
    ]);
  });

  it('sums per category (case and spaces ignored) with a per-year series', async () => {
    const totals = new Map<string, { total: number; years: Map<number, number> }>();
    for (const c of FIXTURE) {
      const key = c.category.trim().toLowerCase();
      const entry = totals.get(key) ?? { total: 0, years: new Map() };
      for (const [y, a] of Object.entries(c.savings)) {
        entry.total += cents(a);
        entry.years.set(Number(y), (entry.years.get(Number(y)) ?? 0) + cents(a));
      }
      totals.set(key, entry);
    }
    const data: { category: string; totalSaving: number; yearlySaving: Record<string, number> }[] =
      await graph('savingPerCategory');
    expect(data.map((d) => d.category.toLowerCase())).toEqual(
      [...totals.entries()].sort((a, b) => b[1].total - a[1].total).map(([k]) => k),
    );
    for (const row of data) {
      const expected = totals.get(row.category.toLowerCase())!;
      expect(row.totalSaving).toBe(expected.total / 100);
      expect(Object.keys(row.yearlySaving)).toEqual(['2023', '2024', '2025', '2026']);
      for (const [year, amount] of Object.entries(row.yearlySaving)) {
        expect(amount).toBe((expected.years.get(Number(year)) ?? 0) / 100);
      }
    }
    expect(data.find((d) => d.category === 'IT Services')?.totalSaving).toBe(23333.48);
  });

  it('splits each diversity type into Direct and Indirect shares adding up to 100.00', async () => {
    const sums = new Map<string, { Direct: number; Indirect: number }>();
    for (const c of FIXTURE)
      for (const type of c.diversity) {
        const entry = sums.get(type) ?? { Direct: 0, Indirect: 0 };
        for (const a of Object.values(c.savings)) entry[c.procurement] += cents(a);
        sums.set(type, entry);
      }
    const data: {
      ethnicity: string;
      data: { Direct: number; Indirect: number };
      amounts: { Direct: number; Indirect: number };
    }[] = await graph('savingPerDiversity');
    expect(data.map((d) => d.ethnicity)).toEqual(['MBE', 'WBE', 'VBE', 'SDVBE', 'NON_DIVERSE']);
    for (const row of data) {
      const s = sums.get(row.ethnicity)!;
      expect(row.amounts).toEqual({ Direct: s.Direct / 100, Indirect: s.Indirect / 100 });
      const total = s.Direct + s.Indirect;
      // Within a hundredth of the exact share, two decimals, and exactly 100.00 together.
      expect(Math.abs(row.data.Direct - (s.Direct * 100) / total)).toBeLessThanOrEqual(0.01);
      expect(Math.round(row.data.Direct * 100)).toBe(row.data.Direct * 100);
      expect(Math.round((row.data.Direct + row.data.Indirect) * 100)).toBe(10_000);
    }
    // MBE: Direct 3333.33 + 6 = 3339.33 of 23339.48 → 14.3074…%, Indirect 85.6925…%.
    expect(data[0]!.data).toEqual({ Direct: 14.31, Indirect: 85.69 });
    expect(data.find((d) => d.ethnicity === 'NON_DIVERSE')!.data).toEqual({
      Direct: 0,
      Indirect: 100,
    });
  });

  it('exports the same figures to Excel, with the analysis text', async () => {
    const res = await call(token, 'POST', '/api/excel/cost', {
      excel: true,
      spendData: { years: [], analysis: '=Savings grew in 2025' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      'filename="Cost Savings Dashboard - All years.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = workbook.getWorksheet('Summary')!;
    const texts = summary.getSheetValues().flat().map(String);
    expect(texts).toContain('=Savings grew in 2025');
    expect(texts).toContain('A vendor with several diversity types counts under each of them.');

    const perYear = workbook.getWorksheet('Total Cost Savings')!;
    const rows = perYear.getSheetValues().slice(2) as unknown[][];
    const figures = await graph('totalCostSaving');
    expect(rows.map((r) => ({ year: r[1], totalSaving: r[2] }))).toEqual(figures);

    const diversity = workbook.getWorksheet('Savings by Diversity')!;
    const first = diversity.getRow(2).values as unknown[];
    expect(first.slice(1, 4)).toEqual(['MBE', 0.1431, 0.8569]);
    expect(diversity.getRow(2).getCell(2).numFmt).toBe('0.00%');
    // Years are plain years, dates are dates.
    expect(perYear.getRow(2).getCell(1).numFmt).toBe('0');
    const cases = workbook.getWorksheet('Cost Saving Cases')!;
    const startColumn = (cases.getRow(1).values as unknown[]).indexOf('Start Date');
    expect(cases.getRow(2).getCell(startColumn).value).toBeInstanceOf(Date);
    expect(cases.getRow(2).getCell(startColumn).numFmt).toBe('mm/dd/yyyy');
    expect(workbook.getWorksheet('Cost Saving Cases')!.rowCount).toBe(FIXTURE.length + 1);
    expect(workbook.getWorksheet('Savings Per Category')!.rowCount).toBe(4);
  });

  it('gives a Summary that honours the year filter', async () => {
    const res = await call(token, 'POST', '/api/excel/cost', {
      excel: true,
      spendData: { years: [2023] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const byLabel = new Map<string, ExcelJS.Cell>();
    workbook
      .getWorksheet('Summary')!
      .eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2)));
    const in2023 = FIXTURE.filter((c) => '2023' in c.savings);
    const total = in2023.reduce((sum, c) => sum + cents(c.savings[2023]!), 0) / 100;
    expect(byLabel.get('Years')?.value).toBe('2023');
    expect(byLabel.get('Total Cost Savings')?.value).toBe(total);
    expect(byLabel.get('Total Cost Savings')?.numFmt).toBe('"$"#,##0.00');
    expect(byLabel.get('Cost saving cases saving in these years')?.value).toBe(in2023.length);
    expect(workbook.getWorksheet('Cost Saving Cases')!.rowCount).toBe(in2023.length + 1);
  });

  it('builds the report for chosen years: native charts and every category row from the API', async () => {
    const body = { years: [2024, 2025] };
    const perYear = await graph('totalCostSaving', body);
    const perDiversity = await graph('savingPerDiversity', body);
    const perCategory = await graph('savingPerCategory', body);
    const pptx = await call(token, 'POST', '/api/report/cost/pptx', body);
    expect(pptx.statusCode, pptx.body).toBe(200);
    keepReport('cost.pptx', pptx.rawPayload);
    expect(pptx.headers['content-disposition']).toContain(
      'filename="Cost Savings Dashboard - 2024, 2025.pptx"',
    );
    const [line, bars] = await pptxCharts(pptx.rawPayload);
    expect(line![0]!.values).toEqual(perYear.map((y: { totalSaving: number }) => y.totalSaving));
    expect(bars!.map((s) => s.values)).toEqual([
      perDiversity.map((d: { data: { Direct: number } }) => d.data.Direct),
      perDiversity.map((d: { data: { Indirect: number } }) => d.data.Indirect),
    ]);
    const rows = (await pptxTables(pptx.rawPayload)).flatMap((table) => table.slice(1));
    for (const c of perCategory as { category: string; totalSaving: number }[]) {
      expect(rows).toContainEqual(expect.arrayContaining([c.category, formatMoney(c.totalSaving)]));
    }
    const pdf = await call(token, 'POST', '/api/report/cost/pdf', body);
    keepReport('cost.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const c of perCategory as { category: string }[]) expect(text).toContain(c.category);
    expect(text).toContain('Years: 2024, 2025');
  });

  it('refuses an Excel body without excel: true', async () => {
    const res = await call(token, 'POST', '/api/excel/cost', { spendData: {} });
    expect(res.statusCode).toBe(400);
  });
});
