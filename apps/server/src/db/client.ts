/**
 * The one database layer: PGlite persisted under DATA_DIR when no DATABASE_URL is given,
 * PostgreSQL through `pg` otherwise. Both run the same Drizzle schema and committed migrations.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Client as PgClient, Pool, PoolClient } from 'pg';
import { z } from 'zod';
import * as schema from './schema/index.ts';
import { currentQueryBudget, Turns } from './turns.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: what every query function takes first. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Who queries next (db/turns.ts). */
  turns: Turns;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; ignored for PostgreSQL. */
  dataDir: string;
  /** PGlite's shared_buffers (PGLITE_SHARED_BUFFERS_MB); ignored for PostgreSQL. */
  pgliteSharedBuffersMb?: number | undefined;
  migrate?: boolean;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(
        path.join(options.dataDir, 'pglite'),
        options.pgliteSharedBuffersMb ?? DEFAULT_PGLITE_SHARED_BUFFERS_MB,
      );
  if (options.migrate !== false) await migrateDatabase(database);
  return database;
}

/**
 * PGlite's buffer cache lives in the server's own memory, and WebAssembly memory never shrinks:
 * PostgreSQL's default of 128 MB held ~190 MB resident from the start. The data files stay in
 * the operating system's cache either way (docs/database.md).
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS_MB = 16;

async function openPglite(dir: string, sharedBuffersMb: number): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm serves Search Supplier's match-anywhere text filters (migration 0008).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`],
  });
  textParsersOnce(client);
  const turns = new Turns(1);
  pgliteTurns(client, turns);
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', turns, close: () => client.close() };
}

const isSelect = (text: unknown) => typeof text === 'string' && /^\s*select\b/i.test(text);

/**
 * Every query, exec and transaction of the PGlite client takes a turn (db/turns.ts), measured
 * against the request's budget: PGlite has one connection, runs a statement on the process's
 * own thread to its end and ignores `statement_timeout`, so the turns are what keeps one
 * organisation's requests from holding every other's. A transaction is one turn; its own
 * statements go through the transaction, not through these.
 */
function pgliteTurns(pglite: object, turns: Turns): void {
  const client = pglite as Record<
    'query' | 'exec' | 'transaction',
    (...args: never[]) => Promise<unknown>
  >;
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const original = client[method].bind(client);
    client[method] = (...args: never[]) =>
      turns.run(() => original(...args), true, method !== 'query' || !isSelect(args[0]));
  }
}

/**
 * The types Drizzle asks PGlite to leave as text, with every query: timestamp, timestamptz,
 * interval, date and the arrays numeric[], timestamp[], timestamptz[], interval[], date[]
 * (drizzle-orm/pglite/session.js).
 */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

type PgliteQuery = (text: string, params?: unknown[], options?: { parsers?: object }) => unknown;
interface PgliteParts {
  parsers: Record<number, (value: string, typeId: number) => unknown>;
  query: PgliteQuery;
  transaction(callback: (tx: { query: PgliteQuery }) => Promise<unknown>): Promise<unknown>;
}

/**
 * Drizzle passes PGlite the same nine parsers with every query, and PGlite merges them into a
 * copy of its ~320 default parsers per query (docs/database.md), a large part of a
 * trivial query on the embedded database. Here those nine become PGlite's defaults, and a query
 * whose parsers are only those goes without: the same values, without the copy. The defaults
 * are checked before each query (PGlite rebuilds its array types' parsers when told to).
 */
export function textParsersOnce(pglite: object): void {
  const client = pglite as PgliteParts;
  const asText = (value: string) => value;
  const onlyDrizzles = (parsers: object) =>
    Object.keys(parsers).every((oid) => DRIZZLE_TEXT_TYPES.includes(Number(oid)));
  const withoutParsers =
    (query: PgliteQuery): PgliteQuery =>
    (text, params, options) => {
      if (!options?.parsers || !onlyDrizzles(options.parsers)) {
        return query(text, params, options);
      }
      for (const oid of DRIZZLE_TEXT_TYPES) {
        if (client.parsers[oid] !== asText) client.parsers[oid] = asText;
      }
      const { parsers: _drizzles, ...rest } = options;
      return query(text, params, rest);
    };
  client.query = withoutParsers(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (callback) =>
    transaction((tx) => {
      tx.query = withoutParsers(tx.query.bind(tx));
      return callback(tx);
    });
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Dates (no time) stay strings: a calendar date must not shift with the server's time zone.
  pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    Client: namedStatements(pg.Client),
  });
  // Two connections stay for whoever comes next: one organisation's burst cannot take them all.
  const turns = new Turns(POOL_SIZE, POOL_SIZE - 2);
  poolTurns(pool, turns);
  // An idle connection the server ends (a restart, an administrator, a dropped test database)
  // is discarded by the pool and the next query opens a new one; unheard, its 'error' event
  // would bring the whole process down.
  pool.on('error', (error) => {
    process.emitWarning(`An idle database connection closed: ${error.message}`);
  });
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, kind: 'postgres', turns, close: () => pool.end() };
}

const POOL_SIZE = 10;

/** The `statement_timeout` a pooled connection was last given (ms; 0: none). */
const timeoutOf = new WeakMap<object, number>();

/**
 * A pooled connection is taken in a turn (db/turns.ts) and held until released; `pool.query`
 * takes one for its statement. The connection's `statement_timeout` is the budget's: set once
 * when a connection passes from requests to jobs (no limit) or exports and back, so most
 * checkouts cost no statement. A cancelled statement answers 57014, which the error handler
 * turns into the budget's message.
 */
function poolTurns(pool: Pool, turns: Turns): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const checkout = async (): Promise<PoolClient> => {
    const budget = currentQueryBudget();
    const end = await turns.acquire(budget?.key ?? '');
    let client: PoolClient;
    try {
      client = (await connect()) as PoolClient;
    } catch (error) {
      end();
      throw error;
    }
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      end();
      return release(error);
    };
    const timeout = budget?.limitMs ?? 0;
    if (timeoutOf.get(client) !== timeout) {
      try {
        await client.query(`set statement_timeout = ${Math.floor(timeout)}`);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      timeoutOf.set(client, timeout);
    }
    return client;
  };
  // pg-pool's own query() connects with a callback; only the promise form is the app's.
  (pool as { connect: unknown }).connect = (...args: unknown[]) =>
    typeof args[0] === 'function' ? connect(...args) : checkout();
  (pool as { query: unknown }).query = async (...args: unknown[]) => {
    const client = await checkout();
    try {
      const result: unknown = await (client.query as (...a: unknown[]) => Promise<unknown>)(
        ...args,
      );
      client.release();
      return result;
    } catch (error) {
      // A statement's own error leaves the connection usable; a broken connection is dropped.
      const broken = !(error && typeof error === 'object' && 'code' in error);
      client.release(broken ? (error as Error) : undefined);
      throw error;
    }
  };
}

/** How many different statements get a name; later ones are sent unnamed, as before. */
export const MAX_NAMED_STATEMENTS = 300;

/**
 * Statements with more parameters than this stay unnamed. A list written out one parameter per
 * item — Drizzle's `inArray` (`in ($1, …, $n)`), a multi-row `.values([...])` — is a new text
 * for every length, and named, such one-off texts would take the MAX_NAMED_STATEMENTS names
 * and leave the hot statements first seen later unnamed for good. The app's statements of a
 * fixed shape have at most 17 parameters (a cost-saving update; the spend dashboards' sums, one
 * per diversity type, 14–16): 32 leaves them room to grow. Under the bound a written-out list
 * still takes a name per length, at most 32 per list; the lists read on every page are one
 * array parameter (`= any($1::int[])`) instead.
 */
export const MAX_NAMED_PARAMETERS = 32;

/**
 * A pg Client that names each parameterised statement after its text, so that each pooled
 * connection parses it once and PostgreSQL may keep its plan (docs/database.md). Unnamed, every
 * query was parsed and planned again: for a small signed-in request most of the database's time. Statements without
 * parameters stay unnamed: the simple protocol also runs several statements in one text
 * (migrations); so do those with more than MAX_NAMED_PARAMETERS (lists written out). At most
 * MAX_NAMED_STATEMENTS texts are named per process, so a connection never holds more prepared
 * statements than that, whatever SQL the app builds.
 */
export function namedStatements(Base: typeof PgClient): typeof PgClient {
  const names = new Map<string, string>();
  function nameOf(text: string): string | undefined {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
      name = `s${createHash('sha1').update(text).digest('base64url')}`;
      names.set(text, name);
    }
    return name;
  }
  return class NamedStatementsClient extends Base {
    // pg's overloads cannot be repeated for a subclass: the arguments pass through unchanged
    // but for the name added to a config object that has parameters and no name of its own.
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (isUnnamedQuery(config)) {
        const params = Array.isArray(values) ? values : config.values;
        const named = params && params.length > 0 && params.length <= MAX_NAMED_PARAMETERS;
        const name = named ? nameOf(config.text) : undefined;
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

function isUnnamedQuery(
  config: unknown,
): config is { text: string; name?: string; values?: unknown[]; submit?: unknown } {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as { text?: unknown; name?: unknown; submit?: unknown };
  return typeof query.text === 'string' && !query.name && typeof query.submit !== 'function';
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
  }
}

/** Which rows of a result `rowsOf(result, row)` checks: see `checkRows`. */
let rowsChecked: 'every' | 'first' = 'every';

/**
 * How many rows of each raw query's result are checked against its row schema. Every row by
 * default (tests, seeds, scripts): a column renamed or a type changed fails there, loudly. The
 * server checks only the first row (main.ts): a row's shape comes from the statement, not from
 * the data, and a zod check of every row took ~4 µs a row, 0.4 s on an export of 100,000 rows.
 * A schema therefore only checks, never transforms: the rows are returned as the driver sent
 * them, which is why `row` has the same input and output type.
 */
export function checkRows(which: 'every' | 'first'): void {
  rowsChecked = which;
}

/**
 * Rows of a raw `db.execute(sql...)`, whichever driver answered, checked against the zod schema
 * `row` (numeric and bigint arrive as strings, dates as 'YYYY-MM-DD' text).
 */
export function rowsOf<T>(result: unknown, row: z.ZodType<T, T>): T[] {
  const rows = (result as { rows: T[] }).rows;
  const checked = rowsChecked === 'every' ? rows.length : Math.min(rows.length, 1);
  for (let i = 0; i < checked; i++) {
    const outcome = row.safeParse(rows[i]);
    if (!outcome.success) {
      throw new Error(
        `Row ${i + 1} of a query does not have the expected shape: ${z.prettifyError(outcome.error)}`,
      );
    }
  }
  return rows;
}
