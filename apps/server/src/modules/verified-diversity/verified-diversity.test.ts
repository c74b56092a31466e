/**
 * Verified diversity through the API: spend matched to the directory at import (DUNS,
 * FEIN, name with state and ZIP), the Supplier matching screen and a confirmed match carried to a
 * later file, certificates and their derived status, and the verified figures — expected values
 * computed here by plain code over the fixture.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normaliseSupplierName } from '@spotzcity/shared/suppliers';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, signedInUser } from '../../../test/factories.ts';
import { importSpend } from '../../../test/imports.ts';
import { mailsTo } from '../../../test/mail.ts';
import { xlsxBuffer } from '../../../test/xlsx.ts';
import { rowsOf } from '../../db/client.ts';
import {
  addCertificate,
  directorySuppliers,
  importMatched,
  putPolicy,
} from '../../../test/verified.ts';
import { sendExpiryDigests } from './digest.ts';

const DIGEST = { publicUrl: 'https://spotz.example/' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HEADER = [
  'Vendor Name',
  'DUNS',
  'FEIN',
  'State',
  'Zip',
  'Spend',
  'Payment Date',
  'Diversity',
];
interface Payment {
  vendor: string;
  duns: string | null;
  fein: string | null;
  state: string | null;
  zip: string | null;
  spend: number;
  date: string;
  diversity: string;
}
const pay = (vendor: string, date: string, spend: number, extra: Partial<Payment> = {}) => ({
  vendor,
  duns: null,
  fein: null,
  state: null,
  zip: null,
  diversity: '',
  spend,
  date,
  ...extra,
});
const workbook = (payments: Payment[]) =>
  xlsxBuffer([
    HEADER,
    ...payments.map((p) => [
      p.vendor,
      p.duns,
      p.fein,
      p.state,
      p.zip,
      p.spend,
      new Date(`${p.date}T00:00:00Z`),
      p.diversity,
    ]),
  ]);

// Directory suppliers (platform-wide) this file's fixture matches against.
const ALPHA = {
  duns: '910000001',
  name: 'Alpha Freight Partners',
  stateOrProvince: 'IL',
  zip: '60601',
};
const BETA = {
  duns: '910000002',
  name: 'Beta Metals Corp',
  fein: '12-3456789',
  stateOrProvince: 'OH',
  zip: '44101',
};
const BLUE = {
  duns: '910000003',
  name: 'Blue River Catering',
  stateOrProvince: 'TX',
  zip: '75001',
};
const SKY = { duns: '910000004', name: 'Blue Sky Printing', stateOrProvince: 'CA', zip: '90001' };

const V1 = { duns: ALPHA.duns, diversity: 'MBE' };
const FIRST_FILE: Payment[] = [
  pay('Alpha Freight', '2025-01-15', 1000, V1),
  pay('Alpha Freight', '2025-06-15', 2000, V1),
  pay('Alpha Freight', '2025-09-15', 4000, V1),
  pay('Beta Metals', '2025-03-01', 500, { fein: '123456789', diversity: 'WBE' }),
  pay('Blue River Catering, Inc.', '2025-04-01', 300, { state: 'TX', zip: '75001-1234' }),
  pay('Blue Sky Printing LLC', '2025-05-01', 800, { state: 'NY', diversity: 'WBE' }),
  pay('Nowhere Supply', '2025-05-02', 50),
];

let ids: Record<'alpha' | 'beta' | 'blue' | 'sky', number>;
beforeAll(async () => {
  const id = await directorySuppliers(t, [ALPHA, BETA, BLUE, SKY]);
  ids = { alpha: id[ALPHA.duns]!, beta: id[BETA.duns]!, blue: id[BLUE.duns]!, sky: id[SKY.duns]! };
});

const post = (token: string, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: t.auth(token), payload });

async function matchesOf(clientRef: number) {
  return rowsOf(
    await t.database.db.execute(sql`
      select supplier_key, rule, score, supplier_ref from vendor_matches
      where client_ref = ${clientRef} order by supplier_key`),
    z.object({
      supplier_key: z.string(),
      rule: z.string(),
      score: z.number(),
      supplier_ref: z.number().nullable(),
    }),
  );
}

/** Plain-code verified spend of the fixture: payments inside a certificate's window. */
const inWindow = (payments: Payment[], vendor: string, from: string, to: string) =>
  payments
    .filter((p) => p.vendor === vendor && p.date >= from && p.date <= to)
    .reduce((s, p) => s + p.spend, 0);

describe('verified diversity', () => {
  it('normalises names in SQL exactly as the shared rule does', async () => {
    const names = [
      'Blue River Catering, Inc.',
      'A.B. Smith & Sons L.L.C.',
      'Acme Co Inc',
      'Co Inc',
      '  Steel   Works, Ltd. ',
    ];
    for (const name of names) {
      const [row] = rowsOf(
        await t.database.db.execute(sql`select supplier_name_key(${name}) as key`),
        z.object({ key: z.string() }),
      );
      expect(row?.key, name).toBe(normaliseSupplierName(name));
    }
  });

  it('matches vendors by DUNS, FEIN and name with state and ZIP at import', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    const { job } = await importSpend(t, token, await workbook(FIRST_FILE));
    expect(job?.status, job?.message ?? '').toBe('done');
    const matches = await matchesOf(org.id);
    const byKey = Object.fromEntries(matches.map((m) => [m.supplier_key, m]));
    expect(byKey[`duns:${ALPHA.duns}`]).toMatchObject({
      rule: 'DUNS',
      score: 100,
      supplier_ref: ids.alpha,
    });
    expect(byKey['name:beta metals']).toMatchObject({
      rule: 'FEIN',
      score: 95,
      supplier_ref: ids.beta,
    });
    expect(byKey['name:blue river catering']).toMatchObject({
      rule: 'NAME_STATE_ZIP',
      score: 90,
      supplier_ref: ids.blue,
    });
    expect(byKey['name:blue sky printing']).toMatchObject({ rule: 'NONE', supplier_ref: null });
    expect(byKey['name:nowhere supply']).toMatchObject({ rule: 'NONE', supplier_ref: null });

    // Match rate: plain sums over the fixture.
    const matchedVendors = new Set(['Alpha Freight', 'Beta Metals', 'Blue River Catering, Inc.']);
    const matched = FIRST_FILE.filter((p) => matchedVendors.has(p.vendor));
    const rate = (await post(token, '/api/supplierMatching/rate', { selectedIds: [] })).json().data;
    expect(rate).toEqual({
      rows: FIRST_FILE.length,
      matchedRows: matched.length,
      spend: FIRST_FILE.reduce((s, p) => s + p.spend, 0),
      matchedSpend: matched.reduce((s, p) => s + p.spend, 0),
      vendors: 5,
      matchedVendors: 3,
    });

    // The matching screen: unmatched vendors, largest spend first, with suggestions.
    const list = (await post(token, '/api/supplierMatching/list', { pageNumber: 0 })).json();
    expect(list.data.map((v: { vendorName: string }) => v.vendorName)).toEqual([
      'Blue Sky Printing LLC',
      'Nowhere Supply',
    ]);
    expect(list.data[0].spend).toBe(800);
    expect(list.data[0].suggestions[0]).toMatchObject({ supplierId: ids.sky });

    // The Table View shows each row's reason: its vendor's rule, score and supplier.
    const expectedReason: Record<string, [string, number | null, string | null]> = {
      'Alpha Freight': ['DUNS', 100, ALPHA.name],
      'Beta Metals': ['FEIN', 95, BETA.name],
      'Blue River Catering, Inc.': ['NAME_STATE_ZIP', 90, BLUE.name],
      'Blue Sky Printing LLC': ['NONE', 0, null],
      'Nowhere Supply': ['NONE', 0, null],
    };
    const rows = (
      await post(token, '/api/supplier/spendRows', { selectedIds: [], pageSize: 100 })
    ).json().data as {
      name: string;
      matchRule: string;
      matchScore: number;
      matchedSupplier: string | null;
    }[];
    expect(rows).toHaveLength(FIRST_FILE.length);
    for (const row of rows) {
      expect([row.matchRule, row.matchScore, row.matchedSupplier], row.name).toEqual(
        expectedReason[row.name],
      );
    }
  });

  it('counts verified spend only while a qualifying certificate holds, under the policy', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    await importMatched(t, token, await workbook(FIRST_FILE));
    const verified = async () =>
      (await post(token, '/api/graph/verifiedSpend', { selectedIds: [] })).json().data as {
        totalSpend: number;
        reportedDiverse: number;
        verifiedDiverse: number;
        perType: { type: string; reported: number; verified: number }[];
      };
    const typeOf = (f: Awaited<ReturnType<typeof verified>>, type: string) =>
      f.perType.find((p) => p.type === type)!;

    // Nothing verified before any certificate.
    let figures = await verified();
    expect(figures.totalSpend).toBe(FIRST_FILE.reduce((s, p) => s + p.spend, 0));
    expect(figures.reportedDiverse).toBe(
      FIRST_FILE.filter((p) => p.diversity).reduce((s, p) => s + p.spend, 0),
    );
    expect(figures.verifiedDiverse).toBe(0);

    // Alpha: MBE certificate expiring mid-year; Beta: WBE suspended before its payment; Blue:
    // self-certified DBE.
    await addCertificate(t, token, {
      supplierId: ids.alpha,
      diversityType: 'MBE',
      agency: 'NMSDC',
      certificateNumber: 'NM-1',
      issueDate: '2024-07-01',
      expiryDate: '2025-06-30',
    });
    await addCertificate(t, token, {
      supplierId: ids.beta,
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2025-01-01',
      expiryDate: '2025-12-31',
      status: 'SUSPENDED',
      statusDate: '2025-02-15',
    });
    await addCertificate(t, token, {
      supplierId: ids.blue,
      diversityType: 'DBE',
      agency: 'Self-certification',
      issueDate: '2025-01-01',
      expiryDate: '2026-12-31',
    });
    figures = await verified();
    const alphaInForce = inWindow(FIRST_FILE, 'Alpha Freight', '2024-07-01', '2025-06-30');
    expect(alphaInForce).toBe(3000);
    expect(typeOf(figures, 'MBE')).toEqual({ type: 'MBE', reported: 7000, verified: alphaInForce });
    expect(typeOf(figures, 'WBE').verified).toBe(0);
    expect(typeOf(figures, 'DBE').verified).toBe(0);
    expect(figures.verifiedDiverse).toBe(alphaInForce);

    // Policy: 3 months of grace and self-certification accepted.
    const policy = await putPolicy(t, token, { acceptSelfCertified: true, graceMonths: 3 });
    expect(policy.statusCode, policy.body).toBe(200);
    figures = await verified();
    const alphaWithGrace = inWindow(FIRST_FILE, 'Alpha Freight', '2024-07-01', '2025-09-30');
    const blue = inWindow(FIRST_FILE, 'Blue River Catering, Inc.', '2025-01-01', '2026-12-31');
    expect(typeOf(figures, 'MBE').verified).toBe(alphaWithGrace);
    expect(typeOf(figures, 'DBE').verified).toBe(blue);
    expect(figures.verifiedDiverse).toBe(alphaWithGrace + blue);

    // Only WBENC accepted: NMSDC's certificate no longer counts.
    await putPolicy(t, token, { acceptedAgencies: ['WBENC'] });
    expect((await verified()).verifiedDiverse).toBe(0);

    // The drill-down names the supplier, the rule and the certificate.
    await putPolicy(t, token);
    const drill = (await post(token, '/api/graph/verifiedSuppliers', { selectedIds: [] })).json();
    expect(drill.data).toHaveLength(1);
    expect(drill.data[0]).toMatchObject({
      supplierId: ids.alpha,
      matchRule: 'DUNS',
      reportedSpend: 7000,
      verifiedSpend: alphaInForce,
    });
    expect(drill.data[0].certificates.map((c: { agency: string }) => c.agency)).toEqual(['NMSDC']);
    expect(org.id).toBeGreaterThan(0);
  });

  it('carries a confirmed match to every row and to a later file', async () => {
    const { token, org } = await signedInUser(t.app, t.database.db);
    await importMatched(t, token, await workbook(FIRST_FILE));
    await addCertificate(t, token, {
      supplierId: ids.sky,
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2024-01-01',
      expiryDate: '2027-12-31',
    });
    const wbe = async () =>
      (
        (await post(token, '/api/graph/verifiedSpend', { selectedIds: [] })).json().data as {
          perType: { type: string; verified: number }[];
        }
      ).perType.find((p) => p.type === 'WBE')!.verified;
    expect(await wbe()).toBe(0);

    const assign = await post(token, '/api/supplierMatching/assign', {
      supplierKey: 'name:blue sky printing',
      supplierId: ids.sky,
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().message).toBe('Match Saved Successfully');
    expect(await wbe()).toBe(800);

    const later = [pay('Blue Sky Printing LLC', '2025-10-01', 1200, { state: 'NY' })];
    expect((await importSpend(t, token, await workbook(later), 'later.xlsx')).job?.status).toBe(
      'done',
    );
    expect(await wbe()).toBe(800 + 1200);
    const sky = (await matchesOf(org.id)).find((m) => m.supplier_key === 'name:blue sky printing');
    expect(sky).toMatchObject({ rule: 'CONFIRMED', supplier_ref: ids.sky });

    // 'None of these' takes the vendor off the list, and says it rejected the match.
    const rejected = await post(token, '/api/supplierMatching/assign', {
      supplierKey: 'name:nowhere supply',
      supplierId: null,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe(
      'Match Rejected: this vendor is not tied to any directory supplier',
    );
    const list = (await post(token, '/api/supplierMatching/list', { pageNumber: 0 })).json();
    expect(list.totalCount).toBe(0);
  });

  it('derives status, filters and sorts the Certificates view', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const today = new Date().toISOString().slice(0, 10);
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const base = { supplierId: ids.alpha, issueDate: shift(-400) };
    await addCertificate(t, token, {
      ...base,
      diversityType: 'MBE',
      agency: 'NMSDC',
      expiryDate: shift(200),
    });
    await addCertificate(t, token, {
      ...base,
      diversityType: 'WBE',
      agency: 'WBENC',
      expiryDate: shift(30),
    });
    await addCertificate(t, token, {
      ...base,
      diversityType: 'VBE',
      agency: 'NVBDC',
      expiryDate: shift(-1),
    });
    await addCertificate(t, token, {
      ...base,
      diversityType: '8A',
      agency: 'SBA',
      expiryDate: shift(300),
      status: 'SUSPENDED',
      statusDate: shift(-10),
    });
    const list = async (body: object) =>
      (await post(token, '/api/certificates/list', { pageNumber: 0, ...body })).json();
    const all = await list({});
    // Sorted by expiry, soonest first.
    expect(all.data.map((c: { diversityType: string }) => c.diversityType)).toEqual([
      'VBE',
      'WBE',
      'MBE',
      '8A',
    ]);
    expect(all.data.map((c: { status: string }) => c.status)).toEqual([
      'EXPIRED',
      'EXPIRING',
      'VALID',
      'SUSPENDED',
    ]);
    expect((await list({ status: 'EXPIRING' })).data).toHaveLength(1);
    expect((await list({ agency: 'SBA' })).data[0].diversityType).toBe('8A');
    expect((await list({ diversityType: 'MBE' })).totalCount).toBe(1);
    expect(
      (await list({ sortOrder: 'desc' })).data.map(
        (c: { diversityType: string }) => c.diversityType,
      ),
    ).toEqual(['8A', 'MBE', 'WBE', 'VBE']);

    // With a month's grace, the certificate that expired yesterday still counts: 'In grace'.
    expect((await putPolicy(t, token, { graceMonths: 1 })).statusCode).toBe(200);
    const graced = await list({});
    expect(graced.data.map((c: { status: string }) => c.status)).toEqual([
      'IN_GRACE',
      'EXPIRING',
      'VALID',
      'SUSPENDED',
    ]);
    expect((await list({ status: 'IN_GRACE' })).data[0].diversityType).toBe('VBE');
    expect((await list({ status: 'EXPIRED' })).totalCount).toBe(0);
  });

  it('refuses bad certificates with field messages', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const bad = await post(token, '/api/certificates/create', {
      supplierId: ids.alpha,
      diversityType: 'MBE',
      agency: 'NMSDC',
      issueDate: '2025-05-01',
      expiryDate: '2025-01-01',
      status: 'DECERTIFIED',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'expiryDate', message: 'Expiry date must be on or after the issue date' },
        {
          field: 'statusDate',
          message: 'Required when the certificate is suspended or decertified',
        },
      ]),
    );
    const unknown = await post(token, '/api/certificates/create', {
      supplierId: ids.alpha,
      diversityType: 'MBE',
      agency: 'Nobody Inc',
      issueDate: '2025-01-01',
      expiryDate: '2026-01-01',
    });
    expect(unknown.statusCode).toBe(400);
    // An organisation's own agency becomes usable.
    const added = await post(token, '/api/certificates/agencies', { name: 'Nobody Inc' });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      (await post(token, '/api/certificates/agencies', { name: 'nobody inc' })).statusCode,
    ).toBe(409);
    await addCertificate(t, token, {
      supplierId: ids.alpha,
      diversityType: 'MBE',
      agency: 'Nobody Inc',
      issueDate: '2025-01-01',
      expiryDate: '2026-01-01',
    });
  });

  it('mails the expiry digest once per certificate and notice, for paid suppliers only', async () => {
    const { token, user } = await signedInUser(t.app, t.database.db);
    await importMatched(t, token, await workbook(FIRST_FILE));
    const cert = (
      supplierId: number,
      diversityType: string,
      agency: string,
      expiryDate: string,
      extra = {},
    ) =>
      addCertificate(t, token, {
        supplierId,
        diversityType,
        agency,
        issueDate: '2024-01-01',
        expiryDate,
        ...extra,
      });
    await cert(ids.alpha, 'MBE', 'NMSDC', '2025-11-30'); // expiring on 2025-10-15
    await cert(ids.beta, 'WBE', 'WBENC', '2025-09-01'); // expired
    await cert(ids.sky, 'WBE', 'WBENC', '2025-11-01'); // expiring, but Sky's vendor is unmatched
    await cert(ids.blue, 'DBE', 'City agency', '2026-12-31'); // not due
    await cert(ids.alpha, 'VBE', 'NVBDC', '2025-12-01', {
      status: 'SUSPENDED',
      statusDate: '2025-05-01',
    }); // suspended: not an expiry matter
    const mails = async () => (await mailsTo(t.database.db, user.email)).reverse();

    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-10-15', DIGEST);
    let sent = await mails();
    expect(sent).toHaveLength(1);
    const lines = sent[0]!.body.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      '- Alpha Freight Partners: MBE, NMSDC, expires 11/30/2025',
      '- Beta Metals Corp: WBE, WBENC, expired 09/01/2025',
    ]);
    // Links to where the home page's "Needs attention" sends a manager: Certificates, and home.
    expect(sent[0]!.body).toContain(
      'Review and renew them in Certificates: https://spotz.example/home/verified/certificates',
    );
    expect(sent[0]!.body).toContain(
      'Everything that needs attention today: https://spotz.example/home',
    );

    // The same day again, and the next: nothing new.
    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-10-15', DIGEST);
    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-10-16', DIGEST);
    expect(await mails()).toHaveLength(1);

    // Once Alpha's certificate has expired, that is news: one more mail, with it alone.
    await sendExpiryDigests(t.database.db, t.app.mailer, '2025-12-05', DIGEST);
    sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      '- Alpha Freight Partners: MBE, NMSDC, expired 11/30/2025',
    ]);
  });

  it('guards every endpoint and keeps organisations apart', async () => {
    const owner = await signedInUser(t.app, t.database.db);
    const cert = await addCertificate(t, owner.token, {
      supplierId: ids.alpha,
      diversityType: 'MBE',
      agency: 'NMSDC',
      issueDate: '2025-01-01',
      expiryDate: '2026-01-01',
    });
    const endpoints: [string, string, object?][] = [
      ['POST', '/api/certificates/list', { pageNumber: 0 }],
      ['GET', '/api/certificates/policy'],
      ['GET', '/api/certificates/agencies'],
      ['POST', '/api/supplierMatching/list', { pageNumber: 0 }],
      ['POST', '/api/supplierMatching/rate', {}],
      ['POST', '/api/graph/verifiedSpend', {}],
    ];
    const supplier = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
    for (const [method, url, payload] of endpoints) {
      const none = await t.app.inject({
        method: method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(none.statusCode, url).toBe(401);
      const denied = await t.app.inject({
        method: method as 'GET',
        url,
        headers: t.auth(supplier.token),
        ...(payload ? { payload } : {}),
      });
      expect(denied.statusCode, url).toBe(403);
    }
    // A Buyer User may add, not delete or change the policy.
    const user = await actor(t.app, t.database.db, 'ROLE_BUYER_USER');
    const del = await t.call(user.token, 'DELETE', `/api/certificates/delete?id=${cert.id}`);
    expect(del.statusCode).toBe(403);

    // Another organisation neither sees nor changes the certificate.
    const other = await signedInUser(t.app, t.database.db);
    expect((await post(other.token, '/api/certificates/list', {})).json().totalCount).toBe(0);
    const put = await t.call(other.token, 'PUT', '/api/certificates/create', {
      id: cert.id,
      supplierId: ids.alpha,
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2025-01-01',
      expiryDate: '2026-01-01',
    });
    expect(put.statusCode).toBe(404);
    const otherDelete = await t.call(
      other.token,
      'DELETE',
      `/api/certificates/delete?id=${cert.id}`,
    );
    expect(otherDelete.statusCode).toBe(404);
    const mine = (await post(owner.token, '/api/certificates/list', {})).json();
    expect(mine.data[0]).toMatchObject({ id: cert.id, diversityType: 'MBE' });
    const gone = await t.call(owner.token, 'DELETE', `/api/certificates/delete?id=${cert.id}`);
    expect(gone.statusCode).toBe(200);
  });
});
