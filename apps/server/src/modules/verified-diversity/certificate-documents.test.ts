/**
 * A certificate's optional document: stored through the storage interface, uploaded
 * and downloaded by the organisation that owns the certificate only — another organisation gets
 * 404 both ways — and replaced without leaving the old file behind.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { signedInUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { rowsOf } from '../../db/client.ts';
import { supplierDirectory } from '../../db/schema/index.ts';

let t: TestApp;
let owner: string;
let other: string;
let certificateId: number;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

beforeAll(async () => {
  t = await createTestApp();
  owner = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_USER')).token;
  other = (await signedInUser(t.app, t.database.db, 'ROLE_BUYER_ADMIN')).token;
  const [supplier] = await t.database.db
    .insert(supplierDirectory)
    .values({ duns: '950000001', name: 'Doc Supplier' })
    .returning({ id: supplierDirectory.id });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/certificates/create',
    headers: t.auth(owner),
    payload: {
      supplierId: supplier!.id,
      diversityType: 'WBE',
      agency: 'WBENC',
      issueDate: '2025-01-01',
      expiryDate: '2027-01-01',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  certificateId = res.json().data.id;
});
afterAll(() => t?.close());

function upload(token: string, id: number, data: Buffer, filename: string) {
  const form = multipart({}, { file: { filename, contentType: 'application/pdf', data } });
  return t.app.inject({
    method: 'POST',
    url: `/api/certificates/document?id=${id}`,
    headers: { ...t.auth(token), ...form.headers },
    payload: form.payload,
  });
}
const download = (token: string, id: number) =>
  t.app.inject({ url: `/api/certificates/document?id=${id}`, headers: t.auth(token) });
const storedKey = async () =>
  rowsOf(
    await t.database.db.execute(
      sql`select document_key from supplier_certificates where id = ${certificateId}`,
    ),
    z.object({ document_key: z.string().nullable() }),
  )[0]!.document_key;

describe('certificate documents', () => {
  it('has none at first, then stores an upload and gives it back to its organisation', async () => {
    expect((await download(owner, certificateId)).statusCode).toBe(404);
    const res = await upload(owner, certificateId, PDF, 'C:\\fakepath\\wbenc-2025.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: certificateId, documentName: 'wbenc-2025.pdf' });
    const got = await download(owner, certificateId);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain('wbenc-2025.pdf');
    expect(got.rawPayload.equals(PDF)).toBe(true);
  });

  it('replaces the document and removes the old file from storage', async () => {
    const before = (await storedKey())!;
    expect(await t.app.storage.size(before)).toBe(PDF.length);
    const res = await upload(owner, certificateId, PNG, 'scan.png');
    expect(res.statusCode, res.body).toBe(200);
    const after = (await storedKey())!;
    expect(after).not.toBe(before);
    expect(await t.app.storage.size(before)).toBeUndefined();
    const got = await download(owner, certificateId);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what is neither a PDF nor a picture, and a missing file', async () => {
    const res = await upload(owner, certificateId, Buffer.from('just text'), 'notes.pdf');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'file' });
  });

  it('answers 400 to an upload cut off in the middle, and keeps the document it had', async () => {
    const key = await storedKey();
    const form = multipart(
      {},
      { file: { filename: 'cut.pdf', contentType: 'application/pdf', data: PDF } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/certificates/document?id=${certificateId}`,
      headers: { ...t.auth(owner), ...form.headers },
      payload: form.payload.subarray(0, form.payload.length - 30),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ message: 'The upload was interrupted. Please try again.' });
    expect(await storedKey()).toBe(key);
  });

  it('answers 404 to another organisation both ways, and stores nothing for it', async () => {
    const key = await storedKey();
    expect((await download(other, certificateId)).statusCode).toBe(404);
    expect((await upload(other, certificateId, PDF, 'theirs.pdf')).statusCode).toBe(404);
    expect(await storedKey()).toBe(key);
    expect((await download(owner, 2 ** 31 - 1)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/certificates/document?id=${certificateId}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
