import { describe, expect, it } from 'vitest';
import { RowTally, Tally, money, type TallySpec } from './tally.ts';

const entries = (tally: Tally) => [...tally.copyText(2)].join('').split('\n').filter(Boolean);

describe('a tally of the check', () => {
  it('sums cents and rows per group, and merges another tally', () => {
    const a = new Tally();
    a.add('x\t1', 1050);
    a.add('y\t\\N', -20);
    a.add('x\t1', 5);
    const b = new Tally();
    b.add('y\t\\N', -2000);
    b.add('z\t2', 7);
    a.merge(b.data());
    expect(entries(a)).toEqual(['x\t1\t10.55\t2', 'y\t\\N\t-20.20\t2', 'z\t2\t0.07\t1']);
  });

  it('keeps every sum exact: a group that would pass 2^52 cents gets another entry', () => {
    const tally = new Tally();
    const big = 99_999_999_999_999; // a row's largest spend, in cents
    const rows = 46; // 46 of them pass 2^52 (4.5e15)
    for (let i = 0; i < rows; i += 1) tally.add('g', big);
    tally.add('g', -1);
    expect(tally.size).toBe(2);
    const total = entries(tally)
      .map((line) => BigInt(line.split('\t')[1]!.replace('.', '')))
      .reduce((sum, cents) => sum + cents, 0n);
    expect(total).toBe(BigInt(big) * BigInt(rows) - 1n);
    const counts = entries(tally).map((line) => Number(line.split('\t')[2]));
    expect(counts.reduce((n, c) => n + c, 0)).toBe(rows + 1);
  });

  it('groups rows by their field values, and splits a group before its sum passes 2^52', () => {
    const rows = new RowTally({
      first: (row) => row.a,
      second: (row) => row.b,
      rest: (row) => [row.c, row.d ?? null],
      same: (row, rest) => rest[0] === row.c && rest[1] === (row.d ?? null),
      line: (values) => values.map((v) => String(v ?? '-')).join('\t'),
    });
    rows.add({ a: 'x', b: 1, c: true, d: null }, 100);
    rows.add({ a: 'x', b: 1, c: true, d: null }, 5);
    rows.add({ a: 'x', b: 1, c: false, d: null }, 7);
    rows.add({ a: 'x', b: 2, c: true, d: null }, 9);
    rows.add({ a: 'x', b: 2, c: true }, 1);
    const big = 99_999_999_999_999;
    for (let i = 0; i < 46; i += 1) rows.add({ a: 'y', b: 1, c: true, d: 'z' }, big);
    const tally = new Tally();
    tally.merge(rows.data()!);
    expect(entries(tally)).toEqual([
      'x\t1\ttrue\t-\t1.05\t2',
      'x\t1\tfalse\t-\t0.07\t1',
      'x\t2\ttrue\t-\t0.10\t2',
      `y\t1\ttrue\tz\t${money(big)}\t1`,
      `y\t1\ttrue\tz\t${money(big * 45)}\t45`,
    ]);
  });

  it('gives up past its most groups, keeping nothing', () => {
    const spec: TallySpec = {
      first: (row) => row.a,
      second: (row) => row.b,
      rest: () => [],
      same: () => true,
      line: (values) => values.join('\t'),
    };
    const rows = new RowTally(spec, 3);
    for (const a of ['p', 'q', 'r']) rows.add({ a, b: 1 }, 1);
    rows.add({ a: 'p', b: 1 }, 1);
    expect(rows.data()!.lines).toHaveLength(3);
    rows.add({ a: 's', b: 1 }, 1);
    expect(rows.data()).toBeNull();
    rows.add({ a: 'p', b: 1 }, 1);
    expect(rows.data()).toBeNull();
  });

  it('writes whole cents as a decimal with two places', () => {
    expect([0, 5, -5, 100, -2010, 123456789, 2 ** 53 - 1].map(money)).toEqual([
      '0.00',
      '0.05',
      '-0.05',
      '1.00',
      '-20.10',
      '1234567.89',
      '90071992547409.91',
    ]);
  });
});
