import { describe, expect, it } from 'vitest';
import {
  allocateIndirect,
  assembleTier2Rows,
  quarterDueDate,
  quarterStatus,
  revenueSharePercent,
} from './tier2.ts';

describe('Tier 2 rules', () => {
  it('allocates indirect spend as revenue share × the prime’s diverse spend, to the cent', () => {
    // 2,500,000 of 10,000,000 = 25 %; 25 % of 400,000 = 100,000.
    expect(allocateIndirect(2_500_000, 10_000_000, 400_000)).toBe(100_000);
    // 1 / 3 of 100.00 = 33.333… → 33.33; 2 / 3 → 66.67.
    expect(allocateIndirect(1, 3, 100)).toBe(33.33);
    expect(allocateIndirect(2, 3, 100)).toBe(66.67);
    expect(allocateIndirect(5, 0, 100)).toBe(0);
    expect(revenueSharePercent(3_100_000, 12_000_000)).toBe(25.83);
  });

  it('makes a quarter due on the last day of the month after it ends', () => {
    expect(quarterDueDate({ year: 2026, quarter: 1 })).toBe('2026-04-30');
    expect(quarterDueDate({ year: 2026, quarter: 4 })).toBe('2027-01-31');
    const q3 = { year: 2026, quarter: 3 };
    expect(quarterStatus(q3, '2026-09-30', false)).toBe('OPEN');
    expect(quarterStatus(q3, '2026-10-01', false)).toBe('DUE');
    expect(quarterStatus(q3, '2026-11-01', false)).toBe('OVERDUE');
    expect(quarterStatus(q3, '2026-11-01', true)).toBe('REPORTED');
  });

  it('names row and column of a file-level problem', () => {
    const result = assembleTier2Rows(
      [
        {
          line: 2,
          row: { lineType: 'totalRevenue', diversity: '', segment: '', amount: '100.00' },
        },
        { line: 3, row: { lineType: 'direct', diversity: 'MBE', segment: '', amount: '5.00' } },
      ],
      'COST_CENTER',
      { year: 2026, quarter: 1 },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          row: 3,
          column: 'Project / Cost Centre',
          message: 'Cost Centre is required: the buyer asks per cost centre',
        },
        { row: 3, column: 'Line Type', message: 'The file has no Revenue From Buyer line' },
      ],
    });
  });
});
