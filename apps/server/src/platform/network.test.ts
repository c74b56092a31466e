/**
 * What the server believes about the network: the client's address (TRUST_PROXY), HSTS only over
 * HTTPS, the security headers of every reply, and temporary upload files kept under DATA_DIR and
 * swept at start.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { signedInUser } from '../../test/factories.ts';
import { followImport } from '../../test/imports.ts';
import { multipart } from '../../test/multipart.ts';
import { XLSX_TYPE, spendFixture } from '../../test/xlsx.ts';
import { tempRoot } from './temp-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
});
afterAll(() => t.close());

let asked = 0;
// Each request for another address, so that only the per-IP limit can refuse it.
const forgot = (app: TestApp, headers: Record<string, string>, remoteAddress = '192.0.2.10') =>
  app.app.inject({
    method: 'POST',
    url: `/api/auth/forgot/pwd?email=someone${(asked += 1)}@example.com`,
    remoteAddress,
    headers,
  });

describe('client addresses', () => {
  it('ignores a client-chosen X-Forwarded-For by default: the per-IP limit still holds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await forgot(t, { 'x-forwarded-for': `203.0.113.${i}` });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('believes the header only from the proxies TRUST_PROXY names', async () => {
    const behind = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', TRUST_PROXY: '192.0.2.1' });
    try {
      // Through the trusted proxy, each client has its own count.
      for (let i = 0; i < 5; i += 1) {
        const res = await forgot(behind, { 'x-forwarded-for': `203.0.113.${i}` }, '192.0.2.1');
        expect(res.statusCode).toBe(200);
      }
      // From any other address the header is the client's own claim, and is ignored.
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await forgot(behind, { 'x-forwarded-for': `198.51.100.${i}` }, '192.0.2.99');
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await behind.close();
    }
  });
});

describe('HSTS', () => {
  it('is sent over HTTPS only', async () => {
    const plain = await t.app.inject({ url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    // A client cannot claim HTTPS; a trusted proxy that terminated TLS can.
    const spoofed = await t.app.inject({
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const behind = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await behind.app.inject({
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await behind.close();
    }
  });
});

describe('security headers', () => {
  it('go with every reply, an API reply and a refusal alike', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/users/profile' }),
      await t.app.inject({ url: '/api/no-such-route' }),
    ]) {
      const policy = String(res.headers['content-security-policy']);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).toContain('frame-src https://www.youtube-nocookie.com');
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});

describe('temporary upload files', () => {
  it('live under DATA_DIR/tmp while checked, are removed after, and are swept at start', async () => {
    const root = tempRoot(t.dataDir);
    const { token } = await signedInUser(t.app, t.database.db);
    const { buffer } = await spendFixture(3);
    const form = multipart(
      { category: 'spend' },
      { file: { filename: 'spend.xlsx', contentType: XLSX_TYPE, data: buffer } },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { ...t.auth(token), ...form.headers },
      payload: form.payload,
    });
    // Answered once the file is checked in as an import job: it has left DATA_DIR/tmp.
    expect(res.statusCode).toBe(202);
    expect(readdirSync(root)).toEqual([]);
    expect((await followImport(t, token, res.json().data.id)).at(-1)?.status).toBe('done');

    // What a crashed server leaves behind is gone when the next one starts on the same DATA_DIR.
    const left = path.join(root, 'upload-crashed');
    mkdirSync(left, { recursive: true });
    writeFileSync(path.join(left, 'upload.xlsx'), buffer);
    const next = await createTestApp({ DATA_DIR: t.dataDir });
    try {
      expect(existsSync(left)).toBe(false);
    } finally {
      await next.close();
    }
  });
});
