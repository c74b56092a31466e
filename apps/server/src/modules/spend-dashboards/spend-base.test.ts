/**
 * The percentages' base of the Spend and Category Dashboards: all spend or addressable
 * spend. Expected figures are worked out here by plain code over the fixture rows (integer cents),
 * never by the code under test; the organisation marks categories non-addressable through the
 * settings API, as a Buyer Admin would.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { keepReport, pdfPages, pptxCharts, pptxSlides } from '../../../test/reports.ts';
import {
  FILE_ONE,
  FILE_TWO,
  OTHER_ORG,
  expectedFigures,
  insertFixtureFile,
  type FixtureRow,
} from './fixture.ts';

let t: TestApp;
let admin: string;
let fileOne: number;
let fileTwo: number;
const ROWS = [...FILE_ONE, ...FILE_TWO];

beforeAll(async () => {
  t = await createTestApp();
  const buyer = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  const other = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  admin = buyer.token;
  fileOne = await insertFixtureFile(t.database.db, buyer.org.id, 'spend-one.xlsx', FILE_ONE);
  fileTwo = await insertFixtureFile(t.database.db, buyer.org.id, 'spend-two.xlsx', FILE_TWO);
  // Another organisation marks nothing and spends in the same categories: never counted here.
  await insertFixtureFile(t.database.db, other.org.id, 'other.xlsx', OTHER_ORG);
});
afterAll(() => t?.close());

/* ---------- expected figures, by plain code ---------- */

const dollars = (cents: number) => cents / 100;
/** round(100 × part / whole, 2), half up, in exact integers. */
const pct = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.floor((20000 * part + whole) / (2 * whole)) / 100;
const sum = (rows: FixtureRow[]) => rows.reduce((s, r) => s + r.cents, 0);
const isDiverse = (r: FixtureRow) => r.diversity.some((d) => d !== 'NON_DIVERSE');

/** The figures with addressable spend as the base, `nonAddressable` as the settings hold it. */
function expectedAddressable(rows: FixtureRow[], nonAddressable: string[]) {
  const out = new Set(nonAddressable.map((c) => c.trim().toLowerCase()));
  const isOut = (r: FixtureRow) => out.has(r.category.trim().toLowerCase());
  const kept = rows.filter((r) => !isOut(r));
  const all = expectedFigures(rows);
  const base = sum(kept);
  const ofType = (type: string) => kept.filter((r) => r.diversity.includes(type));
  const years = [...new Set(kept.map((r) => Number(r.date.slice(0, 4))))].sort();
  return {
    base,
    kept,
    spendPerDiversity: {
      ...all.spendPerDiversity,
      types: all.spendPerDiversity.types.map((x) => ({
        diversity: x.diversity,
        spend: dollars(sum(ofType(x.diversity))),
        percentage: pct(sum(ofType(x.diversity)), base),
      })),
    },
    spendDiversityOverNonDiversity: years.map((year) => {
      const inYear = kept.filter((r) => Number(r.date.slice(0, 4)) === year);
      const diverse = sum(inYear.filter(isDiverse));
      return {
        year,
        diverse: dollars(diverse),
        nonDiverse: dollars(sum(inYear) - diverse),
        total: dollars(sum(inYear)),
        diversePercentage: pct(diverse, sum(inYear)),
      };
    }),
    // The pie is a share: only the addressable categories, of addressable spend.
    categoryPercentage: expectedFigures(kept).categoryPercentage,
    topCategoriesStatatics: all.topCategoriesStatatics.map((c) => {
      const inCategory = rows.filter((r) => r.category === c.category);
      return {
        ...c,
        spendPercentage: out.has(c.category.trim().toLowerCase())
          ? null
          : pct(sum(inCategory), base),
      };
    }),
  };
}

/* ---------- calls ---------- */

const graph = (name: string, selectedIds: number[], query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/graph/${name}${query}`,
    headers: t.auth(admin),
    payload: { selectedIds },
  });

async function graphData(name: string, selectedIds: number[], query = '') {
  const res = await graph(name, selectedIds, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown;
}

async function setNonAddressable(categories: string[]) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/organisation/settings',
    headers: t.auth(admin),
    payload: { fiscalYearStartMonth: 1, nonAddressableCategories: categories },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const SHARES = [
  'spendPerDiversity',
  'spendDiversityOverNonDiversity',
  'categoryPercentage',
  'topCategoriesStatatics',
] as const;
const AMOUNTS = [
  'spendPerDiversityMom',
  'categoryPerDiversity',
  'supplierCount',
  'supplierDataPerQuater',
  'supplierLocationData',
] as const;

describe('the base of the percentages', () => {
  it('is all spend by default, with ?base=all, and the same as before the switch', async () => {
    // Logistics (with spaces and another case, as a user may type it) and a category not spent in.
    await setNonAddressable(['  logistics ', 'Payroll']);
    const expected = expectedFigures(ROWS);
    for (const name of [...SHARES, ...AMOUNTS]) {
      expect(await graphData(name, [])).toEqual(expected[name]);
      expect(await graphData(name, [], '?base=all')).toEqual(expected[name]);
    }
  });

  it('makes every share a share of addressable spend, amounts staying all spend', async () => {
    await setNonAddressable(['  logistics ', 'Payroll']);
    const expected = expectedAddressable(ROWS, ['Logistics', 'Payroll']);
    // The fixture has spend in Logistics, diverse and not: the base is smaller than all spend.
    expect(expected.base).toBeLessThan(sum(ROWS));
    expect(expected.kept.some(isDiverse)).toBe(true);
    for (const name of SHARES) {
      expect(await graphData(name, [], '?base=addressable'), name).toEqual(expected[name]);
    }
    const all = expectedFigures(ROWS);
    for (const name of AMOUNTS) {
      expect(await graphData(name, [], '?base=addressable'), name).toEqual(all[name]);
    }
    // The pie's shares of addressable spend add up to 100 % (to the rounding of each).
    const pie = expected.categoryPercentage.categories;
    expect(pie.some((c) => c.category === 'Logistics')).toBe(false);
    expect(Math.abs(pie.reduce((s, c) => s + c.percentage, 0) - 100)).toBeLessThan(0.05);
  });

  it('follows the selected files', async () => {
    await setNonAddressable(['Logistics']);
    const expected = expectedAddressable(FILE_TWO, ['Logistics']);
    for (const name of SHARES) {
      expect(await graphData(name, [fileTwo], '?base=addressable'), name).toEqual(expected[name]);
    }
    expect(await graphData('spendPerDiversity', [fileOne], '?base=addressable')).toEqual(
      expectedAddressable(FILE_ONE, ['Logistics']).spendPerDiversity,
    );
  });

  it('changes with the non-addressable list', async () => {
    await setNonAddressable(['Logistics']);
    const before = await graphData('spendPerDiversity', [], '?base=addressable');
    await setNonAddressable(['Facilities']);
    const after = await graphData('spendPerDiversity', [], '?base=addressable');
    expect(after).not.toEqual(before);
    expect(after).toEqual(expectedAddressable(ROWS, ['Facilities']).spendPerDiversity);
    // Nothing marked: addressable spend is all spend.
    await setNonAddressable([]);
    for (const name of SHARES) {
      expect(await graphData(name, [], '?base=addressable'), name).toEqual(
        expectedFigures(ROWS)[name],
      );
    }
  });

  it('gives the counting rule card its headline over addressable spend', async () => {
    await setNonAddressable(['Logistics']);
    const { kept } = expectedAddressable(ROWS, ['Logistics']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/graph/verifiedSpend?base=addressable',
      headers: t.auth(admin),
      payload: { selectedIds: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { totalSpend: number; addressable?: object };
    expect(data.totalSpend).toBe(dollars(sum(ROWS)));
    // No certificate in the fixture: nothing is verified.
    expect(data.addressable).toEqual({
      totalSpend: dollars(sum(kept)),
      reportedDiverse: dollars(sum(kept.filter(isDiverse))),
      verifiedDiverse: 0,
    });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/graph/verifiedSpend',
      headers: t.auth(admin),
      payload: { selectedIds: [] },
    });
    expect(plain.json().data.addressable).toBeUndefined();
  });

  it('refuses a base it does not know', async () => {
    for (const query of ['?base=verified', '?base=', `?base=${'a'.repeat(300)}`]) {
      const res = await graph('spendPerDiversity', [], query);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('the exports state the base', () => {
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: t.auth(admin), payload });

  it('in the PPTX and PDF: a Base filter line and the shares of addressable spend', async () => {
    await setNonAddressable(['Logistics']);
    const expected = expectedAddressable(ROWS, ['Logistics']);
    const pptx = await post('/api/report/spend/pptx', { selectedIds: [], base: 'addressable' });
    expect(pptx.statusCode, pptx.body).toBe(200);
    keepReport('spend-addressable.pptx', pptx.rawPayload);
    const charts = await pptxCharts(pptx.rawPayload);
    expect(charts[0]![0]!.values).toEqual(
      expected.spendPerDiversity.types.map((x) => x.percentage),
    );
    const slides = (await pptxSlides(pptx.rawPayload)).flat().join('\n');
    expect(slides).toContain('Base: Addressable spend, without Logistics');

    const pdf = await post('/api/report/category/pdf', { selectedIds: [], base: 'addressable' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    keepReport('category-addressable.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain('Base: Addressable spend, without Logistics');
    const max = expected.categoryPercentage.max!;
    expect(text).toContain(`${max.category} (${max.percentage.toFixed(2)}%)`);

    // Without a base: all spend, and the report says so.
    const plain = await post('/api/report/spend/pdf', { selectedIds: [fileOne] });
    const plainText = (await pdfPages(plain.rawPayload)).join('\n');
    expect(plainText).toContain('Base: All spend, non-addressable categories included (Logistics)');
    const bad = await post('/api/report/spend/pdf', { selectedIds: [], base: 'some' });
    expect(bad.statusCode).toBe(400);
  });

  it('in the workbook: a Base line in the Summary and the shares of addressable spend', async () => {
    await setNonAddressable(['Logistics']);
    const expected = expectedAddressable(ROWS, ['Logistics']);
    const res = await post('/api/excel/categories', {
      excel: true,
      spendData: { selectedIds: [], base: 'addressable' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const summary = new Map<string, unknown>();
    wb.getWorksheet('Summary')!.eachRow((row) =>
      summary.set(String(row.getCell(1).value), row.getCell(2).value),
    );
    expect(summary.get('Base')).toBe('Addressable spend, without Logistics');
    const top = wb.getWorksheet('Top Categories')!;
    const shares = new Map<string, unknown>();
    top.eachRow((row, i) => {
      if (i > 1) shares.set(String(row.getCell(1).value), row.getCell(5).value);
    });
    for (const c of expected.topCategoriesStatatics) {
      expect(shares.get(c.category), c.category).toBe(
        c.spendPercentage === null ? null : Number((c.spendPercentage / 100).toFixed(6)),
      );
    }

    const plain = await post('/api/excel/spend', { excel: true, spendData: { selectedIds: [] } });
    const plainWb = new ExcelJS.Workbook();
    await plainWb.xlsx.load(plain.rawPayload as unknown as ArrayBuffer);
    const plainSummary = new Map<string, unknown>();
    plainWb
      .getWorksheet('Summary')!
      .eachRow((row) => plainSummary.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(plainSummary.get('Base')).toBe(
      'All spend, non-addressable categories included (Logistics)',
    );
  });
});
