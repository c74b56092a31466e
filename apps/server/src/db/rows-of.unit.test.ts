import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkRows, rowsOf } from './client.ts';

const row = z.object({ id: z.number(), amount: z.string() });

describe('rowsOf with a row schema', () => {
  afterEach(() => checkRows('every'));

  it('returns the rows as the driver sent them when they have the shape', () => {
    const rows = [{ id: 1, amount: '12.50', extra: true }];
    expect(rowsOf({ rows }, row)).toBe(rows);
  });

  it('fails loudly, naming the row and column, when a column is missing or of another type', () => {
    expect(() => rowsOf({ rows: [{ id: 1, amount: '1.00' }, { id: 2 }] }, row)).toThrow(
      /Row 2 .*amount/s,
    );
    expect(() => rowsOf({ rows: [{ id: '1', amount: '1.00' }] }, row)).toThrow(/Row 1 .*id/s);
  });

  it('checks only the first row when the server asks for it', () => {
    checkRows('first');
    expect(rowsOf({ rows: [{ id: 1, amount: '1.00' }, { id: 2 }] }, row)).toHaveLength(2);
    expect(() => rowsOf({ rows: [{ id: 1 }] }, row)).toThrow(/Row 1/);
    expect(rowsOf({ rows: [] }, row)).toEqual([]);
  });
});
