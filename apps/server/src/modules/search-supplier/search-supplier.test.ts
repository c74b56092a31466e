import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CERTIFICATION_TYPES,
  SUPPLIER_COLUMNS,
  SUPPLIER_TEMPLATE_EXAMPLE,
} from '@spotzcity/shared/search-supplier';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actorWith, signedInUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { XLSX_TYPE, xlsxBuffer } from '../../../test/xlsx.ts';
import { supplierDirectory, supplierRatings } from '../../db/schema/index.ts';
import { DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED } from '../../db/seed/demo.ts';
import { generateSuppliers } from '../../db/seed/spend-generator.ts';
import { generateDirectory, seedDirectory } from '../../db/seed/supplier-directory.ts';

let t: TestApp;
let admin: string; // SUPER_USER: may upload and rate
let buyer: string; // BUYER_USER: may search and rate
let supplier: string; // SUPPLIER: may only search
let outsider: string; // a role without any Search Supplier permission

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  buyer = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER')).token;
  supplier = (await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER')).token;
  outsider = (await actorWith(t.app, t.database.db, ['PASSWORD_RESET'])).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(supplierDirectory);
  await t.database.db.delete(supplierRatings);
});

const HEADERS = SUPPLIER_COLUMNS.map((c) => c.header);
type Fields = Partial<Record<(typeof SUPPLIER_COLUMNS)[number]['key'], string>>;
const cells = (fields: Fields) =>
  SUPPLIER_COLUMNS.map((c) => (c.key in fields ? fields[c.key] : SUPPLIER_TEMPLATE_EXAMPLE[c.key]));

const upload = (token: string, data: Buffer, filename = 'suppliers.xlsx') => {
  const form = multipart({}, { file: { filename, contentType: XLSX_TYPE, data } });
  return t.app.inject({
    method: 'POST',
    url: '/api/searchSupplier/upload',
    headers: { ...t.auth(token), ...form.headers },
    payload: form.payload,
  });
};
const search = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/searchSupplier/list',
    headers: t.auth(token),
    payload,
  });

const SUPPLIERS: Fields[] = [
  {
    name: 'Harbor Point Logistics LLC',
    supplierDbaName: 'Harbor Freight Partners',
    duns: '804735132',
    city: 'Baltimore',
    stateOrProvince: 'MD',
    zip: '21230',
    country: 'USA',
    industry: 'Logistics & Freight',
    businessContactPhone: '(410) 555-0123',
    alternateContactPhone: '4105550188',
    certificationType: 'MBE, WBE',
    tulipValidated: 'Yes',
  },
  {
    name: 'Blue Ridge Data Systems Inc.',
    supplierDbaName: '',
    duns: '123456789',
    city: 'Austin',
    stateOrProvince: 'Texas',
    zip: '78701',
    country: 'USA',
    industry: 'IT Services',
    businessContactPhone: '5125550100',
    alternateContactPhone: '',
    certificationType: 'VBE',
    tulipValidated: 'no',
  },
  {
    name: 'Maple Leaf Packaging',
    supplierDbaName: 'Harbor Boxes',
    duns: '987654321',
    city: 'Toronto',
    stateOrProvince: 'ON',
    zip: 'M5V 2T6',
    country: 'Canada',
    industry: 'Packaging',
    businessContactPhone: '4165550199',
    alternateContactPhone: '',
    certificationType: '',
    tulipValidated: '',
  },
];

async function seedList() {
  const res = await upload(admin, await xlsxBuffer([HEADERS, ...SUPPLIERS.map(cells)]));
  expect(res.statusCode, res.body).toBe(200);
}

describe('POST /api/searchSupplier/list', () => {
  beforeEach(seedList);

  it('answers 401 without a token and 403 without a Search Supplier permission', async () => {
    expect((await search('nope', { city: 'a' })).statusCode).toBe(401);
    expect((await search(outsider, { city: 'a' })).statusCode).toBe(403);
    expect((await search(supplier, { city: 'a' })).statusCode).toBe(200);
  });

  it('asks for at least one field', async () => {
    for (const body of [{}, { dbaName: '', city: '  ', state: null, pageNumber: 0 }]) {
      const res = await search(supplier, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill at least one of the fields to search.');
    }
  });

  it('accepts digits only in duns and contact, and at most 10 contact digits', async () => {
    const duns = await search(supplier, { duns: '80-47' });
    expect(duns.statusCode).toBe(400);
    expect(duns.json().errors[0]).toEqual({ field: 'duns', message: 'Digits only' });
    const contact = await search(supplier, { contact: '41055501230' });
    expect(contact.json().errors[0]).toEqual({
      field: 'contact',
      message: 'Must be 10 characters or less',
    });
    expect((await search(supplier, { contact: '410a' })).statusCode).toBe(400);
    expect((await search(supplier, { certification: 'ABC' })).statusCode).toBe(400);
    expect((await search(supplier, { validate: 'Y' })).statusCode).toBe(400);
  });

  it('filters on each field alone: text anywhere in the value, digits from the start, any case', async () => {
    const names = async (body: object) =>
      (await search(supplier, body)).json().data.map((s: { name: string }) => s.name);
    expect(await names({ dbaName: 'harbor' })).toEqual([
      'Harbor Point Logistics LLC',
      'Maple Leaf Packaging', // its DBA name is Harbor Boxes
    ]);
    // Anywhere in the name or the DBA name ('boxes' is the end of Maple Leaf's DBA name).
    expect(await names({ dbaName: 'POINT' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ dbaName: 'boxes' })).toEqual(['Maple Leaf Packaging']);
    expect(await names({ dbaName: 'point x' })).toEqual([]);
    expect(await names({ duns: '4735' })).toEqual([]);
    expect(await names({ duns: '8047' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ industry: 'it ser' })).toEqual(['Blue Ridge Data Systems Inc.']);
    expect(await names({ contact: '4105550188' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ contact: '512' })).toEqual(['Blue Ridge Data Systems Inc.']);
    expect(await names({ certification: 'WBE' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ certification: 'VBE' })).toEqual(['Blue Ridge Data Systems Inc.']);
    expect(await names({ city: 'TOR' })).toEqual(['Maple Leaf Packaging']);
    expect(await names({ city: 'ONTO' })).toEqual(['Maple Leaf Packaging']);
    expect(await names({ state: 'TX' })).toEqual(['Blue Ridge Data Systems Inc.']);
    expect(await names({ zip: '212' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ country: 'can' })).toEqual(['Maple Leaf Packaging']);
    expect(await names({ validate: 'X' })).toEqual(['Harbor Point Logistics LLC']);
    expect(await names({ naics: '4841' })).toHaveLength(3);
    expect(await names({ dbaName: '%' })).toEqual([]);
  });

  it('combines fields with and', async () => {
    const total = async (body: object) => (await search(supplier, body)).json().totalCount;
    expect(await total({ dbaName: 'harbor', country: 'usa' })).toBe(1);
    expect(
      await total({ dbaName: 'harbor', state: 'MD', certification: 'MBE', validate: 'X' }),
    ).toBe(1);
    expect(await total({ dbaName: 'harbor', state: 'TX' })).toBe(0);
  });

  it('answers every detail field and the rating average and count', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/supplier/rating',
      headers: t.auth(buyer),
      payload: { duns: '804735132', rating: 4, comment: 'On time' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/supplier/rating',
      headers: t.auth(admin),
      payload: { duns: '804735132', rating: 4.5 },
    });
    const [harbor] = (await search(supplier, { duns: '804735132' })).json().data;
    expect(harbor).toEqual({
      id: expect.any(Number),
      name: 'Harbor Point Logistics LLC',
      duns: '804735132',
      supplierDbaName: 'Harbor Freight Partners',
      addressLine1: '1200 Harbor Blvd',
      addressLine2: 'Suite 400',
      city: 'Baltimore',
      stateOrProvince: 'MD',
      zip: '21230',
      country: 'USA',
      businessStartDate: '2009-06-01',
      websiteUrl: 'https://harborpoint.example',
      businessContactName: 'Dana Whitfield',
      businessContactTitle: 'President',
      businessContactPhone: '4105550123',
      businessContactEmail: 'dana@harborpoint.example',
      alternateContactName: 'Luis Ramirez',
      alternateContactTitle: 'Sales Director',
      alternateContactPhone: '4105550188',
      alternateContactEmail: 'luis@harborpoint.example',
      minorityOwnedStatus: 'Certified',
      wbeStatus: 'Certified',
      vbeStatus: 'No',
      sdvbeStatus: 'No',
      dobeStatus: 'No',
      dbeStatus: 'Pending',
      primaryNaicsCode: '484121',
      primaryNaicsDescription: 'General Freight Trucking, Long-Distance, Truckload',
      additionalNaicsCodes: '488510, 493110',
      additionalNaicsDescription:
        'Freight Transportation Arrangement; General Warehousing and Storage',
      certificationType: 'MBE, WBE',
      industry: 'Logistics & Freight',
      tulipValidated: 'Yes',
      annualReceipts: 12_500_000,
      employeeCount: 85,
      ratingCount: { rating: 4.25, count: 2 },
      supplierRatingBo: { id: null, rating: 0, comment: null },
    });
    const mine = (await search(buyer, { duns: '804735132' })).json().data[0];
    expect(mine.supplierRatingBo).toEqual({
      id: expect.any(Number),
      rating: 4,
      comment: 'On time',
    });
    const count = await t.app.inject({
      url: '/api/supplier/rating/count?duns=804735132',
      headers: t.auth(supplier),
    });
    expect(count.json().data).toEqual({ rating: 4.25, count: 2 });
  });
});

describe('POST /api/searchSupplier/upload', () => {
  it('answers 401 without a token and 403 without UPLOAD_SUPPLIER_LIST', async () => {
    const buffer = await xlsxBuffer([HEADERS, cells({})]);
    expect((await upload('nope', buffer)).statusCode).toBe(401);
    expect((await upload(buyer, buffer)).statusCode).toBe(403);
    expect((await upload(supplier, buffer)).statusCode).toBe(403);
  });

  it('upserts by DUNS: a known DUNS updates its supplier, a new one is added', async () => {
    await seedList();
    const res = await upload(
      admin,
      await xlsxBuffer([
        HEADERS,
        cells({ ...SUPPLIERS[0], city: 'Annapolis', certificationType: 'DBE' }),
        cells({ name: 'New Co', duns: '111222333', certificationType: '' }),
      ]),
    );
    expect(res.json()).toEqual({
      message: 'Suppliers List Uploaded Successfully',
      data: { count: 2 },
    });
    const all = (await search(supplier, { country: 'u' })).json();
    expect(all.totalCount).toBe(3);
    const harbor = (await search(supplier, { duns: '804735132' })).json().data[0];
    expect(harbor).toMatchObject({ city: 'Annapolis', certificationType: 'DBE' });
  });

  it('refuses a file with one bad row, naming row and column, and saves nothing', async () => {
    const res = await upload(
      admin,
      await xlsxBuffer([
        HEADERS,
        cells({ duns: '100000001' }),
        cells({ duns: '12345', businessContactEmail: 'not-an-email' }),
        cells({
          duns: '100000003',
          certificationType: 'MBE, XYZ',
          businessStartDate: '31/31/2020',
        }),
        cells({ duns: '100000004', name: '', businessContactPhone: '555-0100-12345' }),
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Nothing was saved/);
    expect(res.json().errors).toEqual([
      { row: 3, column: 'DUNS', message: 'DUNS must be 9 digits', value: '12345' },
      {
        row: 3,
        column: 'Business Contact Email',
        message: 'Invalid email address',
        value: 'not-an-email',
      },
      { row: 4, column: 'Business Start Date', message: 'Enter Valid Date.', value: '31/31/2020' },
      {
        row: 4,
        column: 'Certification Type',
        message: expect.stringContaining('Unknown certification "XYZ"'),
        value: 'MBE, XYZ',
      },
      { row: 5, column: 'Business Name', message: 'Required' },
      {
        row: 5,
        column: 'Business Contact Phone',
        message: 'Must be a phone number of 10 digits or less',
        value: '555-0100-12345',
      },
    ]);
    expect((await search(supplier, { country: 'u' })).json().totalCount).toBe(0);
  });

  it('serves a template that the upload accepts as it is', async () => {
    expect(
      (await t.app.inject({ url: '/api/searchSupplier/template', headers: t.auth(buyer) }))
        .statusCode,
    ).toBe(403);
    const res = await t.app.inject({ url: '/api/searchSupplier/template', headers: t.auth(admin) });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const up = await upload(admin, res.rawPayload);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toEqual({ count: 1 });
  });
});

describe('certificates through the supplier-list upload', () => {
  const NO_CERT: Fields = {
    certificateType: '',
    certificateAgency: '',
    certificateNumber: '',
    certificateIssueDate: '',
    certificateExpiryDate: '',
  };
  const certificates = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/certificates/list',
        headers: t.auth(admin),
        payload: { pageNumber: 0, pageSize: 100 },
      })
    ).json().data as {
      duns: string;
      diversityType: string;
      agency: string;
      certificateNumber: string | null;
      issueDate: string;
      expiryDate: string;
    }[];
  const summary = (list: Awaited<ReturnType<typeof certificates>>) =>
    list
      .map((c) => [
        c.duns,
        c.diversityType,
        c.agency,
        c.certificateNumber,
        c.issueDate,
        c.expiryDate,
      ])
      .sort((a, b) => String(a).localeCompare(String(b)));

  it("keeps one certificate per row as the directory's, and updates it on a second upload", async () => {
    const one: Fields = {
      duns: '300000001',
      name: 'Cert One',
      certificateType: 'mbe',
      certificateAgency: 'nmsdc',
      certificateNumber: 'N-1',
      certificateIssueDate: '01/15/2025',
      certificateExpiryDate: '01/14/2027',
    };
    const rows = [
      cells(one),
      cells({
        duns: '300000001',
        name: 'Cert One',
        certificateType: 'WBE',
        certificateAgency: 'WBENC',
        certificateNumber: '',
        certificateIssueDate: '2025-03-01',
        certificateExpiryDate: '2026-02-28',
      }),
      cells({ duns: '300000002', name: 'No Cert', ...NO_CERT }),
    ];
    const first = await upload(admin, await xlsxBuffer([HEADERS, ...rows]));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ count: 3 });
    // Types and agencies as the lists spell them; dates stored YYYY-MM-DD.
    const expected = [
      ['300000001', 'MBE', 'NMSDC', 'N-1', '2025-01-15', '2027-01-14'],
      ['300000001', 'WBE', 'WBENC', null, '2025-03-01', '2026-02-28'],
    ];
    expect(summary(await certificates())).toEqual(expected);

    // The same certificate again with a renewal: its dates change, nothing is added.
    rows[0] = cells({ ...one, certificateExpiryDate: '01/14/2029' });
    const second = await upload(admin, await xlsxBuffer([HEADERS, ...rows]));
    expect(second.statusCode, second.body).toBe(200);
    expect(summary(await certificates())).toEqual([
      ['300000001', 'MBE', 'NMSDC', 'N-1', '2025-01-15', '2029-01-14'],
      expected[1],
    ]);
  });

  it('refuses the whole file on a bad certificate, naming the row and column', async () => {
    const good = cells({ duns: '300000011', name: 'Fine Supplier' });
    const bad = await upload(
      admin,
      await xlsxBuffer([
        HEADERS,
        good,
        cells({ duns: '300000012', name: 'Bad Type', certificateType: 'XYZ' }),
        cells({ duns: '300000013', name: 'No Expiry', certificateExpiryDate: '' }),
        cells({
          duns: '300000014',
          name: 'Backwards',
          certificateIssueDate: '05/01/2025',
          certificateExpiryDate: '04/01/2025',
        }),
        cells({ duns: '300000015', name: 'Agency Only', ...NO_CERT, certificateAgency: 'WBENC' }),
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Nothing was saved/);
    expect(bad.json().errors).toEqual([
      {
        row: 3,
        column: 'Certificate Type',
        message: `Unknown certificate type "XYZ"; allowed: ${CERTIFICATION_TYPES.join(', ')}`,
        value: 'XYZ',
      },
      {
        row: 4,
        column: 'Certificate Expiry Date',
        message: 'Required when the row has a certificate',
      },
      {
        row: 5,
        column: 'Certificate Expiry Date',
        message: 'Expiry date must be on or after the issue date',
        value: '04/01/2025',
      },
      { row: 6, column: 'Certificate Type', message: 'Required when the row has a certificate' },
      {
        row: 6,
        column: 'Certificate Issue Date',
        message: 'Required when the row has a certificate',
      },
      {
        row: 6,
        column: 'Certificate Expiry Date',
        message: 'Required when the row has a certificate',
      },
    ]);
    // An agency the organisation does not know: checked when saving, the file still refused.
    const unknown = await upload(
      admin,
      await xlsxBuffer([
        HEADERS,
        good,
        cells({ duns: '300000016', name: 'Odd Agency', certificateAgency: 'Acme Certifiers' }),
      ]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        row: 3,
        column: 'Certifying Agency',
        message: 'Choose one of the agencies of the list (or add it first)',
        value: 'Acme Certifiers',
      },
    ]);
    // Nothing of either file was saved: not the good supplier, not a certificate.
    expect((await search(admin, { duns: '300000011' })).json().totalCount).toBe(0);
    expect(await certificates()).toEqual([]);
  });
});

describe('ratings paging for a directory supplier', () => {
  it('pages through the ratings list newest first', async () => {
    await seedList();
    for (let i = 0; i < 7; i += 1) {
      const { token } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
      await t.app.inject({
        method: 'POST',
        url: '/api/supplier/rating',
        headers: t.auth(token),
        payload: { duns: '123456789', rating: 1 + (i % 5), comment: `Comment ${i}` },
      });
    }
    const page = async (pageNumber: number) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/supplier/rating/list',
          headers: t.auth(supplier),
          payload: { duns: '123456789', pageNumber, pageSize: 5 },
        })
      ).json();
    const first = await page(0);
    const second = await page(1);
    expect(first).toMatchObject({ totalCount: 7, length: 5 });
    expect(second).toMatchObject({ totalCount: 7, length: 2 });
    expect(first.data[0]).toMatchObject({ ratedBy: 'Test User', comment: 'Comment 6' });
    const listed = (await search(supplier, { duns: '123456789' })).json().data[0];
    expect(listed.ratingCount.count).toBe(7);
  });
});

describe('demo directory', () => {
  it('holds about 1,000 suppliers that include the demo spend’s DUNS numbers', async () => {
    const rows = generateDirectory(DEMO_SUPPLIER_SEED);
    expect(rows.length).toBeGreaterThan(950);
    expect(generateDirectory(DEMO_SUPPLIER_SEED)).toEqual(rows);
    await seedDirectory(t.database.db, DEMO_SUPPLIER_SEED);
    const spendDuns = generateSuppliers(DEMO_SUPPLIERS, DEMO_SUPPLIER_SEED)
      .map((s) => s.duns)
      .filter((d): d is string => d !== null);
    for (const duns of spendDuns.slice(0, 5)) {
      expect((await search(supplier, { duns })).json().totalCount).toBe(1);
    }
    const validated = (await search(supplier, { validate: 'X', certification: 'MBE' })).json();
    expect(validated.totalCount).toBeGreaterThan(10);
  });
});

describe('paging a search', () => {
  it('gives every page, and a page past the end, the number of suppliers the pages hold', async () => {
    await seedDirectory(t.database.db, DEMO_SUPPLIER_SEED);
    const ids = new Set<number>();
    const totals = new Set<number>();
    for (let pageNumber = 0; ; pageNumber++) {
      const body = (await search(supplier, { state: 'IL', pageNumber, pageSize: 7 })).json();
      totals.add(body.totalCount);
      for (const row of body.data as { id: number }[]) ids.add(row.id);
      if (body.data.length < 7) break;
    }
    expect(ids.size).toBeGreaterThan(7);
    expect([...totals]).toEqual([ids.size]);
    const past = (await search(supplier, { state: 'IL', pageNumber: 999, pageSize: 7 })).json();
    expect(past).toMatchObject({ totalCount: ids.size, length: 0, data: [] });
  });
});

describe('search indexes', () => {
  it('lets the planner answer contains, prefix, certification and state filters from indexes', async () => {
    await seedDirectory(t.database.db, DEMO_SUPPLIER_SEED);
    const plan = async (where: ReturnType<typeof sql>) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql`explain select id from supplier_directory d where ${where}`,
        );
        const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    // An index condition, not a filter over a scan: a contains pattern is answered by the
    // trigram GIN index, a prefix became an index range.
    for (const where of [
      sql`lower(d.name) like ${'%arbo%'}`,
      sql`lower(d.supplier_dba_name) like ${'%arbo%'}`,
      sql`lower(d.city) like ${'%ousto%'}`,
      sql`lower(d.industry) like ${'%servic%'}`,
      sql`d.duns like ${'55%'}`,
      sql`d.zip like ${'770%'}`,
      sql`d.business_contact_phone like ${'410%'}`,
      sql`d.certifications @> array[${'MBE'}]::text[]`,
      sql`d.state_or_province = ${'TX'}`,
    ]) {
      const text = await plan(where);
      expect(text).toMatch(/Index Cond/);
      expect(text).not.toMatch(/Seq Scan/);
    }
  });
});
