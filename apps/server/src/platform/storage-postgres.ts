/**
 * Files in PostgreSQL: what every server process behind a load balancer can read,
 * with nothing more to run than the database. A file is cut into CHUNK_BYTES chunks as it
 * streams in, each chunk one row, all in one transaction with the file's row (a failed upload
 * leaves nothing); it streams out a few chunks per query, and a range read (video seeking)
 * reads only the chunks that hold the range.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { storedFileChunks, storedFiles } from '../db/schema/index.ts';
import { storageKey, type Storage, type StoredObject } from './storage.ts';

/** 256 KiB: big enough that a 500 MB video is 2,000 rows, small enough to stream. */
export const CHUNK_BYTES = 256 * 1024;
/** Chunks read per query while streaming out (1 MiB). */
const CHUNKS_PER_READ = 4;

export class PostgresStorage implements Storage {
  readonly kind = 'database';

  constructor(private readonly db: Db) {}

  async put(prefix: string, extension: string, body: Readable): Promise<StoredObject> {
    const key = storageKey(prefix, extension, randomUUID());
    return { key, size: await this.write(key, body) };
  }

  /** Stores `body` under an existing key (moving files between backends keeps their keys). */
  async putAs(key: string, body: Readable): Promise<void> {
    await this.write(storageKey.check(key), body, true);
  }

  private async write(key: string, body: Readable, replace = false): Promise<number> {
    return this.db.transaction(async (tx) => {
      if (replace) await tx.delete(storedFiles).where(eq(storedFiles.key, key));
      // The file's row first (the chunks refer to it); its size once every chunk is in.
      await tx.insert(storedFiles).values({ key, size: 0 });
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let position = 0;
      let total = 0;
      const flush = async (all: boolean) => {
        let joined = Buffer.concat(pending, pendingBytes);
        while (joined.length >= CHUNK_BYTES || (all && joined.length > 0)) {
          const data = joined.subarray(0, CHUNK_BYTES);
          await tx.insert(storedFileChunks).values({ key, position: position++, data });
          joined = joined.subarray(data.length);
        }
        pending = joined.length > 0 ? [Buffer.from(joined)] : [];
        pendingBytes = joined.length;
      };
      for await (const piece of body) {
        const buffer = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        total += buffer.length;
        if (pendingBytes >= CHUNK_BYTES) await flush(false);
      }
      // A stream cut short by a size limit ends "successfully" with truncated data.
      if ((body as Readable & { truncated?: boolean }).truncated) {
        throw Object.assign(new Error('truncated'), { code: 'FILE_TOO_LARGE' });
      }
      await flush(true);
      await tx.update(storedFiles).set({ size: total }).where(eq(storedFiles.key, key));
      return total;
    });
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    storageKey.check(key);
    const db = this.db;
    async function* chunks() {
      const size = await sizeOf(db, key);
      if (size === undefined) {
        throw Object.assign(new Error('No such stored file'), { code: 'ENOENT' });
      }
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      if (end < start) return;
      const last = Math.floor(end / CHUNK_BYTES);
      for (let first = Math.floor(start / CHUNK_BYTES); first <= last; first += CHUNKS_PER_READ) {
        const rows = await db
          .select({ position: storedFileChunks.position, data: storedFileChunks.data })
          .from(storedFileChunks)
          .where(
            and(
              eq(storedFileChunks.key, key),
              between(
                storedFileChunks.position,
                first,
                Math.min(last, first + CHUNKS_PER_READ - 1),
              ),
            ),
          )
          .orderBy(storedFileChunks.position);
        for (const row of rows) {
          const offset = row.position * CHUNK_BYTES;
          const from = Math.max(start - offset, 0);
          const to = Math.min(end - offset + 1, row.data.length);
          yield Buffer.from(row.data).subarray(from, to);
        }
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  size(key: string) {
    storageKey.check(key);
    return sizeOf(this.db, key);
  }

  async remove(key: string) {
    storageKey.check(key);
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async *keys(): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(sql`${storedFiles.key} > ${after}`)
        .orderBy(storedFiles.key)
        .limit(500);
      for (const row of rows) yield row.key;
      if (rows.length < 500) return;
      after = rows.at(-1)!.key;
    }
  }
}

async function sizeOf(db: Db, key: string) {
  const [row] = await db
    .select({ size: storedFiles.size })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row ? Number(row.size) : undefined;
}
