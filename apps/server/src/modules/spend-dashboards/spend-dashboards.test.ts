import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_STATES } from '@spotzcity/shared/enums';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { deleteSpendFile, importSpend } from '../../../test/imports.ts';
import { SPEND_HEADERS, xlsxBuffer } from '../../../test/xlsx.ts';
import { spendRollups } from '../../db/schema/index.ts';
import {
  FILE_ONE,
  FILE_TWO,
  FORMULA_CATEGORY,
  FORMULA_NAME,
  OTHER_ORG,
  expectedFigures,
  fixtureOrganisations,
  type FixtureRow,
  GRAPHS,
} from './fixture.ts';

let t: TestApp;
let buyer: { token: string; orgId: number };
let other: { token: string; orgId: number };
let supplierToken: string;
let fileOne: number;
let fileTwo: number;
let otherFile: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ buyer, other, supplierToken, fileOne, fileTwo, otherFile } = await fixtureOrganisations(
    t.app,
    t.database.db,
  ));
});
afterAll(() => t?.close());

const graph = (name: string, token: string, selectedIds: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/graph/${name}`,
    headers: t.auth(token),
    payload: { selectedIds },
  });

describe('graph endpoints', () => {
  it.each(GRAPHS)('%s matches the fixture to the cent for one selected file', async (name) => {
    const res = await graph(name, buyer.token, [fileOne]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(expectedFigures(FILE_ONE)[name]);
  });

  it.each(GRAPHS)(
    '%s covers every file of the organisation when none is selected',
    async (name) => {
      const res = await graph(name, buyer.token, []);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(expectedFigures([...FILE_ONE, ...FILE_TWO])[name]);
    },
  );

  it('counts a row with several types in full under each and once in the diverse total', async () => {
    const data = (await graph('spendPerDiversity', buyer.token, [fileTwo])).json().data;
    // Acme 500.50 is MBE and WBE, Zeta 123.45 is WBE.
    expect(data.diverseSpend).toBe(623.95);
    expect(data.types).toEqual([
      { diversity: 'MBE', spend: 500.5, percentage: 80.21 },
      { diversity: 'WBE', spend: 623.95, percentage: 100 },
    ]);
  });

  it.each(GRAPHS)(
    '%s counts nothing of another organisation, whatever ids it sends',
    async (name) => {
      const foreign = await graph(name, buyer.token, [otherFile]);
      expect(foreign.statusCode).toBe(200);
      expect(foreign.json().data).toEqual(expectedFigures([])[name]);
      const mixed = await graph(name, buyer.token, [fileOne, otherFile]);
      expect(mixed.json().data).toEqual(expectedFigures(FILE_ONE)[name]);
      const theirs = await graph(name, other.token, []);
      expect(theirs.json().data).toEqual(expectedFigures(OTHER_ORG)[name]);
    },
  );

  it.each(GRAPHS)(
    '%s answers 401 without a token and 403 without a spend permission',
    async (name) => {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: `/api/graph/${name}`,
        payload: { selectedIds: [] },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().message).toBe('Unauthorized');
      expect((await graph(name, supplierToken, [])).statusCode).toBe(403);
    },
  );

  it('rejects selected ids that are not numbers', async () => {
    const res = await graph('supplierCount', buyer.token, ['abc']);
    expect(res.statusCode).toBe(400);
  });
});

const excel = (path: string, token: string, spendData: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/excel/${path}`,
    headers: t.auth(token),
    payload: { excel: true, spendData },
  });

async function workbookOf(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook;
}

/** A sheet's data rows as objects keyed by its header. */
function sheetRows(workbook: ExcelJS.Workbook, name: string) {
  const sheet = workbook.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  });
  return rows;
}

/** A percent cell holds the fraction (27.42% is 0.2742): back to the API's 0–100 figure. */
const percentOf = (cell: unknown) => Math.round(Number(cell) * 10_000) / 100;
function withPercents(rows: Record<string, unknown>[], ...keys: string[]) {
  return rows.map((row) => ({
    ...row,
    ...Object.fromEntries(keys.map((key) => [key, percentOf(row[key])])),
  }));
}

/** The number format of every data cell of a column, found by its header. */
function formatsOf(workbook: ExcelJS.Workbook, name: string, header: string) {
  const sheet = workbook.getWorksheet(name)!;
  const index = (sheet.getRow(1).values as unknown[]).indexOf(header);
  const formats = new Set<string>();
  sheet.eachRow((row, n) => {
    if (n > 1) formats.add(`${typeof row.getCell(index).value}:${row.getCell(index).numFmt}`);
  });
  return [...formats];
}

describe('Excel exports', () => {
  const expected = expectedFigures(FILE_ONE);

  it('writes the Spend Dashboard figures, recomputed, with the analysis text', async () => {
    const res = await excel('spend', buyer.token, {
      selectedIds: [fileOne],
      analysis: 'Diverse spend grew.',
      // A browser's own numbers are ignored: the server recomputes.
      totalSpend: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Spend Dashboard - spend-one.xlsx"',
    );
    const wb = await workbookOf(res.rawPayload);
    expect(withPercents(sheetRows(wb, 'Spend per Diversity'), '% Of Spend')).toEqual(
      expected.spendPerDiversity.types.map((r) => ({
        Diversity: r.diversity === 'NON_DIVERSE' ? 'Non Diverse' : r.diversity,
        Spend: r.spend,
        '% Of Spend': r.percentage,
      })),
    );
    const mom = sheetRows(wb, 'Month over Month');
    // Every type once, then Diverse and Non Diverse once each (NON_DIVERSE is that last row).
    const types = expected.spendPerDiversityMom.series.filter((s) => s.diversity !== 'NON_DIVERSE');
    expect(mom.map((r) => r.Diversity)).toEqual([
      ...types.map((s) => s.diversity),
      'Diverse',
      'Non Diverse',
    ]);
    expect(new Set(mom.map((r) => r.Diversity)).size).toBe(mom.length);
    expect(mom.map((r) => r['12-Month Total'])).toEqual([
      ...types.map((s) => s.total),
      expected.spendPerDiversityMom.diverse.total,
      expected.spendPerDiversityMom.nonDiverse.total,
    ]);
    const lastMonth = expected.spendPerDiversityMom.months.at(-1)!;
    expect(mom.at(-2)?.[lastMonth]).toBe(expected.spendPerDiversityMom.diverse.values.at(-1));
    expect(withPercents(sheetRows(wb, 'Diverse vs Non Diverse'), '% Diverse')).toEqual(
      expected.spendDiversityOverNonDiversity.map((y) => ({
        Year: y.year,
        Diverse: y.diverse,
        'Non Diverse': y.nonDiverse,
        Total: y.total,
        '% Diverse': y.diversePercentage,
      })),
    );
    // Typed cells with formats: money, percent and a year without a thousands separator.
    expect(formatsOf(wb, 'Spend per Diversity', 'Spend')).toEqual(['number:"$"#,##0.00']);
    expect(formatsOf(wb, 'Spend per Diversity', '% Of Spend')).toEqual(['number:0.00%']);
    expect(formatsOf(wb, 'Diverse vs Non Diverse', 'Year')).toEqual(['number:0']);
    const summary = wb.getWorksheet('Summary')!;
    const byLabel = new Map<string, ExcelJS.Cell>();
    summary.eachRow((row) => byLabel.set(String(row.getCell(1).value), row.getCell(2)));
    const total = expected.spendPerDiversity.totalSpend;
    expect(byLabel.get('Total Spend')?.value).toBe(total);
    expect(byLabel.get('Total Spend')?.numFmt).toBe('"$"#,##0.00');
    // Without a rule in the request: the organisation's default, 'as reported'.
    expect(byLabel.get('Diverse Spend (As reported in the file)')?.value).toBe(
      expected.spendPerDiversity.diverseSpend,
    );
    expect(String(byLabel.get('Counting rule')?.value)).toMatch(/^As reported in the file — /);
    expect(byLabel.get('Files')?.value).toBe('spend-one.xlsx');
    expect(byLabel.get('Analysis')?.value).toBe('Diverse spend grew.');
    expect(byLabel.get('Analysis')?.alignment?.wrapText).toBe(true);
    expect(summary.model.merges ?? []).toEqual([]);
    expect(byLabel.get('Note')?.value).toBe(
      'A vendor with several diversity types counts under each of them.',
    );
  });

  it('writes the Supplier Dashboard figures and a formula-like supplier name as text', async () => {
    const res = await excel('supplier', buyer.token, { selectedIds: [fileOne] });
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    expect(sheetRows(wb, 'Diverse Suppliers per Quarter')).toEqual(
      expected.supplierDataPerQuater.map((q) => ({
        Quarter: q.label,
        'Diverse Suppliers': q.diverseSuppliers,
      })),
    );
    expect(sheetRows(wb, 'Diverse Suppliers per Month')).toEqual(
      expected.supplierCount.months.map((m) => ({
        Month: m.month,
        'Diverse Suppliers': m.diverseSuppliers,
      })),
    );
    expect(sheetRows(wb, 'States')).toEqual(
      expected.supplierLocationData.map((s) => ({
        State: s.stateName,
        'Diverse Suppliers': s.diverseSuppliers,
        'Diverse Spend': s.diverseSpend,
      })),
    );
    const suppliers = wb.getWorksheet('Diverse Suppliers')!;
    let formulaCells = 0;
    let injected = false;
    suppliers.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.formula) formulaCells += 1;
        if (cell.value === FORMULA_NAME && cell.type === ExcelJS.ValueType.String) injected = true;
      }),
    );
    expect(formulaCells).toBe(0);
    expect(injected).toBe(true);
  });

  it('writes the Category Dashboard figures and a formula-like category as text', async () => {
    const res = await excel('categories', buyer.token, { selectedIds: [fileOne] });
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    // The formula-like category reads exactly as typed, in a string cell.
    expect(expected.topCategoriesStatatics.map((c) => c.category)).toContain(FORMULA_CATEGORY);
    expect(withPercents(sheetRows(wb, 'Top Categories'), '% Of Suppliers', '% Of Spend')).toEqual(
      expected.topCategoriesStatatics.map((c) => ({
        Category: c.category,
        'Total # Suppliers': c.supplierCount,
        '% Of Suppliers': c.supplierPercentage,
        Spend: c.spend,
        '% Of Spend': c.spendPercentage,
      })),
    );
    expect(sheetRows(wb, 'Spend per Category').map((r) => r.Total)).toEqual(
      expected.categoryPerDiversity.map((c) => c.total),
    );
    expect(sheetRows(wb, 'Category Percentage').map((r) => percentOf(r['% Of Spend']))).toEqual(
      expected.categoryPercentage.categories.map((c) => c.percentage),
    );
  });

  it('never puts another organisation’s figures in a workbook', async () => {
    const res = await excel('categories', buyer.token, { selectedIds: [otherFile] });
    expect(res.statusCode).toBe(200);
    expect(sheetRows(await workbookOf(res.rawPayload), 'Top Categories')).toEqual([]);
  });

  it('answers 401, 403 without CREATE_SUPPLIER_SPEND_REPORT, and 400 without excel: true', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/excel/spend',
      payload: { excel: true, spendData: {} },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await excel('supplier', supplierToken, { selectedIds: [] })).statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/excel/spend',
      headers: t.auth(buyer.token),
      payload: { spendData: {} },
    });
    expect(missing.statusCode).toBe(400);
  });
});

/* ---------- the rollup follows the files ---------- */

const US = new Set(US_STATES.flatMap(([code, name]) => [code, name.toUpperCase()]));

/** A fixture file as a buyer would upload it (a non-US state gets its country). */
function workbookOfRows(rows: FixtureRow[]) {
  const cells = rows.map((r) => {
    const values: Record<string, unknown> = {
      vendorName: r.name,
      duns: r.duns,
      spend: (r.cents / 100).toFixed(2),
      state: r.state,
      country: r.state && !US.has(r.state.toUpperCase()) ? 'Canada' : 'USA',
      diversityCategory: r.diversity.filter((d) => d !== 'NON_DIVERSE').join(', '),
      paymentDate: r.date,
      category: r.category,
    };
    return SPEND_COLUMNS.map((c) => values[c.key] ?? null);
  });
  return xlsxBuffer([SPEND_HEADERS, ...cells]);
}

describe('the spend rollup', () => {
  it('is built by the upload, serves every figure exactly, and goes with a deleted file', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const upload = async (name: string, rows: FixtureRow[]) => {
      const { job } = await importSpend(t, admin.token, await workbookOfRows(rows), name);
      expect(job?.status, job?.message ?? '').toBe('done');
      return job!.fileId!;
    };
    const rollupGroups = async (fileId: number) => {
      const [row] = await t.database.db
        .select({ n: count() })
        .from(spendRollups)
        .where(and(eq(spendRollups.clientRef, admin.org.id), eq(spendRollups.fileId, fileId)));
      return row?.n ?? 0;
    };
    const figuresOf = async (selectedIds: number[]) =>
      Object.fromEntries(
        await Promise.all(
          GRAPHS.map(async (name) => [
            name,
            (await graph(name, admin.token, selectedIds)).json().data,
          ]),
        ),
      );
    const pick = (figures: ReturnType<typeof expectedFigures>) =>
      Object.fromEntries(GRAPHS.map((name) => [name, figures[name]]));

    const first = await upload('first.xlsx', FILE_ONE);
    const second = await upload('second.xlsx', FILE_TWO);
    expect(await rollupGroups(first)).toBeGreaterThan(0);
    expect(await rollupGroups(second)).toBeGreaterThan(0);
    expect(await figuresOf([])).toEqual(pick(expectedFigures([...FILE_ONE, ...FILE_TWO])));

    const deleted = await deleteSpendFile(t, admin.token, { fileId: first });
    expect(deleted.statusCode).toBe(200);
    expect(await rollupGroups(first)).toBe(0);
    expect(await rollupGroups(second)).toBeGreaterThan(0);
    expect(await figuresOf([])).toEqual(pick(expectedFigures(FILE_TWO)));
    expect(await figuresOf([first])).toEqual(pick(expectedFigures([])));
    expect(await figuresOf([first, second])).toEqual(pick(expectedFigures(FILE_TWO)));
  });
});
