/**
 * Directory certificates: certificates of the supplier-list upload, and those the
 * platform's admins add one by one, belong to the directory — every organisation reads them and
 * counts them under its own qualification policy — while an organisation's own certificates stay
 * its own. Expected figures are computed here by plain code over the fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_COLUMNS, SUPPLIER_TEMPLATE_EXAMPLE } from '@spotzcity/shared/search-supplier';
import type { Certificate, VerifiedFigures } from '@spotzcity/shared/verified-diversity';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { mailsTo } from '../../../test/mail.ts';
import { multipart } from '../../../test/multipart.ts';
import { addCertificate, importMatched } from '../../../test/verified.ts';
import { XLSX_TYPE, xlsxBuffer } from '../../../test/xlsx.ts';
import { verifiedFigures } from '../../domain/verified-spend.ts';
import { sendExpiryDigests } from './digest.ts';

const DIGEST = { publicUrl: 'https://spotz.example/' };

let t: TestApp;
afterAll(() => t?.close());

const GAMMA = { duns: '950000001', name: 'Gamma Tools', stateOrProvince: 'IL' };
const DELTA = { duns: '950000002', name: 'Delta Paper', stateOrProvince: 'OH' };
const OMEGA = { duns: '950000003', name: 'Omega Supply', stateOrProvince: 'TX' };

interface Cert {
  /** Whose: the directory's, or one buyer's own. */
  owner: 'directory' | 'A' | 'B';
  duns: string;
  type: string;
  agency: string;
  from: string;
  to: string;
}
/** The directory's certificates: Gamma and Delta from the supplier list, Delta's DBE one by one. */
const UPLOADED: Cert[] = [
  {
    owner: 'directory',
    duns: GAMMA.duns,
    type: 'MBE',
    agency: 'NMSDC',
    from: '2024-07-01',
    to: '2025-06-30',
  },
  {
    owner: 'directory',
    duns: DELTA.duns,
    type: 'WBE',
    agency: 'WBENC',
    from: '2025-01-01',
    to: '2025-12-31',
  },
];
const ADDED_BY_PLATFORM: Cert = {
  owner: 'directory',
  duns: DELTA.duns,
  type: 'DBE',
  agency: 'City agency',
  from: '2025-01-01',
  to: '2026-12-31',
};
/** Buyer A's own: Omega's VBE, and a Gamma MBE beside the directory's (both listed). */
const A_OWN: Cert[] = [
  {
    owner: 'A',
    duns: OMEGA.duns,
    type: 'VBE',
    agency: 'NVBDC',
    from: '2025-01-01',
    to: '2025-12-31',
  },
  {
    owner: 'A',
    duns: GAMMA.duns,
    type: 'MBE',
    agency: 'NMSDC',
    from: '2025-01-01',
    to: '2026-06-30',
  },
];
const CERTS = [...UPLOADED, ADDED_BY_PLATFORM, ...A_OWN];

/** A accepts NMSDC, WBENC and NVBDC with no grace; B only WBENC, with three months' grace. */
const POLICIES = {
  A: { acceptedAgencies: ['NMSDC', 'WBENC', 'NVBDC'], graceMonths: 0 },
  B: { acceptedAgencies: ['WBENC'], graceMonths: 3 },
} as const;

const PAYMENTS = [
  {
    vendor: 'Gamma Tools',
    duns: GAMMA.duns,
    spend: 1000,
    date: '2025-02-10',
    category: 'IT Services',
  },
  {
    vendor: 'Gamma Tools',
    duns: GAMMA.duns,
    spend: 2500,
    date: '2025-08-10',
    category: 'telecommunications ',
  },
  {
    vendor: 'Delta Paper',
    duns: DELTA.duns,
    spend: 400,
    date: '2025-03-01',
    category: 'IT Services',
  },
  {
    vendor: 'Delta Paper',
    duns: DELTA.duns,
    spend: 600,
    date: '2026-02-15',
    category: 'IT Services',
  },
  {
    vendor: 'Omega Supply',
    duns: OMEGA.duns,
    spend: 700,
    date: '2025-03-05',
    category: 'Facilities',
  },
];

/* ---------- the figures by plain code ---------- */

/** `iso` plus `months`, the day kept or clamped to the month's end (as PostgreSQL does). */
function addMonths(iso: string, months: number) {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function expectedFor(org: 'A' | 'B', payments = PAYMENTS) {
  const policy = POLICIES[org];
  const typesOf = (p: (typeof PAYMENTS)[number]) =>
    new Set(
      CERTS.filter(
        (c) =>
          (c.owner === 'directory' || c.owner === org) &&
          c.duns === p.duns &&
          (policy.acceptedAgencies as readonly string[]).includes(c.agency) &&
          c.from <= p.date &&
          p.date <= addMonths(c.to, policy.graceMonths),
      ).map((c) => c.type),
    );
  const sum = (rows: typeof PAYMENTS) => rows.reduce((s, p) => s + p.spend, 0);
  return {
    diverse: sum(payments.filter((p) => typesOf(p).size > 0)),
    byType: (type: string) => sum(payments.filter((p) => typesOf(p).has(type))),
    total: sum(payments),
  };
}

/* ---------- the fixture ---------- */

let platform: string;
const buyers = {} as Record<'A' | 'B' | 'C', { token: string; clientRef: number; email: string }>;
const ownIds: number[] = [];
let directoryDbeId = 0;

const HEADERS = SUPPLIER_COLUMNS.map((c) => c.header);
type Fields = Partial<Record<(typeof SUPPLIER_COLUMNS)[number]['key'], string>>;
const cells = (fields: Fields) =>
  SUPPLIER_COLUMNS.map((c) => (c.key in fields ? fields[c.key] : SUPPLIER_TEMPLATE_EXAMPLE[c.key]));
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const supplierRow = (s: typeof GAMMA, cert?: Cert) =>
  cells({
    duns: s.duns,
    name: s.name,
    supplierDbaName: '',
    stateOrProvince: s.stateOrProvince,
    uei: '',
    fein: '',
    certificateType: cert?.type ?? '',
    certificateAgency: cert?.agency ?? '',
    certificateNumber: cert ? `${cert.agency}-${cert.duns}` : '',
    certificateIssueDate: cert ? usDate(cert.from) : '',
    certificateExpiryDate: cert ? usDate(cert.to) : '',
  });

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });
const list = async (token: string, body: object = {}) => {
  const res = await post(token, '/api/certificates/list', {
    pageNumber: 0,
    pageSize: 100,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Certificate[]; totalCount: number };
};
const figures = async (token: string, query = '') => {
  const res = await post(token, `/api/graph/verifiedSpend${query}`, { selectedIds: [] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as VerifiedFigures;
};
const perType = (f: VerifiedFigures, type: string) =>
  f.perType.find((p) => p.type === type)!.verified;

beforeAll(async () => {
  t = await createTestApp();
  platform = (await actor(t.app, t.database.db, 'ROLE_SUPER_USER')).token;
  for (const name of ['A', 'B', 'C'] as const) {
    const { token, org, user } = await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    buyers[name] = { token, clientRef: org.id, email: user.email };
  }
  // The platform uploads the directory, certificates included.
  const form = multipart(
    {},
    {
      file: {
        filename: 'suppliers.xlsx',
        contentType: XLSX_TYPE,
        data: await xlsxBuffer([
          HEADERS,
          supplierRow(GAMMA, UPLOADED[0]),
          supplierRow(DELTA, UPLOADED[1]),
          supplierRow(OMEGA),
        ]),
      },
    },
  );
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/searchSupplier/upload',
    headers: { ...t.auth(platform), ...form.headers },
    payload: form.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const supplierIds = Object.fromEntries(
    (await list(platform)).data.map((c) => [c.duns, c.supplierId]),
  );
  const search = await post(platform, '/api/searchSupplier/list', { duns: OMEGA.duns });
  supplierIds[OMEGA.duns] = search.json().data[0].id;

  // … and adds one more on Delta, one by one.
  directoryDbeId = (
    await addCertificate(t, platform, {
      supplierId: supplierIds[DELTA.duns],
      diversityType: ADDED_BY_PLATFORM.type,
      agency: ADDED_BY_PLATFORM.agency,
      issueDate: ADDED_BY_PLATFORM.from,
      expiryDate: ADDED_BY_PLATFORM.to,
    })
  ).id;

  // A and B pay the same suppliers, each under its own policy; C pays nobody.
  const file = await xlsxBuffer([
    ['Vendor Name', 'DUNS', 'Spend', 'Payment Date', 'Category'],
    ...PAYMENTS.map((p) => [
      p.vendor,
      p.duns,
      p.spend,
      new Date(`${p.date}T00:00:00Z`),
      p.category,
    ]),
  ]);
  for (const org of ['A', 'B'] as const) {
    await importMatched(t, buyers[org].token, file);
    const res = await t.call(buyers[org].token, 'PUT', '/api/certificates/policy', {
      ...POLICIES[org],
      acceptSelfCertified: false,
      expiringWindowDays: 90,
      countingRule: 'REPORTED',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  for (const c of A_OWN) {
    const own = await addCertificate(t, buyers.A.token, {
      supplierId: supplierIds[c.duns],
      diversityType: c.type,
      agency: c.agency,
      issueDate: c.from,
      expiryDate: c.to,
    });
    expect(own).toMatchObject({ fromDirectory: false, editable: true });
    ownIds.push(own.id);
  }
});

describe('directory certificates', () => {
  it("count in every organisation's verified figures, each under its own policy", async () => {
    for (const org of ['A', 'B'] as const) {
      const expected = expectedFor(org);
      const got = await figures(buyers[org].token);
      expect(got.verifiedDiverse, org).toBe(expected.diverse);
      for (const type of ['MBE', 'WBE', 'VBE', 'DBE']) {
        expect(perType(got, type), `${org} ${type}`).toBe(expected.byType(type));
      }
    }
    // The fixture really tells the policies apart: A counts Gamma's directory MBE, B does not;
    // B's grace reaches Delta's payment after expiry, A's does not.
    expect(expectedFor('A').byType('MBE')).toBe(1000 + 2500);
    expect(expectedFor('B').byType('MBE')).toBe(0);
    expect(expectedFor('A').byType('WBE')).toBe(400);
    expect(expectedFor('B').byType('WBE')).toBe(400 + 600);
    // C has no spend: nothing, but it reads the directory's certificates.
    expect((await figures(buyers.C.token)).verifiedDiverse).toBe(0);
  });

  it('lists the directory certificates for every organisation, read-only and marked', async () => {
    const forC = await list(buyers.C.token);
    expect(forC.totalCount).toBe(3);
    expect(forC.data.every((c) => c.fromDirectory && !c.editable)).toBe(true);
    // A sees the directory's and its own — Gamma's two MBE certificates side by side.
    const forA = await list(buyers.A.token);
    expect(forA.totalCount).toBe(5);
    const gamma = forA.data.filter((c) => c.duns === GAMMA.duns);
    expect(gamma.map((c) => c.fromDirectory).sort()).toEqual([false, true]);
    // Its policy decides 'accepted': A refuses the City agency, B refuses NMSDC.
    const accepted = (rows: Certificate[], agency: string) =>
      rows.find((c) => c.agency === agency && c.fromDirectory)!.accepted;
    expect(accepted(forA.data, 'City agency')).toBe(false);
    expect(accepted(forA.data, 'NMSDC')).toBe(true);
    expect(accepted((await list(buyers.B.token)).data, 'NMSDC')).toBe(false);
    // The source filter.
    expect((await list(buyers.A.token, { source: 'DIRECTORY' })).totalCount).toBe(3);
    expect((await list(buyers.A.token, { source: 'OWN' })).data.map((c) => c.id).sort()).toEqual(
      [...ownIds].sort(),
    );
    // The drill-down says which certificates come from the directory.
    const drill = await post(buyers.A.token, '/api/graph/verifiedSuppliers', { selectedIds: [] });
    const certs = (drill.json().data as { certificates: { fromDirectory: boolean }[] }[]).flatMap(
      (s) => s.certificates,
    );
    expect(certs.some((c) => c.fromDirectory)).toBe(true);
    expect(certs.some((c) => !c.fromDirectory)).toBe(true);
  });

  it('lets only the platform change a directory certificate', async () => {
    const body = {
      id: directoryDbeId,
      supplierId: (await list(buyers.A.token)).data.find((c) => c.id === directoryDbeId)!
        .supplierId,
      diversityType: 'DBE',
      agency: 'City agency',
      issueDate: ADDED_BY_PLATFORM.from,
      expiryDate: '2027-12-31',
    };
    const put = (token: string) => t.call(token, 'PUT', '/api/certificates/create', body);
    const refused = await put(buyers.A.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This certificate comes from the supplier directory; only the platform administrators can change it.',
    );
    const del = await t.call(
      buyers.A.token,
      'DELETE',
      `/api/certificates/delete?id=${directoryDbeId}`,
    );
    expect(del.statusCode).toBe(403);
    const doc = multipart(
      {},
      {
        file: {
          filename: 'c.pdf',
          contentType: 'application/pdf',
          data: Buffer.from('%PDF-1.4\n'),
        },
      },
    );
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/certificates/document?id=${directoryDbeId}`,
      headers: { ...t.auth(buyers.A.token), ...doc.headers },
      payload: doc.payload,
    });
    expect(attach.statusCode).toBe(403);
    // The platform may; every organisation sees the change.
    const changed = await put(platform);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ fromDirectory: true, editable: true });
    const seen = (await list(buyers.B.token)).data.find((c) => c.id === directoryDbeId)!;
    expect(seen.expiryDate).toBe('2027-12-31');
    // A directory certificate names a shared agency: an agency of the platform's organisation
    // would be one no buyer's policy could accept, so the platform's new agencies are shared.
    const agency = await post(platform, '/api/certificates/agencies', { name: 'Cook County OCC' });
    expect(agency.statusCode, agency.body).toBe(200);
    expect(agency.json().data.builtIn).toBe(true);
    const agencies = await t.app.inject({
      url: '/api/certificates/agencies',
      headers: t.auth(buyers.B.token),
    });
    expect(agencies.json().data.map((a: { name: string }) => a.name)).toContain('Cook County OCC');
  });

  it("keeps an organisation's own certificate from every other organisation (404)", async () => {
    const [omega] = ownIds;
    const forB = await list(buyers.B.token);
    expect(forB.data.some((c) => ownIds.includes(c.id))).toBe(false);
    expect(forB.data.every((c) => c.fromDirectory)).toBe(true);
    const put = await t.call(buyers.B.token, 'PUT', '/api/certificates/create', {
      id: omega,
      supplierId: forB.data[0]!.supplierId,
      diversityType: 'VBE',
      agency: 'NVBDC',
      issueDate: '2025-01-01',
      expiryDate: '2025-12-31',
    });
    expect(put.statusCode).toBe(404);
    const del = await t.call(buyers.B.token, 'DELETE', `/api/certificates/delete?id=${omega}`);
    expect(del.statusCode).toBe(404);
    const doc = await t.app.inject({
      url: `/api/certificates/document?id=${omega}`,
      headers: t.auth(buyers.B.token),
    });
    expect(doc.statusCode).toBe(404);
    // Nor does the platform see a buyer's own certificate.
    expect((await list(platform)).data.some((c) => ownIds.includes(c.id))).toBe(false);
    // B's figures: A's Omega VBE does not count for B.
    expect(perType(await figures(buyers.B.token), 'VBE')).toBe(0);
    expect(perType(await figures(buyers.A.token), 'VBE')).toBe(expectedFor('A').byType('VBE'));
    expect(expectedFor('A').byType('VBE')).toBe(700);
  });

  it('mails each paying organisation the directory certificates that expire, once', async () => {
    const lines = async (email: string) =>
      (await mailsTo(t.database.db, email)).flatMap((m) =>
        m.body.split('\n').filter((l) => l.startsWith('- ')),
      );
    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-06-15', DIGEST);
    const gamma = '- Gamma Tools: MBE, NMSDC NMSDC-950000001, expires 06/30/2025';
    expect(await lines(buyers.A.email)).toEqual([gamma]);
    expect(await lines(buyers.B.email)).toEqual([gamma]);
    expect(await lines(buyers.C.email)).toEqual([]); // paid nobody
    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-06-16', DIGEST);
    expect(await lines(buyers.A.email)).toHaveLength(1);
    expect(await lines(buyers.B.email)).toHaveLength(1);
  });

  it('leaves non-addressable categories out by the goals rule (trimmed, any case)', async () => {
    // The file spells the category 'telecommunications '; the settings 'Telecommunications'.
    const outside = PAYMENTS.filter(
      (p) => p.category.trim().toLowerCase() === 'telecommunications',
    );
    expect(outside).toHaveLength(1);
    const inside = PAYMENTS.filter((p) => !outside.includes(p));
    const expected = expectedFor('A', inside);
    const direct = await verifiedFigures(
      t.database.db,
      { clientRef: buyers.A.clientRef, selectedIds: [] },
      undefined,
      ['Telecommunications'],
    );
    expect(direct.addressable).toEqual({
      totalSpend: expected.total,
      reportedDiverse: 0,
      verifiedDiverse: expected.diverse,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/organisation/settings',
      headers: t.auth(buyers.A.token),
      payload: { fiscalYearStartMonth: 1, nonAddressableCategories: ['Telecommunications'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await figures(buyers.A.token, '?base=addressable')).addressable).toEqual(
      direct.addressable,
    );
  });
});
