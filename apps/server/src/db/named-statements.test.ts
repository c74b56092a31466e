/**
 * Named statements on PostgreSQL (docs/database.md): each parameterised statement gets a name made
 * from its text, so a pooled connection parses it once; everything else passes through as it was.
 * The first part checks the naming on a recording client; the second that PostgreSQL keeps one
 * prepared statement per text and answers a named statement like an unnamed one.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Client as PgClient } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_NAMED_PARAMETERS, MAX_NAMED_STATEMENTS, namedStatements, rowsOf } from './client.ts';

/** Any row: these tests assert the driver's own answer, value by value. */
const anyRow = z.record(z.string(), z.unknown());

class Recorder {
  calls: unknown[][] = [];
  query(...args: unknown[]) {
    this.calls.push(args);
  }
}

function recordingClient() {
  const Named = namedStatements(Recorder as unknown as typeof PgClient);
  const client = new Named() as unknown as Recorder;
  const send = (...args: unknown[]) => {
    (client.query as (...a: unknown[]) => void)(...args);
    return client.calls.at(-1)!;
  };
  return { send };
}

const nameOf = (call: unknown[]) => (call[0] as { name?: string }).name;

describe('naming statements', () => {
  it('names a statement with parameters after its text, the same text the same name', () => {
    const { send } = recordingClient();
    const config = { text: 'select * from rfx where client_ref = $1', rowMode: 'array' };
    const first = send(config, [7]);
    const again = send({ ...config }, [8]);
    const other = send({ text: 'select * from rfx where id = $1' }, [7]);
    expect(nameOf(first)).toMatch(/^s[\w-]+$/);
    expect(nameOf(again)).toBe(nameOf(first));
    expect(nameOf(other)).not.toBe(nameOf(first));
    // The caller's config object is not changed (Drizzle keeps and reuses it).
    expect(config).toEqual({ text: 'select * from rfx where client_ref = $1', rowMode: 'array' });
    expect(first[0]).toMatchObject({ text: config.text, rowMode: 'array' });
    expect(first[1]).toEqual([7]);
    // Parameters inside the config object count as well.
    expect(nameOf(send({ text: 'select $1::int', values: [1] }))).toMatch(/^s/);
  });

  it('leaves alone statements without parameters, named ones, plain strings and query objects', () => {
    const { send } = recordingClient();
    expect(nameOf(send({ text: 'create table a (b int); create table c (d int)' }))).toBe(
      undefined,
    );
    expect(nameOf(send({ text: 'select 1' }, []))).toBe(undefined);
    expect(nameOf(send({ text: 'select $1::int', name: 'mine' }, [1]))).toBe('mine');
    expect(send('select $1::int', [1])[0]).toBe('select $1::int');
    const submittable = { text: 'copy x from stdin', submit: () => undefined };
    expect(send(submittable)[0]).toBe(submittable);
  });

  it(`names at most ${MAX_NAMED_STATEMENTS} texts; later ones go unnamed, earlier keep their name`, () => {
    const { send } = recordingClient();
    const names = new Set<string | undefined>();
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i++) {
      names.add(nameOf(send({ text: `select $1::int + ${i}` }, [i])));
    }
    expect(names.size).toBe(MAX_NAMED_STATEMENTS);
    expect(names.has(undefined)).toBe(false);
    expect(nameOf(send({ text: 'select $1::int - 1' }, [1]))).toBe(undefined);
    expect(nameOf(send({ text: 'select $1::int + 0' }, [1]))).toMatch(/^s/);
  });

  it(`leaves unnamed a statement with more than ${MAX_NAMED_PARAMETERS} parameters, a list written out`, () => {
    const { send } = recordingClient();
    // Drizzle's inArray: one text per length of the list.
    const inList = (length: number) => {
      const ids = Array.from({ length }, (_, i) => i + 1);
      const text = `select * from rfx_suppliers where rfx_id in (${ids.map((i) => `$${i}`).join(', ')})`;
      return send({ text }, ids);
    };
    expect(nameOf(inList(3))).toMatch(/^s/);
    expect(nameOf(inList(MAX_NAMED_PARAMETERS))).toMatch(/^s/);
    expect(nameOf(inList(MAX_NAMED_PARAMETERS + 1))).toBe(undefined);
    // A multi-row insert, its parameters inside the config object: 12 rows of 3.
    const rows = Array.from(
      { length: 12 },
      (_, i) => `($${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3})`,
    );
    const insert = `insert into goals (client_ref, name, target) values ${rows.join(', ')}`;
    const values = Array.from({ length: 36 }, (_, i) => i);
    expect(nameOf(send({ text: insert, values }))).toBe(undefined);
    // However many lengths come by, they take no names from the statements that come later.
    for (let length = MAX_NAMED_PARAMETERS + 1; length <= 2 * MAX_NAMED_STATEMENTS; length++) {
      expect(nameOf(inList(length))).toBe(undefined);
    }
    expect(nameOf(send({ text: 'select * from rfx where id = $1' }, [7]))).toMatch(/^s/);
  });
});

const onPostgres = inject('dbTarget').kind === 'postgres';

describe.runIf(onPostgres)('on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('prepares a statement once per connection and answers it as before', async () => {
    const text = 'select $1::int * 2 as twice, $2::text as word';
    const prepared = await t.app.db.transaction(async (tx) => {
      const answers = [];
      for (const n of [1, 2, 3]) {
        answers.push(
          rowsOf(
            await tx.execute(sql`select ${n}::int * 2 as twice, ${'w'}::text as word`),
            anyRow,
          ),
        );
      }
      expect(answers).toEqual([
        [{ twice: 2, word: 'w' }],
        [{ twice: 4, word: 'w' }],
        [{ twice: 6, word: 'w' }],
      ]);
      return rowsOf(
        await tx.execute(
          sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
        ),
        z.object({ n: z.number() }),
      );
    });
    expect(prepared).toEqual([{ n: 1 }]);
  });
});
