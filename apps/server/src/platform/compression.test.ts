/**
 * What goes over the wire compressed: the web app's built assets are sent from their
 * precompressed copies (.br, .gz written by the build) as the browser's Accept-Encoding allows,
 * with `Vary: Accept-Encoding`; JSON replies above 1 KB are compressed on the way out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

const webDist = mkdtempSync(path.join(tmpdir(), 'spotzcity-web-'));
const script = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;
const page = `<!doctype html><html><body><div id="root"></div>${'<!-- - -->'.repeat(200)}</body></html>`;

function writeWithCopies(file: string, content: string) {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeWithCopies(path.join(webDist, 'index.html'), page);
  writeWithCopies(path.join(webDist, 'assets/index-abc123.js'), script);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

const varies = (vary: unknown) =>
  String(vary)
    .toLowerCase()
    .split(',')
    .map((v) => v.trim())
    .includes('accept-encoding');

describe('built assets', () => {
  it('sends the brotli copy to a browser that accepts brotli', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when gzip is all the browser accepts', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res.headers.vary)).toBe(true);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself to a client that accepts no compression, still saying it varies', async () => {
    const res = await get('/assets/index-abc123.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers.vary)).toBe(true);
    expect(res.body).toBe(script);
  });

  it('sends index.html compressed for a client-side route', async () => {
    const res = await get('/home/supplierSpend', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });
});

describe('JSON replies', () => {
  it('compresses a reply above 1 KB', async () => {
    const plain = await get('/api/docs/json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const res = await get('/api/docs/json', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers.vary)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small reply as it is', async () => {
    const res = await get('/api/health', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });
});
