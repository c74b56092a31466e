import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { fileScope, pageOffset, pageWindow, toNumber } from './sql.ts';

const dialect = new PgDialect();
const render = (fragment: Parameters<PgDialect['sqlToQuery']>[0]) => {
  const { sql, params } = dialect.sqlToQuery(fragment);
  return { sql, params };
};

describe('fileScope', () => {
  const unsaved = (n: number, column = 'r.file_id') =>
    `${column} <> all(array(select f.id from spend_files f\n    where f.client_ref = $${n} and not f.saved))`;

  it('is the organisation alone when no file is selected, its saved files only', () => {
    expect(render(fileScope({ clientRef: 7, selectedIds: [] }))).toEqual({
      sql: `r.client_ref = $1 and ${unsaved(2)}`,
      params: [7, 7],
    });
  });

  it('narrows to the selected files, each once, on the column asked for, saved files only', () => {
    const rows = render(fileScope({ clientRef: 7, selectedIds: [3, 3, 5] }));
    expect(rows.sql).toBe(`r.client_ref = $1 and r.file_id = any($2::int[]) and ${unsaved(3)}`);
    expect(rows.params).toEqual([7, [3, 5], 7]);
    expect(render(fileScope({ clientRef: 7, selectedIds: [3] }, 'id')).sql).toBe(
      `r.client_ref = $1 and r.id = any($2::int[]) and ${unsaved(3, 'r.id')}`,
    );
  });
});

describe('toNumber', () => {
  it('reads numeric text, bigint and counts; no row or null is 0', () => {
    expect(toNumber('12500.75')).toBe(12500.75);
    expect(toNumber(3n)).toBe(3);
    expect(toNumber(4)).toBe(4);
    expect(toNumber(null)).toBe(0);
    expect(toNumber(undefined)).toBe(0);
  });
});

describe('paging', () => {
  it('starts page n at n × size', () => {
    expect(pageOffset({ pageNumber: 0, pageSize: 25 })).toBe(0);
    expect(pageOffset({ pageNumber: 3, pageSize: 25 })).toBe(75);
    expect(render(pageWindow({ pageNumber: 2, pageSize: 10 }))).toEqual({
      sql: 'limit $1 offset $2',
      params: [10, 20],
    });
  });
});
