import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EVENT_COLUMNS } from '@spotzcity/shared/diversity-events';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actorWith, signedInUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { XLSX_TYPE, xlsxBuffer } from '../../../test/xlsx.ts';
import { diversityEvents } from '../../db/schema/index.ts';

let t: TestApp;
let admin: string; // SUPER_USER: may upload
let supplier: string; // SUPPLIER: may only view
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedInUser(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  supplier = (await signedInUser(t.app, t.database.db, 'ROLE_SUPPLIER')).token;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(diversityEvents);
});

const HEADERS = EVENT_COLUMNS.map((c) => c.header);

const upload = (token: string, data: Buffer, filename = 'events.xlsx') => {
  const form = multipart({}, { file: { filename, contentType: XLSX_TYPE, data } });
  return t.app.inject({
    method: 'POST',
    url: '/api/diversity_events/upload',
    headers: { ...t.auth(token), ...form.headers },
    payload: form.payload,
  });
};
const list = (token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/diversity_events/list',
    headers: t.auth(token),
    payload,
  });

type Row = [
  string,
  string,
  string,
  string,
  string,
  number | string,
  number | string,
  string,
  string,
];
const row = (
  type: string,
  name: string,
  date: string,
  extra: Partial<Record<string, string>> = {},
): Row => [
  type,
  extra.category ?? 'Manufacturing',
  name,
  extra.city ?? 'Chicago',
  extra.state ?? 'IL',
  1200,
  80,
  date,
  extra.description ?? 'A matchmaking event.',
];

async function seedEvents(rows: Row[]) {
  const res = await upload(admin, await xlsxBuffer([HEADERS, ...rows]));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/diversity_events/template', () => {
  it('answers 401 without a token and 403 without the upload permission', async () => {
    expect((await t.app.inject({ url: '/api/diversity_events/template' })).statusCode).toBe(401);
    const res = await t.app.inject({
      url: '/api/diversity_events/template',
      headers: t.auth(supplier),
    });
    expect(res.statusCode).toBe(403);
  });

  it('serves the template, which the upload accepts as it is', async () => {
    const res = await t.app.inject({
      url: '/api/diversity_events/template',
      headers: t.auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".+\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const up = await upload(admin, res.rawPayload);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toEqual({ message: 'Events Uploaded Successfully', data: { count: 1 } });
  });
});

describe('POST /api/diversity_events/upload', () => {
  it('answers 401 without a token and 403 without UPLOAD_DIVERSITY_EVENT', async () => {
    const buffer = await xlsxBuffer([HEADERS, row('Trade', 'Expo', '2027-01-10')]);
    expect((await upload('nope', buffer)).statusCode).toBe(401);
    expect((await upload(supplier, buffer)).statusCode).toBe(403);
    expect((await list(admin)).json().totalCount).toBe(0);
  });

  it('stores every event, matching headers loosely, and updates an event uploaded again', async () => {
    const loose = [
      'event type',
      'CATEGORY',
      'Event-Name',
      'city',
      'State',
      'attendance',
      'Exhibitors',
      'start date',
      'Description',
    ];
    await upload(
      admin,
      await xlsxBuffer([
        loose,
        row('trade', 'Expo A', '01/10/2027'),
        row('Conference', 'Summit B', '2027-02-01'),
      ]),
    );
    const again = await upload(
      admin,
      await xlsxBuffer([HEADERS, row('Trade', 'EXPO A', '2027-01-10', { city: 'Detroit' })]),
    );
    expect(again.json().data).toEqual({ count: 1 });
    const trade = (await list(admin, { eventType: 'Trade' })).json();
    expect(trade.totalCount).toBe(1);
    expect(trade.data[0]).toMatchObject({
      eventType: 'Trade',
      eventName: 'EXPO A',
      city: 'Detroit',
      state: 'IL',
      attendance: 1200,
      exhibitor: 80,
      date: '01/10/2027',
      startDate: '2027-01-10',
    });
  });

  it('refuses a file with one bad row, naming the row and column, and saves nothing', async () => {
    const rows = [
      row('Trade', 'Good', '2027-01-10'),
      row('Fair', 'Bad type', '2027-01-11'),
      row('Trade', 'Bad date', '13/45/2027'),
    ];
    rows.push(['Trade', '', 'Big', '', '', 'many', -3, '2027-03-01', '']);
    const res = await upload(admin, await xlsxBuffer([HEADERS, ...rows]));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Nothing was saved/);
    expect(res.json().errors).toEqual([
      {
        row: 3,
        column: 'Event Type',
        message: 'Must be one of: Trade, Conference, Consumers',
        value: 'Fair',
      },
      { row: 4, column: 'Start Date', message: 'Enter Valid Date', value: '13/45/2027' },
      {
        row: 5,
        column: 'Attendance',
        message: 'Must be a whole number of 0 or more',
        value: 'many',
      },
      { row: 5, column: 'Exhibitor', message: 'Must be a whole number of 0 or more', value: '-3' },
    ]);
    expect((await list(admin)).json().totalCount).toBe(0);
  });

  it('names a missing required column and refuses another file type', async () => {
    const res = await upload(
      admin,
      await xlsxBuffer([
        ['Event Type', 'Event Name'],
        ['Trade', 'X'],
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Start Date');
    const csv = await upload(admin, Buffer.from('Event Type\nTrade\n'), 'events.csv');
    expect(csv.statusCode).toBe(400);
  });
});

describe('POST /api/diversity_events/list', () => {
  beforeEach(async () => {
    await seedEvents([
      row('Trade', 'Houston Expo', '2027-03-01', {
        city: 'Houston',
        state: 'TX',
        category: 'Energy',
      }),
      row('Trade', 'Austin Fair', '2027-01-15', { city: 'Austin', state: 'TX', category: 'Tech' }),
      row('Trade', 'Boston Expo', '2027-02-10', {
        city: 'Boston',
        state: 'MA',
        category: 'Energy',
      }),
      row('Conference', 'Diversity Summit', '2027-04-01'),
      row('Consumers', 'Consumer Show', '2027-05-01'),
    ]);
  });

  it('answers 401 without a token and 403 without an events permission', async () => {
    expect((await list('nope')).statusCode).toBe(401);
    const { token: outsider } = await actorWith(t.app, t.database.db, ['PASSWORD_RESET']);
    expect((await list(outsider)).statusCode).toBe(403);
    const { token } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER');
    // A buyer user holds DIVERSITY_EVENTS_VIEW by default, so it may read.
    expect((await list(token)).statusCode).toBe(200);
    expect((await list(supplier)).statusCode).toBe(200);
  });

  it('lists one tab at a time, by start date ascending by default', async () => {
    const names = async (body: object) =>
      (await list(supplier, body)).json().data.map((e: { eventName: string }) => e.eventName);
    expect(await names({ eventType: 'Trade' })).toEqual([
      'Austin Fair',
      'Boston Expo',
      'Houston Expo',
    ]);
    expect(await names({ eventType: 'Conference' })).toEqual(['Diversity Summit']);
    expect(await names({ eventType: 'Consumers' })).toEqual(['Consumer Show']);
  });

  // The spec names startDate; 'date' (the column's name) is accepted from older clients.
  it.each(['startDate', 'date'])('sorts on %s ASC then DESC, page by page', async (sortOn) => {
    const page = async (sortOrder: string, pageNumber: number) =>
      (
        await list(supplier, {
          eventType: 'Trade',
          sortOn,
          sortOrder,
          pageNumber,
          pageSize: 2,
        })
      ).json();
    const asc = await page('ASC', 0);
    expect(asc.data.map((e: { startDate: string }) => e.startDate)).toEqual([
      '2027-01-15',
      '2027-02-10',
    ]);
    expect(asc).toMatchObject({ totalCount: 3, pageNumber: 0, pageSize: 2, length: 2 });
    const desc0 = await page('DESC', 0);
    const desc1 = await page('DESC', 1);
    expect([...desc0.data, ...desc1.data].map((e: { startDate: string }) => e.startDate)).toEqual([
      '2027-03-01',
      '2027-02-10',
      '2027-01-15',
    ]);
    const past = await page('DESC', 5);
    expect(past).toMatchObject({ data: [], totalCount: 3, length: 0 });
  });

  it('filters on category, name, city and state in part ignoring case, and on a date range', async () => {
    const count = async (filters: object) =>
      (await list(supplier, { eventType: 'Trade', filters })).json().totalCount;
    expect(await count({ category: 'ENER' })).toBe(2);
    expect(await count({ eventName: 'expo' })).toBe(2);
    expect(await count({ city: 'aus' })).toBe(1);
    expect(await count({ state: 'tx' })).toBe(2);
    expect(await count({ state: 'tx', eventName: 'expo' })).toBe(1);
    expect(await count({ fromDate: '2027-02-01', toDate: '2027-02-28' })).toBe(1);
    expect(await count({ eventName: '%' })).toBe(0);
    expect(await count({ category: '', city: '' })).toBe(3);
  });

  it('refuses a bad tab, a bad date and a range that ends before it starts', async () => {
    const bad = await list(supplier, { eventType: 'Webinar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ field: 'eventType' });
    const range = await list(supplier, {
      filters: { fromDate: '2027-03-01', toDate: '2027-01-01' },
    });
    expect(range.statusCode).toBe(400);
    expect(range.json().errors[0]).toEqual({
      field: 'filters.toDate',
      message: 'Enter Valid Date',
    });
  });

  it('refuses a date that only looks like one, as a field error', async () => {
    for (const [field, date] of [
      ['fromDate', '9234-23-71'],
      ['toDate', '2027-02-30'],
    ] as const) {
      const res = await list(supplier, { filters: { [field]: date } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        { field: `filters.${field}`, message: 'Enter Valid Date' },
      ]);
    }
  });
});

describe('demo events', () => {
  it('seeds the same events every time, in all three tabs, within the coming year', async () => {
    const { generateEvents, seedEvents } = await import('../../db/seed/events.ts');
    const today = new Date('2026-11-22T00:00:00Z');
    expect(generateEvents(today)).toEqual(generateEvents(today));
    await seedEvents(t.database.db, today);
    await seedEvents(t.database.db, today);
    for (const eventType of ['Trade', 'Conference', 'Consumers']) {
      const page = (await list(supplier, { eventType, pageSize: 100 })).json();
      expect(page.totalCount).toBeGreaterThanOrEqual(15);
      for (const e of page.data as { startDate: string }[]) {
        expect(e.startDate > '2026-11-22' && e.startDate <= '2027-11-22').toBe(true);
      }
    }
  });
});
