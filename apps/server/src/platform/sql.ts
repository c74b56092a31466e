/**
 * What the modules' hand-written SQL needs, written once: which rows of which organisation a
 * figure covers (the file scope), numbers back from the driver (PostgreSQL sends `numeric` and
 * `bigint` as text), a page of a list, and grouping rows written earlier in the same transaction.
 */
import { sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type DbOrTx } from '../db/client.ts';

import type { PageRequest } from '@spotzcity/shared/api';

/** An organisation's spend, narrowed to some of its files; no files selected = every file. */
export interface FileScope {
  clientRef: number;
  selectedIds: number[];
}

/**
 * `r.client_ref = … [and r.<fileColumn> = any(…)]`, saved files only (`savedFilesOnly`), on the
 * row source aliased `r`: spend rows or a rollup (`file_id`), or the files themselves (`id`). The organisation comes first so the
 * `(client_ref, file_id, …)` indexes apply.
 */
export function fileScope(scope: FileScope, fileColumn: 'file_id' | 'id' = 'file_id'): SQL {
  const ids = [...new Set(scope.selectedIds)];
  const file = sql.raw(`r.${fileColumn}`);
  const saved = savedFilesOnly(scope.clientRef, file);
  if (ids.length === 0) return sql`r.client_ref = ${scope.clientRef} and ${saved}`;
  return sql`r.client_ref = ${scope.clientRef} and ${file} = any(${sql.param(ids)}::int[]) and ${saved}`;
}

/**
 * `client_ref = … [and file_id = any(…)]` by column objects: `fileScope` for queries that name
 * their columns through the schema (spend rows or a rollup by `fileId`, the files by `id`).
 */
export function inScope(scope: FileScope, clientRef: Column, fileId: Column): SQL {
  const ids = [...new Set(scope.selectedIds)];
  const own = sql`${clientRef} = ${scope.clientRef} and ${savedFilesOnly(scope.clientRef, fileId)}`;
  return ids.length === 0 ? own : sql`${own} and ${fileId} = any(${sql.param(ids)}::int[])`;
}

/**
 * `<fileId> <> all(<the organisation's files not yet saved>)`: leaves out the files an import is
 * still writing in parts (`spend_files.saved`, modules/spend/import.ts), so that no read sees
 * part of a file. Nearly always an empty list, found once per query by a partial index.
 */
export function savedFilesOnly(clientRef: number | SQL | Column, fileId: SQL | Column): SQL {
  return sql`${fileId} <> all(array(select f.id from spend_files f
    where f.client_ref = ${clientRef} and not f.saved))`;
}

/**
 * A `bigint` or `numeric` in a row schema: text from node-postgres; from PGlite, a bigint as a
 * number (a BigInt past 2^53) and a numeric as text.
 */
export const dbNumber = z.union([z.number(), z.string(), z.bigint()]);

/**
 * A column by its bare name, where SQL wants it unqualified: an insert's column list, an
 * update's `set`. (A column object in `sql` renders as `"table"."column"`.)
 */
export const bare = (column: Column): SQL => sql`${sql.identifier(column.name)}`;

/** `"a", "b", …`: an insert's column list. */
export const columnList = (...columns: Column[]): SQL => sql.join(columns.map(bare), sql`, `);

/** `"a" = excluded."a", …`: an upsert's `do update set` taking the inserted row's values. */
export const setFromExcluded = (...columns: Column[]): SQL =>
  sql.join(
    columns.map((c) => sql`${bare(c)} = excluded.${bare(c)}`),
    sql`, `,
  );

/** `<expression> as "key", …`: a select list whose rows have the keys given. */
export const selectAs = (fields: Record<string, SQLWrapper>): SQL =>
  sql.join(
    Object.entries(fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
    sql`, `,
  );

/** A `numeric`/`bigint`/count from the driver as a number; no row or SQL null = 0. */
export const toNumber = (value: string | number | bigint | null | undefined): number =>
  value === null || value === undefined ? 0 : Number(value);

/** The first row of a page, for the query builder's `.offset()`. */
export const pageOffset = (page: PageRequest): number => page.pageNumber * page.pageSize;

/** `limit … offset …` of a page, for hand-written SQL. */
export const pageWindow = (page: PageRequest): SQL =>
  sql`limit ${page.pageSize} offset ${pageOffset(page)}`;

/**
 * A hand-written list's total: the `total_count` window column of its page's rows, or, for a
 * page past the end (no rows to carry it), `count` (a query answering `n`).
 */
export async function pageTotal(
  db: DbOrTx,
  rows: { total_count: number }[],
  page: PageRequest,
  count: SQL,
): Promise<number> {
  if (rows.length > 0 || page.pageNumber === 0) return rows[0]?.total_count ?? 0;
  const [counted] = rowsOf(await db.execute(count), z.object({ n: z.number() }));
  return counted?.n ?? 0;
}

/**
 * Runs one statement that groups rows written earlier in the same transaction with sorting
 * discouraged, then sets sorting back as it was. The planner has no statistics for such rows,
 * estimates a handful and sorts them by the whole grouping key, where a file of a million rows
 * wants them hashed into their groups (docs/import.md). Local to the transaction; outside one it
 * lasts for its own statement only, which is harmless.
 */
export async function groupingByHash(tx: DbOrTx, statement: SQL): Promise<void> {
  const [sorting] = rowsOf(
    await tx.execute(
      sql`select current_setting('enable_sort') as was, set_config('enable_sort', 'off', true)`,
    ),
    z.object({ was: z.string() }),
  );
  await tx.execute(statement);
  await tx.execute(sql`select set_config('enable_sort', ${sorting?.was ?? 'on'}, true)`);
}
