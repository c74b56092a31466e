/**
 * Bulk loading with COPY inside a Drizzle transaction, on either database: PostgreSQL gets the
 * rows through `COPY … FROM STDIN` (pg-copy-streams), PGlite through `COPY … FROM '/dev/blob'`
 * with the text as the query's blob. Both read PostgreSQL's text format (copyField below), so
 * one encoder serves both. COPY parses rows far more cheaply than an INSERT of array parameters:
 * the spend import spent most of its time in `insert … select from unnest(…)` before.
 *
 * The COPY runs on the transaction's own connection, so it commits or rolls back with the rest.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DbOrTx } from './client.ts';

interface PgliteQueryable {
  query(sql: string, params?: unknown[], options?: { blob?: Blob }): Promise<unknown>;
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
 * Loads `text` (rows in COPY text format, each ending with a newline) into `table (columns)`.
 * Table and column names are the caller's constants, never user input.
 */
export async function copyRows(
  tx: DbOrTx,
  table: string,
  columns: readonly string[],
  text: string,
): Promise<void> {
  const client = connectionOf(tx);
  const target = `${table} (${columns.join(', ')})`;
  if (isPostgres(client)) {
    await pipeline(Readable.from([text]), client.query(copyFrom(`copy ${target} from stdin`)));
  } else {
    await client.query(`copy ${target} from '/dev/blob'`, [], { blob: new Blob([text]) });
  }
}

const SPECIAL = /[\\\t\n\r]/;

/** One field in COPY text format: NULL as \N, backslash, tab and line ends escaped. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  if (!SPECIAL.test(text)) return text;
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
}

/** A text[] value as an array literal, each element quoted (then escaped as a COPY field). */
export function copyTextArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
