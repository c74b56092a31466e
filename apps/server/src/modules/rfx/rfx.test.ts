import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import { formatMoney } from '@spotzcity/shared/format';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, actorWith } from '../../../test/factories.ts';
import { dataOf } from '../../../test/replies.ts';
import { apiCaller, itGuardsEveryEndpoint, type Endpoint } from '../../../test/record-module.ts';
import { keepReport, pdfPages, pptxCharts, pptxTables } from '../../../test/reports.ts';
import { rfx } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = Record<string, unknown>;

const supplier = (over: Body = {}): Body => ({
  supplierIncluded: 'Bright Path Logistics',
  ethenicityCategory: 'Black',
  diversityCategory: ['MBE'],
  deals: 'Won',
  pointOfContact: 'Keisha Brown',
  ...over,
});

let serial = 0;
const validRfx = (over: Body = {}): Body => ({
  rfxNumber: `RFX-${++serial}`,
  rfxName: 'Warehouse racking replacement',
  type: 'RFP',
  category: 'Facilities',
  categoryManager: 'Dana Whitfield',
  startDate: '2025-02-03T00:00:00-06:00',
  submitDate: '2025-03-14T23:59:59-06:00',
  contractValue: 250000,
  rfxCompleted: 'Yes',
  offset: 360,
  rfxSupplier: [
    supplier(),
    supplier({
      supplierIncluded: 'Northline Industrial Supply',
      ethenicityCategory: '',
      diversityCategory: ['NON_DIVERSE'],
      deals: 'Loss',
      pointOfContact: undefined,
      reasonForLoss: 'Suppliers bid was too high (outlier)',
    }),
  ],
  ...over,
});

const call = apiCaller(() => t);

const create = (token: string, body: Body) => call(token, 'POST', '/api/rfx/create', body);

const ENDPOINTS: Endpoint[] = [
  ['POST', '/api/rfx/list'],
  ['GET', '/api/rfx/detail/1'],
  ['POST', '/api/rfx/create'],
  ['PUT', '/api/rfx/create'],
  ['DELETE', '/api/rfx/delete?id=1'],
  ['POST', '/api/rfx/dashboard/list'],
  ['POST', '/api/rfx/dashboard/graph'],
  ['POST', '/api/rfx/dashboard/sourcing'],
  ['GET', '/api/excel/list/rfx'],
  ['POST', '/api/excel/rfx'],
  ['POST', '/api/report/rfx/pptx'],
  ['POST', '/api/report/rfx/pdf'],
];

describe('access', () => {
  itGuardsEveryEndpoint(() => t, ENDPOINTS, { section: 'RFx', body: () => validRfx({ id: 1 }) });

  it('lets a viewer read but refuses add, edit, delete and reports, changing nothing', async () => {
    const viewer = await actorWith(t.app, t.database.db, ['RFX_VIEW']);
    // An RFx in the viewer's organisation, made by an editor there.
    const editor = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN', {
      clientRef: viewer.org.id,
    });
    const made = (await create(editor.token, validRfx())).json().data as RfxRecord;

    expect((await call(viewer.token, 'POST', '/api/rfx/list', {})).json().totalCount).toBe(1);
    const attempts = [
      await create(viewer.token, validRfx()),
      await call(viewer.token, 'PUT', '/api/rfx/create', validRfx({ id: made.id, rfxName: 'X' })),
      await call(viewer.token, 'DELETE', '/api/rfx/delete', { id: made.id }),
      await call(viewer.token, 'POST', '/api/rfx/dashboard/list', { quaters: ['Q1'], year: 2025 }),
      await call(viewer.token, 'POST', '/api/rfx/dashboard/graph', { quaters: ['Q1'], year: 2025 }),
      await call(viewer.token, 'POST', '/api/rfx/dashboard/sourcing', {
        quaters: ['Q1'],
        year: 2025,
      }),
      await call(viewer.token, 'POST', '/api/excel/rfx', {
        excel: true,
        spendData: { period: { quaters: ['Q1'], year: 2025 } },
      }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect((await call(viewer.token, 'GET', '/api/excel/list/rfx')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(rfx).where(eq(rfx.clientRef, viewer.org.id));
    expect(rows.map((r) => r.rfxName)).toEqual([made.rfxName]);
  });

  it('refuses deletion to a Buyer User (no DELETE_RFX)', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    const made = (await create(token, validRfx())).json().data as RfxRecord;
    const res = await call(token, 'DELETE', '/api/rfx/delete', { id: made.id });
    expect(res.statusCode).toBe(403);
    expect((await call(token, 'GET', `/api/rfx/detail/${made.id}`)).statusCode).toBe(200);
  });
});

describe('records', () => {
  it('adds an RFx with its suppliers and answers it in the spec’s shape', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await create(token, validRfx({ rfxNumber: 'RFP-2025-014' }));
    expect(dataOf(res, 'Created Successfully')).toMatchObject({
      rfxNumber: 'RFP-2025-014',
      rfxName: 'Warehouse racking replacement',
      type: 'RFP',
      category: 'Facilities',
      categoryManager: 'Dana Whitfield',
      startDate: '2025-02-03',
      submitDate: '2025-03-14',
      submited: '2025-03-14',
      contractValue: 250000,
      rfxCompleted: 'Yes',
      offset: 360,
      supplierCount: 2,
      status: 'Awarded',
      rfxSupplier: [
        {
          supplierIncluded: 'Bright Path Logistics',
          ethenicityCategory: 'Black',
          diversityCategory: ['MBE'],
          deals: 'Won',
          pointOfContact: 'Keisha Brown',
          reasonForLoss: null,
        },
        {
          supplierIncluded: 'Northline Industrial Supply',
          ethenicityCategory: null,
          diversityCategory: ['NON_DIVERSE'],
          deals: 'Loss',
          pointOfContact: null,
          reasonForLoss: 'Suppliers bid was too high (outlier)',
        },
      ],
    });
  });

  it('lists newest first with paging, and updates with PUT replacing the suppliers', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const older = (await create(token, validRfx({ startDate: '2024-05-01' }))).json().data;
    const newer = (await create(token, validRfx({ startDate: '2025-01-06' }))).json().data;
    const page0 = await call(token, 'POST', '/api/rfx/list', { pageNumber: 0, pageSize: 1 });
    expect(page0.json()).toMatchObject({ totalCount: 2, pageNumber: 0, pageSize: 1, length: 1 });
    // The list's record, suppliers in their order, is the record the create answered with.
    expect(page0.json().data[0]).toEqual(newer);
    const page1 = await call(token, 'POST', '/api/rfx/list', { pageNumber: 1, pageSize: 1 });
    expect(page1.json().data[0]).toEqual(older);
    // A page past the end has no row to carry the total: it is still the total.
    const past = await call(token, 'POST', '/api/rfx/list', { pageNumber: 5, pageSize: 1 });
    expect(past.json()).toMatchObject({ totalCount: 2, length: 0, data: [] });

    const res = await call(
      token,
      'PUT',
      '/api/rfx/create',
      validRfx({
        id: older.id,
        rfxNumber: older.rfxNumber,
        rfxName: 'Racking (re-bid)',
        rfxCompleted: 'No',
        rfxSupplier: [supplier({ deals: undefined, pointOfContact: 'kept only when Won' })],
      }),
    );
    expect(dataOf(res, 'Updated Successfully')).toMatchObject({
      id: older.id,
      rfxName: 'Racking (re-bid)',
      status: 'Open',
      supplierCount: 1,
      rfxSupplier: [{ deals: null, pointOfContact: null }],
    });
  });

  it('reports Not Awarded for a completed RFx that every supplier lost', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await create(
      token,
      validRfx({
        rfxSupplier: [
          supplier({
            deals: 'Loss',
            reasonForLoss: 'Other',
            reasonForLossOther: 'Scope withdrawn by the business',
          }),
        ],
      }),
    );
    expect(res.json().data).toMatchObject({
      status: 'Not Awarded',
      rfxSupplier: [
        {
          reasonForLoss: 'Other',
          reasonForLossOther: 'Scope withdrawn by the business',
          pointOfContact: null,
        },
      ],
    });
  });

  it('deletes with the id in the body or in the query', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const a = (await create(token, validRfx())).json().data;
    const b = (await create(token, validRfx())).json().data;
    const byBody = await call(token, 'DELETE', '/api/rfx/delete', { id: a.id });
    expect(byBody.statusCode).toBe(200);
    expect(byBody.json().message).toBe('Deleted Successfully');
    expect((await call(token, 'DELETE', `/api/rfx/delete?id=${b.id}`)).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/rfx/list', {})).json().totalCount).toBe(0);
    expect((await call(token, 'GET', `/api/rfx/detail/${a.id}`)).statusCode).toBe(404);
  });

  it('takes the id from the query string when the body names another, and refuses a bad one in either', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const a = (await create(token, validRfx())).json().data;
    const b = (await create(token, validRfx())).json().data;
    const both = await call(token, 'DELETE', `/api/rfx/delete?id=${a.id}`, { id: b.id });
    expect(both.statusCode).toBe(200);
    expect((await call(token, 'GET', `/api/rfx/detail/${a.id}`)).statusCode).toBe(404);
    expect((await call(token, 'GET', `/api/rfx/detail/${b.id}`)).statusCode).toBe(200);
    const badBody = await call(token, 'DELETE', `/api/rfx/delete?id=${b.id}`, { id: 'first' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toEqual([{ field: 'id', message: expect.any(String) }]);
    expect((await call(token, 'GET', `/api/rfx/detail/${b.id}`)).statusCode).toBe(200);
  });

  it('refuses a second RFx with the same number in one organisation (409), not in another', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await create(token, validRfx({ rfxNumber: 'RFQ-77' }));
    const again = await create(token, validRfx({ rfxNumber: 'rfq-77' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { field: 'rfxNumber', message: 'An RFx with this number already exists.' },
    ]);
    const other = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    expect((await create(other.token, validRfx({ rfxNumber: 'RFQ-77' }))).statusCode).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another organisation’s RFx and changes nothing', async () => {
    const owner = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const intruder = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const mine = (await create(owner.token, validRfx())).json().data as RfxRecord;

    const detail = await call(intruder.token, 'GET', `/api/rfx/detail/${mine.id}`);
    const update = await call(
      intruder.token,
      'PUT',
      '/api/rfx/create',
      validRfx({ id: mine.id, rfxName: 'Hijacked' }),
    );
    const updateByPost = await create(intruder.token, validRfx({ id: mine.id, rfxName: 'Hijack' }));
    const remove = await call(intruder.token, 'DELETE', '/api/rfx/delete', { id: mine.id });
    expect([detail, update, updateByPost, remove].map((r) => r.statusCode)).toEqual([
      404, 404, 404, 404,
    ]);
    expect(remove.json()).toEqual({ message: 'RFx not found' });

    const stored = await call(owner.token, 'GET', `/api/rfx/detail/${mine.id}`);
    expect(stored.json().data).toEqual(mine);
    const list = await call(intruder.token, 'POST', '/api/rfx/list', {});
    expect(list.json().totalCount).toBe(0);
    const period = { quaters: ['Q1'], year: 2025 };
    const graph = await call(intruder.token, 'POST', '/api/rfx/dashboard/graph', period);
    expect(Object.values(graph.json().data).every((v) => v === 0)).toBe(true);
  });
});

describe('validation', () => {
  const errorsFor = async (body: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const { token, org } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await call(token, method, '/api/rfx/create', body);
    const saved = await t.database.db.select().from(rfx).where(eq(rfx.clientRef, org.id));
    expect(saved).toEqual([]);
    return res;
  };

  it('answers 400 with a field error for every required field', async () => {
    const res = await errorsFor({ rfxSupplier: [{}] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Required',
      errors: [
        { field: 'rfxNumber', message: 'Required' },
        { field: 'rfxName', message: 'Required' },
        { field: 'type', message: 'Required' },
        { field: 'category', message: 'Required' },
        { field: 'startDate', message: 'Required' },
        { field: 'submitDate', message: 'Required' },
        { field: 'contractValue', message: 'Required' },
        { field: 'rfxCompleted', message: 'Required' },
        { field: 'rfxSupplier.0.supplierIncluded', message: 'Required' },
        { field: 'rfxSupplier.0.diversityCategory', message: 'Required' },
      ],
    });
  });

  it.each([
    ['rfxNumber', 'R'.repeat(16), 'Must be 15 characters or less'],
    ['rfxName', 'N'.repeat(51), 'Must be 50 characters or less'],
    ['category', 'C'.repeat(51), 'Must be 50 characters or less'],
    ['categoryManager', 'M'.repeat(51), 'Must be 50 characters or less'],
    ['contractValue', 1_000_000_000.01, 'Must be 1000000000 equal or less'],
    ['contractValue', '-500', 'Must be 0 or more'],
    ['contractValue', -500, 'Must be 0 or more'],
    ['contractValue', '12abc', 'Must be a number'],
    ['startDate', '2025-02-30', 'Enter Valid Date.'],
    ['submitDate', '2025-02-01T23:59:59-06:00', 'Enter Valid Date.'],
  ])('rejects %s = %j with “%s”', async (field, value, message) => {
    const res = await errorsFor(validRfx({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it.each([
    [{ supplierIncluded: 'S'.repeat(51) }, 'supplierIncluded', 'Must be 50 characters or less'],
    [{ diversityCategory: [] }, 'diversityCategory', 'Required'],
    [{ deals: 'Won', pointOfContact: ' ' }, 'pointOfContact', 'Required'],
    [{ deals: 'Loss', reasonForLoss: '' }, 'reasonForLoss', 'Required'],
    [{ deals: 'Loss', reasonForLoss: 'Other' }, 'reasonForLossOther', 'Required'],
  ])('rejects a supplier with %j: %s “%s”', async (over, field, message) => {
    const res = await errorsFor(validRfx({ rfxSupplier: [supplier(), supplier(over)] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: `rfxSupplier.1.${field}`, message }]);
  });

  it('needs at least one supplier', async () => {
    const res = await errorsFor(validRfx({ rfxSupplier: [] }));
    expect(res.json().errors).toEqual([
      { field: 'rfxSupplier', message: 'Add at least one supplier' },
    ]);
  });

  it('needs the id to update with PUT', async () => {
    const res = await errorsFor(validRfx(), 'PUT');
    expect(res.json().errors).toEqual([{ field: 'id', message: 'Required' }]);
  });

  it('answers 422 Payload Mismatch to a body that is not an object', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rfx/create',
      payload: '[1,2]',
      headers: { ...t.auth(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Payload Mismatch' });
  });
});

describe('dates keep the calendar day the user picked', () => {
  it.each([
    ['2025-03-31', '2025-03-31', undefined],
    ['2025-03-31T00:00:00+14:00', '2025-03-31T23:59:59+14:00', undefined],
    ['2025-03-31T00:00:00-12:00', '2025-03-31T23:59:59-12:00', undefined],
    // A UTC instant is moved back to the sender's zone with getTimezoneOffset() minutes.
    ['2025-03-31T05:00:00.000Z', '2025-04-01T04:59:59.000Z', 300],
    ['2025-03-30T15:00:00.000Z', '2025-03-31T14:59:59.000Z', -540],
  ])('start %s, submit %s (offset %s) → 2025-03-31', async (startDate, submitDate, offset) => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await create(token, validRfx({ startDate, submitDate, offset }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ startDate: '2025-03-31', submitDate: '2025-03-31' });
  });
});

/* ---------- dashboard figures against an independent computation ---------- */

interface FixtureSupplier {
  name: string;
  types: string[];
  deal?: 'Won' | 'Loss';
}
interface FixtureRfx {
  start: string;
  value: number;
  suppliers: FixtureSupplier[];
}

const fixture: FixtureRfx[] = [
  {
    start: '2024-01-15',
    value: 120000.5,
    suppliers: [
      { name: 'A', types: ['MBE', 'WBE'], deal: 'Won' },
      { name: 'B', types: ['NON_DIVERSE'], deal: 'Loss' },
    ],
  },
  {
    start: '2024-02-29',
    value: 80000,
    suppliers: [
      { name: 'C', types: ['NON_DIVERSE'], deal: 'Won' },
      { name: 'D', types: ['VBE'], deal: 'Loss' },
      { name: 'E', types: ['WBE'], deal: 'Loss' },
    ],
  },
  {
    start: '2024-03-31',
    value: 45000.25,
    suppliers: [
      { name: 'F', types: ['SDVBE', 'VBE'], deal: 'Won' },
      { name: 'G', types: ['MBE'], deal: 'Won' },
    ],
  },
  {
    start: '2024-04-01',
    value: 999999.99,
    suppliers: [{ name: 'H', types: ['MBE'], deal: 'Won' }],
  },
  {
    start: '2024-06-30',
    value: 15000,
    suppliers: [
      { name: 'I', types: ['HUB'] },
      { name: 'J', types: ['NON_DIVERSE'] },
    ],
  },
  {
    start: '2024-09-15',
    value: 300000,
    suppliers: [
      { name: 'K', types: ['8A', 'SDB'], deal: 'Won' },
      { name: 'L', types: ['NON_DIVERSE'], deal: 'Loss' },
    ],
  },
  {
    start: '2024-12-31',
    value: 62000,
    suppliers: [{ name: 'M', types: ['NON_DIVERSE'], deal: 'Won' }],
  },
  {
    start: '2023-12-31',
    value: 5000000,
    suppliers: [{ name: 'N', types: ['MBE'], deal: 'Won' }],
  },
  {
    start: '2025-01-01',
    value: 7000000,
    suppliers: [{ name: 'O', types: ['WBE'], deal: 'Won' }],
  },
];

const QUARTER_OF = (date: string) => `Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
const pct = (part: number, whole: number) => (whole ? (part / whole) * 100 : 0);

/** Plain code over the fixture, written without the service. */
function expected(quaters: string[], year: number) {
  const chosen = fixture.filter(
    (r) => Number(r.start.slice(0, 4)) === year && quaters.includes(QUARTER_OF(r.start)),
  );
  const invitedRows = chosen.flatMap((r) => r.suppliers);
  const wonRows = invitedRows.filter((s) => s.deal === 'Won');
  const isDiverse = (s: FixtureSupplier) => s.types.some((x) => x !== 'NON_DIVERSE');
  const wonRfx = chosen.filter((r) => r.suppliers.some((s) => s.deal === 'Won'));
  const wonValue = wonRfx.reduce((sum, r) => sum + r.value, 0);
  const graph: Record<string, number> = {};
  for (const type of DIVERSITY_TYPES) {
    graph[type] = wonRfx
      .filter((r) => r.suppliers.some((s) => s.deal === 'Won' && s.types.includes(type)))
      .reduce((sum, r) => sum + r.value, 0);
  }
  const diverseWonValue = wonRfx
    .filter((r) => r.suppliers.some((s) => s.deal === 'Won' && isDiverse(s)))
    .reduce((sum, r) => sum + r.value, 0);
  return {
    rows: chosen.sort((a, b) => a.start.localeCompare(b.start)).map((r) => r.start),
    graph,
    invited: invitedRows.length,
    won: wonRows.length,
    wonValue,
    diverse: {
      invited: invitedRows.filter(isDiverse).length,
      won: wonRows.filter(isDiverse).length,
      wonValue: diverseWonValue,
    },
    perType: Object.fromEntries(
      DIVERSITY_TYPES.map((type) => [
        type,
        {
          invited: invitedRows.filter((s) => s.types.includes(type)).length,
          won: wonRows.filter((s) => s.types.includes(type)).length,
          wonValue: graph[type]!,
        },
      ]),
    ),
  };
}

describe('dashboard figures', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN'));
    for (const [i, r] of fixture.entries()) {
      const res = await create(
        token,
        validRfx({
          rfxNumber: `FX-${i}`,
          startDate: r.start,
          submitDate: r.start,
          contractValue: r.value,
          rfxSupplier: r.suppliers.map((s) =>
            supplier({
              supplierIncluded: s.name,
              diversityCategory: s.types,
              deals: s.deal,
              pointOfContact: s.deal === 'Won' ? 'Contact' : undefined,
              reasonForLoss: s.deal === 'Loss' ? 'Supplier turned in response too late' : undefined,
            }),
          ),
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    // Another organisation's RFx in the same period must not count.
    const other = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await create(other.token, validRfx({ startDate: '2024-02-01', submitDate: '2024-02-02' }));
  });

  it.each([
    [['Q1'], 2024],
    [['Q1', 'Q2'], 2024],
    [['Q2', 'Q4'], 2024],
    [['Q1', 'Q2', 'Q3', 'Q4'], 2024],
    [['Q3'], 2023],
  ])('for %j %i: table, graph and diversity in sourcing', async (quaters, year) => {
    const want = expected(quaters, year);
    const period = { quaters, year };

    const list = await call(token, 'POST', '/api/rfx/dashboard/list', { ...period, pageSize: 100 });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBe(want.rows.length);
    expect(list.json().data.map((r: RfxRecord) => r.startDate)).toEqual(want.rows);

    const graph = await call(token, 'POST', '/api/rfx/dashboard/graph', period);
    expect(Object.keys(graph.json().data)).toEqual([...DIVERSITY_TYPES]);
    for (const type of DIVERSITY_TYPES) {
      expect(graph.json().data[type]).toBeCloseTo(want.graph[type]!, 2);
    }

    const view = (await call(token, 'POST', '/api/rfx/dashboard/sourcing', period)).json().data;
    expect(view.totals).toMatchObject({
      rfxCount: want.rows.length,
      invited: want.invited,
      won: want.won,
    });
    expect(view.totals.wonValue).toBeCloseTo(want.wonValue, 2);
    expect(view.diverse.invited).toBe(want.diverse.invited);
    expect(view.diverse.won).toBe(want.diverse.won);
    expect(view.diverse.wonValue).toBeCloseTo(want.diverse.wonValue, 2);
    expect(view.diverse.invitedShare).toBeCloseTo(pct(want.diverse.invited, want.invited), 2);
    expect(view.diverse.wonShare).toBeCloseTo(pct(want.diverse.won, want.won), 2);
    expect(view.diverse.wonValueShare).toBeCloseTo(pct(want.diverse.wonValue, want.wonValue), 2);
    for (const row of view.rows) {
      const w = want.perType[row.diversityType]!;
      expect([row.invited, row.won]).toEqual([w.invited, w.won]);
      expect(row.wonValue).toBeCloseTo(w.wonValue, 2);
      expect(row.invitedShare).toBeCloseTo(pct(w.invited, want.invited), 2);
      expect(row.wonShare).toBeCloseTo(pct(w.won, want.won), 2);
      expect(row.wonValueShare).toBeCloseTo(pct(w.wonValue, want.wonValue), 2);
    }
  });

  it('exports the dashboard to Excel with every figure recomputed on the server', async () => {
    const period = { quaters: ['Q2', 'Q1'], year: 2024 };
    const want = expected(period.quaters, period.year);
    const res = await call(token, 'POST', '/api/excel/rfx', {
      excel: true,
      // Figures sent by the browser are ignored; formula-like text is written as text.
      spendData: {
        period,
        analysis: '=HYPERLINK("http://evil.example")',
        graph: { MBE: 1 },
        lists: [{ rfxName: 'Made up' }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(
      'filename="RFx Dashboard - Q1-Q2 2024.xlsx"',
    );

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'RFx',
      'Contract Value',
      'Diversity in Sourcing',
    ]);
    const summary = book.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Period: RFx Q1-Q2 2024');
    const texts = summary.getColumn(2).values.map(String);
    expect(texts).toContain(`=HYPERLINK("http://evil.example")`);
    // The counting note the dashboard shows under its per-type figures.
    expect(summary.getSheetValues().flat().map(String)).toContain(
      'A vendor with several diversity types counts under each of them.',
    );

    const rows = book.getWorksheet('RFx')!;
    expect(rows.rowCount - 1).toBe(want.rows.length);
    const starts = want.rows.map((_, i) =>
      (rows.getRow(i + 2).getCell(4).value as Date).toISOString().slice(0, 10),
    );
    expect(starts).toEqual(want.rows);

    const values = book.getWorksheet('Contract Value')!;
    DIVERSITY_TYPES.forEach((type, i) => {
      expect(values.getRow(i + 2).getCell(3).value).toBeCloseTo(want.graph[type]!, 2);
    });

    const view = book.getWorksheet('Diversity in Sourcing')!;
    const diverse = view.getRow(2).values as unknown[];
    expect(diverse.slice(1)).toEqual([
      'All diverse suppliers',
      want.diverse.invited,
      // Percent cells hold the fraction (70% is 0.7), formatted as a percentage.
      expect.closeTo(pct(want.diverse.invited, want.invited) / 100, 4),
      want.diverse.won,
      expect.closeTo(pct(want.diverse.won, want.won) / 100, 4),
      expect.closeTo(want.diverse.wonValue, 2),
      expect.closeTo(pct(want.diverse.wonValue, want.wonValue) / 100, 4),
    ]);
    expect(view.getRow(2).getCell(3).numFmt).toBe('0.00%');
    const all = view.getRow(view.rowCount).values as unknown[];
    expect(all.slice(1, 5)).toEqual(['All suppliers', want.invited, 1, want.won]);
  });

  it('builds the report: native chart values from the API, every RFx row in tables and PDF', async () => {
    const period = { quaters: ['Q1', 'Q2', 'Q3', 'Q4'], year: 2024 };
    const want = expected(period.quaters, period.year);
    const graph = (await call(token, 'POST', '/api/rfx/dashboard/graph', period)).json().data;
    const list = (
      await call(token, 'POST', '/api/rfx/dashboard/list', { ...period, pageSize: 100 })
    ).json().data as (RfxRecord & { rfxNumber: string })[];
    const pptx = await call(token, 'POST', '/api/report/rfx/pptx', period);
    expect(pptx.statusCode, pptx.body).toBe(200);
    keepReport('rfx.pptx', pptx.rawPayload);
    expect(pptx.headers['content-disposition']).toContain(
      'filename="RFx Dashboard - Q1-Q2-Q3-Q4 2024.pptx"',
    );
    const [chart] = await pptxCharts(pptx.rawPayload);
    expect(chart![0]!.values).toEqual(DIVERSITY_TYPES.map((type) => graph[type]));
    const rows = (await pptxTables(pptx.rawPayload)).flatMap((table) => table.slice(1));
    const numbers = rows.map((r) => r[1]).filter((n) => n?.startsWith('FX-'));
    expect(numbers.sort()).toEqual(list.map((r) => r.rfxNumber).sort());
    expect(numbers).toHaveLength(want.rows.length);

    const pdf = await call(token, 'POST', '/api/report/rfx/pdf', period);

    keepReport('rfx.pdf', pdf.rawPayload);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const r of list) expect(text).toContain(r.rfxNumber);
    expect(text).toContain(formatMoney(want.wonValue));
    expect(text).toContain('Period: Q1-Q2-Q3-Q4 2024');
  });

  it('downloads the list as Excel, only the organisation’s own RFx', async () => {
    const res = await call(token, 'GET', '/api/excel/list/rfx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="RFx List.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('RFx')!.rowCount - 1).toBe(fixture.length);
    const suppliers = book.getWorksheet("Supplier's Data")!;
    expect(suppliers.rowCount - 1).toBe(fixture.flatMap((r) => r.suppliers).length);
    expect(suppliers.getRow(1).values).toEqual([
      undefined,
      'RFx Number',
      'Supplier',
      'Diversity Category',
      'Ethnicity Category',
      'Deals',
      'Point of Contact',
      'Reason for Loss',
    ]);
  });

  it('accepts the quarters as one string and validates the period', async () => {
    const ok = await call(token, 'POST', '/api/rfx/dashboard/graph', {
      quaters: 'Q1-Q2',
      year: 2024,
    });
    expect(ok.json().data.MBE).toBeCloseTo(expected(['Q1', 'Q2'], 2024).graph.MBE!, 2);
    const bad = await call(token, 'POST', '/api/rfx/dashboard/list', { quaters: [], year: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(['quaters', 'year']);
  });
});
