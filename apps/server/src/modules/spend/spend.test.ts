import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES, US_STATES } from '@spotzcity/shared/enums';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, signIn, signedInUser } from '../../../test/factories.ts';
import {
  deleteSpendFile,
  importSpend,
  storedSpendRows,
  uploadSpend,
} from '../../../test/imports.ts';
import { multipart } from '../../../test/multipart.ts';
import {
  SPEND_HEADERS,
  XLSX_TYPE,
  asCells,
  sharedStringWorkbook,
  sheetXml,
  spendFixture,
  workbookParts,
  xlsxBuffer,
  zipBuffer,
} from '../../../test/xlsx.ts';
import { spendFiles, spendRows } from '../../db/schema/index.ts';
import { checkSpendFile, reserveFileId, saveSpendFile } from './import.ts';
import { ZIP_MESSAGES } from '../../platform/xlsx/zip-guard.ts';
import type { GeneratedRow } from '../../db/seed/spend-generator.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The upload's own answer (202 with the job, or a refusal before any job). */
const upload = (token: string, data: Buffer, filename = 'spend.xlsx', app = t) =>
  uploadSpend(app, token, data, filename);

/** Uploads and follows the import to its end; `job` is its last state. */
const importFile = (token: string, data: Buffer, filename = 'spend.xlsx', app = t) =>
  importSpend(app, token, data, filename);

/** A done import's file as the files list shows it. */
async function listedFile(token: string, fileId: number) {
  const list = await post(token, '/api/file/list', { pageSize: 100 });
  return list.json().data.find((f: { fileId: number }) => f.fileId === fileId);
}

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

const cents = (value: number) => Math.round(value * 100);
const isoDay = (value: GeneratedRow['paymentDate']) => (value as Date).toISOString().slice(0, 10);
const keyOf = (row: GeneratedRow) => (row.duns as string | null) ?? (row.vendorName as string);

/** What the imports leave under DATA_DIR/imports (the checked rows wait there). */
const workFiles = () => {
  const dir = path.join(t.dataDir, 'imports');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('GET /api/file/template', () => {
  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ url: '/api/file/template' });
    expect(res.statusCode).toBe(401);
  });

  it('serves the template: the columns, an example on its own sheet and the allowed values', async () => {
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const res = await t.app.inject({ url: '/api/file/template', headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Spend', 'Example', 'Allowed Values']);
    const [spend, example, allowed] = workbook.worksheets;
    expect((spend!.getRow(1).values as unknown[]).slice(1)).toEqual(SPEND_HEADERS);
    expect(spend!.actualRowCount).toBe(1);
    expect((example!.getRow(1).values as unknown[]).slice(1)).toEqual(SPEND_HEADERS);
    expect(example!.getRow(2).getCell(2).value).toBe('Harbor Point Logistics LLC');
    const text = JSON.stringify(
      allowed!.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1) : r)),
    );
    for (const value of [...DIVERSITY_TYPES, ...ETHNICITY_CATEGORIES])
      expect(text).toContain(value);
    for (const [code, name] of US_STATES) {
      expect(text).toContain(`"${code}"`);
      expect(text).toContain(name);
    }
  });

  it('never imports the template unchanged: its first sheet has no rows', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const template = await t.app.inject({ url: '/api/file/template', headers: t.auth(token) });
    const { job } = await importFile(token, template.rawPayload);
    expect(job?.status).toBe('failed');
    expect(job?.message).toBe('The file has a header row but no data rows.');
    expect(await storedSpendRows(t, org.id)).toBe(0);
  });

  it('refuses the template’s example row pasted among real rows, naming its row', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const template = await t.app.inject({ url: '/api/file/template', headers: t.auth(token) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const exampleRow = (workbook.getWorksheet('Example')!.getRow(2).values as unknown[]).slice(1);
    const { rows } = await spendFixture(3);
    const buffer = await xlsxBuffer([
      SPEND_HEADERS,
      asCells(rows[0]!),
      exampleRow,
      asCells(rows[1]!),
    ]);
    const { job } = await importFile(token, buffer);
    expect(job?.status).toBe('failed');
    expect(job?.errors).toEqual([
      {
        row: 3,
        column: 'Vendor Name',
        message:
          "This is the template's example row (Harbor Point Logistics LLC), not a payment: " +
          'delete it and upload the file again.',
        value: 'Harbor Point Logistics LLC',
      },
    ]);
    expect(await storedSpendRows(t, org.id)).toBe(0);
  });
});

describe('POST /api/file/upload', () => {
  it('answers 401 without a token and 403 without the upload permission', async () => {
    const { buffer } = await spendFixture(3);
    expect((await upload('nope', buffer)).statusCode).toBe(401);
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await upload(token, buffer)).statusCode).toBe(403);
  });

  it('stores every row of the file: count, spend to the cent and payment dates', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const { rows, buffer } = await spendFixture(600);
    const { statusCode, body: answer, job } = await importFile(token, buffer, 'Acme AP 2024.xlsx');
    expect(statusCode).toBe(202);
    expect(answer.message).toBe('File received. Importing it now.');
    expect(job).toMatchObject({ status: 'done', message: 'File Uploaded Successfully' });
    const body = { data: await listedFile(token, job!.fileId!) };

    const expectedCents = rows.reduce((sum, r) => sum + cents(r.spend as number), 0);
    const dates = rows.map((r) => isoDay(r.paymentDate)).sort();
    expect(body.data).toMatchObject({
      fileName: 'Acme AP 2024.xlsx',
      rowCount: 600,
      totalSpends: expectedCents / 100,
      firstPaymentDate: dates[0],
      lastPaymentDate: dates.at(-1),
    });

    const [stored] = await t.database.db
      .select({ n: count(), total: sql<string>`sum(${spendRows.spend})::text` })
      .from(spendRows)
      .where(and(eq(spendRows.clientRef, org.id), eq(spendRows.fileId, body.data.fileId)));
    expect(stored!.n).toBe(600);
    expect(stored!.total).toBe((expectedCents / 100).toFixed(2));
    expect(workFiles()).toEqual([]);

    const saved = await t.database.db
      .select()
      .from(spendRows)
      .where(eq(spendRows.fileId, body.data.fileId))
      .orderBy(spendRows.lineNumber);
    expect(saved.map((r) => r.paymentDate)).toEqual(rows.map((r) => isoDay(r.paymentDate)));
    expect(saved.map((r) => r.lineNumber)).toEqual(rows.map((_, i) => i + 2));
    const first = rows[0]!;
    expect(saved[0]).toMatchObject({
      vendorId: first.vendorId,
      vendorName: first.vendorName,
      duns: first.duns,
      spend: (cents(first.spend as number) / 100).toFixed(2),
      city: first.city,
      state: first.state,
      zip: first.zip,
      country: 'USA',
      category: first.category,
      diversity: String(first.diversityCategory).split(', '),
      isDiverse: first.diversityCategory !== 'NON_DIVERSE',
    });
  });

  it('refuses the same file a second time, naming the first upload; totals stay as they were', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows, buffer } = await spendFixture(40, { seed: 21 });
    const first = await importFile(token, buffer, 'AP March.xlsx');
    expect(first.job?.status).toBe('done');
    const createdOn = new Date((await listedFile(token, first.job!.fileId!)).createdOn);
    const day = [createdOn.getUTCDate(), createdOn.getUTCMonth() + 1]
      .map((n) => String(n).padStart(2, '0'))
      .join('/');

    const again = await upload(token, buffer, 'AP March (copy).xlsx');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This file was already uploaded as AP March.xlsx on ${day}/${createdOn.getUTCFullYear()}.`,
    );
    const totals = (await post(token, '/api/supplier/spends')).json().data;
    const expectedCents = rows.reduce((sum, r) => sum + cents(r.spend as number), 0);
    expect(totals).toMatchObject({ fileCount: 1, rowCount: 40, totalSpends: expectedCents / 100 });
    expect(await storedSpendRows(t, org.id)).toBe(40);
    expect(workFiles()).toEqual([]);

    // Another organisation's copy of the same bytes is its own first upload.
    const other = await signedInUser(t.app, t.database.db);
    expect((await importFile(other.token, buffer, 'AP March.xlsx')).job?.status).toBe('done');
  });

  it('reads dates of 1904 workbooks, text dates, amounts written as text and lost zeros', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const header = ['Vendor Name', 'Spend', 'Payment Date', 'Zip', 'DUNS', 'State', 'Diversity'];
    const buffer = await xlsxBuffer(
      [
        header,
        ['Date Serial Co', 100.5, new Date(Date.UTC(2023, 6, 4)), 2134, 12345678, 'texas', ''],
        ['Text Date LLC', '$1,234.565', '12/31/2024', '02134', '001-234-567', 'TX', 'mbe; wbe'],
        ['Iso Date Inc', '(20.10)', '2024-02-29', null, null, null, 'Non Diverse'],
      ],
      { date1904: true },
    );
    const { job } = await importFile(token, buffer);
    expect(job?.status, job?.message ?? '').toBe('done');
    const saved = await t.database.db
      .select()
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id))
      .orderBy(spendRows.lineNumber);
    expect(saved.map((r) => [r.paymentDate, r.spend, r.zip, r.duns, r.state, r.diversity])).toEqual(
      [
        ['2023-07-04', '100.50', '02134', '012345678', 'TX', ['NON_DIVERSE']],
        ['2024-12-31', '1234.57', '02134', '001234567', 'TX', ['MBE', 'WBE']],
        ['2024-02-29', '-20.10', null, null, null, ['NON_DIVERSE']],
      ],
    );
  });

  it('stores texts with tabs, backslashes, line breaks, quotes and braces as written', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const texts = {
      vendorName: 'Tab\there, back\\slash\nnext line',
      city: '\\N',
      paymentContractNumber: 'a"b{c},d\\t',
      category: 'R&D; "special"',
    };
    const buffer = await xlsxBuffer([
      ['Vendor Name', 'Spend', 'Payment Date', 'City', 'Payment Contract Number', 'Category'],
      [texts.vendorName, 5, '2024-03-04', texts.city, texts.paymentContractNumber, texts.category],
      ['Second', 6, '2024-03-05', null, null, null],
    ]);
    const { job } = await importFile(token, buffer);
    expect(job?.status, job?.message ?? '').toBe('done');
    const rows = await t.database.db
      .select()
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id))
      .orderBy(spendRows.lineNumber);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ ...texts, lineNumber: 2, diversity: ['NON_DIVERSE'] });
    expect(rows[1]).toMatchObject({
      vendorName: 'Second',
      city: null,
      paymentContractNumber: null,
      category: 'Uncategorized',
      lineNumber: 3,
    });
  });

  it('stores every row of a file read in several batches, multi-byte texts included', async () => {
    // 12,345 rows are three batches of the reader (5,000 each): the COPY buffers the worker
    // fills go back to it and are filled again, and PGlite's blob buffer is refilled.
    const { token, org } = await signedInUser(t.app, t.database.db);
    const names = ['Café Ñandú Supply', 'Plain Supply', 'Zürich Ørsted 東京 Trading'];
    const rows = Array.from({ length: 12_345 }, (_, i) => [
      `${names[i % names.length]} ${i % 97}`,
      ((i * 7919) % 100_000) / 100,
      `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
    ]);
    const { job } = await importFile(
      token,
      await xlsxBuffer([['Vendor Name', 'Spend', 'Payment Date'], ...rows]),
    );
    expect(job?.status, job?.message ?? '').toBe('done');

    const [stored] = await t.database.db
      .select({
        n: count(),
        cents: sql<string>`sum(${spendRows.spend} * 100)::bigint::text`,
        first: sql<number>`min(${spendRows.lineNumber})`,
        last: sql<number>`max(${spendRows.lineNumber})`,
      })
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id));
    expect(stored).toEqual({
      n: 12_345,
      cents: String(rows.reduce((sum, row) => sum + cents(row[1] as number), 0)),
      first: 2,
      last: 12_346,
    });
    // Rows on both sides of each batch boundary, and the last.
    for (const index of [4_999, 5_000, 9_999, 10_000, 12_344]) {
      const [row] = await t.database.db
        .select({ vendorName: spendRows.vendorName, spend: spendRows.spend })
        .from(spendRows)
        .where(and(eq(spendRows.clientRef, org.id), eq(spendRows.lineNumber, index + 2)));
      expect(row).toEqual({
        vendorName: rows[index]![0],
        spend: (rows[index]![1] as number).toFixed(2),
      });
    }
  });

  it('matches headers ignoring case, spaces and punctuation, and ignores other columns', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const buffer = await xlsxBuffer([
      ['Notes', 'VENDOR_NAME', ' spend ($) ', 'payment-date', 'State/Province', 'ZIP CODE'],
      ['ignore me', 'Mixed Case Supply', 10, '01/02/2024', 'Ohio', '43004'],
    ]);
    const { job } = await importFile(token, buffer);
    expect(job?.status, job?.message ?? '').toBe('done');
    const [row] = await t.database.db
      .select()
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id));
    expect(row).toMatchObject({
      vendorName: 'Mixed Case Supply',
      spend: '10.00',
      paymentDate: '2024-01-02',
      state: 'OH',
      zip: '43004',
      category: 'Uncategorized',
    });
  });

  it('refuses a file with one bad row in the middle, naming the row and column, saving nothing', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows } = await spendFixture(9000);
    const cells = rows.map(asCells);
    const bad = 6543;
    cells[bad]![SPEND_COLUMNS.findIndex((c) => c.key === 'spend')] = 'twelve dollars';
    const { job } = await importFile(token, await xlsxBuffer([SPEND_HEADERS, ...cells]));
    expect(job).toMatchObject({
      status: 'failed',
      message: 'The file was not imported: 1 problem in 1 row. Nothing was saved.',
      errorCount: 1,
      errors: [
        { row: bad + 2, column: 'Spend', message: 'Must be a number', value: 'twelve dollars' },
      ],
    });
    expect(await storedSpendRows(t, org.id)).toBe(0);
    const files = await t.database.db
      .select()
      .from(spendFiles)
      .where(eq(spendFiles.clientRef, org.id));
    expect(files).toEqual([]);
    expect(workFiles()).toEqual([]);
    // 9,000 rows, with the next imports queued behind: past 30 s on a loaded machine.
  }, 60_000);

  it('lists each problem with the header as written in the file, the first 100 on screen', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const header = ['Supplier Name', 'Amount', 'Payment Date', 'DUNS', 'Ethnicity', 'Diversity'];
    const buffer = await xlsxBuffer([
      header,
      ['', 'x', '13/45/2024', '12', 'Martian', 'MBE, XYZ'],
      ...Array.from({ length: 150 }, (_, i) => [`Supplier ${i}`, 5, 'not a date']),
    ]);
    const { job } = await importFile(token, buffer);
    expect(job?.status).toBe('failed');
    const body = job!;
    expect(body.errors).toHaveLength(100);
    // Every problem is kept for the error report: 6 in row 2, one in each of the 150 others.
    expect(body.errorCount).toBe(156);
    expect(body.errors.slice(0, 7)).toEqual([
      { row: 2, column: 'Supplier Name', message: 'Required' },
      { row: 2, column: 'DUNS', message: 'DUNS must be 9 digits', value: '12' },
      { row: 2, column: 'Amount', message: 'Must be a number', value: 'x' },
      { row: 2, column: 'Payment Date', message: 'Enter Valid Date.', value: '13/45/2024' },
      {
        row: 2,
        column: 'Ethnicity',
        message: `Must be one of: ${ETHNICITY_CATEGORIES.join(', ')}`,
        value: 'Martian',
      },
      {
        row: 2,
        column: 'Diversity',
        message: `Unknown diversity type "XYZ"; allowed: ${DIVERSITY_TYPES.join(', ')}`,
        value: 'MBE, XYZ',
      },
      { row: 3, column: 'Payment Date', message: 'Enter Valid Date.', value: 'not a date' },
    ]);
    expect(body.message).toBe(
      'The file was not imported: 156 problems in 151 rows. Nothing was saved.',
    );
    expect(await storedSpendRows(t, org.id)).toBe(0);
  });

  it('names a missing required column', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const buffer = await xlsxBuffer([
      ['Vendor Name', 'Payment Date'],
      ['No Spend Inc', '01/01/2024'],
    ]);
    const { job } = await importFile(token, buffer);
    expect(job).toMatchObject({
      status: 'failed',
      message:
        'The file is missing the required column Spend. Download the template to see the expected columns.',
      errors: [{ row: 1, column: 'Spend', message: 'Missing required column' }],
    });
  });

  it('refuses another file type, an empty file, a renamed text file and a missing file', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const pdf = await upload(token, Buffer.from('%PDF-1.4\n'), 'spend.pdf');
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toBe('Only .xlsx, .csv, .txt files are accepted.');

    const empty = await upload(token, Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');

    const renamed = await importFile(token, Buffer.from('Vendor Name,Spend\nA,1\n'));
    expect(renamed.job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.notXlsx });

    const form = multipart({ category: 'spend' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...t.auth(token), ...form.headers },
      payload: form.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a file to upload.');

    const json = await post(token, '/api/file/upload', { file: 'x' });
    expect(json.statusCode).toBe(422);
  });

  it('refuses a zip without a workbook, an XML entity declaration and a header-only sheet', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const plainZip = zipBuffer([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect((await importFile(token, plainZip)).job?.message).toBe(ZIP_MESSAGES.notXlsx);

    const entities = zipBuffer(
      workbookParts(
        sheetXml(
          [
            ['Vendor Name', 'Spend', 'Payment Date'],
            ['&lol;', '1', '01/01/2024'],
          ],
          '<!DOCTYPE lolz [<!ENTITY lol "lol">]>',
        ),
      ),
    );
    const { job } = await importFile(token, entities);
    expect(job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.entities });

    const headerOnly = zipBuffer(
      workbookParts(sheetXml([['Vendor Name', 'Spend', 'Payment Date']])),
    );
    const only = await importFile(token, headerOnly);
    expect(only.job).toMatchObject({
      status: 'failed',
      message: 'The file has a header row but no data rows.',
    });
  });

  it('reads a hand-made workbook of inline strings (no shared strings, no styles)', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const buffer = zipBuffer(
      workbookParts(
        sheetXml([
          ['Vendor Name', 'Spend', 'Payment Date'],
          ['Inline & Co', '99.99', '2024-05-01'],
        ]),
      ),
    );
    const { job } = await importFile(token, buffer);
    expect(job?.status, job?.message ?? '').toBe('done');
    expect(await storedSpendRows(t, org.id)).toBe(1);
  });
});

describe('upload limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({
      UPLOAD_MAX_SPEND_MB: '0.05',
      UPLOAD_MAX_SPEND_ROWS: '20',
      XLSX_MAX_ENTRY_MB: '0.5',
      XLSX_MAX_UNCOMPRESSED_MB: '0.8',
      XLSX_MAX_ENTRIES: '16',
      XLSX_MAX_SHARED_STRING_CHARS: '100000',
      XLSX_MAX_SHARED_STRINGS: '5000',
    });
  });
  afterAll(() => small.close());

  it('fails an import whose shared strings pass their limits, naming the limit', async () => {
    const { token } = await signedInUser(small.app, small.database.db);
    const withTable = (items: string) =>
      zipBuffer(
        sharedStringWorkbook('x').map((part) =>
          part.name === 'xl/sharedStrings.xml'
            ? { ...part, data: Buffer.from(`<sst>${items}</sst>`) }
            : part,
        ),
      );
    // 4,000 texts of ~40 characters: few enough, but 160,000 characters.
    const long = withTable(
      Array.from(
        { length: 4000 },
        (_, i) => `<si><t>Supplier ${i} of Springfield, Illinois</t></si>`,
      ).join(''),
    );
    expect(long.length).toBeLessThan(50 * 1024);
    const chars = await importFile(token, long, 'long-table.xlsx', small);
    expect(chars.job).toMatchObject({
      status: 'failed',
      message:
        "The workbook's shared strings hold more than 100,000 characters of text, more than " +
        'can be read at once. Split it into smaller files.',
    });
    const many = await importFile(token, withTable('<si/>'.repeat(6000)), 'many.xlsx', small);
    expect(many.job).toMatchObject({
      status: 'failed',
      message: ZIP_MESSAGES.tooManySharedStrings(5000),
    });
  });

  it('answers 413 for a file over the size limit', async () => {
    const { token } = await signedInUser(small.app, small.database.db);
    const res = await upload(token, Buffer.alloc(60 * 1024, 1), 'big.xlsx', small);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than the 51 KB limit.');
  });

  it('fails an import of more rows than allowed', async () => {
    const { token } = await signedInUser(small.app, small.database.db);
    const { buffer } = await spendFixture(21);
    const { job } = await importFile(token, buffer, 'rows.xlsx', small);
    expect(job).toMatchObject({
      status: 'failed',
      message: 'The file has more than 20 rows. Split it into smaller files.',
    });
  });

  it('fails an import of a zip bomb before inflating it', async () => {
    const { token } = await signedInUser(small.app, small.database.db);
    const huge = `<x>${'0'.repeat(2 * 1024 * 1024)}</x>`;
    const bomb = zipBuffer([
      ...workbookParts(sheetXml([['a']])),
      { name: 'xl/bomb.xml', data: Buffer.from(huge) },
    ]);
    expect(bomb.length).toBeLessThan(50 * 1024);
    const { job } = await importFile(token, bomb, 'bomb.xlsx', small);
    expect(job).toMatchObject({
      status: 'failed',
      message: ZIP_MESSAGES.entryTooLarge(0.5 * 1024 * 1024),
    });
  });

  it('fails imports of a part larger than its header says, and of too many parts', async () => {
    const { token, org } = await signedInUser(small.app, small.database.db);
    const lying = zipBuffer([
      ...workbookParts(sheetXml([['a']])),
      {
        name: 'xl/lie.xml',
        data: Buffer.from(`<x>${'0'.repeat(400_000)}</x>`),
        declaredSize: 1000,
      },
    ]);
    const lied = await importFile(token, lying, 'lying.xlsx', small);
    expect(lied.job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.sizeMismatch });

    // The worksheet is inflated once, by the sheet reader, under the same check.
    const rows = [
      ['Vendor Name', 'Spend', 'Payment Date'],
      ...Array.from({ length: 3000 }, () => ['A', '1', '2024-01-01']),
    ];
    const lyingSheet = zipBuffer(
      workbookParts(sheetXml(rows)).map((part) =>
        part.name === 'xl/worksheets/sheet1.xml' ? { ...part, declaredSize: 2000 } : part,
      ),
    );
    const sheetRes = await importFile(token, lyingSheet, 'lying-sheet.xlsx', small);
    expect(sheetRes.job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.sizeMismatch });
    const [stored] = await small.database.db
      .select({ n: count() })
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id));
    expect(stored?.n).toBe(0);

    const many = zipBuffer([
      ...workbookParts(sheetXml([['a']])),
      ...Array.from({ length: 15 }, (_, i) => ({
        name: `xl/extra${i}.xml`,
        data: Buffer.from('<x/>'),
      })),
    ]);
    const tooMany = await importFile(token, many, 'many.xlsx', small);
    expect(tooMany.job).toMatchObject({
      status: 'failed',
      message: ZIP_MESSAGES.tooManyEntries(16),
    });
  });
});

describe('spend upload: workbook checks of the security review', () => {
  it('refuses a part whose bytes do not match its CRC-32, and saves nothing', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const rows = [
      ['Vendor Name', 'Spend', 'Payment Date'],
      ['Acme', '10', '01/02/2024'],
    ];
    // The worksheet (inflated by the sheet reader) and another part (inflated by the zip check).
    for (const damaged of ['xl/worksheets/sheet1.xml', 'xl/workbook.xml']) {
      const file = zipBuffer(
        workbookParts(sheetXml(rows)).map((part) =>
          part.name === damaged ? { ...part, crc: 0x1234_5678 } : part,
        ),
      );
      const { job } = await importFile(token, file, 'damaged.xlsx');
      expect(job?.status, damaged).toBe('failed');
      expect(job?.message).toBe(ZIP_MESSAGES.damaged);
    }
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(spendRows)
      .where(eq(spendRows.clientRef, org.id));
    expect(stored?.n).toBe(0);
  });

  it('fails the import of a part that inflates far beyond any real workbook, before inflating it', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    // One letter repeated deflates ~1,000 times, as the probe's 300 MB string in 308 KB did.
    const text = 'a'.repeat(20 * 1024 * 1024);
    const file = zipBuffer(sharedStringWorkbook(text));
    expect(file.length).toBeLessThan(40 * 1024);
    const { job } = await importFile(token, file, 'ratio.xlsx');
    expect(job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.ratio(100) });
  });

  it('fails the import of a shared string longer than Excel allows, under the ratio limit', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    // Letters that do not repeat deflate poorly (under 2×): only the text limit can stop them.
    let seed = 7;
    const letters = Array.from({ length: 2 * 1024 * 1024 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return String.fromCharCode(97 + (seed % 26));
    }).join('');
    const long = await importFile(token, zipBuffer(sharedStringWorkbook(letters)), 'long.xlsx');
    expect(long.job).toMatchObject({ status: 'failed', message: ZIP_MESSAGES.textTooLong });

    const justUnder = zipBuffer(sharedStringWorkbook('b'.repeat(32_767)));
    const ok = await importFile(token, justUnder, 'limit.xlsx');
    // One cell and no header row: refused for its content, not for its length.
    expect(ok.job?.status).toBe('failed');
    expect(ok.job?.message).not.toBe(ZIP_MESSAGES.textTooLong);
  });
});

describe('files: list and delete', () => {
  it('lists the organisation’s files newest first, paged', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db);
    for (const [i, name] of ['first.xlsx', 'second.xlsx', 'third.xlsx'].entries()) {
      const { buffer } = await spendFixture(5, { rowSeed: 100 + i });
      expect((await importFile(token, buffer, name)).job?.status).toBe('done');
    }
    const page0 = await post(token, '/api/file/list', { pageNumber: 0, pageSize: 2 });
    expect(page0.statusCode).toBe(200);
    expect(page0.json()).toMatchObject({
      message: 'Fetched List Successfully',
      totalCount: 3,
      pageNumber: 0,
      pageSize: 2,
      length: 2,
    });
    expect(page0.json().data.map((f: { fileName: string }) => f.fileName)).toEqual([
      'third.xlsx',
      'second.xlsx',
    ]);
    expect(page0.json().data[0]).toMatchObject({ rowCount: 5, uploadedBy: user.name });
    expect(Date.parse(page0.json().data[0].createdOn)).not.toBeNaN();
    const page1 = await post(token, '/api/file/list', { pageNumber: 1, pageSize: 2 });
    expect(page1.json().data.map((f: { fileName: string }) => f.fileName)).toEqual(['first.xlsx']);

    const other = await signedInUser(t.app, t.database.db);
    const theirs = await post(other.token, '/api/file/list', {});
    expect(theirs.json()).toMatchObject({ totalCount: 0, data: [] });
  });

  it('deletes a file and its rows; another organisation’s file is a 404 and stays', async () => {
    const owner = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const one = await spendFixture(25, { rowSeed: 201 });
    const two = await spendFixture(25, { rowSeed: 202 });
    const fileId = (await importFile(owner.token, one.buffer)).job!.fileId!;
    const keep = (await importFile(owner.token, two.buffer)).job!.fileId!;

    const stranger = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const foreign = await deleteSpendFile(t, stranger.token, { fileId });
    expect(foreign.statusCode).toBe(404);
    expect(await storedSpendRows(t, owner.org.id)).toBe(50);

    const buyerUser = await createUser(t.database.db, {
      clientRef: owner.org.id,
      role: 'ROLE_BUYER_USER',
    });
    const userToken = await signIn(t.app, buyerUser.email);
    const forbidden = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/delete?fileId=${fileId}`,
      headers: t.auth(userToken),
    });
    expect(forbidden.statusCode).toBe(403);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/delete?fileId=${fileId}`,
      headers: t.auth(owner.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'File Deleted Successfully', data: { fileId } });
    expect(await storedSpendRows(t, owner.org.id)).toBe(25);
    const list = await post(owner.token, '/api/file/list');
    expect(list.json().data.map((f: { fileId: number }) => f.fileId)).toEqual([keep]);

    const again = await deleteSpendFile(t, owner.token, { id: fileId });
    expect(again.statusCode).toBe(404);
    const missing = await deleteSpendFile(t, owner.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'fileId', message: 'Required' }]);
  });
});

describe('suppliers and spend rows of the selected files', () => {
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let fileA: number;
  let fileB: number;
  let rowsA: GeneratedRow[];
  let rowsB: GeneratedRow[];

  beforeAll(async () => {
    owner = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const a = await spendFixture(400, { seed: 3, rowSeed: 30, from: '2023-01-01' });
    const b = await spendFixture(300, { seed: 3, rowSeed: 31, from: '2024-01-01' });
    rowsA = a.rows;
    rowsB = b.rows;
    fileA = (await importFile(owner.token, a.buffer, 'a.xlsx')).job!.fileId!;
    fileB = (await importFile(owner.token, b.buffer, 'b.xlsx')).job!.fileId!;
  });

  /** Per supplier, by plain code over the fixture: total cents, latest row, top category. */
  function expectedSuppliers(rows: GeneratedRow[]) {
    const bySupplier = new Map<
      string,
      { cents: number; latest: GeneratedRow; byCategory: Map<string, number> }
    >();
    rows.forEach((row) => {
      const key = keyOf(row);
      const entry = bySupplier.get(key) ?? { cents: 0, latest: row, byCategory: new Map() };
      entry.cents += cents(row.spend as number);
      if (isoDay(row.paymentDate) >= isoDay(entry.latest.paymentDate)) entry.latest = row;
      const category = row.category as string;
      entry.byCategory.set(
        category,
        (entry.byCategory.get(category) ?? 0) + cents(row.spend as number),
      );
      bySupplier.set(key, entry);
    });
    return [...bySupplier.entries()]
      .map(([key, e]) => ({
        key,
        cents: e.cents,
        name: e.latest.vendorName,
        category: [...e.byCategory.entries()].sort(
          (x, y) => y[1] - x[1] || x[0].localeCompare(y[0]),
        )[0]![0],
      }))
      .sort((x, y) => y.cents - x.cents || x.key.localeCompare(y.key));
  }

  it('answers 401 without a token and 403 for a role without the Supplier Spend Report', async () => {
    const supplier = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    for (const url of [
      '/api/supplier/topSuppliers',
      '/api/supplier/spends',
      '/api/supplier/list',
      '/api/supplier/spendRows',
      '/api/file/list',
    ]) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
      expect((await post(supplier.token, url)).statusCode).toBe(403);
    }
  });

  it('totals the selection in SQL to the cent', async () => {
    const all = [...rowsA, ...rowsB];
    const res = await post(owner.token, '/api/supplier/spends', { selectedIds: [] });
    expect(res.statusCode).toBe(200);
    const totalCents = all.reduce((s, r) => s + cents(r.spend as number), 0);
    const diverseCents = all
      .filter((r) => r.diversityCategory !== 'NON_DIVERSE')
      .reduce((s, r) => s + cents(r.spend as number), 0);
    expect(res.json().data).toEqual({
      fileCount: 2,
      rowCount: 700,
      supplierCount: new Set(all.map(keyOf)).size,
      diverseSupplierCount: new Set(
        all.filter((r) => r.diversityCategory !== 'NON_DIVERSE').map(keyOf),
      ).size,
      totalSpends: totalCents / 100,
      diverseSpends: diverseCents / 100,
      nonDiverseSpends: (totalCents - diverseCents) / 100,
      diversePercentage: Math.round((diverseCents / totalCents) * 10000) / 100,
      firstPaymentDate: all.map((r) => isoDay(r.paymentDate)).sort()[0],
      lastPaymentDate: all
        .map((r) => isoDay(r.paymentDate))
        .sort()
        .at(-1),
    });
    const onlyB = await post(owner.token, '/api/supplier/spends', { selectedIds: [fileB] });
    expect(onlyB.json().data.rowCount).toBe(300);
  });

  it('lists the top suppliers by spend with their main category and latest diversity', async () => {
    const res = await post(owner.token, '/api/supplier/topSuppliers', { selectedIds: [fileA] });
    expect(res.statusCode).toBe(200);
    const expected = expectedSuppliers(rowsA).slice(0, 10);
    expect(
      res
        .json()
        .data.map((s: { name: string; totalSpends: number; category: string }) => [
          s.name,
          s.totalSpends,
          s.category,
        ]),
    ).toEqual(expected.map((e) => [e.name, e.cents / 100, e.category]));
    const five = await post(owner.token, '/api/supplier/topSuppliers', { limit: 5 });
    expect(five.json().data).toHaveLength(5);
  });

  it('pages through all suppliers, sorted by spend either way, with the user’s own rating', async () => {
    const expected = expectedSuppliers([...rowsA, ...rowsB]);
    const page0 = await post(owner.token, '/api/supplier/list', { pageNumber: 0, pageSize: 7 });
    expect(page0.json()).toMatchObject({ totalCount: expected.length, length: 7, pageSize: 7 });
    const page1 = await post(owner.token, '/api/supplier/list', { pageNumber: 1, pageSize: 7 });
    const names = [...page0.json().data, ...page1.json().data].map((s: { name: string }) => s.name);
    expect(names).toEqual(expected.slice(0, 14).map((e) => e.name));
    const first = page0.json().data[0];
    expect(first).toMatchObject({
      totalSpends: expected[0]!.cents / 100,
      country: 'USA',
      supplierRatingBo: { id: null, rating: 0, comment: null },
    });
    expect(Object.keys(first).sort()).toEqual([
      'category',
      'city',
      'country',
      'diversity',
      'duns',
      'name',
      'stateOrProvince',
      'supplierRatingBo',
      'totalSpends',
      'zip',
    ]);

    const ascending = await post(owner.token, '/api/supplier/list', {
      sortOn: 'spend',
      sortOrder: 'ASC',
      pageSize: 3,
    });
    expect(ascending.json().data.map((s: { totalSpends: number }) => s.totalSpends)).toEqual(
      [...expected]
        .reverse()
        .slice(0, 3)
        .map((e) => e.cents / 100),
    );

    const target = expected[0]!;
    const rated = await t.app.inject({
      method: 'POST',
      url: '/api/supplier/rating',
      headers: t.auth(owner.token),
      payload: {
        rating: 4.5,
        comment: 'On time',
        duns: first.duns ?? undefined,
        supplierName: first.name,
      },
    });
    expect(rated.statusCode).toBe(200);
    const after = await post(owner.token, '/api/supplier/list', { pageSize: 1 });
    expect(after.json().data[0].supplierRatingBo).toEqual({
      id: rated.json().data.id,
      rating: 4.5,
      comment: 'On time',
    });
    expect(after.json().data[0].name).toBe(target.name);
  });

  it('serves the table view in file order, or by spend toggled ASC and DESC, page by page', async () => {
    const inFileOrder = await post(owner.token, '/api/supplier/spendRows', {
      selectedIds: [fileA],
      pageSize: 3,
    });
    expect(inFileOrder.statusCode).toBe(200);
    expect(inFileOrder.json()).toMatchObject({ totalCount: 400, length: 3 });
    const row = inFileOrder.json().data[0];
    const source = rowsA[0]!;
    expect(row).toMatchObject({
      fileId: fileA,
      vandorId: source.vendorId,
      name: source.vendorName,
      duns: source.duns,
      spend: cents(source.spend as number) / 100,
      addressLine1: source.addressLine1,
      addressLine2: source.addressLine2,
      city: source.city,
      stateOrProvince: source.state,
      zip: source.zip,
      country: 'USA',
      fein: source.fein,
      ethnicityCategory: source.ethnicityCategory,
      diversityCategory: source.diversityCategory,
      paymentDate: isoDay(source.paymentDate),
      payingCostCenter: source.payingCostCenter,
      payingDivision: source.payingDivision,
      paymentContractNumber: source.paymentContractNumber,
      category: source.category,
    });
    // The next page goes on in the sheet's order; a page past the end still has the total.
    const next = await post(owner.token, '/api/supplier/spendRows', {
      selectedIds: [fileA],
      pageSize: 3,
      pageNumber: 1,
    });
    expect(next.json().data.map((r: { name: string }) => r.name)).toEqual(
      rowsA.slice(3, 6).map((r) => r.vendorName),
    );
    const past = await post(owner.token, '/api/supplier/spendRows', {
      selectedIds: [fileA],
      pageSize: 3,
      pageNumber: 500,
    });
    expect(past.json()).toMatchObject({ totalCount: 400, length: 0, data: [] });

    const spends = [...rowsA, ...rowsB].map((r) => cents(r.spend as number)).sort((x, y) => y - x);
    const desc0 = await post(owner.token, '/api/supplier/spendRows', {
      sortOn: 'spend',
      sortOrder: 'DESC',
      pageNumber: 0,
      pageSize: 5,
    });
    const desc1 = await post(owner.token, '/api/supplier/spendRows', {
      sortOn: 'spend',
      sortOrder: 'DESC',
      pageNumber: 1,
      pageSize: 5,
    });
    expect(
      [...desc0.json().data, ...desc1.json().data].map((r: { spend: number }) => r.spend),
    ).toEqual(spends.slice(0, 10).map((c) => c / 100));
    const asc = await post(owner.token, '/api/supplier/spendRows', {
      sortOn: 'spend',
      sortOrder: 'ASC',
      pageSize: 5,
    });
    expect(asc.json().data.map((r: { spend: number }) => r.spend)).toEqual(
      [...spends]
        .reverse()
        .slice(0, 5)
        .map((c) => c / 100),
    );
    const bad = await post(owner.token, '/api/supplier/spendRows', { sortOn: 'name' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows nothing of this organisation to another one, whatever file ids it sends', async () => {
    const stranger = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const selectedIds = [fileA, fileB];
    const totals = await post(stranger.token, '/api/supplier/spends', { selectedIds });
    expect(totals.json().data).toMatchObject({ rowCount: 0, totalSpends: 0, supplierCount: 0 });
    const top = await post(stranger.token, '/api/supplier/topSuppliers', { selectedIds });
    expect(top.json().data).toEqual([]);
    const list = await post(stranger.token, '/api/supplier/list', { selectedIds });
    expect(list.json()).toMatchObject({ totalCount: 0, data: [] });
    const rows = await post(stranger.token, '/api/supplier/spendRows', { selectedIds });
    expect(rows.json()).toMatchObject({ totalCount: 0, data: [] });
    const mixed = await post(owner.token, '/api/supplier/spendRows', {
      selectedIds: [fileA, 999_999],
    });
    expect(mixed.json().totalCount).toBe(400);
  });
});

describe('saving checked rows', () => {
  it('saves nothing when the checked rows carry another file: each part is checked before it is written', async () => {
    const { token, org: owner } = await signedInUser(t.app, t.database.db);
    const { job } = await importFile(token, (await spendFixture(5, { seed: 31 })).buffer);
    const ownersFile = job!.fileId!;
    const { org } = await signedInUser(t.app, t.database.db);
    const dir = await mkdtemp(path.join(t.dataDir, 'save-'));
    const workbook = path.join(dir, 'spend.xlsx');
    const copyFile = path.join(dir, 'rows.copy');
    await writeFile(workbook, (await spendFixture(3, { seed: 32 })).buffer);
    const fileId = await reserveFileId(t.database.db);
    await checkSpendFile({
      clientRef: org.id,
      fileId,
      path: workbook,
      copyFile,
      limits: { ...t.config.xlsx, maxRows: 100 },
    });
    // The checked lines, the last one moved to the other organisation's file.
    const lines = (await readFile(copyFile, 'utf8')).split('\n').filter(Boolean);
    const prefix = `${org.id}\t${fileId}\t`;
    expect(lines.every((l) => l.startsWith(prefix))).toBe(true);
    lines[2] = `${owner.id}\t${ownersFile}\t${lines[2]!.slice(prefix.length)}`;
    await writeFile(copyFile, `${lines.join('\n')}\n`);

    const saving = saveSpendFile(t.database.db, {
      clientRef: org.id,
      fileId,
      fileName: 'spend.xlsx',
      uploadedBy: null,
      copyFile,
    });
    await expect(saving).rejects.toThrow("Line 3 of the COPY text does not begin with its owner's");
    const rowsOf = async (file: number) =>
      (
        await t.database.db.select({ n: count() }).from(spendRows).where(eq(spendRows.fileId, file))
      )[0]!.n;
    expect(await rowsOf(ownersFile)).toBe(5);
    expect(await rowsOf(fileId)).toBe(0);
    expect(await t.database.db.select().from(spendFiles).where(eq(spendFiles.id, fileId))).toEqual(
      [],
    );
    await rm(dir, { recursive: true, force: true });
  });
});
