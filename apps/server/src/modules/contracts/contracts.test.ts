import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONTHS } from '@spotzcity/shared/enums';
import { formatMoney } from '@spotzcity/shared/format';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, actorWith } from '../../../test/factories.ts';
import { apiCaller, itGuardsEveryEndpoint, type Endpoint } from '../../../test/record-module.ts';
import { validContract, type ContractBody } from '../../../test/contracts.ts';
import { keepReport, pdfPages, pptxCharts, pptxTables } from '../../../test/reports.ts';
import { contracts } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = ContractBody;

const call = apiCaller(() => t);

const create = (token: string, body: Body) => call(token, 'POST', '/api/contract/create', body);

const ENDPOINTS: Endpoint[] = [
  ['POST', '/api/contract/list'],
  ['GET', '/api/contract/detail/1'],
  ['POST', '/api/contract/create'],
  ['PUT', '/api/contract/create'],
  ['DELETE', '/api/contract/delete?id=1'],
  ['POST', '/api/contract/topNewContract'],
  ['POST', '/api/contract/totalDiverseSupplier'],
  ['POST', '/api/contract/percentageContract'],
  ['POST', '/api/contract/contractPerDiversityMom'],
  ['GET', '/api/excel/list/contract'],
  ['POST', '/api/excel/contract'],
  ['POST', '/api/report/contract/pptx'],
  ['POST', '/api/report/contract/pdf'],
];

describe('access', () => {
  itGuardsEveryEndpoint(() => t, ENDPOINTS, {
    section: 'contract',
    body: () => validContract({ id: 1 }),
  });

  it('lets a viewer read but refuses add, edit, delete and reports, changing nothing', async () => {
    const viewer = await actorWith(t.app, t.database.db, ['CONTRACT_VIEW']);
    const editor = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN', {
      clientRef: viewer.org.id,
    });
    const made = (await create(editor.token, validContract())).json().data as ContractRecord;

    expect((await call(viewer.token, 'POST', '/api/contract/list', {})).json().totalCount).toBe(1);
    const year = { year: 2025 };
    const attempts = [
      await create(viewer.token, validContract()),
      await call(viewer.token, 'PUT', '/api/contract/create', validContract({ id: made.id })),
      await call(viewer.token, 'DELETE', '/api/contract/delete', { id: made.id }),
      await call(viewer.token, 'POST', '/api/contract/topNewContract', year),
      await call(viewer.token, 'POST', '/api/contract/totalDiverseSupplier', year),
      await call(viewer.token, 'POST', '/api/contract/percentageContract', year),
      await call(viewer.token, 'POST', '/api/contract/contractPerDiversityMom', year),
      await call(viewer.token, 'POST', '/api/excel/contract', { excel: true, spendData: year }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403, 403]);
    expect((await call(viewer.token, 'GET', '/api/excel/list/contract')).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.clientRef, viewer.org.id));
    expect(rows.map((r) => r.contractName)).toEqual([made.contractName]);
  });

  it('refuses deletion to a Buyer User (no DELETE_CONTRACT)', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    const made = (await create(token, validContract())).json().data as ContractRecord;
    expect((await call(token, 'DELETE', '/api/contract/delete', { id: made.id })).statusCode).toBe(
      403,
    );
    expect((await call(token, 'GET', `/api/contract/detail/${made.id}`)).statusCode).toBe(200);
  });
});

describe('records', () => {
  it('adds a contract with its sections and answers it in the spec’s shape', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const sent = validContract({ contractNumber: 'MSA-2025-07' });
    const res = await create(token, sent);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Created Successfully');
    // What was sent comes back, its dates as calendar days.
    expect(res.json().data).toMatchObject({
      ...sent,
      contractSignatureDate: '2025-01-10',
      startDate: '2025-02-01',
      endDate: '2026-01-31',
    });
  });

  it('keeps optional vendor-account fields empty', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await create(token, validContract({ vendorAccount: undefined }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.vendorAccount).toEqual({
      vandorAcountManagerName: null,
      vandorAcountManagerEmail: null,
      vandorAcountManagerPhone: null,
    });
  });

  it('lists newest first with paging, updates with PUT and deletes', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const older = (
      await create(
        token,
        validContract({ contractSignatureDate: '2024-01-01', startDate: '2024-01-02' }),
      )
    ).json().data;
    const newer = (await create(token, validContract())).json().data;
    const page0 = await call(token, 'POST', '/api/contract/list', { pageNumber: 0, pageSize: 1 });
    expect(page0.json()).toMatchObject({ totalCount: 2, pageNumber: 0, pageSize: 1, length: 1 });
    expect(page0.json().data[0].id).toBe(newer.id);

    const updated = await call(
      token,
      'PUT',
      '/api/contract/create',
      validContract({ id: older.id, contractNumber: older.contractNumber, contractValue: 1 }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Updated Successfully');
    expect(updated.json().data).toMatchObject({ id: older.id, contractValue: 1 });

    const removed = await call(token, 'DELETE', `/api/contract/delete?id=${older.id}`);
    expect(removed.json()).toEqual({ message: 'Deleted Successfully' });
    expect((await call(token, 'DELETE', '/api/contract/delete', { id: newer.id })).statusCode).toBe(
      200,
    );
    expect((await call(token, 'POST', '/api/contract/list', {})).json().totalCount).toBe(0);
  });

  it('refuses a duplicate contract number in one organisation (409)', async () => {
    const { token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await create(token, validContract({ contractNumber: 'PO-1' }));
    const again = await create(token, validContract({ contractNumber: 'po-1' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { field: 'contractNumber', message: 'A contract with this number already exists.' },
    ]);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another organisation’s contract and changes nothing', async () => {
    const owner = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const intruder = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const mine = (await create(owner.token, validContract())).json().data as ContractRecord;

    const attempts = [
      await call(intruder.token, 'GET', `/api/contract/detail/${mine.id}`),
      await call(intruder.token, 'PUT', '/api/contract/create', validContract({ id: mine.id })),
      await create(intruder.token, validContract({ id: mine.id })),
      await call(intruder.token, 'DELETE', '/api/contract/delete', { id: mine.id }),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect(attempts[3]!.json()).toEqual({ message: 'Contract not found' });
    const stored = await call(owner.token, 'GET', `/api/contract/detail/${mine.id}`);
    expect(stored.json().data).toEqual(mine);
    expect((await call(intruder.token, 'POST', '/api/contract/list', {})).json().totalCount).toBe(
      0,
    );
    const total = await call(intruder.token, 'POST', '/api/contract/totalDiverseSupplier', {
      year: 2025,
    });
    expect(total.json().data.totalContracts).toBe(0);
  });
});

describe('validation', () => {
  const errorsFor = async (body: unknown, method: 'POST' | 'PUT' = 'POST') => {
    const { token, org } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await call(token, method, '/api/contract/create', body);
    const saved = await t.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.clientRef, org.id));
    expect(saved).toEqual([]);
    return res;
  };

  it('answers 400 with a field error for every required field', async () => {
    const res = await errorsFor({});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      [
        'contractNumber',
        'contractName',
        'category',
        'contractSignatureDate',
        'startDate',
        'endDate',
        'contractType',
        'contractValue',
        'awardeeVendorInfo.awardeeVandorIdNumber',
        'awardeeVendorInfo.awardeeVandorName',
        'awardeeVendorInfo.awardeeDivercityCategory',
        'divisionInfo.divisionName',
        'divisionInfo.companyContractOwnerName',
      ].map((field) => ({ field, message: 'Required' })),
    );
  });

  /** A valid contract with `value` at `path`: a field, or 'section.field'. */
  const validWith = (path: string, value: unknown): Body => {
    const [name = '', field] = path.split('.');
    if (field === undefined) return validContract({ [name]: value });
    const contract = validContract();
    return { ...contract, [name]: { ...(contract[name] as Body), [field]: value } };
  };

  // [the field given, its value, the message, the field it is reported on when not that one]
  it.each<[string, unknown, string, string?]>([
    ['contractNumber', 'N'.repeat(16), 'Must be 15 characters or less'],
    ['contractName', 'N'.repeat(51), 'Must be 50 characters or less'],
    ['category', 'N'.repeat(51), 'Must be 50 characters or less'],
    ['contractType', 'N'.repeat(51), 'Must be 50 characters or less'],
    ['contractValue', 1_000_000_001, 'Must be 1000000000 equal or less'],
    ['contractValue', '-500', 'Must be 0 or more'],
    ['contractValue', '4000 approx', 'Must be a number'],
    ['contractSignatureDate', '2025-02-02', 'Enter Valid Date', 'startDate'],
    ['endDate', '2025-01-31', 'Enter Valid Date'],
    ['awardeeVendorInfo.awardeeVandorIdNumber', 'V'.repeat(16), 'Must be 15 characters or less'],
    ['awardeeVendorInfo.awardeeVandorName', 'V'.repeat(51), 'Must be 50 characters or less'],
    ['vendorAccount.vandorAcountManagerName', 'V'.repeat(51), 'Must be 50 characters or less'],
    ['vendorAccount.vandorAcountManagerEmail', 'luis@', 'Invalid email address'],
    ['vendorAccount.vandorAcountManagerPhone', '31255501990', 'Must be 10 characters or less'],
    ['vendorAccount.vandorAcountManagerPhone', '12345abc901234', 'Digits only'],
    ['divisionInfo.divisionName', 'D'.repeat(51), 'Must be 50 characters or less'],
    ['divisionInfo.companyContractOwnerName', 'D'.repeat(51), 'Must be 50 characters or less'],
    ['divisionInfo.companyContractOwnerEmail', 'not-an-address', 'Invalid email address'],
    ['divisionInfo.companyContractOwnerPhone', '31255501477', 'Must be 10 characters or less'],
    ['divisionInfo.companyContractOwnerPhone', '312-555-0147', 'Digits only'],
  ])('rejects %s = %j with “%s”', async (path, value, message, field = path) => {
    const res = await errorsFor(validWith(path, value));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it('needs the id to update with PUT', async () => {
    const res = await errorsFor(validContract(), 'PUT');
    expect(res.json().errors).toEqual([{ field: 'id', message: 'Required' }]);
  });
});

/* ---------- the year dashboard against an independent computation ---------- */

interface FixtureContract {
  supplier: string;
  id: string;
  types: string[];
  start: string;
  end: string;
  value: number;
}

const fixture: FixtureContract[] = [
  {
    supplier: 'A',
    id: 'V1',
    types: ['MBE'],
    start: '2023-06-01',
    end: '2024-05-31',
    value: 100000,
  },
  {
    supplier: 'B',
    id: 'V2',
    types: ['NON_DIVERSE'],
    start: '2024-01-01',
    end: '2024-12-31',
    value: 250000.75,
  },
  {
    supplier: 'C',
    id: 'V3',
    types: ['WBE', 'SBE'],
    start: '2024-03-15',
    end: '2025-03-14',
    value: 75000,
  },
  {
    supplier: 'A',
    id: 'v1',
    types: ['MBE'],
    start: '2024-07-01',
    end: '2024-07-31',
    value: 12000.5,
  },
  {
    supplier: 'D',
    id: 'V4',
    types: ['NON_DIVERSE'],
    start: '2024-12-31',
    end: '2026-12-30',
    value: 990000,
  },
  { supplier: 'E', id: 'V5', types: ['VBE'], start: '2022-01-01', end: '2023-12-31', value: 50000 },
  { supplier: 'F', id: 'V6', types: ['HUB'], start: '2025-01-01', end: '2025-05-31', value: 31000 },
  {
    supplier: 'G',
    id: 'V7',
    types: ['NON_DIVERSE'],
    start: '2021-05-01',
    end: '2024-02-29',
    value: 64000,
  },
  {
    supplier: 'H',
    id: 'V8',
    types: ['SDVBE'],
    start: '2024-05-05',
    end: '2024-05-20',
    value: 8800,
  },
];

/** Plain code over the fixture, written without the service. */
function expected(year: number) {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const diverse = (c: FixtureContract) => c.types.some((x) => x !== 'NON_DIVERSE');
  const inForce = fixture.filter((c) => c.start <= last && c.end >= first);
  const starting = fixture
    .filter((c) => c.start.startsWith(`${year}-`))
    .sort((a, b) => b.value - a.value);
  const months = MONTHS.map((month, i) => {
    const ending = fixture.filter(
      (c) => c.end.startsWith(`${year}-`) && Number(c.end.slice(5, 7)) === i + 1,
    );
    return {
      month,
      completed: ending.length,
      completedDiverse: ending.filter(diverse).length,
      completedNonDiverse: ending.filter((c) => !diverse(c)).length,
      diverseValue: ending.filter(diverse).reduce((s, c) => s + c.value, 0),
    };
  });
  const diverseCount = inForce.filter(diverse).length;
  return {
    starting: starting.map((c) => ({ supplierName: c.supplier, contractValue: c.value })),
    totalContracts: inForce.length,
    totalDiverseContracts: diverseCount,
    diverseSuppliers: new Set(inForce.filter(diverse).map((c) => c.id.toLowerCase())).size,
    diversePct: inForce.length ? (diverseCount / inForce.length) * 100 : 0,
    months,
  };
}

describe('dashboard figures', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN'));
    for (const [i, c] of fixture.entries()) {
      const res = await create(
        token,
        validContract({
          contractNumber: `FX-${i}`,
          contractSignatureDate: c.start,
          startDate: c.start,
          endDate: c.end,
          contractValue: c.value,
          awardeeVendorInfo: {
            awardeeVandorIdNumber: c.id,
            awardeeVandorName: c.supplier,
            awardeeDivercityCategory: c.types,
          },
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const other = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    await create(other.token, validContract({ startDate: '2024-02-01', endDate: '2024-03-01' }));
  });

  it.each([2023, 2024, 2025, 2030])('for %i', async (year) => {
    const want = expected(year);
    const body = { year };

    const top = await call(token, 'POST', '/api/contract/topNewContract', {
      ...body,
      pageSize: 100,
    });
    expect(top.json().totalCount).toBe(want.starting.length);
    expect(
      top.json().data.map((r: { supplierName: string; contractValue: number }) => ({
        supplierName: r.supplierName,
        contractValue: r.contractValue,
      })),
    ).toEqual(want.starting);

    const total = (await call(token, 'POST', '/api/contract/totalDiverseSupplier', body)).json();
    expect(total.data).toEqual({
      totalDiverseContracts: want.totalDiverseContracts,
      totalContracts: want.totalContracts,
      diverseSuppliers: want.diverseSuppliers,
    });

    const pct = (await call(token, 'POST', '/api/contract/percentageContract', body)).json().data;
    expect(pct.diverse).toBeCloseTo(want.diversePct, 2);
    expect(pct.nonDiverse).toBeCloseTo(want.totalContracts ? 100 - want.diversePct : 0, 2);
    expect(pct.diverseCount + pct.nonDiverseCount).toBe(want.totalContracts);

    const months = (await call(token, 'POST', '/api/contract/contractPerDiversityMom', body)).json()
      .data;
    expect(months.map((m: { month: string }) => m.month)).toEqual([...MONTHS]);
    for (const [i, m] of months.entries()) {
      const w = want.months[i]!;
      expect([m.completed, m.completedDiverse, m.completedNonDiverse]).toEqual([
        w.completed,
        w.completedDiverse,
        w.completedNonDiverse,
      ]);
      expect(m.diverseValue).toBeCloseTo(w.diverseValue, 2);
    }
  });

  it('exports the dashboard to Excel with every figure recomputed on the server', async () => {
    const want = expected(2024);
    const res = await call(token, 'POST', '/api/excel/contract', {
      excel: true,
      spendData: { year: 2024, analysis: 'Renewals due in Q3.', percentage: { diverse: 99 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      'filename="Contracts Dashboard 2024.xlsx"',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Per Month',
      'Percent of Contracts',
      'New Contracts',
    ]);
    const summary = book.getWorksheet('Summary')!;
    expect(summary.getColumn(2).values).toContain('Renewals due in Q3.');

    const perMonth = book.getWorksheet('Per Month')!;
    want.months.forEach((m, i) => {
      const row = perMonth.getRow(i + 2).values as unknown[];
      expect(row.slice(1, 5)).toEqual([
        `${m.month} 2024`,
        m.completed,
        m.completedDiverse,
        m.completedNonDiverse,
      ]);
      expect(row[5]).toBeCloseTo(m.diverseValue, 2);
    });

    const percent = book.getWorksheet('Percent of Contracts')!;
    expect(percent.getRow(2).getCell(2).value).toBe(want.totalDiverseContracts);
    // A percent cell holds the fraction, formatted as a percentage.
    expect(Number(percent.getRow(2).getCell(3).value) * 100).toBeCloseTo(want.diversePct, 2);
    expect(percent.getRow(2).getCell(3).numFmt).toBe('0.00%');

    const fresh = book.getWorksheet('New Contracts')!;
    expect(fresh.rowCount - 1).toBe(want.starting.length);
    want.starting.forEach((c, i) => {
      expect(fresh.getRow(i + 2).getCell(1).value).toBe(c.supplierName);
      expect(fresh.getRow(i + 2).getCell(3).value).toBeCloseTo(c.contractValue, 2);
    });
  });

  it('builds the report: native charts hold the API’s figures, every new contract is written', async () => {
    const want = expected(2024);
    const body = { year: 2024 };
    const months = (await call(token, 'POST', '/api/contract/contractPerDiversityMom', body)).json()
      .data as { completedDiverse: number; completedNonDiverse: number; diverseValue: number }[];
    const pct = (await call(token, 'POST', '/api/contract/percentageContract', body)).json().data;
    const pptx = await call(token, 'POST', '/api/report/contract/pptx', body);
    expect(pptx.statusCode, pptx.body).toBe(200);
    keepReport('contract.pptx', pptx.rawPayload);
    expect(pptx.headers['content-disposition']).toContain(
      'filename="Contracts Dashboard 2024.pptx"',
    );
    const [completed, percent, value] = await pptxCharts(pptx.rawPayload);
    expect(completed!.map((s) => s.values)).toEqual([
      months.map((m) => m.completedDiverse),
      months.map((m) => m.completedNonDiverse),
    ]);
    expect(percent![0]!.values).toEqual([pct.diverseCount, pct.nonDiverseCount]);
    expect(value![0]!.values).toEqual(months.map((m) => m.diverseValue));
    const tables = await pptxTables(pptx.rawPayload);
    const rows = tables.flatMap((table) => table.slice(1)).filter((r) => r.length === 5);
    expect(rows.map((r) => [r[0], r[2]])).toEqual(
      want.starting.map((c) => [c.supplierName, formatMoney(c.contractValue)]),
    );

    const pdf = await call(token, 'POST', '/api/report/contract/pdf', body);

    keepReport('contract.pdf', pdf.rawPayload);
    const text = (await pdfPages(pdf.rawPayload)).join('\n');
    for (const c of want.starting) expect(text).toContain(c.supplierName);
    expect(text).toContain(`${want.totalDiverseContracts} of ${want.totalContracts}`);
  });

  it('downloads the list as Excel, only the organisation’s own contracts', async () => {
    const res = await call(token, 'GET', '/api/excel/list/contract');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('Contracts')!.rowCount - 1).toBe(fixture.length);
  });

  it('validates the year', async () => {
    const res = await call(token, 'POST', '/api/contract/percentageContract', { year: 'next' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('year');
  });
});
