import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResponseSerializer } from './serialize.ts';

const route = { method: 'GET', url: '/api/things' };
const serializerFor = (schema: z.ZodType, checkShape = false) =>
  zodResponseSerializer({ checkShape })({ schema, ...route });

const user = z.object({
  id: z.number().int(),
  name: z.string(),
  manager: z.string().nullable(),
  address: z.object({ city: z.string() }).nullable(),
  tags: z.array(z.enum(['a', 'b'])),
  note: z.string().optional(),
});

describe('zodResponseSerializer', () => {
  it('writes only what the schema declares, as JSON.parse reads it back', () => {
    const write = serializerFor(user);
    const row = {
      id: 7,
      name: 'Ada "the" Buyer',
      manager: null,
      address: { city: 'Chicago', secret: 'x' },
      tags: ['a', 'b'],
      passwordHash: '$argon2id$…',
    };
    const written = write(row);
    expect(JSON.parse(written)).toEqual({
      id: 7,
      name: 'Ada "the" Buyer',
      manager: null,
      address: { city: 'Chicago' },
      tags: ['a', 'b'],
    });
    expect(written).not.toContain('argon2');
    expect(written).not.toContain('secret');
  });

  it('writes a nullable object and a present optional field', () => {
    const write = serializerFor(user);
    const parsed = JSON.parse(
      write({ id: 1, name: 'B', manager: 'C', address: null, tags: [], note: 'n' }),
    );
    expect(parsed).toEqual({ id: 1, name: 'B', manager: 'C', address: null, tags: [], note: 'n' });
  });

  it('writes a page of rows as JSON.stringify would, key order aside', () => {
    const page = z.object({ rows: z.array(user), totalCount: z.number() });
    const rows = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      name: `Supplier ${i} \u2028 & <b>`,
      manager: i % 2 ? null : `M${i}`,
      address: i % 3 ? { city: `City ${i}` } : null,
      tags: i % 2 ? ['a'] : ['b', 'a'],
    }));
    const data = { rows, totalCount: 50 };
    expect(JSON.parse(serializerFor(page)(data))).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it('keeps the key-value pairs of a record and a loose object', () => {
    const schema = z.object({
      totals: z.record(z.string(), z.number()),
      extra: z.looseObject({ a: z.number() }),
    });
    const data = { totals: { IL: 1.5, CA: 2 }, extra: { a: 1, b: 'kept' } };
    expect(JSON.parse(serializerFor(schema)(data))).toEqual(data);
  });

  it('outside production, refuses a reply that does not match its schema', () => {
    const wrong = { id: 'seven', name: 'A', manager: null, address: null, tags: [] };
    expect(() => serializerFor(user, true)(wrong)).toThrow();
  });

  it('keeps zod’s encoding for what JSON Schema cannot express', () => {
    const write = serializerFor(z.object({ at: z.date() }));
    expect(write({ at: new Date(0) })).toBe('{"at":"1970-01-01T00:00:00.000Z"}');
    // zod checks even in production here: fast-json-stringify would have written the string.
    expect(() => write({ at: 'not a date' })).toThrow();
  });
});
