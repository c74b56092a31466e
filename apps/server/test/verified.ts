/**
 * The verified-diversity fixture the API tests share: directory suppliers, a spend
 * file imported (each vendor matched to the directory by the import) and certificates added
 * through the API — one by one, as a buyer or the platform's admins do.
 *
 *   const ids = await directorySuppliers(t, [{ duns: '930000001', name: 'Gamma Tools' }]);
 *   await importMatched(t, token, await xlsxBuffer(rows));
 *   await certify(t, token, ids, [{ duns: '930000001', type: 'MBE', from, to }]);
 */
import { expect } from 'vitest';
import type { Certificate } from '@spotzcity/shared/verified-diversity';
import { supplierDirectory } from '../src/db/schema/index.ts';
import type { TestApp } from './harness.ts';
import { importSpend } from './imports.ts';

/** Adds platform-wide directory suppliers; answers their ids by DUNS. */
export async function directorySuppliers(
  t: TestApp,
  suppliers: (typeof supplierDirectory.$inferInsert)[],
): Promise<Record<string, number>> {
  const inserted = await t.database.db
    .insert(supplierDirectory)
    .values(suppliers)
    .returning({ id: supplierDirectory.id, duns: supplierDirectory.duns });
  return Object.fromEntries(inserted.map((r) => [r.duns, r.id]));
}

/** Imports a spend file for `token`'s organisation and expects it done (vendors matched). */
export async function importMatched(t: TestApp, token: string, file: Buffer) {
  const imported = await importSpend(t, token, file);
  expect(imported.job?.status, imported.job?.message ?? '').toBe('done');
  return imported;
}

/** POST /api/certificates/create as `token`, expecting 200; answers the certificate. */
export async function addCertificate(t: TestApp, token: string, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/certificates/create',
    headers: t.auth(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Certificate;
}

export interface CertificateFixture {
  duns: string;
  type: string;
  from: string;
  to: string;
  /** Default: NMSDC for MBE, else WBENC. */
  agency?: string;
  number?: string;
}

/** Adds each certificate to the supplier of its DUNS (ids from directorySuppliers). */
export async function certify(
  t: TestApp,
  token: string,
  ids: Record<string, number>,
  certificates: CertificateFixture[],
) {
  const added: Certificate[] = [];
  for (const c of certificates) {
    added.push(
      await addCertificate(t, token, {
        supplierId: ids[c.duns],
        diversityType: c.type,
        agency: c.agency ?? (c.type === 'MBE' ? 'NMSDC' : 'WBENC'),
        ...(c.number ? { certificateNumber: c.number } : {}),
        issueDate: c.from,
        expiryDate: c.to,
      }),
    );
  }
  return added;
}

/**
 * Sets the organisation's certificate policy through the API: no grace, no self-certification,
 * every agency, 90 days of warning and the verified counting rule, unless `over` says otherwise.
 * Answers the reply (the caller expects its status).
 */
export function putPolicy(t: TestApp, token: string, over: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/certificates/policy',
    headers: t.auth(token),
    payload: {
      acceptedAgencies: null,
      acceptSelfCertified: false,
      graceMonths: 0,
      expiringWindowDays: 90,
      countingRule: 'VERIFIED',
      ...over,
    },
  });
}
