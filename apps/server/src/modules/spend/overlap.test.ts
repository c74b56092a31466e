/**
 * No double counting: a file whose rows overlap an earlier file is held with the
 * overlap's rows and spend, and each choice — import anyway, replace the earlier file, cancel —
 * does what it says. Expected figures come from the fixture rows by plain code.
 */
import { existsSync } from 'node:fs';
import { and, asc, count, eq, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createUser, signIn, signedInUser } from '../../../test/factories.ts';
import { followImport, importSpend, storedSpendRows } from '../../../test/imports.ts';
import { SPEND_HEADERS, asCells, spendFixture, xlsxBuffer } from '../../../test/xlsx.ts';
import type { GeneratedRow } from '../../db/seed/spend-generator.ts';
import { importJobs, spendFileKeys, spendFiles } from '../../db/schema/index.ts';
import { jobFileKey } from '../../platform/import-jobs.ts';
import { KEYS_PER_PART, fileKeys, saveFileKeys } from './overlap.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cents = (row: GeneratedRow) => Math.round((row.spend as number) * 100);
const sumCents = (rows: GeneratedRow[]) => rows.reduce((sum, row) => sum + cents(row), 0);
const workbook = (rows: GeneratedRow[]) => xlsxBuffer([SPEND_HEADERS, ...rows.map(asCells)]);

/** Rows 0–99 go into the first file, 60–159 into the second: rows 60–99 are in both. */
async function twoOverlappingFiles(seed: number) {
  const { rows } = await spendFixture(160, { rowSeed: seed });
  return {
    first: rows.slice(0, 100),
    second: rows.slice(60, 160),
    shared: rows.slice(60, 100),
    firstFile: await workbook(rows.slice(0, 100)),
    secondFile: await workbook(rows.slice(60, 160)),
  };
}

const totals = async (token: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/api/supplier/spends',
      headers: t.auth(token),
      payload: {},
    })
  ).json().data as { fileCount: number; rowCount: number; totalSpends: number };

const decide = (token: string, id: number, choice: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/file/imports/${id}/decision`,
    headers: t.auth(token),
    payload: { choice },
  });

describe('a file overlapping an earlier one', () => {
  it('is held with how many rows and how much spend overlap, per earlier file', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const files = await twoOverlappingFiles(51);
    const first = await importSpend(t, token, files.firstFile, 'January.xlsx');
    expect(first.job?.status).toBe('done');

    const { job, states } = await importSpend(t, token, files.secondFile, 'January again.xlsx');
    expect(states.map((s) => s.status)).not.toContain('done');
    expect(job).toMatchObject({
      status: 'held',
      message: 'Some rows of this file are already in earlier files: choose what to do.',
      overlap: {
        rows: files.shared.length,
        spend: sumCents(files.shared) / 100,
        files: [
          {
            fileId: first.job!.fileId,
            fileName: 'January.xlsx',
            rows: files.shared.length,
            spend: sumCents(files.shared) / 100,
          },
        ],
      },
    });
    // Nothing of it is counted while it waits.
    expect(await totals(token)).toMatchObject({
      fileCount: 1,
      rowCount: 100,
      totalSpends: sumCents(files.first) / 100,
    });
    const list = await t.app.inject({ url: '/api/file/imports', headers: t.auth(token) });
    expect(list.json().data).toMatchObject([{ id: job!.id, status: 'held' }]);
  });

  it('imports anyway when told so: both files count, the shared rows twice', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const files = await twoOverlappingFiles(52);
    await importSpend(t, token, files.firstFile, 'a.xlsx');
    const { job } = await importSpend(t, token, files.secondFile, 'b.xlsx');
    expect(job?.status).toBe('held');

    const res = await decide(token, job!.id, 'import');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Importing the file with the overlapping rows.');
    const states = await followImport(t, token, job!.id);
    expect(states.at(-1)).toMatchObject({ status: 'done', rowCount: 100 });
    expect(await totals(token)).toMatchObject({
      fileCount: 2,
      rowCount: 200,
      totalSpends: (sumCents(files.first) + sumCents(files.second)) / 100,
    });
    // Only one choice is taken.
    expect((await decide(token, job!.id, 'cancel')).statusCode).toBe(409);
  });

  it('replaces the earlier file in one transaction: only the new file counts', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const files = await twoOverlappingFiles(53);
    const first = await importSpend(t, token, files.firstFile, 'old.xlsx');
    const { job } = await importSpend(t, token, files.secondFile, 'new.xlsx');

    expect((await decide(token, job!.id, 'replace')).statusCode).toBe(200);
    const states = await followImport(t, token, job!.id);
    expect(states.at(-1)).toMatchObject({ status: 'done' });
    expect(await totals(token)).toMatchObject({
      fileCount: 1,
      rowCount: 100,
      totalSpends: sumCents(files.second) / 100,
    });
    const names = await t.database.db
      .select({ id: spendFiles.id, name: spendFiles.fileName })
      .from(spendFiles)
      .where(eq(spendFiles.clientRef, org.id));
    expect(names).toEqual([{ id: states.at(-1)!.fileId, name: 'new.xlsx' }]);
    const oldKeys = await t.database.db
      .select()
      .from(spendFileKeys)
      .where(eq(spendFileKeys.fileId, first.job!.fileId!));
    expect(oldKeys).toEqual([]);
  });

  it('cancels: nothing saved, its checked rows gone, off the list', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const files = await twoOverlappingFiles(54);
    await importSpend(t, token, files.firstFile, 'a.xlsx');
    const { job } = await importSpend(t, token, files.secondFile, 'b.xlsx');
    const [held] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, job!.id));
    // Its checked rows: in its folder (embedded), or in the shared storage (PostgreSQL).
    const kept = async () =>
      held!.storageId
        ? (await t.app.storage.size(jobFileKey(held!.storageId, 'rows'))) !== undefined
        : existsSync(held!.workDir);
    expect(await kept()).toBe(true);

    const res = await decide(token, job!.id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Import cancelled: nothing was saved.',
      data: { status: 'cancelled' },
    });
    expect(await kept()).toBe(false);
    expect(await storedSpendRows(t, org.id)).toBe(100);
    const list = await t.app.inject({ url: '/api/file/imports', headers: t.auth(token) });
    expect(list.json().data).toEqual([]);
  });

  it('lets only those who may delete files replace them; guards and 404s like every route', async () => {
    const admin = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const files = await twoOverlappingFiles(55);
    await importSpend(t, admin.token, files.firstFile, 'a.xlsx');
    const { job } = await importSpend(t, admin.token, files.secondFile, 'b.xlsx');
    const id = job!.id;

    const buyerUser = await createUser(t.database.db, {
      clientRef: admin.org.id,
      role: 'ROLE_BUYER_USER',
    });
    const userToken = await signIn(t.app, buyerUser.email);
    expect((await decide(userToken, id, 'replace')).statusCode).toBe(403);
    const stranger = await signedInUser(t.app, t.database.db);
    expect((await decide(stranger.token, id, 'import')).statusCode).toBe(404);
    const supplier = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
    expect((await decide(supplier.token, id, 'import')).statusCode).toBe(403);
    expect((await decide('nope', id, 'import')).statusCode).toBe(401);
    expect((await decide(admin.token, id, 'maybe')).statusCode).toBe(400);
    expect((await decide(admin.token, 2_147_483_648, 'import')).statusCode).toBe(400);
    // Still held after all that; the buyer user may import it anyway.
    expect((await decide(userToken, id, 'import')).statusCode).toBe(200);
    expect((await followImport(t, admin.token, id)).at(-1)?.status).toBe('done');
  });

  it('finds overlap with a file saved before row keys were kept', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const files = await twoOverlappingFiles(56);
    const first = await importSpend(t, token, files.firstFile, 'legacy.xlsx');
    await t.database.db.delete(spendFileKeys).where(eq(spendFileKeys.fileId, first.job!.fileId!));

    const { job } = await importSpend(t, token, files.secondFile, 'b.xlsx');
    expect(job?.overlap).toMatchObject({
      rows: files.shared.length,
      spend: sumCents(files.shared) / 100,
    });
    // Its keys were made from its rows and kept.
    const kept = await t.database.db
      .select({ n: count() })
      .from(spendFileKeys)
      .where(eq(spendFileKeys.clientRef, org.id));
    expect(kept[0]?.n).toBe(1);
  });

  it("makes a file's keys from its rows page by page: the keys its import kept", async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows } = await spendFixture(100, { rowSeed: 57 });
    const { job } = await importSpend(t, token, await workbook(rows), 'pages.xlsx');
    const fileId = job!.fileId!;
    const kept = await fileKeys(t.database.db, org.id, fileId);
    expect(kept).toHaveLength(100);
    // Pages of 30 end on a short page (30, 30, 30, 10); pages of 25 on an empty one.
    for (const pageSize of [30, 25]) {
      await t.database.db.delete(spendFileKeys).where(eq(spendFileKeys.fileId, fileId));
      expect(await fileKeys(t.database.db, org.id, fileId, pageSize)).toEqual(kept);
    }
  });

  it("keeps a file's keys in parts of KEYS_PER_PART, all or none, and reads them in order", async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { rows } = await spendFixture(10, { rowSeed: 58 });
    const { job } = await importSpend(t, token, await workbook(rows), 'parts.xlsx');
    const fileId = job!.fileId!;
    const parts = async () =>
      (
        await t.database.db
          .select({ part: spendFileKeys.part })
          .from(spendFileKeys)
          .where(eq(spendFileKeys.fileId, fileId))
          .orderBy(asc(spendFileKeys.part))
      ).map((r) => r.part);
    // Distinct sorted keys, each part's first and last telling the parts apart.
    const sorted = (n: number) => Float64Array.from({ length: n }, (_, i) => i * 3 + 0.5);
    for (const [n, expected] of [
      [2 * KEYS_PER_PART + 7, [0, 1, 2]],
      [2 * KEYS_PER_PART, [0, 1]],
      [0, [0]],
    ] as const) {
      await t.database.db.delete(spendFileKeys).where(eq(spendFileKeys.fileId, fileId));
      await saveFileKeys(t.database.db, org.id, fileId, sorted(n));
      expect(await parts()).toEqual(expected);
      // None kept means made from the rows: a file with no keys would read as its 10 rows'.
      if (n > 0) expect(await fileKeys(t.database.db, org.id, fileId)).toEqual(sorted(n));
    }
    // A save that fails on its last part leaves none of its parts: here part 2 is already there.
    await t.database.db.delete(spendFileKeys).where(eq(spendFileKeys.fileId, fileId));
    await saveFileKeys(t.database.db, org.id, fileId, sorted(3 * KEYS_PER_PART));
    await t.database.db
      .delete(spendFileKeys)
      .where(and(eq(spendFileKeys.fileId, fileId), lt(spendFileKeys.part, 2)));
    await expect(
      saveFileKeys(t.database.db, org.id, fileId, sorted(3 * KEYS_PER_PART)),
    ).rejects.toThrow();
    expect(await parts()).toEqual([2]);
  });
});
