/**
 * Spend uploads as import jobs: the upload answers at once, the job's states come in
 * order, other organisations are answered while a large file is checked, a restart fails what it
 * interrupted, and failed imports stay listed until dismissed.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_PHASES, type ImportJobDetail } from '@spotzcity/shared/spend-imports';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { followImport, importSpend, uploadSpend } from '../../../test/imports.ts';
import { SPEND_HEADERS, asCells, spendFixture, xlsxBuffer } from '../../../test/xlsx.ts';
import {
  generateSpendRows,
  generateSuppliers,
  writeSpendWorkbook,
} from '../../db/seed/spend-generator.ts';
import { importJobs, spendFiles, spendRows } from '../../db/schema/index.ts';

let t: TestApp;
let big: Buffer;
const BIG_ROWS = 100_000;

/** A realistic 100,000-row spend file (~10 MB), generated once and kept between runs. */
async function bigFile() {
  const dir = path.join(tmpdir(), 'spotzcity-test-fixtures');
  const file = path.join(dir, `spend-${BIG_ROWS}-v1.xlsx`);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const partial = `${file}.${process.pid}`;
    const suppliers = generateSuppliers(400, 5);
    await writeSpendWorkbook(
      partial,
      generateSpendRows(suppliers, { from: '2024-01-01', days: 365, yearIndex: 0 }, BIG_ROWS, 9),
    );
    writeFileSync(file, readFileSync(partial));
  }
  return readFileSync(file);
}

beforeAll(async () => {
  [t, big] = await Promise.all([createTestApp(), bigFile()]);
});
afterAll(() => t?.close());

const stateOf = async (app: TestApp, token: string, id: number) => {
  const res = await app.app.inject({ url: `/api/file/imports/${id}`, headers: app.auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ImportJobDetail;
};

/** Polls the job until `ready` says so (at most `ms`). */
async function until(
  app: TestApp,
  token: string,
  id: number,
  ready: (job: ImportJobDetail) => boolean,
  ms = 60_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await stateOf(app, token, id);
    if (ready(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stayed ${job.status}/${job.phase}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function storedRows(app: TestApp, clientRef: number) {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(spendRows)
    .where(eq(spendRows.clientRef, clientRef));
  return row?.n ?? 0;
}

const statusOrder = ['queued', 'running', 'done'];

describe('an import job', () => {
  it('answers the upload at once and reports checking n of N, saving, building, done in order', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows, buffer } = await spendFixture(20_000, { rowSeed: 41 });
    const { statusCode, body, states, job } = await importSpend(t, token, buffer, 'Year.xlsx');
    expect(statusCode).toBe(202);
    expect(body.data).toMatchObject({ fileName: 'Year.xlsx', status: 'queued', fileId: null });

    // Statuses and phases only move forward.
    const statuses = states.map((s) => statusOrder.indexOf(s.status));
    expect(statuses.every((s) => s >= 0)).toBe(true);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    const running = states.filter((s) => s.status === 'running');
    const phases = running.map((s) => IMPORT_PHASES.indexOf(s.phase));
    expect(phases).toEqual([...phases].sort((a, b) => a - b));

    // Checking: rows n of N as they are read, N from the sheet.
    const checking = running.filter((s) => s.phase === 'checking');
    expect(checking.length).toBeGreaterThan(0);
    const counted = checking.map((s) => s.rowsChecked);
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
    expect(checking.some((s) => s.rowsChecked > 0 && s.rowsChecked < rows.length)).toBe(true);
    expect(checking.filter((s) => s.rowsExpected !== null).at(-1)?.rowsExpected).toBe(rows.length);
    for (const s of checking) expect(s.progress.done).toBeLessThanOrEqual(s.progress.total);

    // Saving: bytes of the checked rows, up to all of them; then the four rollup tables.
    const saving = running.filter((s) => s.phase === 'saving');
    expect(saving.length).toBeGreaterThan(0);
    expect(saving.at(-1)!.progress.done).toBe(saving.at(-1)!.progress.total);
    expect(saving.at(-1)!.progress.total).toBeGreaterThan(0);
    const building = running.filter((s) => s.phase === 'building');
    expect(building.map((s) => s.progress.done)).toEqual([0, 1, 2, 3, 4]);

    expect(job).toMatchObject({
      status: 'done',
      rowCount: rows.length,
      message: 'File Uploaded Successfully',
      errors: [],
    });
    const [file] = await t.database.db
      .select()
      .from(spendFiles)
      .where(eq(spendFiles.clientRef, org.id));
    expect(file).toMatchObject({ id: job!.fileId, rowCount: rows.length });
    // A done import leaves the list of imports: its file is in the files list.
    const listed = await t.app.inject({ url: '/api/file/imports', headers: t.auth(token) });
    expect(listed.json().data).toEqual([]);
    // 20,000 rows can take half a minute on a loaded machine (the first API file runs beside the
    // e2e seed): as long a bound as the 100,000-row case below, against a hang only.
  }, 120_000);

  it('ends failed with its problems while checking, having written nothing', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows } = await spendFixture(30, { rowSeed: 42 });
    const cells = rows.map(asCells);
    cells[29]![1] = '';
    const { states, job } = await importSpend(
      t,
      token,
      await xlsxBuffer([SPEND_HEADERS, ...cells]),
    );
    expect(states.every((s) => s.phase === 'checking')).toBe(true);
    expect(job).toMatchObject({
      status: 'failed',
      phase: 'checking',
      errorCount: 1,
      errors: [{ row: 31, column: 'Vendor Name', message: 'Required' }],
    });
    expect(await storedRows(t, org.id)).toBe(0);
  });

  it('answers another organisation while a 100,000-row file is being checked', async () => {
    const importer = await signedInUser(t.app, t.database.db);
    const other = await signedInUser(t.app, t.database.db);
    const res = await uploadSpend(t, importer.token, big, 'big.xlsx');
    expect(res.statusCode).toBe(202);
    const id = res.json().data.id as number;
    await until(t, importer.token, id, (job) => job.status === 'running' && job.rowsChecked > 0);

    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/file/list',
      headers: t.auth(other.token),
      payload: {},
    });
    expect(answer.statusCode).toBe(200);
    // Answered before the check was over: nothing held the database while it read.
    const during = await stateOf(t, importer.token, id);
    expect(during).toMatchObject({ status: 'running', phase: 'checking' });
    expect(during.rowsChecked).toBeLessThan(BIG_ROWS);

    const states = await followImport(t, importer.token, id);
    expect(states.at(-1)).toMatchObject({ status: 'done', rowCount: BIG_ROWS });
    expect(await storedRows(t, importer.org.id)).toBe(BIG_ROWS);
    // A guard against a hang only: on a busy machine the import comes close to the project's
    // 30 s limit for one test.
  }, 120_000);
});

describe('a restart', () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await createTestApp();
  });
  afterAll(() => r.close());

  it('fails the import it interrupted: nothing was saved', async () => {
    const { token, org } = await signedInUser(r.app, r.database.db);
    const res = await uploadSpend(r, token, big, 'big.xlsx');
    const id = res.json().data.id as number;
    await until(r, token, id, (job) => job.status === 'running' && job.rowsChecked > 0);

    await r.restart();
    const job = await stateOf(r, token, id);
    expect(job).toMatchObject({
      status: 'failed',
      message:
        'The import was interrupted (the server stopped), nothing was saved. Please upload the file again.',
    });
    expect(await storedRows(r, org.id)).toBe(0);
    const files = await r.database.db
      .select()
      .from(spendFiles)
      .where(eq(spendFiles.clientRef, org.id));
    expect(files).toEqual([]);
    expect(readdirSync(path.join(r.dataDir, 'imports'))).toEqual([]);
  });

  it('fails an import whose process died without a word, and removes its files', async () => {
    const { token, org, user } = await signedInUser(r.app, r.database.db);
    const workDir = path.join(r.dataDir, 'imports', 'crashed');
    mkdirSync(workDir, { recursive: true });
    writeFileSync(path.join(workDir, 'rows.copy'), 'half a file');
    const [job] = await r.database.db
      .insert(importJobs)
      .values({
        clientRef: org.id,
        kind: 'spend',
        fileName: 'crashed.xlsx',
        uploadedBy: user.id,
        status: 'running',
        phase: 'saving',
        contentHash: 'x'.repeat(64),
        workDir,
        owner: 'a process that is gone',
        heartbeatAt: new Date(Date.now() - 5 * 60_000),
      })
      .returning();

    await r.restart();
    expect(await stateOf(r, token, job!.id)).toMatchObject({
      status: 'failed',
      phase: 'saving',
      message:
        'The import was interrupted (the server stopped), nothing was saved. Please upload the file again.',
    });
    expect(existsSync(workDir)).toBe(false);
    expect(await storedRows(r, org.id)).toBe(0);
  });
});

describe('GET /api/file/imports and DELETE /api/file/imports/:id', () => {
  it('lists failed imports until dismissed; guards every route; another organisation’s is a 404', async () => {
    const owner = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    const bad = await xlsxBuffer([
      ['Vendor Name', 'Spend', 'Payment Date'],
      ['A', 'x', 'y'],
    ]);
    const { job } = await importSpend(t, owner.token, bad, 'bad.xlsx');
    expect(job?.status).toBe('failed');
    const id = job!.id;

    const list = await t.app.inject({ url: '/api/file/imports', headers: t.auth(owner.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject([
      { id, fileName: 'bad.xlsx', status: 'failed', errorCount: 2, uploadedBy: 'Test User' },
    ]);

    expect((await t.app.inject({ url: '/api/file/imports' })).statusCode).toBe(401);
    const supplier = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    for (const url of ['/api/file/imports', `/api/file/imports/${id}`]) {
      expect((await t.app.inject({ url, headers: t.auth(supplier.token) })).statusCode).toBe(403);
    }
    const stranger = await signedInUser(t.app, t.database.db);
    for (const [method, url] of [
      ['GET', `/api/file/imports/${id}`],
      ['GET', `/api/file/imports/${id}/events`],
      ['DELETE', `/api/file/imports/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: t.auth(stranger.token) });
      expect(res.statusCode, url).toBe(404);
    }
    const strangers = await t.app.inject({
      url: '/api/file/imports',
      headers: t.auth(stranger.token),
    });
    expect(strangers.json().data).toEqual([]);
    for (const bogus of ['0', '2147483648', 'abc', '-1']) {
      const res = await t.app.inject({
        url: `/api/file/imports/${bogus}`,
        headers: t.auth(owner.token),
      });
      expect(res.statusCode, bogus).toBe(400);
    }

    const dismissed = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/imports/${id}`,
      headers: t.auth(owner.token),
    });
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().message).toBe('Import dismissed');
    const after = await t.app.inject({ url: '/api/file/imports', headers: t.auth(owner.token) });
    expect(after.json().data).toEqual([]);
    // Its state and problems can still be read.
    expect((await stateOf(t, owner.token, id)).errors).toHaveLength(2);
  });

  it('refuses to dismiss an import that is still running', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const { buffer } = await spendFixture(8_000, { rowSeed: 43 });
    const res = await uploadSpend(t, token, buffer);
    const id = res.json().data.id as number;
    const dismiss = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/imports/${id}`,
      headers: t.auth(token),
    });
    expect(dismiss.statusCode).toBe(409);
    expect((await followImport(t, token, id)).at(-1)?.status).toBe('done');
  });
});

describe('GET /api/file/imports/:id/errors', () => {
  it('lists every problem of a refused file as a workbook: row, column, value, message', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    // 250 rows, each with a spend that is not a number and a date that is not a date.
    const bad = Array.from({ length: 250 }, (_, i) => [`Supplier ${i}`, `amount ${i}`, `day ${i}`]);
    const file = await xlsxBuffer([['Vendor Name', 'Spend', 'Payment Date'], ...bad]);
    const { job } = await importSpend(t, token, file, 'AP March.xlsx');
    expect(job).toMatchObject({ status: 'failed', errorCount: 500 });
    expect(job!.errors).toHaveLength(100);

    const res = await t.app.inject({
      url: `/api/file/imports/${job!.id}/errors`,
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('filename="Problems in AP March.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Problems')!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['Row', 'Column', 'Value', 'Message']);
    const expected = bad.flatMap((cells, i) => [
      [i + 2, 'Spend', cells[1], 'Must be a number'],
      [i + 2, 'Payment Date', cells[2], 'Enter Valid Date.'],
    ]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(expected);
    const about = workbook.getWorksheet('File')!.getRow(1);
    expect([about.getCell(1).value, about.getCell(2).value]).toEqual(['File', 'AP March.xlsx']);

    expect((await t.app.inject({ url: `/api/file/imports/${job!.id}/errors` })).statusCode).toBe(
      401,
    );
    const stranger = await signedInUser(t.app, t.database.db);
    const foreign = await t.app.inject({
      url: `/api/file/imports/${job!.id}/errors`,
      headers: t.auth(stranger.token),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 for an import without problems', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const { buffer } = await spendFixture(5, { rowSeed: 44 });
    const { job } = await importSpend(t, token, buffer);
    const res = await t.app.inject({
      url: `/api/file/imports/${job!.id}/errors`,
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This import has no problems to report.');
  });
});
