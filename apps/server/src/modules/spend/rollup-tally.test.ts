/**
 * The spend rollups an import loads from its tally (docs/import.md) are the ones the rows grouped
 * in SQL give: the import's tables, then the same file's rollups rebuilt from its stored rows by
 * buildSpendRollup, compared row by row, on both databases.
 */
import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { SPEND_HEADERS, spendFixture, xlsxBuffer } from '../../../test/xlsx.ts';
import { rowsOf } from '../../db/client.ts';
import { buildSpendRollup } from '../../domain/spend-rollups.ts';
import { matchFileVendors } from '../../domain/supplier-matching.ts';
import { importSpendFile } from './import.ts';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'spotzcity-tally-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const TABLES = [
  'spend_rollups',
  'spend_rollup_months',
  'spend_rollup_quarters',
  'spend_rollup_suppliers',
] as const;

/** Every rollup row of the file, as text, in a fixed order. */
async function rollupsOf(clientRef: number, fileId: number) {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = rowsOf(
      await t.database.db.execute(sql`
        select row(r.*)::text as line from ${sql.raw(table)} r
        where client_ref = ${clientRef} and file_id = ${fileId}
      `),
      z.object({ line: z.string() }),
    );
    tables[table] = rows.map((r) => r.line.replace(/^\(\d+,/, '(')).sort();
  }
  return tables;
}

describe('the rollups of an import', () => {
  it('are those of the stored rows grouped in SQL: names by code point, exact cents, nulls', async () => {
    const { org } = await signedInUser(t.app, t.database.db);
    const clientRef = org.id;
    const { rows } = await spendFixture(300, { seed: 5 });
    // Rows that share a group (supplier by DUNS, month, category, state, diversity) with a row
    // of the file under other names: by code point 'ACME' < 'acme', and U+FFFD < U+1F600
    // although its UTF-16 unit is the larger; a backslash and a quote, which COPY text escapes;
    // cents that carry.
    const [first, second] = rows.filter((row) => row.duns) as [(typeof rows)[0], (typeof rows)[0]];
    const extra = [
      { ...first, vendorName: 'acme widgets', duns: '900000001', spend: 0.01 },
      { ...first, vendorName: 'ACME Widgets', duns: '900000001', spend: 0.99 },
      { ...first, vendorName: '\u{1F600} Supply', duns: '900000002', spend: 1234.5 },
      { ...first, vendorName: '\uFFFD Supply', duns: '900000002', spend: -1234.49 },
      { ...first, vendorName: 'Z Supply', spend: 3 },
      { ...second, vendorName: 'Back\\slash "Quoted" Co', duns: '900000003', spend: -20.1 },
      { ...second, vendorName: 'Back\\slash Co', duns: '900000003', spend: 999_999_999.99 },
      { ...second, state: null, country: 'Canada', spend: 5 },
    ];
    const all = [...rows, ...extra];
    const file = path.join(dir, 'tricky.xlsx');
    writeFileSync(
      file,
      await xlsxBuffer([
        SPEND_HEADERS,
        ...all.map((row) =>
          SPEND_COLUMNS.map((c) => (row as Record<string, unknown>)[c.key] ?? null),
        ),
      ]),
    );
    const sources: string[] = [];
    const saved = await importSpendFile(t.database.db, {
      clientRef,
      uploadedBy: null,
      fileName: 'tricky.xlsx',
      path: file,
      limits: { ...t.config.xlsx, maxRows: t.config.limits.spendRows },
      onRollup: (source, reason) => sources.push(`${source}${reason ? `: ${reason}` : ''}`),
    });
    expect(sources).toEqual(['tally']);

    // The file's figures, summed here from the workbook's own rows.
    const cents = all.reduce((sum, row) => sum + Math.round(Number(row.spend) * 100), 0);
    expect(saved.rowCount).toBe(all.length);
    expect(Math.round(saved.totalSpends * 100)).toBe(cents);
    // The generator's payment dates are Dates at midnight UTC.
    const dates = all.map((row) => (row.paymentDate as Date).toISOString().slice(0, 10));
    expect(saved.firstPaymentDate).toBe(dates.reduce((a, b) => (a < b ? a : b)));
    expect(saved.lastPaymentDate).toBe(dates.reduce((a, b) => (a > b ? a : b)));

    const tallied = await rollupsOf(clientRef, saved.fileId);
    expect(tallied.spend_rollups!.length).toBeGreaterThan(10);
    await buildSpendRollup(t.database.db, clientRef, saved.fileId);
    expect(await rollupsOf(clientRef, saved.fileId)).toEqual(tallied);

    // The vendors matched to the directory from the tally's least values, then from the rows.
    const matches = async () =>
      rowsOf(
        await t.database.db.execute(sql`
          select concat_ws('|', supplier_key, vendor_name, supplier_ref, rule, score) as line
          from vendor_matches where client_ref = ${clientRef} order by supplier_key
        `),
        z.object({ line: z.string() }),
      ).map((r) => r.line);
    const fromTally = await matches();
    expect(fromTally.filter((l) => l.startsWith('duns:900000002'))).toEqual([
      'duns:900000002|\uFFFD Supply|NONE|0',
    ]);
    await t.database.db.execute(sql`delete from vendor_matches where client_ref = ${clientRef}`);
    await matchFileVendors(t.database.db, clientRef, saved.fileId);
    expect(await matches()).toEqual(fromTally);
  });
});
