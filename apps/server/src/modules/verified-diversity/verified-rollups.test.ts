/**
 * The verified rollups stay exact (domain/verified-rollups.ts): after every kind of change that
 * affects them — a file imported or deleted, a certificate added, changed or deleted (the
 * organisation's own or the directory's), a policy's agencies or grace changed, a match confirmed,
 * refused, overridden or its decision undone — the verified figures, the drill-down and the per-month groups the Goals Dashboard
 * reads equal what plain code computes over the raw rows, matches, certificates and policy.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CERTAIN_MATCH_SCORE,
  DEFAULT_POLICY,
  qualifiesOn,
  type QualificationPolicy,
  type VerifiedFigures,
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

const S1 = { duns: '940000001', name: 'Harbor Steel Works', stateOrProvince: 'IL', zip: '60601' };
const S2 = { duns: '940000002', name: 'Maple Office Supply', stateOrProvince: 'OH', zip: '44101' };
const S3 = { duns: '940000003', name: 'Cedar Logistics', stateOrProvince: 'TX', zip: '75001' };

const HEADER = ['Vendor Name', 'DUNS', 'State', 'Zip', 'Spend', 'Payment Date', 'Category'];
type Line = [string, string | null, string | null, string | null, number, string, string];
const workbook = (lines: Line[]) =>
  xlsxBuffer([
    HEADER,
    ...lines.map(([name, duns, state, zip, spend, date, category]) => [
      name,
      duns,
      state,
      zip,
      spend,
      new Date(`${date}T00:00:00Z`),
      category,
    ]),
  ]);

/** Payments over two years on the days certificates begin, end and lapse. */
const FIRST: Line[] = [
  ['Harbor Steel', S1.duns, null, null, 100.1, '2024-01-01', 'Metals'],
  ['Harbor Steel', S1.duns, null, null, 200.2, '2024-12-31', 'Metals'],
  ['Harbor Steel', S1.duns, null, null, 300.3, '2025-01-01', 'Metals'],
  ['Harbor Steel', S1.duns, null, null, 400.4, '2025-03-31', 'Office'],
  ['Maple Office Supply', S2.duns, null, null, 50.05, '2024-05-31', 'Office'],
  ['Maple Office Supply', S2.duns, null, null, 60.06, '2024-06-01', 'Office'],
  ['Maple Office Supply', S2.duns, null, null, 70.07, '2025-05-31', 'Office'],
  ['Maple Office Supply', S2.duns, null, null, 80.08, '2025-06-15', 'Office'],
  // By name and state only: an uncertain match until a user confirms it.
  ['Cedar Logistics', null, 'TX', null, 900.09, '2024-07-04', 'Freight'],
  ['Nobody Known', null, null, null, 10.01, '2024-07-04', 'Freight'],
];
const SECOND: Line[] = [
  ['Harbor Steel', S1.duns, null, null, 1000, '2024-06-15', 'Metals'],
  ['Maple Office Supply', S2.duns, null, null, 25.5, '2025-08-01', 'Office'],
  ['Cedar Logistics', null, 'TX', null, 45.45, '2025-02-02', 'Freight'],
];

/* ---------- plain code over the raw rows ---------- */

interface Expected {
  diverse: number;
  byType: Map<string, number>;
  suppliers: Map<string, { reported: number; verified: number; certificates: number[] }>;
  months: Map<string, number>;
}

const cents = (n: number | string) => Math.round(Number(n) * 100);

async function expected(clientRef: number): Promise<Expected> {
  const db = t.database.db;
  const rows = rowsOf(
    await db.execute(sql`
      select supplier_key, spend::text, payment_date::text from spend_rows
      where client_ref = ${clientRef}`),
    z.object({ supplier_key: z.string(), spend: z.string(), payment_date: z.string() }),
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
      select id, supplier_ref, diversity_type, agency, issue_date::text, expiry_date::text,
        status, status_date::text
      from supplier_certificates where client_ref is null or client_ref = ${clientRef}`),
    z.object({
      id: z.number(),
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
  const result: Expected = {
    diverse: 0,
    byType: new Map(),
    suppliers: new Map(),
    months: new Map(),
  };
  for (const row of rows) {
    const m = matchOf.get(row.supplier_key);
    const isCertain =
      !!m && m.supplier_ref !== null && (m.confirmed || Number(m.score) >= CERTAIN_MATCH_SCORE);
    const qualifying = isCertain
      ? certificates.filter(
          (c) =>
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
      : [];
    const amount = cents(row.spend);
    const types = new Set(qualifying.map((c) => c.diversity_type));
    for (const type of types) result.byType.set(type, (result.byType.get(type) ?? 0) + amount);
    if (isCertain) {
      const s = result.suppliers.get(row.supplier_key) ?? {
        reported: 0,
        verified: 0,
        certificates: [],
      };
      s.reported += amount;
      if (types.size > 0) s.verified += amount;
      for (const c of qualifying) {
        if (!s.certificates.includes(c.id)) s.certificates.push(c.id);
      }
      result.suppliers.set(row.supplier_key, s);
    }
    if (types.size > 0) {
      result.diverse += amount;
      const month = row.payment_date.slice(0, 7);
      result.months.set(month, (result.months.get(month) ?? 0) + amount);
    }
  }
  for (const [key, s] of result.suppliers) {
    if (s.verified <= 0) result.suppliers.delete(key);
    else s.certificates.sort((a, b) => a - b);
  }
  return result;
}

/* ---------- what the API answers ---------- */

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

async function expectExact(org: 'A' | 'B') {
  const { token, clientRef } = orgs[org];
  const figuresReply = await post(token, '/api/graph/verifiedSpend', { selectedIds: [] });
  expect(figuresReply.statusCode, figuresReply.body).toBe(200);
  const figures = figuresReply.json().data as VerifiedFigures;
  const drillReply = await post(token, '/api/graph/verifiedSuppliers', { selectedIds: [] });
  expect(drillReply.statusCode, drillReply.body).toBe(200);
  const drill = drillReply.json().data as {
    supplierKey: string;
    reportedSpend: number;
    verifiedSpend: number;
    certificates: { id: number }[];
  }[];
  // The per-month groups the Goals Dashboard sums (read after the figures brought them up to date).
  const months = rowsOf(
    await t.database.db.execute(sql`
      select to_char(month, 'YYYY-MM') as month, sum(spend)::text as spend from verified_rollups
      where client_ref = ${clientRef} and cardinality(types) > 0 group by 1`),
    z.object({ month: z.string(), spend: z.string() }),
  );
  const want = await expected(clientRef);
  expect(cents(figures.verifiedDiverse)).toBe(want.diverse);
  for (const p of figures.perType)
    expect([p.type, cents(p.verified)]).toEqual([p.type, want.byType.get(p.type) ?? 0]);
  expect(
    Object.fromEntries(
      drill.map((s) => [
        s.supplierKey,
        {
          reported: cents(s.reportedSpend),
          verified: cents(s.verifiedSpend),
          certificates: s.certificates.map((c) => Number(c.id)),
        },
      ]),
    ),
  ).toEqual(Object.fromEntries(want.suppliers));
  expect(Object.fromEntries(months.map((m) => [m.month, cents(m.spend)]))).toEqual(
    Object.fromEntries(want.months),
  );
  return want;
}

beforeAll(async () => {
  t = await createTestApp();
  platform = (await actor(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  for (const name of ['A', 'B'] as const) {
    const { token, org } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    orgs[name] = { token, clientRef: org.id };
  }
  ids = await directorySuppliers(t, [S1, S2, S3]);
});
afterAll(() => t?.close());

const certificate = (token: string, body: Record<string, unknown>) =>
  addCertificate(t, token, { agency: 'NMSDC', diversityType: 'MBE', ...body });

describe('the verified rollups', () => {
  let fileOne = 0;
  let ownMbe = 0;
  let directoryWbe = 0;

  it('match plain code when first built, and after a file is imported', async () => {
    ownMbe = (
      await certificate(orgs.A.token, {
        supplierId: ids[S1.duns],
        issueDate: '2024-01-01',
        expiryDate: '2024-12-31',
      })
    ).id;
    directoryWbe = (
      await certificate(platform, {
        supplierId: ids[S2.duns],
        diversityType: 'WBE',
        agency: 'WBENC',
        issueDate: '2024-06-01',
        expiryDate: '2025-05-31',
      })
    ).id;
    expect((await putPolicy(t, orgs.A.token)).statusCode).toBe(200);
    fileOne = (await importMatched(t, orgs.A.token, await workbook(FIRST))).job!.fileId!;
    await importMatched(t, orgs.B.token, await workbook(FIRST));
    const first = await expectExact('A');
    expect(first.diverse).toBeGreaterThan(0);
    await expectExact('B');
    // Built now: the next file's groups are built by its import.
    await importMatched(t, orgs.A.token, await workbook(SECOND));
    await expectExact('A');
  });

  it('match plain code after certificates are added, changed and deleted', async () => {
    // The organisation's own: a second type for S1, a certificate for the uncertain S3.
    const ownWbe = await certificate(orgs.A.token, {
      supplierId: ids[S1.duns],
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2024-06-01',
      expiryDate: '2025-02-28',
    });
    await certificate(orgs.A.token, {
      supplierId: ids[S3.duns],
      issueDate: '2024-01-01',
      expiryDate: '2026-01-01',
    });
    await expectExact('A');
    await expectExact('B');
    // A directory certificate: every organisation matched to S1.
    await certificate(platform, {
      supplierId: ids[S1.duns],
      diversityType: 'VBE',
      agency: 'NVBDC',
      issueDate: '2025-01-01',
      expiryDate: '2025-12-31',
    });
    await expectExact('A');
    await expectExact('B');
    // Renewed, then suspended part-way.
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/create',
      headers: t.auth(orgs.A.token),
      payload: {
        id: ownWbe.id,
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
    await expectExact('A');
    const changedDirectory = await t.app.inject({
      method: 'PUT',
      url: '/api/certificates/create',
      headers: t.auth(platform),
      payload: {
        id: directoryWbe,
        supplierId: ids[S2.duns],
        diversityType: 'WBE',
        agency: 'WBENC',
        issueDate: '2024-06-01',
        expiryDate: '2025-06-30',
      },
    });
    expect(changedDirectory.statusCode, changedDirectory.body).toBe(200);
    await expectExact('A');
    await expectExact('B');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/certificates/delete?id=${ownMbe}`,
      headers: t.auth(orgs.A.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectExact('A');
    await expectExact('B');
  });

  it('match plain code after the policy changes its grace and agencies', async () => {
    expect((await putPolicy(t, orgs.A.token, { graceMonths: 3 })).statusCode).toBe(200);
    await expectExact('A');
    const onlyWbenc = await putPolicy(t, orgs.A.token, {
      graceMonths: 3,
      acceptedAgencies: ['WBENC'],
    });
    expect(onlyWbenc.statusCode).toBe(200);
    await expectExact('A');
    expect((await putPolicy(t, orgs.A.token)).statusCode).toBe(200);
    await expectExact('A');
  });

  it('match plain code after a match is confirmed or refused', async () => {
    const cedar = 'name:cedar logistics';
    const confirm = await post(orgs.A.token, '/api/supplierMatching/assign', {
      supplierKey: cedar,
      supplierId: ids[S3.duns],
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const withCedar = await expectExact('A');
    expect(withCedar.suppliers.has(cedar)).toBe(true);
    const refuse = await post(orgs.A.token, '/api/supplierMatching/assign', {
      supplierKey: `duns:${S1.duns}`,
      supplierId: null,
    });
    expect(refuse.statusCode, refuse.body).toBe(200);
    await expectExact('A');
    await expectExact('B');
  });

  it('match plain code after decisions are undone and a DUNS match is overridden', async () => {
    const harbor = `duns:${S1.duns}`;
    const matchOf = async (key: string) =>
      rowsOf(
        await t.database.db.execute(sql`
          select rule, supplier_ref, confirmed from vendor_matches
          where client_ref = ${orgs.A.clientRef} and supplier_key = ${key}`),
        z.object({ rule: z.string(), supplier_ref: z.number().nullable(), confirmed: z.boolean() }),
      )[0];
    // The refusal undone: the DUNS match again.
    const undone = await post(orgs.A.token, '/api/supplierMatching/undo', { supplierKey: harbor });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await matchOf(harbor)).toEqual({
      rule: 'DUNS',
      supplier_ref: ids[S1.duns],
      confirmed: false,
    });
    const withHarbor = await expectExact('A');
    expect(withHarbor.suppliers.has(harbor)).toBe(true);
    // The DUNS match overridden with another supplier, then a file imported again.
    const override = await post(orgs.A.token, '/api/supplierMatching/assign', {
      supplierKey: harbor,
      supplierId: ids[S2.duns],
    });
    expect(override.statusCode, override.body).toBe(200);
    await expectExact('A');
    await importMatched(
      t,
      orgs.A.token,
      await workbook([['Harbor Steel', S1.duns, null, null, 77.77, '2025-04-04', 'Metals']]),
    );
    expect(await matchOf(harbor)).toMatchObject({ supplier_ref: ids[S2.duns], confirmed: true });
    await expectExact('A');
    // The confirmation of the uncertain name match undone: uncertain again, not counted.
    const cedar = 'name:cedar logistics';
    expect(
      (await post(orgs.A.token, '/api/supplierMatching/undo', { supplierKey: cedar })).statusCode,
    ).toBe(200);
    expect(await matchOf(cedar)).toEqual({
      rule: 'NAME_STATE',
      supplier_ref: ids[S3.duns],
      confirmed: false,
    });
    expect((await expectExact('A')).suppliers.has(cedar)).toBe(false);
    expect(
      (await post(orgs.A.token, '/api/supplierMatching/undo', { supplierKey: harbor })).statusCode,
    ).toBe(200);
    await expectExact('A');
    await expectExact('B');
  });

  it('match plain code after a file is deleted', async () => {
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/file/delete?fileId=${fileOne}`,
      headers: t.auth(orgs.A.token),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectExact('A');
    const left = rowsOf(
      await t.database.db.execute(
        sql`select count(*)::int as n from verified_rollups where file_id = ${fileOne}`,
      ),
      z.object({ n: z.number() }),
    );
    expect(left[0]!.n).toBe(0);
  });
});
