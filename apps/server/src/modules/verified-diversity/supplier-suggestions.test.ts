/**
 * The matching screen's suggestions are found once per vendor and kept (vendor_suggestions,
 * domain/supplier-matching.ts). After every change that moves them — a directory supplier added
 * with a nearer name, renamed, deleted; the vendor's name changed; its current match changed —
 * the list's suggestions equal what plain code finds over the whole directory: the current match
 * first, then every other name at least pg_trgm's threshold, most similar first, equally similar
 * by id, three in all.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorMatch } from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { directorySuppliers, importMatched } from '../../../test/verified.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
let token: string;
let clientRef: number;
let ids: Record<string, number>;

const DIRECTORY = [
  { duns: '960000001', name: 'Granite Peak Builders', stateOrProvince: 'CO' },
  { duns: '960000002', name: 'Granite Peak Builders Co', stateOrProvince: 'UT' },
  { duns: '960000003', name: 'Granite Builders', stateOrProvince: 'NM' },
  { duns: '960000004', name: 'Peak Builders Supply', stateOrProvince: 'AZ' },
  { duns: '960000005', name: 'Blue River Paper', stateOrProvince: 'OR' },
  { duns: '960000006', name: 'Blue River Paper Mill', stateOrProvince: 'WA' },
];
const SPEND = [
  // Same name and state as the first: an uncertain match.
  ['Granite Peak Builders', 'CO', 900],
  ['Blue River Papers Inc', 'ID', 500],
] as const;

beforeAll(async () => {
  t = await createTestApp();
  ids = await directorySuppliers(t, DIRECTORY);
  const user = await signedInUser(t.app, t.database.db);
  token = user.token;
  clientRef = user.org.id;
  await importMatched(
    t,
    token,
    await xlsxBuffer([
      ['Vendor Name', 'State', 'Spend', 'Payment Date'],
      ...SPEND.map(([vendor, state, spend]) => [
        vendor,
        state,
        spend,
        new Date('2025-03-01T00:00:00Z'),
      ]),
    ]),
  );
});
afterAll(() => t?.close());

/** Each open vendor's suggestions by plain code: every directory name compared, none kept. */
async function expected(): Promise<Record<string, { id: number; similarity: number }[]>> {
  const db = t.database.db;
  const [threshold] = rowsOf(
    await db.execute(sql`select current_setting('pg_trgm.similarity_threshold') as t`),
    z.object({ t: z.string() }),
  );
  const vendors = rowsOf(
    await db.execute(sql`
      select supplier_key, vendor_name, supplier_ref from vendor_matches
      where client_ref = ${clientRef} and not confirmed`),
    z.object({
      supplier_key: z.string(),
      vendor_name: z.string(),
      supplier_ref: z.number().nullable(),
    }),
  );
  const out: Record<string, { id: number; similarity: number }[]> = {};
  for (const v of vendors) {
    const scored = rowsOf(
      await db.execute(sql`
        select id, similarity(lower(name), lower(${v.vendor_name}))::float8 as similarity
        from supplier_directory`),
      z.object({ id: z.number(), similarity: z.number() }),
    ).map((s) => ({ id: Number(s.id), similarity: Number(s.similarity) }));
    const current = scored.filter((s) => s.id === Number(v.supplier_ref));
    const others = scored
      .filter((s) => s.id !== Number(v.supplier_ref) && s.similarity >= Number(threshold!.t))
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    out[v.supplier_key] = [...current, ...others]
      .slice(0, 3)
      .map((s) => ({ id: s.id, similarity: Math.round(s.similarity * 100) / 100 }));
  }
  return out;
}

async function expectExact() {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/supplierMatching/list',
    headers: t.auth(token),
    payload: { pageNumber: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const listed = res.json().data as VendorMatch[];
  expect(
    Object.fromEntries(
      listed.map((v) => [
        v.supplierKey,
        v.suggestions.map((s) => ({ id: s.supplierId, similarity: s.similarity })),
      ]),
    ),
  ).toEqual(await expected());
}

describe('kept suggestions', () => {
  it('equal plain code when first found and when read again', async () => {
    await expectExact();
    const [kept] = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from vendor_suggestions where client_ref = ${clientRef}`,
      ),
      z.object({ n: z.number() }),
    );
    expect(Number(kept!.n)).toBe(SPEND.length);
    await expectExact();
  });

  it('equal plain code after directory suppliers are added, renamed and deleted', async () => {
    const added = await directorySuppliers(t, [
      { duns: '960000007', name: 'Blue River Papers', stateOrProvince: 'MT' },
    ]);
    await expectExact();
    await t.database.db.execute(
      sql`update supplier_directory set name = 'Blue River Papers Inc' where id = ${ids['960000005']}`,
    );
    await expectExact();
    await t.database.db.execute(
      sql`delete from supplier_directory where id = ${added['960000007']}`,
    );
    await expectExact();
  });

  it('equal plain code after the vendor’s name or current match changes', async () => {
    await t.database.db.execute(sql`
      update vendor_matches set vendor_name = 'Granite Builders Supply'
      where client_ref = ${clientRef} and supplier_key like 'name:granite%'`);
    await expectExact();
    await t.database.db.execute(sql`
      update vendor_matches set supplier_ref = ${ids['960000006']}, rule = 'NAME_STATE', score = 80
      where client_ref = ${clientRef} and supplier_key like 'name:blue%'`);
    await expectExact();
  });
});
