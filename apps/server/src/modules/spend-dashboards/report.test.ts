import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@spotzcity/shared/format';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { keepReport, pdfPages, pptxCharts, pptxSlides, pptxTables } from '../../../test/reports.ts';
import { fixtureOrganisations, type FixtureOrganisations } from './fixture.ts';

let t: TestApp;
/** The buyer's files and token, another organisation's file, a supplier's token. */
let orgs: FixtureOrganisations;

beforeAll(async () => {
  t = await createTestApp();
  orgs = await fixtureOrganisations(t.app, t.database.db);
});
afterAll(() => t?.close());

/** The dashboard's own figures, from its graph endpoint. */
async function api<T>(name: string, selectedIds: number[]): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/graph/${name}`,
    headers: t.auth(orgs.buyer.token),
    payload: { selectedIds },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as T;
}

async function report(kind: string, format: 'pptx' | 'pdf', body: object, auth = orgs.buyer.token) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/report/${kind}/${format}`,
    headers: t.auth(auth),
    payload: body,
  });
  if (res.statusCode === 200) keepReport(`${kind}.${format}`, res.rawPayload);
  return res;
}

const dollars = (cells: string[][]) => cells.map((row) => row.join(' | '));

describe('Spend Dashboard report', () => {
  it('is a PPTX whose native charts hold the dashboard API’s figures', async () => {
    const res = await report('spend', 'pptx', { selectedIds: [orgs.fileOne] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('presentationml');
    expect(res.headers['content-disposition']).toContain(
      'filename="Spend Dashboard - spend-one.pptx"',
    );
    const perType = await api<{ types: { diversity: string; percentage: number }[] }>(
      'spendPerDiversity',
      [orgs.fileOne],
    );
    const mom = await api<{
      months: string[];
      series: { diversity: string; values: number[] }[];
    }>('spendPerDiversityMom', [orgs.fileOne]);
    const years = await api<{ year: number; diverse: number; nonDiverse: number }[]>(
      'spendDiversityOverNonDiversity',
      [orgs.fileOne],
    );
    const charts = await pptxCharts(res.rawPayload);
    expect(charts[0]![0]!.values).toEqual(perType.types.map((t) => t.percentage));
    const lines = charts[1]!;
    const types = mom.series.filter((s) => s.diversity !== 'NON_DIVERSE');
    expect(lines.map((s) => s.values)).toEqual(types.map((s) => s.values));
    expect(lines[0]!.categories).toHaveLength(mom.months.length);
    const donuts = charts.slice(2);
    expect(donuts.map((c) => c[0]!.values)).toEqual(years.map((y) => [y.diverse, y.nonDiverse]));
  });

  it('is a PDF holding the headline figures and every table row', async () => {
    const res = await report('spend', 'pdf', { selectedIds: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Spend Dashboard - All files.pdf"',
    );
    const text = (await pdfPages(res.rawPayload)).join('\n');
    const perType = await api<{
      totalSpend: number;
      diverseSpend: number;
      types: { diversity: string; spend: number; percentage: number }[];
    }>('spendPerDiversity', []);
    expect(text).toContain(formatMoney(perType.totalSpend));
    expect(text).toContain(formatMoney(perType.diverseSpend));
    for (const type of perType.types) {
      expect(text).toContain(`${formatMoney(type.spend)}`);
      expect(text).toContain(`${type.percentage.toFixed(2)}%`);
    }
    const years = await api<{ year: number; total: number }[]>(
      'spendDiversityOverNonDiversity',
      [],
    );
    for (const y of years) expect(text).toContain(formatMoney(y.total));
    expect(text).toContain('Files: All files (2)');
    expect(text).toMatch(/Page 1 of \d+/);
  });
});

describe('Supplier Dashboard report', () => {
  it('has every state in its tables beside the map, and the API’s counts in its charts', async () => {
    const res = await report('supplier', 'pptx', { selectedIds: [orgs.fileOne, orgs.fileTwo] });
    expect(res.statusCode, res.body).toBe(200);
    const states = await api<
      { stateName: string; diverseSuppliers: number; diverseSpend: number }[]
    >('supplierLocationData', [orgs.fileOne, orgs.fileTwo]);
    const quarters = await api<{ diverseSuppliers: number }[]>('supplierDataPerQuater', [
      orgs.fileOne,
      orgs.fileTwo,
    ]);
    const count = await api<{ months: { diverseSuppliers: number }[] }>('supplierCount', [
      orgs.fileOne,
      orgs.fileTwo,
    ]);
    const charts = await pptxCharts(res.rawPayload);
    expect(charts[0]![0]!.values).toEqual(quarters.map((q) => q.diverseSuppliers));
    expect(charts[1]![0]!.values).toEqual(count.months.map((m) => m.diverseSuppliers));
    const rows = (await pptxTables(res.rawPayload)).flatMap((table) => table.slice(1));
    expect(dollars(rows)).toEqual(
      states.map((s) =>
        [s.stateName, String(s.diverseSuppliers), formatMoney(s.diverseSpend)].join(' | '),
      ),
    );
    // The map is a picture next to its table.
    const slides = await pptxSlides(res.rawPayload);
    expect(slides.some((s) => s.includes('Diverse Supplier Locations'))).toBe(true);
  });

  it('answers 404 for another organisation’s file, 403 without the report permission, 401 without a token', async () => {
    expect((await report('supplier', 'pdf', { selectedIds: [orgs.otherFile] })).statusCode).toBe(
      404,
    );
    expect(
      (await report('supplier', 'pdf', { selectedIds: [orgs.fileOne, orgs.otherFile] })).statusCode,
    ).toBe(404);
    expect(
      (await report('supplier', 'pdf', { selectedIds: [] }, orgs.supplierToken)).statusCode,
    ).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/report/supplier/pdf',
      payload: { selectedIds: [] },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await report('supplier', 'pdf', { selectedIds: [2 ** 31] })).statusCode).toBe(400);
    expect(
      (await report('supplier', 'pdf', { selectedIds: [], locale: 'x'.repeat(40) })).statusCode,
    ).toBe(400);
  });
});

describe('Category Dashboard report', () => {
  it('puts every Top Categories row in tables of at most 12 rows and in the PDF', async () => {
    const top = await api<
      {
        category: string;
        supplierCount: number;
        supplierPercentage: number;
        spend: number;
        spendPercentage: number;
      }[]
    >('topCategoriesStatatics', []);
    const pptx = await report('category', 'pptx', { selectedIds: [] });
    expect(pptx.statusCode, pptx.body).toBe(200);
    const tables = (await pptxTables(pptx.rawPayload)).filter((table) => table.length > 0);
    for (const table of tables) expect(table.length - 1).toBeLessThanOrEqual(12);
    expect(dollars(tables.flatMap((table) => table.slice(1)))).toEqual(
      top.map((c) =>
        [
          c.category,
          String(c.supplierCount),
          `${c.supplierPercentage.toFixed(2)}%`,
          formatMoney(c.spend),
          `${c.spendPercentage.toFixed(2)}%`,
        ].join(' | '),
      ),
    );
    const bars = await api<{ diverse: number; nonDiverse: number }[]>('categoryPerDiversity', []);
    const charts = await pptxCharts(pptx.rawPayload);
    expect(charts[0]!.map((s) => s.values)).toEqual([
      bars.map((c) => c.diverse),
      bars.map((c) => c.nonDiverse),
    ]);

    const pdf = await report('category', 'pdf', { selectedIds: [] });
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const c of top) {
      expect(text).toContain(c.category);
      expect(text).toContain(formatMoney(c.spend));
    }
  });

  it('flows a long analysis over as many slides as it needs, and prints paper by locale', async () => {
    const sentence = 'Spend with diverse suppliers grew in every region this year. ';
    const analysis = sentence.repeat(160).trim();
    const res = await report('category', 'pptx', { selectedIds: [], analysis });
    const slides = await pptxSlides(res.rawPayload);
    const parts = slides.filter((s) => s.some((text) => text.startsWith('Category Analysis')));
    expect(parts.length).toBeGreaterThan(3);
    const flowed = parts.map((s) => s.slice(2).join(' ')).join(' ');
    expect(flowed.replace(/\s+/g, ' ').trim()).toBe(analysis);

    const a4 = await report('category', 'pdf', { selectedIds: [], locale: 'en-GB' });
    const letter = await report('category', 'pdf', { selectedIds: [], locale: 'en-US' });
    expect(a4.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
    expect(letter.rawPayload.toString('latin1')).toContain('/MediaBox [0 0 792 612]');
  });
});
