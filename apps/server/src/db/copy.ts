/**
 * Bulk loading with COPY inside a Drizzle transaction, on either database: PostgreSQL gets the
 * rows through `COPY … FROM STDIN` (pg-copy-streams), PGlite through `COPY … FROM '/dev/blob'`
 * with the bytes as the query's blob. Both read PostgreSQL's text format (copy-text.ts), so
 * one encoder serves both. COPY parses rows far more cheaply than an INSERT of array parameters:
 * the spend import spent most of its time in `insert … select from unnest(…)` before.
 *
 * The COPY runs on the transaction's own connection, so it commits or rolls back with the rest.
 */
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db, DbOrTx, Tx } from './client.ts';

interface PgliteQueryable {
  query(
    sql: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ): Promise<{ affectedRows?: number }>;
}

/** The connection under a Drizzle transaction (drizzle keeps it on the session). */
function connectionOf(tx: DbOrTx): PoolClient | PgliteQueryable {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client) throw new Error('copyRows needs a transaction');
  return client as PoolClient | PgliteQueryable;
}

const isPostgres = (client: PoolClient | PgliteQueryable): client is PoolClient =>
  'connectionParameters' in client || typeof (client as PoolClient).release === 'function';

/**
 * Loads `rows` (UTF-8 COPY text, each row ending with a newline) into `table (columns)`. Table
 * and column names are the caller's constants, never user input.
 */
export async function copyRows(
  tx: DbOrTx,
  table: string,
  columns: readonly string[],
  rows: Uint8Array,
): Promise<void> {
  const client = connectionOf(tx);
  const target = `${table} (${columns.join(', ')})`;
  if (isPostgres(client)) {
    const chunk = Buffer.from(rows.buffer, rows.byteOffset, rows.byteLength);
    await pipeline(Readable.from([chunk]), client.query(copyFrom(`copy ${target} from stdin`)));
  } else {
    await client.query(`copy ${target} from '/dev/blob'`, [], { blob: blobOf(client, rows) });
  }
}

/** How much COPY text one PGlite COPY statement takes from a file (whole lines). */
const PGLITE_FILE_CHUNK = 8 * 1024 * 1024;

/**
 * Loads a file of COPY text (each row ending with a newline) into `table (columns)`, calling
 * `onProgress` with the bytes loaded so far: on PostgreSQL one `COPY … FROM STDIN` streaming the
 * file, on PGlite one COPY per chunk of whole lines (its `/dev/blob` is a buffer in memory).
 * Answers the number of rows loaded, as the database counted them.
 */
export async function copyRowsFromFile(
  tx: DbOrTx,
  table: string,
  columns: readonly string[],
  file: string,
  onProgress?: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const client = connectionOf(tx);
  const target = `${table} (${columns.join(', ')})`;
  if (isPostgres(client)) {
    let bytes = 0;
    const copy = client.query(copyFrom(`copy ${target} from stdin`));
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        onProgress?.(bytes);
        done(null, chunk);
      },
    });
    await pipeline(
      createReadStream(file, { highWaterMark: 1024 * 1024 }),
      counter,
      copy,
      ...(signal ? [{ signal }] : []),
    );
    return copy.rowCount;
  }
  const handle = await open(file, 'r');
  let rowCount = 0;
  try {
    const buffer = Buffer.alloc(PGLITE_FILE_CHUNK);
    let filled = 0;
    let position = 0;
    for (;;) {
      signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position);
      position += bytesRead;
      filled += bytesRead;
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(10, filled - 1) + 1;
      if (end === 0 && filled === buffer.length) {
        throw new Error(`A line of COPY text is longer than ${PGLITE_FILE_CHUNK} bytes`);
      }
      if (end > 0) {
        const rows = buffer.subarray(0, end);
        const result = await client.query(`copy ${target} from '/dev/blob'`, [], {
          blob: blobOf(client, rows),
        });
        rowCount += result.affectedRows ?? 0;
        onProgress?.(position - (filled - end));
        buffer.copy(buffer, 0, end, filled);
        filled -= end;
      }
      if (bytesRead === 0) break;
    }
  } finally {
    await handle.close();
  }
  return rowCount;
}

/**
 * How much COPY text one part of `copyFileInParts` takes. On PGlite a statement holds the whole
 * process (every other organisation's queries wait for it), so a part is a fraction of a second
 * of work; PostgreSQL runs other connections meanwhile, so its parts are larger.
 */
export const PART_BYTES = { pglite: 1024 * 1024, postgres: 16 * 1024 * 1024 };

export interface CopyPartsOptions {
  /** Runs first in each part's transaction (its checks and settings). */
  prepare?: (tx: Tx) => Promise<void>;
  /** Bytes of the file loaded so far, after each part; the next part waits for its promise. */
  onProgress?: (bytes: number) => void | Promise<void>;
  signal?: AbortSignal;
  /** COPY text per part, whole lines (PART_BYTES unless told). */
  partBytes?: number;
  /**
   * Every line must begin with this text (its leading columns), checked before the part is
   * loaded: a part that names another row owner is refused before anything of it is written.
   */
  linePrefix?: string;
}

/** Throws unless every line of `rows` (whole lines) begins with `prefix`. */
function checkLinePrefix(rows: Buffer, prefix: Buffer, firstLine: number): number {
  let line = firstLine;
  for (let start = 0; start < rows.length; line += 1) {
    if (rows.compare(prefix, 0, prefix.length, start, start + prefix.length) !== 0) {
      throw new Error(`Line ${line} of the COPY text does not begin with its owner's columns`);
    }
    const end = rows.indexOf(10, start);
    start = end === -1 ? rows.length : end + 1;
  }
  return line;
}

const onPostgres = (db: Db) =>
  typeof (db as unknown as { $client?: { totalCount?: unknown } }).$client?.totalCount === 'number';

/**
 * Loads a file of COPY text into `table (columns)` in parts of whole lines, each part a COPY in a
 * transaction of its own, committed before the next begins: other queries take their turns
 * between the parts (db/turns.ts). What was loaded stays if a later part fails; the caller makes
 * the rows invisible until it is done and removes them if it is not (modules/spend/import.ts).
 * Answers the number of rows loaded, as the database counted them.
 */
export async function copyFileInParts(
  db: Db,
  table: string,
  columns: readonly string[],
  file: string,
  options: CopyPartsOptions = {},
): Promise<number> {
  const postgres = onPostgres(db);
  const partBytes = options.partBytes ?? (postgres ? PART_BYTES.postgres : PART_BYTES.pglite);
  const target = `${table} (${columns.join(', ')})`;
  const handle = await open(file, 'r');
  const prefix = options.linePrefix === undefined ? null : Buffer.from(options.linePrefix);
  let rowCount = 0;
  let nextLine = 1;
  try {
    const buffer = Buffer.alloc(partBytes);
    let filled = 0;
    let position = 0;
    for (;;) {
      options.signal?.throwIfAborted();
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position);
      position += bytesRead;
      filled += bytesRead;
      const end = bytesRead === 0 ? filled : buffer.lastIndexOf(10, filled - 1) + 1;
      if (end === 0 && filled === buffer.length) {
        throw new Error(`A line of COPY text is longer than ${partBytes} bytes`);
      }
      if (end > 0) {
        const rows = buffer.subarray(0, end);
        if (prefix) nextLine = checkLinePrefix(rows, prefix, nextLine);
        rowCount += await db.transaction(async (tx) => {
          await options.prepare?.(tx);
          const client = connectionOf(tx);
          if (isPostgres(client)) {
            const copy = client.query(copyFrom(`copy ${target} from stdin`));
            await pipeline(Readable.from([rows]), copy);
            return copy.rowCount;
          }
          // One buffer for every part: the parts run one after another.
          const result = await client.query(`copy ${target} from '/dev/blob'`, [], {
            blob: blobOf(db, rows),
          });
          return result.affectedRows ?? 0;
        });
        await options.onProgress?.(position - (filled - end));
        buffer.copy(buffer, 0, end, filled);
        filled -= end;
      }
      if (bytesRead === 0) break;
    }
  } finally {
    await handle.close();
  }
  return rowCount;
}

/**
 * PGlite reads `/dev/blob` from `await blob.arrayBuffer()`. A Blob per COPY would cost two copies
 * of every batch (the Blob, then a fresh ArrayBuffer) that stay until V8's next full collection,
 * and on PGlite that comes late: the thread spends its time inside WebAssembly. A million-row
 * import peaked with ~200 MB of such dead buffers. Instead each connection (a transaction's
 * PGlite handle) keeps one growable buffer, refilled for every COPY; its statements run one after
 * another, so a buffer is never refilled while PGlite still reads it.
 */
const blobBuffers = new WeakMap<object, ArrayBuffer>();
const MIN_BLOB_CAPACITY = 64 * 1024 * 1024;

function blobOf(connection: object, rows: Uint8Array): Blob {
  const size = rows.byteLength;
  let buffer = blobBuffers.get(connection);
  if (!buffer || buffer.maxByteLength < size) {
    // Only the pages written to take memory; the capacity is address space.
    buffer = new ArrayBuffer(0, { maxByteLength: Math.max(size, MIN_BLOB_CAPACITY) });
    blobBuffers.set(connection, buffer);
  }
  buffer.resize(size);
  new Uint8Array(buffer).set(rows);
  const filled = buffer;
  // PGlite uses nothing of the Blob but its arrayBuffer().
  return { size, arrayBuffer: () => Promise.resolve(filled) } as unknown as Blob;
}
