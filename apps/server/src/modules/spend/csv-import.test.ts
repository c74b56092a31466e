/**
 * CSV spend files through the same upload, job, check-then-write, duplicate refusal and error
 * report as workbooks: every delimiter and encoding detected and told, RFC 4180 quoting, the
 * figures equal to a plain sum over the file's rows, a bad row or line named by its line number
 * and nothing saved. Runs on both databases (api and api-pg projects).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { importSpend, uploadSpend } from '../../../test/imports.ts';
import { spendCsvLines, type SpendCsvOptions } from '../../db/seed/spend-csv.ts';
import {
  generateSpendRows,
  generateSuppliers,
  type GeneratedRow,
} from '../../db/seed/spend-generator.ts';
import { spendFiles, spendRows } from '../../db/schema/index.ts';
import { checkSheet } from '../../platform/xlsx/sheet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

function fixture(count: number, seed: number) {
  const rows = [
    ...generateSpendRows(
      generateSuppliers(30, seed),
      { from: '2025-01-01', days: 365, yearIndex: 0 },
      count,
      seed,
    ),
  ];
  // Values that need RFC 4180 quoting in any delimiter, and a credit note.
  rows[0]!.vendorName = 'Smith; Jones, "Partners" | Co';
  rows[1]!.spend = -12.5;
  return rows;
}

/** The file's text; its encoding is the test's business. */
const csvText = (rows: GeneratedRow[], options: SpendCsvOptions) =>
  [...spendCsvLines(rows, options)].join('');

/** What the file holds, by plain code: rows and the sum of their cents. */
const expected = (rows: GeneratedRow[]) => ({
  rows: rows.length,
  cents: rows.reduce((total, r) => total + Math.round(Number(r.spend) * 100), 0),
});

async function stored(fileId: number) {
  const [row] = await t.database.db
    .select({ n: count(), total: sum(spendRows.spend) })
    .from(spendRows)
    .where(eq(spendRows.fileId, fileId));
  const [file] = await t.database.db.select().from(spendFiles).where(eq(spendFiles.id, fileId));
  return {
    rows: Number(row?.n ?? 0),
    cents: Math.round(Number(row?.total ?? 0) * 100),
    fileRows: Number(file?.rowCount),
    fileCents: Math.round(Number(file?.totalSpend) * 100),
  };
}

const VARIANTS: {
  name: string;
  options: SpendCsvOptions;
  encode: (text: string) => Buffer;
  source: { delimiter: string; encoding: string };
}[] = [
  {
    name: 'comma, UTF-8',
    options: { delimiter: ',' },
    encode: (text) => Buffer.from(text, 'utf8'),
    source: { delimiter: ',', encoding: 'utf-8' },
  },
  {
    name: 'semicolon, UTF-8 with a byte-order mark, CRLF, "$1,234.50" and 03/31/2026',
    options: { delimiter: ';', lineEnd: '\r\n', amounts: 'dollars', dates: 'us' },
    encode: (text) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    source: { delimiter: ';', encoding: 'utf-8' },
  },
  {
    name: 'tab, UTF-16 with a byte-order mark, CRLF',
    options: { delimiter: '\t', lineEnd: '\r\n', amounts: 'dollars' },
    encode: (text) => Buffer.from(`\ufeff${text}`, 'utf16le'),
    source: { delimiter: '\t', encoding: 'utf-16le' },
  },
  {
    name: 'pipe, Windows-1252',
    options: { delimiter: '|', dates: 'us' },
    // Windows-1252 and Latin-1 agree on é and ë.
    encode: (text) => Buffer.from(text, 'latin1'),
    source: { delimiter: '|', encoding: 'windows-1252' },
  },
];

describe('a CSV spend file', () => {
  for (const variant of VARIANTS) {
    it(`is imported whole: ${variant.name}`, async () => {
      const { token } = await signedInUser(t.app, t.database.db);
      const rows = fixture(1500, 3);
      if (variant.source.encoding === 'windows-1252') rows[2]!.vendorName = 'Café Zoë Services';
      const bytes = variant.encode(csvText(rows, variant.options));
      const { statusCode, states, job } = await importSpend(t, token, bytes, 'AP export.csv');
      expect(statusCode).toBe(202);
      expect(job, JSON.stringify(job)).toMatchObject({
        status: 'done',
        rowCount: rows.length,
        source: { format: 'csv', ...variant.source },
      });
      // The dialog hears how the file is written while it is still being checked.
      expect(states.find((s) => s.phase === 'checking' && s.source !== null)).toBeDefined();
      expect(await stored(job!.fileId!)).toEqual({
        rows: expected(rows).rows,
        cents: expected(rows).cents,
        fileRows: expected(rows).rows,
        fileCents: expected(rows).cents,
      });
      const names = await t.database.db
        .select({ name: spendRows.vendorName, line: spendRows.lineNumber })
        .from(spendRows)
        .where(eq(spendRows.fileId, job!.fileId!));
      const byLine = new Map(names.map((n) => [n.line, n.name]));
      // Line 1 is the header: row i is on line i + 2 (no value spans lines here).
      expect(byLine.get(2)).toBe(rows[0]!.vendorName);
      expect(byLine.get(4)).toBe(rows[2]!.vendorName);

      // The same bytes again are refused, as a workbook's are.
      const again = await uploadSpend(t, token, bytes, 'AP export (2).csv');
      expect(again.statusCode).toBe(409);
    });
  }

  it('with a bad row is refused, naming its line and column, with nothing saved', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const rows = fixture(200, 5);
    // A value spanning two lines before the bad row: the row is named by the line it starts on.
    rows[10]!.addressLine2 = 'Building 4\nSuite 200';
    rows[49]!.spend = 'twelve' as unknown as number;
    const text = csvText(rows, { delimiter: ',' });
    const { job } = await importSpend(t, token, Buffer.from(text), 'bad.csv');
    expect(job).toMatchObject({ status: 'failed', errorCount: 1 });
    expect(job!.errors).toEqual([
      expect.objectContaining({ row: 49 + 2 + 1, column: 'Spend', value: 'twelve' }),
    ]);
    const [n] = await t.database.db
      .select({ n: count() })
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id));
    expect(n?.n).toBe(0);
    // The error report is the same workbook as for an .xlsx upload.
    const report = await t.app.inject({
      url: `/api/file/imports/${job!.id}/errors`,
      headers: t.auth(token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
  });

  it('with a line that is not CSV, or a value out of its column, is refused at that line', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const rows = fixture(40, 6);
    const lines = [...spendCsvLines(rows, { delimiter: ',' })];
    const stray = [...lines];
    stray[20] = stray[20]!.replace(/^([^,]*),/, '$1 12" pipe,');
    const one = await importSpend(t, token, Buffer.from(stray.join('')), 'stray.csv');
    expect(one.job).toMatchObject({
      status: 'failed',
      message: 'The file was not imported: line 21 is not valid CSV. Nothing was saved.',
    });
    expect(one.job!.errors[0]).toMatchObject({ row: 21 });

    // An amount written with a thousands separator and no quotes splits into two values.
    const split = [...lines];
    split[30] = `${split[30]!.trimEnd()},extra\n`;
    const two = await importSpend(t, token, Buffer.from(split.join('')), 'split.csv');
    expect(two.job).toMatchObject({ status: 'failed' });
    expect(two.job!.errors[0]).toMatchObject({ row: 31 });
    expect(two.job!.errors[0]!.message).toContain(`where the header has ${SPEND_COLUMNS.length}`);
  });

  it('is checked on several threads exactly as in one pass', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'csv-threads-'));
    const rows = fixture(6000, 8);
    rows[100]!.addressLine2 = 'multi\r\nline "quoted"';
    const file = path.join(dir, 'many.csv');
    writeFileSync(file, csvText(rows, { delimiter: ';', amounts: 'dollars' }));
    const check = async (threads: number, name: string) => {
      const copyFile = path.join(dir, name);
      const result = await checkSheet(file, {
        columns: SPEND_COLUMNS,
        rowModule: new URL('./rows.ts', import.meta.url),
        copyPrefix: '1\t1\t',
        copyFile,
        limits: { ...t.config.xlsx, maxRows: t.config.limits.spendRows },
        keys: true,
        format: 'csv',
        threads,
        pieceBytes: 16 * 1024,
      });
      return { result, copy: readFileSync(copyFile, 'utf8') };
    };
    const one = await check(1, 'one.copy');
    const many = await check(2, 'many.copy');
    expect(one.result.threads).toBe(0);
    expect(many.result.threads).toBe(2);
    expect(many.result.rowCount).toBe(rows.length);
    expect(many.copy).toBe(one.copy);
    expect([...many.result.keys!]).toEqual([...one.result.keys!]);
    expect(one.copy.split('\n').length - 1).toBe(rows.length);
  });
});
