import { describe, expect, it } from 'vitest';
import { percentShares, toCents } from './percent.ts';

const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('percentShares', () => {
  it('reads amounts as exact cents', () => {
    expect(toCents('1234.5')).toBe(123450n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents('-12.345')).toBe(-1234n);
    expect(toCents(19.99)).toBe(1999n);
  });

  it('gives two-decimal shares that add up to exactly 100.00', () => {
    // A third each would round to 33.33 × 3 = 99.99.
    expect(percentShares(['1', '1', '1'])).toEqual([33.34, 33.33, 33.33]);
    expect(sum(percentShares(['1', '1', '1']))).toBe(100);
    // 2/3 and 1/3 would round to 66.67 + 33.33, already exact.
    expect(percentShares([200, 100])).toEqual([66.67, 33.33]);
    for (const amounts of [
      ['0.01', '0.01', '0.01', '0.01', '0.01', '0.01', '0.01'],
      ['1234567.89', '0.11', '98765.43'],
      ['1', '999999999.99'],
    ]) {
      const shares = percentShares(amounts);
      expect(sum(shares)).toBe(100);
      for (const share of shares) expect(Math.round(share * 100)).toBe(share * 100);
    }
  });

  it('gives the remainder to the largest fractions, not to the largest amounts', () => {
    // 1/7 = 14.2857…, 6/7 = 85.7142…: 14.28 + 85.71 = 99.99; the .0057 beats the .0042.
    expect(percentShares([1, 6])).toEqual([14.29, 85.71]);
  });

  it('answers zeros when nothing is positive and treats a net credit as nothing', () => {
    expect(percentShares([0, 0])).toEqual([0, 0]);
    expect(percentShares(['-50', '100'])).toEqual([0, 100]);
  });
});
