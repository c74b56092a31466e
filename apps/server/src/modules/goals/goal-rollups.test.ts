/**
 * The Goals Dashboard reads rollups without the vendor (goal_rollups, goal_verified_rollups),
 * kept by triggers from the spend and verified rollups (migration 0033). After every kind of
 * change that moves a goal figure — a file imported or deleted, a certificate added, changed or
 * deleted, the policy's grace or agencies changed, a match confirmed or refused, the goals or the
 * settings saved (the fiscal year's start month too) — each figure under either counting rule,
 * a hand-picked program category's target among them, for two fiscal years and for all files
 * or one, equals what plain code computes over the raw rows, matches, certificates and policy.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dbNumber } from '../../platform/sql.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiscalMonths } from '@spotzcity/shared/goals';
import {
  CERTAIN_MATCH_SCORE,
  DEFAULT_POLICY,
  qualifiesOn,
  type QualificationPolicy,
} from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import {
  addCertificate,
  directorySuppliers,
  importMatched,
  putPolicy,
} from '../../../test/verified.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
let platform: string;
const orgs = {} as Record<'A' | 'B', { token: string; clientRef: number }>;
let ids: Record<string, number>;

const S1 = { duns: '950000001', name: 'Harbor Steel Works', stateOrProvince: 'IL', zip: '60601' };
const S2 = { duns: '950000002', name: 'Maple Office Supply', stateOrProvince: 'OH', zip: '44101' };
const S3 = { duns: '950000003', name: 'Cedar Logistics', stateOrProvince: 'TX', zip: '75001' };

const HEADER = [
  'Vendor Name',
  'DUNS',
  'State',
  'Spend',
  'Payment Date',
  'Category',
  'Diversity Category',
];
type Line = [string, string | null, string | null, number, string, string, string];
const workbook = (lines: Line[]) =>
  xlsxBuffer([
    HEADER,
    ...lines.map(([name, duns, state, spend, date, category, diversity]) => [
      name,
      duns,
      state,
      spend,
      new Date(`${date}T00:00:00Z`),
      category,
      diversity,
    ]),
  ]);

/** Payments over two years, reported diversity unlike what the certificates say. */
const FIRST: Line[] = [
  ['Harbor Steel', S1.duns, null, 100.1, '2024-01-01', 'Metals', 'MBE'],
  ['Harbor Steel', S1.duns, null, 200.2, '2024-12-31', 'Metals', 'MBE'],
  ['Harbor Steel', S1.duns, null, 300.3, '2025-01-01', 'Metals', 'NON_DIVERSE'],
  ['Harbor Steel', S1.duns, null, 400.4, '2025-03-31', 'Office', 'MBE, WBE'],
  ['Maple Office Supply', S2.duns, null, 50.05, '2024-05-31', 'Office', 'WBE'],
  ['Maple Office Supply', S2.duns, null, 60.06, '2024-06-01', 'Office', 'WBE'],
  ['Maple Office Supply', S2.duns, null, 70.07, '2025-05-31', 'Taxes', 'WBE'],
  ['Maple Office Supply', S2.duns, null, 80.08, '2025-06-15', 'Office', 'NON_DIVERSE'],
  ['Cedar Logistics', null, 'TX', 900.09, '2024-07-04', 'Freight', 'VBE'],
  ['Nobody Known', null, null, 10.01, '2024-07-04', 'Freight', 'NON_DIVERSE'],
  ['Nobody Known', null, null, 33.33, '2025-07-04', 'Freight', 'MBE'],
];
const SECOND: Line[] = [
  ['Harbor Steel', S1.duns, null, 1000, '2024-06-15', 'Metals', 'MBE'],
  ['Maple Office Supply', S2.duns, null, 25.5, '2025-08-01', 'Office', 'WBE'],
  ['Cedar Logistics', null, 'TX', 45.45, '2025-02-02', 'Freight', 'NON_DIVERSE'],
];

const TYPES = ['MBE', 'WBE', 'VBE'];
/** Each organisation's hand-picked program category (S1 and S3 marked), with a target. */
const programs = { A: 0, B: 0 };
const GOALS = (fiscalYear: number, program = 0) => ({
  fiscalYear,
  overall: 20,
  diversity: TYPES.map((diversity) => ({ diversity, target: 5 })),
  categories: [
    { category: 'Metals', target: 30 },
    { category: 'Office', target: 10 },
    { category: 'Freight', target: 10 },
  ],
  programs: program ? [{ categoryId: program, target: 15 }] : [],
});

/* ---------- plain code over the raw rows ---------- */

const cents = (n: number | string) => Math.round(Number(n) * 100);

interface Payment {
  month: string;
  category: string;
  cents: number;
  /** The types it counts for under the rule. */
  types: Set<string>;
  /** The directory supplier its vendor is certainly matched to. */
  supplierRef: number | null;
}

/** Every payment of the organisation (its files `fileIds`, all when empty) under `rule`. */
async function payments(
  clientRef: number,
  fileIds: number[],
  rule: 'REPORTED' | 'VERIFIED',
): Promise<Payment[]> {
  const db = t.database.db;
  const rows = rowsOf(
    await db.execute(sql`
      select file_id, supplier_key, spend::text, payment_date::text, category, diversity
      from spend_rows where client_ref = ${clientRef}`),
    z.object({
      file_id: z.number(),
      supplier_key: z.string(),
      spend: z.string(),
      payment_date: z.string(),
      category: z.string(),
      diversity: z.array(z.string()),
    }),
  );
  const matches = rowsOf(
    await db.execute(sql`
      select supplier_key, supplier_ref, score, confirmed from vendor_matches
      where client_ref = ${clientRef}`),
    z.object({
      supplier_key: z.string(),
      supplier_ref: z.number().nullable(),
      score: z.number(),
      confirmed: z.boolean(),
    }),
  );
  const certificates = rowsOf(
    await db.execute(sql`
      select supplier_ref, diversity_type, agency, issue_date::text, expiry_date::text, status,
        status_date::text
      from supplier_certificates where client_ref is null or client_ref = ${clientRef}`),
    z.object({
      supplier_ref: z.number(),
      diversity_type: z.string(),
      agency: z.string(),
      issue_date: z.string(),
      expiry_date: z.string(),
      status: z.enum(['ACTIVE', 'SUSPENDED', 'DECERTIFIED']),
      status_date: z.string().nullable(),
    }),
  );
  const [saved] = rowsOf(
    await db.execute(sql`
      select accepted_agencies, accept_self_certified, grace_months from certificate_policies
      where client_ref = ${clientRef}`),
    z.object({
      accepted_agencies: z.array(z.string()).nullable(),
      accept_self_certified: z.boolean(),
      grace_months: z.number(),
    }),
  );
  const policy: QualificationPolicy = saved
    ? {
        ...DEFAULT_POLICY,
        acceptedAgencies: saved.accepted_agencies,
        acceptSelfCertified: saved.accept_self_certified,
        graceMonths: Number(saved.grace_months),
      }
    : DEFAULT_POLICY;
  const matchOf = new Map(matches.map((m) => [m.supplier_key, m]));
  return rows
    .filter((row) => fileIds.length === 0 || fileIds.includes(Number(row.file_id)))
    .map((row) => {
      const m = matchOf.get(row.supplier_key);
      const isCertain =
        !!m && m.supplier_ref !== null && (m.confirmed || Number(m.score) >= CERTAIN_MATCH_SCORE);
      let types: Set<string>;
      if (rule === 'REPORTED') {
        types = new Set(row.diversity.filter((d) => d !== 'NON_DIVERSE'));
      } else {
        const m = matchOf.get(row.supplier_key);
        const isCertain =
          !!m && m.supplier_ref !== null && (m.confirmed || Number(m.score) >= CERTAIN_MATCH_SCORE);
        types = new Set(
          certificates
            .filter(
              (c) =>
                isCertain &&
                Number(c.supplier_ref) === Number(m!.supplier_ref) &&
                qualifiesOn(
                  {
                    agency: c.agency,
                    issueDate: c.issue_date,
                    expiryDate: c.expiry_date,
                    status: c.status,
                    statusDate: c.status_date,
                  },
                  row.payment_date,
                  policy,
                ),
            )
            .map((c) => c.diversity_type),
        );
      }
      return {
        month: row.payment_date.slice(0, 7),
        category: row.category,
        cents: cents(row.spend),
        types,
        supplierRef: isCertain ? Number(m!.supplier_ref) : null,
      };
    });
}

/** The dashboard's figures as plain code has them, in cents. */
function figures(all: Payment[], months: string[], excluded: string[], marked: Set<number>) {
  const key = (c: string) => c.trim().toLowerCase();
  const inYear = all.filter((p) => months.includes(p.month));
  const out = (p: Payment) => excluded.map(key).includes(key(p.category));
  const addressable = inYear.filter((p) => !out(p));
  const sum = (ps: Payment[]) => ps.reduce((a, p) => a + p.cents, 0);
  const diverse = (p: Payment) => p.types.size > 0;
  const elapsed = Math.max(-1, ...inYear.map((p) => months.indexOf(p.month))) + 1;
  return {
    total: sum(inYear),
    nonAddressable: sum(inYear.filter(out)),
    addressable: sum(addressable),
    elapsed,
    cumulative: months
      .slice(0, elapsed)
      .map((_, i) => sum(addressable.filter((p) => diverse(p) && months.indexOf(p.month) <= i))),
    overall: sum(addressable.filter(diverse)),
    program: sum(addressable.filter((p) => p.supplierRef !== null && marked.has(p.supplierRef))),
    types: TYPES.map((type) => sum(addressable.filter((p) => p.types.has(type)))),
    categories: Object.fromEntries(
      GOALS(0)
        .categories.filter((c) => !excluded.map(key).includes(key(c.category)))
        .map((c) => {
          const mine = addressable.filter((p) => key(p.category) === key(c.category));
          return [c.category, { actual: sum(mine.filter(diverse)), base: sum(mine) }];
        }),
    ),
  };
}

/* ---------- what the API answers ---------- */

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

interface Settings {
  start: number;
  excluded: string[];
}
const settings: Record<'A' | 'B', Settings> = {
  A: { start: 1, excluded: ['Taxes'] },
  B: { start: 1, excluded: [] },
};

async function saveSettings(org: 'A' | 'B', next: Settings) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/organisation/settings',
    headers: t.auth(orgs[org].token),
    payload: { fiscalYearStartMonth: next.start, nonAddressableCategories: next.excluded },
  });
  expect(res.statusCode, res.body).toBe(200);
  settings[org] = next;
}

async function saveGoals(org: 'A' | 'B', fiscalYear: number) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/goals',
    headers: t.auth(orgs[org].token),
    payload: GOALS(fiscalYear, programs[org]),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every figure of both years, both rules, all files and each file, against plain code. */
async function expectExact(org: 'A' | 'B', files: number[]) {
  const { token, clientRef } = orgs[org];
  const { start, excluded } = settings[org];
  for (const rule of ['REPORTED', 'VERIFIED'] as const) {
    for (const selectedIds of [[], ...files.map((f) => [f])]) {
      // The dashboard first (a verified figure brings the verified rollups up to date).
      const replies = [];
      for (const fiscalYear of [2024, 2025]) {
        const res = await post(token, '/api/graph/goals', {
          selectedIds,
          fiscalYear,
          countingRule: rule,
        });
        expect(res.statusCode, res.body).toBe(200);
        replies.push({ fiscalYear, d: res.json().data });
      }
      const all = await payments(clientRef, selectedIds, rule);
      const marked = new Set(
        rowsOf(
          await t.database.db.execute(sql`
            select supplier_ref from program_category_suppliers
            where category_ref = ${programs[org]}`),
          z.object({ supplier_ref: z.number() }),
        ).map((m) => Number(m.supplier_ref)),
      );
      for (const { fiscalYear, d } of replies) {
        const want = figures(all, fiscalMonths(fiscalYear, start), excluded, marked);
        const what = `${org} ${rule} FY${fiscalYear} files ${selectedIds.join(',') || 'all'}`;
        expect(
          {
            total: cents(d.totalSpend),
            nonAddressable: cents(d.nonAddressableSpend),
            addressable: cents(d.addressableSpend),
            elapsed: d.monthsElapsed,
            cumulative: (d.cumulativeActual as (number | null)[])
              .filter((c) => c !== null)
              .map((c) => cents(c!)),
            overall: cents(d.overall?.actual ?? 0),
            program: cents(d.rows.find((r: { kind: string }) => r.kind === 'program')?.actual ?? 0),
            types: TYPES.map((type) =>
              cents(d.rows.find((r: { name: string }) => r.name === type)?.actual ?? 0),
            ),
            categories: Object.fromEntries(
              d.rows
                .filter((r: { kind: string }) => r.kind === 'category')
                .map((r: { name: string; actual: number; base: number }) => [
                  r.name,
                  { actual: cents(r.actual), base: cents(r.base) },
                ]),
            ),
          },
          what,
        ).toEqual(want);
      }
    }
  }
}

/** The goals' rollups hold no group without rows. */
async function expectNoEmptyGroups() {
  const [row] = rowsOf(
    await t.database.db.execute(sql`
      select (select count(*) from goal_rollups where row_count <= 0)
        + (select count(*) from goal_verified_rollups where row_count <= 0) as n`),
    z.object({ n: dbNumber }),
  );
  expect(Number(row!.n)).toBe(0);
}

beforeAll(async () => {
  t = await createTestApp();
  platform = (await actor(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  for (const name of ['A', 'B'] as const) {
    const { token, org } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    orgs[name] = { token, clientRef: org.id };
  }
  ids = await directorySuppliers(t, [S1, S2, S3]);
  for (const name of ['A', 'B'] as const) {
    const created = await post(orgs[name].token, '/api/programs/categories', {
      name: 'Hand-picked',
      kind: 'MANUAL',
    });
    expect(created.statusCode, created.body).toBe(200);
    programs[name] = Number(created.json().data.id);
    for (const supplier of [S1, S3]) {
      const marked = await t.app.inject({
        method: 'PUT',
        url: `/api/programs/categories/${programs[name]}/suppliers/${ids[supplier.duns]}`,
        headers: t.auth(orgs[name].token),
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
  }
});
afterAll(() => t?.close());

const certificate = (token: string, body: Record<string, unknown>) =>
  addCertificate(t, token, { agency: 'NMSDC', diversityType: 'MBE', ...body });

describe('the Goals Dashboard over its rollups', () => {
  let fileOne = 0;
  let fileTwo = 0;
  let ownMbe = 0;
  let ownWbe = 0;

  it('matches plain code after files are imported, and after goals and settings are saved', async () => {
    ownMbe = (
      await certificate(orgs.A.token, {
        supplierId: ids[S1.duns],
        issueDate: '2024-01-01',
        expiryDate: '2024-12-31',
      })
    ).id;
    await certificate(platform, {
      supplierId: ids[S2.duns],
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2024-06-01',
      expiryDate: '2025-05-31',
    });
    expect((await putPolicy(t, orgs.A.token)).statusCode).toBe(200);
    await saveSettings('A', settings.A);
    await saveGoals('A', 2024);
    await saveGoals('A', 2025);
    await saveGoals('B', 2024);
    await saveGoals('B', 2025);
    fileOne = (await importMatched(t, orgs.A.token, await workbook(FIRST))).job!.fileId!;
    const other = (await importMatched(t, orgs.B.token, await workbook(FIRST))).job!.fileId!;
    await expectExact('A', [fileOne]);
    await expectExact('B', [other]);
    // The verified rollups are built now: the next file's groups come with its import.
    fileTwo = (await importMatched(t, orgs.A.token, await workbook(SECOND))).job!.fileId!;
    await expectExact('A', [fileOne, fileTwo]);
    await expectExact('B', [other]);
    // Goals and settings move the figures, not the rollups.
    await saveGoals('A', 2025);
    await saveSettings('A', { start: 7, excluded: ['taxes', 'Freight'] });
    await expectExact('A', [fileOne, fileTwo]);
    await saveSettings('A', { start: 1, excluded: ['Taxes'] });
    await expectExact('A', [fileOne, fileTwo]);
    await expectNoEmptyGroups();
  });

  it('matches plain code after certificates are added, changed and deleted', async () => {
    ownWbe = (
      await certificate(orgs.A.token, {
        supplierId: ids[S1.duns],
        diversityType: 'WBE',
        agency: 'WBENC',
        issueDate: '2024-06-01',
        expiryDate: '2025-02-28',
      })
    ).id;
    await certificate(platform, {
      supplierId: ids[S1.duns],
      diversityType: 'VBE',
      agency: 'NVBDC',
      issueDate: '2025-01-01',
      expiryDate: '2025-12-31',
    });
    await expectExact('A', [fileOne, fileTwo]);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/create',
      headers: t.auth(orgs.A.token),
      payload: {
        id: ownWbe,
        supplierId: ids[S1.duns],
        diversityType: 'WBE',
        agency: 'WBENC',
        issueDate: '2024-06-01',
        expiryDate: '2026-02-28',
        status: 'SUSPENDED',
        statusDate: '2025-02-01',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/certificates/delete?id=${ownMbe}`,
      headers: t.auth(orgs.A.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
    await expectNoEmptyGroups();
  });

  it('matches plain code after the policy changes its grace and agencies', async () => {
    expect((await putPolicy(t, orgs.A.token, { graceMonths: 3 })).statusCode).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
    const onlyWbenc = await putPolicy(t, orgs.A.token, { acceptedAgencies: ['WBENC'] });
    expect(onlyWbenc.statusCode).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
    expect((await putPolicy(t, orgs.A.token)).statusCode).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
  });

  it('matches plain code after a match is confirmed or refused', async () => {
    const confirm = await post(orgs.A.token, '/api/supplierMatching/assign', {
      supplierKey: 'name:cedar logistics',
      supplierId: ids[S3.duns],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await certificate(orgs.A.token, {
      supplierId: ids[S3.duns],
      diversityType: 'VBE',
      agency: 'NVBDC',
      issueDate: '2024-01-01',
      expiryDate: '2026-01-01',
    });
    await expectExact('A', [fileOne, fileTwo]);
    const refuse = await post(orgs.A.token, '/api/supplierMatching/assign', {
      supplierKey: `duns:${S1.duns}`,
      supplierId: null,
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    await expectExact('A', [fileOne, fileTwo]);
    await expectNoEmptyGroups();
  });

  it('matches plain code after a file is deleted, and keeps nothing of it', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/delete?fileId=${fileOne}`,
      headers: t.auth(orgs.A.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectExact('A', [fileTwo]);
    const [left] = rowsOf(
      await t.database.db.execute(sql`
        select (select count(*) from goal_rollups where file_id = ${fileOne})
          + (select count(*) from goal_verified_rollups where file_id = ${fileOne}) as n`),
      z.object({ n: dbNumber }),
    );
    expect(Number(left!.n)).toBe(0);
    await expectNoEmptyGroups();
  });
});
