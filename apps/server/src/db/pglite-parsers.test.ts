/**
 * PGlite's per-query parsers (docs/database.md): Drizzle's nine "leave as text" parsers are PGlite's
 * defaults, and queries go without them — the values must be exactly what Drizzle asked for, in
 * and out of a transaction, and after PGlite rebuilds its array parsers. PGlite only (`api`).
 */
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rowsOf, textParsersOnce } from './client.ts';

/** Any row: these tests assert the driver's own answer, value by value. */
const anyRow = z.record(z.string(), z.unknown());

const onPglite = inject('dbTarget').kind === 'pglite';

const VALUES = sql`select '2025-01-02 03:04:05'::timestamp as ts,
  '2025-01-02 03:04:05+00'::timestamptz as tz, '2025-01-02'::date as d,
  '1 day 02:00:00'::interval as i, '{1.50,2}'::numeric[] as n, '{2025-01-02,2025-02-03}'::date[] as ds,
  '{"2025-01-02 03:04:05"}'::timestamp[] as tss, 7::int as seven, '{A,B}'::text[] as letters,
  '{"a": 1}'::jsonb as doc, true as yes`;

/** What a query of VALUES answers when the types Drizzle names stay text, written by hand. */
const EXPECTED = {
  ts: '2025-01-02 03:04:05',
  tz: '2025-01-02 03:04:05+00',
  d: '2025-01-02',
  i: '1 day 02:00:00',
  n: '{1.50,2}',
  ds: '{2025-01-02,2025-02-03}',
  tss: '{"2025-01-02 03:04:05"}',
  seven: 7,
  letters: ['A', 'B'],
  doc: { a: 1 },
  yes: true,
};

describe.runIf(onPglite)('PGlite without per-query parsers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every type as Drizzle asked, in a transaction too', async () => {
    expect(rowsOf(await t.app.db.execute(VALUES), anyRow)).toEqual([EXPECTED]);
    const inTransaction = await t.app.db.transaction(async (tx) =>
      rowsOf(await tx.execute(VALUES), anyRow),
    );
    expect(inTransaction).toEqual([EXPECTED]);
  });

  it('keeps the text types after PGlite rebuilds its array parsers', async () => {
    const client = (t.app.db as unknown as { $client: { refreshArrayTypes(): Promise<void> } })
      .$client;
    await client.refreshArrayTypes();
    expect(rowsOf(await t.app.db.execute(VALUES), anyRow)).toEqual([EXPECTED]);
  });
});

describe('dropping the parsers', () => {
  function recordingClient() {
    const calls: unknown[][] = [];
    const client = {
      parsers: {} as Record<number, unknown>,
      query: (...args: unknown[]) => calls.push(args),
      transaction: async (callback: (tx: { query: (...a: unknown[]) => unknown }) => unknown) =>
        callback({ query: (...args: unknown[]) => calls.push(['tx', ...args]) }),
    };
    textParsersOnce(client);
    return { client, calls };
  }
  const asText = (value: string) => value;

  it('drops only parsers Drizzle passes for its text types, and keeps every other option', async () => {
    const { client, calls } = recordingClient();
    const query = client.query as (...a: unknown[]) => unknown;
    query('select $1', [1], { rowMode: 'array', parsers: { 1082: asText, 1231: asText } });
    query('select 2', [], { parsers: { 23: asText } });
    query('select 3');
    await client.transaction(async (tx) => tx.query('select 4', [], { parsers: { 1114: asText } }));
    expect(calls).toEqual([
      ['select $1', [1], { rowMode: 'array' }],
      ['select 2', [], { parsers: { 23: asText } }],
      ['select 3', undefined, undefined],
      ['tx', 'select 4', [], {}],
    ]);
    expect(client.parsers[1082]).toBeTypeOf('function');
  });
});
