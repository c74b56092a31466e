/**
 * The Supplier matching screen's list (POST /api/supplierMatching/list): the vendors without a
 * certain match, largest spend first, each with its suggestions — the current uncertain match
 * first, then the most similar directory names above pg_trgm's threshold, equally similar ones by
 * id — read in one statement for the whole page, and the total past the last page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorMatch } from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { directorySuppliers, importMatched } from '../../../test/verified.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// Five suppliers of one name, all as similar to the vendor 'Quarry Stone Works Inc'; a bakery
// whose name and state match 'Cedar Ridge Bakery LLC' (an uncertain match) and another whose
// name is the vendor's own, in another state (more similar, not matched).
const QUARRIES = [1, 2, 3, 4, 5].map((n) => ({
  duns: `92000000${n}`,
  name: 'Quarry Stone Works',
  stateOrProvince: 'OR',
}));
const CEDAR = { duns: '920000010', name: 'Cedar Ridge Bakery', stateOrProvince: 'MT' };
const CEDAR_ELSEWHERE = {
  duns: '920000011',
  name: 'Cedar Ridge Bakery LLC',
  stateOrProvince: 'ID',
};

const SPEND = [
  ['Quarry Stone Works Inc', 'WA', 900],
  ['Cedar Ridge Bakery LLC', 'MT', 500],
  ['Zyxwv Qjkp', 'VT', 100],
] as const;

let token: string;
let ids: Record<string, number>;
beforeAll(async () => {
  // The quarries in reverse, so that their ids do not follow the order they were written in.
  ids = await directorySuppliers(t, [CEDAR_ELSEWHERE, CEDAR, ...[...QUARRIES].reverse()]);
  ({ token } = await signedInUser(t.app, t.database.db));
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

const list = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/supplierMatching/list',
    headers: t.auth(token),
    payload,
  });

/** The SQL texts Drizzle runs while `work` runs. */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const session = (
    t.database.db as unknown as {
      session: { logger: unknown; options: { logger?: unknown } };
    }
  ).session;
  const texts: string[] = [];
  const counting = { logQuery: (text: string) => texts.push(text) };
  const [logger, optionsLogger] = [session.logger, session.options.logger];
  session.logger = counting;
  session.options.logger = counting;
  try {
    await work();
  } finally {
    session.logger = logger;
    session.options.logger = optionsLogger;
  }
  return texts;
}

describe('supplier matching list', () => {
  it('lists the open vendors by spend with the current match, then the nearest names by id', async () => {
    const res = await list({ pageNumber: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const vendors = res.json().data as VendorMatch[];
    expect(vendors.map((v) => v.vendorName)).toEqual(SPEND.map(([vendor]) => vendor));
    const [quarry, cedar, nothing] = vendors;

    expect(quarry!.rule).toBe('NONE');
    // Equally similar: the three lowest ids, whatever order the index reads them in.
    const quarryIds = QUARRIES.map((q) => ids[q.duns]!).sort((a, b) => a - b);
    expect(quarry!.suggestions.map((s) => s.supplierId)).toEqual(quarryIds.slice(0, 3));
    expect(new Set(quarry!.suggestions.map((s) => s.similarity)).size).toBe(1);

    // The uncertain match first, though the other bakery's name is the vendor's own.
    expect(cedar).toMatchObject({ rule: 'NAME_STATE', supplierId: ids[CEDAR.duns] });
    expect(cedar!.suggestions.map((s) => s.supplierId)).toEqual([
      ids[CEDAR.duns],
      ids[CEDAR_ELSEWHERE.duns],
    ]);
    expect(cedar!.suggestions[1]!.similarity).toBe(1);
    expect(cedar!.suggestions[0]!.similarity).toBeLessThan(1);

    // No name in the directory as similar as pg_trgm's threshold.
    expect(nothing!.suggestions).toEqual([]);
  });

  it('reads the directory once for a page, however many vendors it shows', async () => {
    const statements = await statementsDuring(async () => {
      const res = await list({ pageNumber: 0 });
      expect(res.json().data).toHaveLength(SPEND.length);
    });
    expect(statements.filter((s) => s.includes('"supplier_directory"'))).toHaveLength(1);
  });

  it('counts every open vendor on a page past the last', async () => {
    const res = await list({ pageNumber: 3, pageSize: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [], totalCount: SPEND.length });
  });
});
