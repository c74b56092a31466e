import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { keepReport, pdfPages, pptxCharts, pptxSlides, pptxTables } from '../../../test/reports.ts';
import { spendFiles, spendRows } from '../../db/schema/index.ts';
import { formatMoney } from '@spotzcity/shared/format';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface FixtureRow {
  vendor: string;
  duns: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  category: string;
  diversity: string[];
  spend: string;
  date: string;
}

const row = (
  vendor: string,
  duns: string | null,
  place: [string | null, string | null, string | null],
  category: string,
  diversity: string[],
  spend: string,
  date: string,
): FixtureRow => ({
  vendor,
  duns,
  city: place[0],
  state: place[1],
  zip: place[2],
  category,
  diversity,
  spend,
  date,
});

/** A non-diverse supplier's payments, one place and category. */
const goldenGate = (spend: string, date: string) =>
  row(
    'Golden Gate Labs',
    '222222222',
    ['San Francisco', 'CA', '94105'],
    'IT Services',
    ['NON_DIVERSE'],
    spend,
    date,
  );

const FIXTURE: FixtureRow[] = [
  row(
    'Lone Star Freight',
    '111111111',
    ['Austin', 'TX', '78701'],
    'Freight',
    ['MBE'],
    '1000.10',
    '2025-01-15',
  ),
  row(
    'Lone Star Freight',
    '111111111',
    ['Austin', 'TX', '78701-1234'],
    'Freight',
    ['MBE'],
    '2500.00',
    '2025-03-02',
  ),
  row(
    'Lone Star Freight',
    '111111111',
    ['Austin', 'tx', '78701'],
    'IT Services',
    ['MBE'],
    '10.00',
    '2025-04-01',
  ),
  goldenGate('7000.33', '2025-02-10'),
  goldenGate('-500.00', '2025-02-20'),
  row(
    'Empire Office',
    null,
    ['new york', 'NY', '10001'],
    'Office Supplies',
    ['WBE', 'VBE'],
    '333.33',
    '2025-05-05',
  ),
  row(
    'Empire Office',
    null,
    ['New York', 'NY', '10001'],
    'Office Supplies',
    ['WBE', 'VBE'],
    '333.34',
    '2024-12-31',
  ),
  row(
    'Prairie Parts',
    '333333333',
    ['Springfield', 'IL', '62701'],
    'MRO',
    ['NON_DIVERSE'],
    '1234.56',
    '2025-06-30',
  ),
  row(
    'Ozark Parts',
    '444444444',
    ['Springfield', 'MO', '65801'],
    'MRO',
    ['SDVBE'],
    '765.44',
    '2025-07-01',
  ),
  row(
    'Nowhere Co',
    '555555555',
    [null, null, null],
    'Freight',
    ['NON_DIVERSE'],
    '99.99',
    '2025-08-08',
  ),
  row(
    'Texan Print',
    '666666666',
    ['Dallas', 'TX', '75201'],
    'Office Supplies',
    ['NON_DIVERSE'],
    '4200.00',
    '2025-09-09',
  ),
];

const cents = (amount: string) => Math.round(Number(amount) * 100);
const key = (r: FixtureRow) => (r.duns ? `duns:${r.duns}` : `name:${r.vendor.toLowerCase()}`);

async function seed(clientRef: number, rows: FixtureRow[]) {
  const [file] = await t.database.db
    .insert(spendFiles)
    .values({ clientRef, fileName: 'fixture.xlsx', rowCount: rows.length })
    .returning();
  await t.database.db.insert(spendRows).values(
    rows.map((r, i) => ({
      clientRef,
      fileId: file!.id,
      lineNumber: i + 2,
      vendorName: r.vendor,
      duns: r.duns,
      supplierKey: key(r),
      spend: r.spend,
      city: r.city,
      state: r.state,
      zip: r.zip,
      country: 'USA',
      diversity: r.diversity,
      isDiverse: r.diversity.some((d) => d !== 'NON_DIVERSE'),
      paymentDate: r.date,
      category: r.category,
    })),
  );
}

async function call(token: string | undefined, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: token ? t.auth(token) : {},
    payload: payload as Record<string, unknown>,
  });
}

let token: string;
beforeAll(async () => {
  const owner = await signedInUser(t.app, t.database.db);
  token = owner.token;
  await seed(owner.org.id, FIXTURE);
  // Another organisation's spend never shows.
  const other = await signedInUser(t.app, t.database.db);
  await seed(other.org.id, [
    row(
      'Other Org Vendor',
      '999999999',
      ['Houston', 'TX', '77001'],
      'Freight',
      ['MBE'],
      '50000',
      '2025-01-01',
    ),
  ]);
});

const isDiverse = (r: FixtureRow) => r.diversity.some((d) => d !== 'NON_DIVERSE');

/** The fixture rows a report keeps, computed here without the code under test. */
function kept(states: string[], from?: string, to?: string) {
  return FIXTURE.filter(
    (r) =>
      (states.length === 0 || states.includes((r.state ?? '').toUpperCase())) &&
      (!from || r.date >= from) &&
      (!to || r.date <= to),
  );
}

describe('the list', () => {
  it('answers one row per supplier, largest spend first, with its latest details', async () => {
    const res = await call(token, '/api/marketShare/list', { pageNumber: 0, pageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const totals = new Map<string, number>();
    for (const r of FIXTURE) totals.set(key(r), (totals.get(key(r)) ?? 0) + cents(r.spend));
    expect(body.totalCount).toBe(totals.size);
    expect(body.data.map((d: { id: string }) => d.id)).toEqual(
      [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k),
    );
    const lone = body.data.find((d: { id: string }) => d.id === 'duns:111111111');
    expect(lone).toEqual({
      id: 'duns:111111111',
      duns: '111111111',
      name: 'Lone Star Freight',
      city: 'Austin',
      stateOrProvince: 'tx',
      zip: '78701',
      country: 'USA',
      category: 'Freight',
      diversityCategory: ['MBE'],
      spend: 3510.1,
      paymentDate: '2025-04-01',
    });
  });

  it('pages with pageNumber from 0', async () => {
    const first = (
      await call(token, '/api/marketShare/list', { pageNumber: 0, pageSize: 3 })
    ).json();
    const second = (
      await call(token, '/api/marketShare/list', { pageNumber: 1, pageSize: 3 })
    ).json();
    expect(first.length).toBe(3);
    expect(second.pageNumber).toBe(1);
    expect(second.data[0].id).not.toBe(first.data[2].id);
  });
});

describe('report figures', () => {
  const params = {
    span: 'state',
    spanKeys: ['TX', 'CA', 'NY'],
    fromDate: '2025-01-01',
    toDate: '2025-12-31',
  };

  it('splits spend per category and in total, with shares to two decimals adding up to 100.00', async () => {
    const res = await call(token, '/api/marketShare/graphPerCategories', params);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const rows = kept(['TX', 'CA', 'NY'], '2025-01-01', '2025-12-31');
    const diverse = rows.filter(isDiverse).reduce((s, r) => s + cents(r.spend), 0);
    const nonDiverse = rows.filter((r) => !isDiverse(r)).reduce((s, r) => s + cents(r.spend), 0);
    expect(data.diverseTotal).toBe(diverse / 100);
    expect(data.nonDiverseTotal).toBe(nonDiverse / 100);
    expect(data.overallTotal).toBe((diverse + nonDiverse) / 100);
    expect(Math.round((data.diverseShare + data.nonDiverseShare) * 100)).toBe(10_000);
    expect(
      Math.abs(data.diverseShare - (diverse * 100) / (diverse + nonDiverse)),
    ).toBeLessThanOrEqual(0.01);
    expect(Math.round(data.diverseShare * 100)).toBe(data.diverseShare * 100);

    const perCategory = new Map<string, { diverse: number; nonDiverse: number }>();
    for (const r of rows) {
      const entry = perCategory.get(r.category) ?? { diverse: 0, nonDiverse: 0 };
      entry[isDiverse(r) ? 'diverse' : 'nonDiverse'] += cents(r.spend);
      perCategory.set(r.category, entry);
    }
    expect(data.data).toHaveLength(perCategory.size);
    for (const c of data.data) {
      const expected = perCategory.get(c.category)!;
      expect(c).toEqual({
        category: c.category,
        diverse: expected.diverse / 100,
        nonDiverse: expected.nonDiverse / 100,
      });
    }
    // 2024-12-31 is outside the period; the other organisation's Texan spend never counts.
    expect(data.data.find((c: { category: string }) => c.category === 'Office Supplies')).toEqual({
      category: 'Office Supplies',
      diverse: 333.33,
      nonDiverse: 4200,
    });
  });

  it('draws diverse and non-diverse treemaps by state (case ignored)', async () => {
    for (const [path, diverse] of [
      ['diverse', true],
      ['non_diverse', false],
    ] as const) {
      const res = await call(token, `/api/marketShare/graphRevenueCityStateZip/${path}`, {
        ...params,
        isForDiversity: diverse,
      });
      expect(res.statusCode, res.body).toBe(200);
      const sums = new Map<string, number>();
      for (const r of kept(['TX', 'CA', 'NY'], '2025-01-01', '2025-12-31').filter(
        (x) => isDiverse(x) === diverse,
      )) {
        const state = r.state!.toUpperCase();
        sums.set(state, (sums.get(state) ?? 0) + cents(r.spend));
      }
      expect(res.json().data).toEqual(
        [...sums.entries()]
          .filter(([, v]) => v > 0)
          .sort((a, b) => b[1] - a[1])
          .map(([name, value]) => ({ name, value: value / 100 })),
      );
    }
  });

  it('keeps cities apart by state and zips to five digits; every value when none is chosen', async () => {
    const city = await call(token, '/api/marketShare/graphRevenueCityStateZip/non_diverse', {
      span: 'city',
      spanKeys: [],
    });
    const names = city.json().data.map((n: { name: string }) => n.name);
    expect(names).toContain('Springfield, IL');
    expect(names).toContain('(Not given)');
    const diverseCities = await call(token, '/api/marketShare/graphRevenueCityStateZip/diverse', {
      span: 'city',
      spanKeys: ['Springfield, MO', 'New York, NY'],
    });
    expect(diverseCities.json().data).toEqual([
      { name: 'Springfield, MO', value: 765.44 },
      { name: 'New York, NY', value: 666.67 },
    ]);
    const zip = await call(token, '/api/marketShare/spanValues', { span: 'zip' });
    const zips = zip.json().data.map((v: { value: string }) => v.value);
    expect(zips).toContain('78701');
    expect(zips).not.toContain('78701-1234');
    const states = await call(token, '/api/marketShare/spanValues', {
      span: 'state',
      fromDate: '2025-01-01',
    });
    expect(
      states
        .json()
        .data.map((v: { value: string }) => v.value)
        .sort(),
    ).toEqual(['CA', 'IL', 'MO', 'NY', 'TX']);
  });

  it('exports the same figures to Excel', async () => {
    const res = await call(token, '/api/excel/market', {
      excel: true,
      spendData: { ...params, analysis: 'TX leads diverse spend.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Market Share Dashboard - State TX, CA, NY - 2025-01-01 to 2025-12-31.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const graph = (await call(token, '/api/marketShare/graphPerCategories', params)).json().data;
    const totals = workbook.getWorksheet('Market Share')!;
    expect(totals.getRow(2).values).toEqual([undefined, 'Overall Spend', graph.overallTotal]);
    const diverse = (totals.getRow(3).values as unknown[]).slice(1);
    expect(diverse.slice(0, 2)).toEqual(['Total Diverse Spend', graph.diverseTotal]);
    // The share is a percent cell: the fraction, formatted 0.00%.
    expect(Math.round(Number(diverse[2]) * 10_000) / 100).toBe(graph.diverseShare);
    expect(totals.getRow(3).getCell(3).numFmt).toBe('0.00%');
    expect(workbook.getWorksheet('Diverse Revenue By State')!.rowCount).toBe(3);
    const summary = workbook.getWorksheet('Summary')!.getSheetValues().flat().map(String);
    expect(summary).toContain('TX leads diverse spend.');
  });

  it('builds the report: the API’s figures in its chart, each treemap beside every value', async () => {
    const graph = (await call(token, '/api/marketShare/graphPerCategories', params)).json().data;
    const trees = await Promise.all(
      ['diverse', 'non_diverse'].map(
        async (side) =>
          (await call(token, `/api/marketShare/graphRevenueCityStateZip/${side}`, params)).json()
            .data as { name: string; value: number }[],
      ),
    );
    const pptx = await call(token, '/api/report/market/pptx', params);
    expect(pptx.statusCode, pptx.body).toBe(200);
    keepReport('market.pptx', pptx.rawPayload);
    expect(pptx.headers['content-disposition']).toContain(
      'filename="Market Share Dashboard - State TX, CA, NY - 2025-01-01 to 2025-12-31.pptx"',
    );
    const [bars] = await pptxCharts(pptx.rawPayload);
    expect(bars!.map((s) => s.values)).toEqual([
      graph.data.map((d: { diverse: number }) => d.diverse),
      graph.data.map((d: { nonDiverse: number }) => d.nonDiverse),
    ]);
    const slides = await pptxSlides(pptx.rawPayload);
    const tables = await pptxTables(pptx.rawPayload);
    for (const [i, title] of [
      'Diverse Revenue By State',
      'Non-Diverse Revenue By State',
    ].entries()) {
      const at = slides.findIndex((s) => s[0] === title);
      expect(at).toBeGreaterThan(0);
      expect(tables[at]!.slice(1).map((r) => [r[0], r[1]])).toEqual(
        trees[i]!.map((n) => [n.name, formatMoney(n.value)]),
      );
    }
    const pdf = await call(token, '/api/report/market/pdf', params);
    keepReport('market.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    expect(text).toContain(formatMoney(graph.overallTotal));
    expect(text).toContain(`${graph.diverseShare.toFixed(2)}%`);
    for (const node of trees.flat()) expect(text).toContain(formatMoney(node.value));
  });

  it('refuses a report without a span', async () => {
    const res = await call(token, '/api/marketShare/graphPerCategories', { spanKeys: ['TX'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'span', message: 'Choose City, State or Zip' }]);
  });
});

describe('permissions', () => {
  const endpoints: [string, unknown][] = [
    ['/api/marketShare/list', { pageNumber: 0 }],
    ['/api/marketShare/spanValues', { span: 'state' }],
    ['/api/marketShare/graphPerCategories', { span: 'state' }],
    ['/api/marketShare/graphRevenueCityStateZip/diverse', { span: 'state' }],
    ['/api/marketShare/graphRevenueCityStateZip/non_diverse', { span: 'state' }],
    ['/api/excel/market', { excel: true, spendData: { span: 'state' } }],
    ['/api/report/market/pptx', { span: 'state' }],
    ['/api/report/market/pdf', { span: 'state' }],
  ];

  it.each(endpoints)(
    '%s answers 401 without a token and 403 without a permission',
    async (url, body) => {
      expect((await call(undefined, url, body)).statusCode).toBe(401);
      const supplier = await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER');
      expect((await call(supplier.token, url, body)).statusCode).toBe(403);
    },
  );

  it('lets a Buyer User list and report', async () => {
    const admin = await signedInUser(t.app, t.database.db);
    const { token: userToken } = await actor(t.app, t.database.db, 'ROLE_BUYER_USER', {
      clientRef: admin.org.id,
    });
    expect((await call(userToken, '/api/marketShare/list', {})).statusCode).toBe(200);
    expect(
      (await call(userToken, '/api/marketShare/graphPerCategories', { span: 'zip' })).statusCode,
    ).toBe(200);
  });
});
