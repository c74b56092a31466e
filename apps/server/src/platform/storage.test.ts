/**
 * One contract for every storage backend: put, read whole and by range, size,
 * remove, list and store under a given key; a failed or cut-short upload leaves nothing. The
 * local directory and PostgreSQL run it here (PostgreSQL's backend on PGlite in `api`, on
 * PostgreSQL in `api-pg`). The S3 backend runs it through the AWS SDK against an S3-protocol
 * server started here (s3rver, a fake S3 in Node, on a random port): the SDK's requests, signing,
 * range reads and errors are real, only the service is not AWS.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rowsOf } from '../db/client.ts';
import { LocalStorage, moveFiles, openStorage, type Storage } from './storage.ts';
import { CHUNK_BYTES, PostgresStorage } from './storage-postgres.ts';
import { S3Storage } from './storage-s3.ts';

let t: TestApp;
let dir: string;
let s3: S3rver;
let s3Url: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-storage-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'spotzcity-files', configs: [] }],
  });
  const { port } = await s3.run();
  s3Url = `s3://spotzcity-files/some/prefix?endpoint=http://127.0.0.1:${port}&region=eu-west-1`;
});
afterAll(async () => {
  await s3.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** s3rver's fixed credentials (a deployment's come from the SDK's usual chain). */
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function bytesOf(stream: Readable) {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts);
}

/** `data` in pieces of 10,000 bytes (as a network upload arrives), failing after `failAt`. */
function streamOf(data: Buffer, failAt = Infinity) {
  return Readable.from(
    (function* () {
      for (let at = 0; at < data.length; at += 10_000) {
        if (at >= failAt) throw new Error('connection reset');
        yield data.subarray(at, at + 10_000);
      }
    })(),
  );
}

async function allKeys(storage: Storage) {
  const keys: string[] = [];
  for await (const key of storage.keys()) keys.push(key);
  return keys.sort();
}

const backends: [string, () => Storage | Promise<Storage>][] = [
  ['a local directory', () => new LocalStorage(path.join(dir, 'files'))],
  ['PostgreSQL', () => new PostgresStorage(t.database.db)],
  ['S3', () => S3Storage.fromUrl(s3Url, { credentials: S3_CREDENTIALS })],
];

describe.each(backends)('storage in %s', (name, open) => {
  // Two and a half chunks: ranges that start, end and cross chunk boundaries.
  const data = randomBytes(CHUNK_BYTES * 2 + CHUNK_BYTES / 2);

  it('stores a file, reads it whole and by ranges, and removes it', async () => {
    const storage = await open();
    const stored = await storage.put('videos', 'MP4', streamOf(data));
    expect(stored.size).toBe(data.length);
    expect(stored.key).toMatch(/^videos\/[0-9a-f-]{36}\.mp4$/);
    expect(await storage.size(stored.key)).toBe(data.length);
    expect((await bytesOf(storage.read(stored.key))).equals(data)).toBe(true);
    const ranges = [
      // s3rver reads `bytes=0-0` as the whole object (its `end || Infinity`); S3 answers 1 byte.
      ...(name === 'S3' ? [] : ([[0, 0]] as const)),
      [0, 99],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 9],
      [CHUNK_BYTES, CHUNK_BYTES * 2 - 1],
      [1000, CHUNK_BYTES * 2 + 500],
      [data.length - 7, data.length - 1],
    ] as const;
    for (const [start, end] of ranges) {
      const got = await bytesOf(storage.read(stored.key, { start, end }));
      expect(got.equals(data.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
    }
    expect(await allKeys(storage)).toContain(stored.key);
    await storage.remove(stored.key);
    expect(await storage.size(stored.key)).toBeUndefined();
    expect(await allKeys(storage)).not.toContain(stored.key);
  });

  it('stores an empty file', async () => {
    const storage = await open();
    const stored = await storage.put('modules', 'txt', Readable.from([]));
    expect(stored.size).toBe(0);
    expect((await bytesOf(storage.read(stored.key))).length).toBe(0);
    await storage.remove(stored.key);
  });

  it('leaves nothing when the upload fails half-way or is cut short', async () => {
    const storage = await open();
    const before = await allKeys(storage);
    await expect(storage.put('videos', 'mp4', streamOf(data, CHUNK_BYTES + 1))).rejects.toThrow(
      'connection reset',
    );
    const truncated = Object.assign(streamOf(data.subarray(0, 50_000)), { truncated: true });
    await expect(storage.put('videos', 'mp4', truncated)).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
    });
    expect(await allKeys(storage)).toEqual(before);
  });

  it('stores a file under a key from another backend, replacing what it held', async () => {
    const storage = await open();
    const key = 'modules/00000000-0000-4000-8000-000000000001.pdf';
    await storage.putAs(key, streamOf(data.subarray(0, 5)));
    await storage.putAs(key, streamOf(data.subarray(0, 12_345)));
    expect(await storage.size(key)).toBe(12_345);
    expect((await bytesOf(storage.read(key))).equals(data.subarray(0, 12_345))).toBe(true);
    await storage.remove(key);
  });

  it('refuses a key it did not make', async () => {
    const storage = await open();
    expect(() => storage.read('../etc/passwd')).toThrow('Invalid storage key');
    await expect(storage.remove('videos/../../x')).rejects.toThrow('Invalid storage key');
  });
});

describe('STORAGE_URL', () => {
  it('keeps files in PostgreSQL by default on PostgreSQL, in DATA_DIR/files on PGlite', async () => {
    const storage = await openStorage(undefined, t.database, dir);
    expect(storage).toBeInstanceOf(t.database.kind === 'postgres' ? PostgresStorage : LocalStorage);
  });

  it('refuses `database` without PostgreSQL', async () => {
    const pglite = { kind: 'pglite' as const, db: t.database.db };
    await expect(openStorage('database', pglite, dir)).rejects.toThrow('needs DATABASE_URL');
  });

  it('leaves no chunk behind a removed file', async () => {
    const storage = new PostgresStorage(t.database.db);
    const stored = await storage.put('videos', 'mp4', streamOf(randomBytes(CHUNK_BYTES + 1)));
    const count = async () =>
      rowsOf(
        await t.database.db.execute(
          sql`select count(*)::int as n from stored_file_chunks where key = ${stored.key}`,
        ),
        z.object({ n: z.number() }),
      )[0]!.n;
    expect(await count()).toBe(2);
    await storage.remove(stored.key);
    expect(await count()).toBe(0);
  });
});

describe('moving files between backends', () => {
  it('copies every file under its key, and a second run copies nothing', async () => {
    const local = new LocalStorage(path.join(dir, 'to-move'));
    const database = new PostgresStorage(t.database.db);
    const contents = [randomBytes(10), randomBytes(CHUNK_BYTES + 3), Buffer.alloc(0)];
    const keys = await Promise.all(
      contents.map(async (data) => (await local.put('modules', 'pdf', streamOf(data))).key),
    );
    const first = await moveFiles(local, database);
    expect(first).toEqual({ copied: 3, skipped: 0 });
    for (const [i, key] of keys.entries()) {
      expect((await bytesOf(database.read(key))).equals(contents[i]!)).toBe(true);
    }
    expect(await moveFiles(local, database)).toEqual({ copied: 0, skipped: 3 });
    for (const key of keys) await database.remove(key);
  });
});
