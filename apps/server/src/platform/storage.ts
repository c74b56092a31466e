/**
 * The file-storage interface every upload goes through: a local directory (the embedded
 * default), PostgreSQL (storage-postgres.ts, the default with DATABASE_URL) or S3-compatible
 * object storage (storage-s3.ts), chosen by STORAGE_URL (openStorage below). Keys are generated
 * by the platform (never taken from user input), so no path can escape the root.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client.ts';

export interface StoredObject {
  key: string;
  size: number;
}

export interface Storage {
  /** Writes the stream under a new key below `prefix`; removes the partial file on failure. */
  put(prefix: string, extension: string, body: Readable): Promise<StoredObject>;
  /** A read stream of the whole object, or of the inclusive byte range [start, end]. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | undefined>;
  remove(key: string): Promise<void>;
  /** Every key stored (for moving files between backends). */
  keys(): AsyncIterable<string>;
  /** Stores `body` under a key taken from another backend, replacing what it held. */
  putAs(key: string, body: Readable): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

/** A new key below `prefix` with the (cleaned) extension; `storageKey.check` refuses any other. */
export const storageKey = Object.assign(
  (prefix: string, extension: string, id: string) => {
    const ext = extension
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 10);
    return storageKey.check(`${prefix}/${id}${ext ? `.${ext}` : ''}`);
  },
  {
    check(key: string) {
      if (!SAFE_KEY.test(key)) throw new Error(`Invalid storage key`);
      return key;
    },
  },
);

export class LocalStorage implements Storage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private resolve(key: string) {
    return path.join(this.root, storageKey.check(key));
  }

  async put(prefix: string, extension: string, body: Readable): Promise<StoredObject> {
    const key = storageKey(prefix, extension, randomUUID());
    const size = await this.write(key, body, 'wx');
    return { key, size };
  }

  async putAs(key: string, body: Readable) {
    await this.write(key, body, 'w');
  }

  private async write(key: string, body: Readable, flags: 'w' | 'wx') {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    try {
      await pipeline(body, createWriteStream(file, { flags }));
      // A stream cut short by a size limit ends "successfully" with truncated data.
      if ((body as Readable & { truncated?: boolean }).truncated) {
        throw Object.assign(new Error('truncated'), { code: 'FILE_TOO_LARGE' });
      }
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return (await stat(file)).size;
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.resolve(key), range);
  }

  async size(key: string) {
    try {
      return (await stat(this.resolve(key))).size;
    } catch {
      return undefined;
    }
  }

  async remove(key: string) {
    await rm(this.resolve(key), { force: true });
  }

  async *keys(): AsyncIterable<string> {
    const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const key = prefix ? `${prefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else if (SAFE_KEY.test(key)) yield key;
      }
    };
    yield* walk(this.root, '');
  }
}

/**
 * The storage STORAGE_URL names: `database` (PostgreSQL, only with DATABASE_URL), `s3://bucket?
 * endpoint=…&region=…` (S3-compatible; credentials from the AWS SDK's usual environment), or
 * a directory (`file:///srv/files` or a path). Unset: PostgreSQL when the app runs on
 * PostgreSQL (every process sees the same files), else DATA_DIR/files.
 */
export async function openStorage(
  storageUrl: string | undefined,
  database: { kind: 'pglite' | 'postgres'; db: Db },
  dataDir: string,
): Promise<Storage> {
  const url = storageUrl ?? (database.kind === 'postgres' ? 'database' : undefined);
  if (url === undefined) return new LocalStorage(path.join(dataDir, 'files'));
  if (url === 'database' || /^postgres(ql)?:/.test(url)) {
    if (database.kind !== 'postgres') {
      throw new Error('STORAGE_URL=database needs DATABASE_URL (files in PostgreSQL)');
    }
    const { PostgresStorage } = await import('./storage-postgres.ts');
    return new PostgresStorage(database.db);
  }
  if (url.startsWith('s3://')) {
    const { S3Storage } = await import('./storage-s3.ts');
    return S3Storage.fromUrl(url);
  }
  return new LocalStorage(url.startsWith('file:') ? fileURLToPath(url) : path.resolve(url));
}

/**
 * Copies every file of `source` into `target` under the same key; a file the target holds at
 * the same size is skipped (a second run finishes an interrupted one).
 */
export async function moveFiles(source: Storage, target: Storage, onCopy?: (key: string) => void) {
  let copied = 0;
  let skipped = 0;
  for await (const key of source.keys()) {
    const size = await source.size(key);
    if (size !== undefined && (await target.size(key)) === size) {
      skipped += 1;
      continue;
    }
    await target.putAs(key, source.read(key));
    onCopy?.(key);
    copied += 1;
  }
  return { copied, skipped };
}
