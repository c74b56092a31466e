import { describe, expect, it } from 'vitest';
import {
  allocateIndirect,
  assembleTier2Rows,
  quarterDueDate,
  quarterStatus,
  revenueSharePercent,
  tier2InviteSchema,
  tier2NoteFor,
  TIER2_LINE_TYPES,
  type Tier2Row,
} from './tier2.ts';

describe('Tier 2 rules', () => {
  it('counts in the note only the invited primes that reported a quarter of the year', () => {
    const prime = (id: number, quartersReported: number) => ({
      id,
      companyName: `Prime ${id}`,
      quartersReported,
      direct: '0.00',
      indirect: '0.00',
    });
    const note = tier2NoteFor({
      primes: [prime(1, 2), prime(2, 0), prime(3, 1)],
      primesInvited: 4,
    });
    expect(note).toContain('Tier 2 is what 2 of 4 invited prime suppliers reported');
    expect(tier2NoteFor({ primes: [prime(1, 4)], primesInvited: 1 })).toContain(
      'what 1 of 1 invited prime supplier reported',
    );
  });

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
      { breakdown: 'COST_CENTER', segments: ['CC-4100'] },
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

  it("takes only the buyer's projects, written as the buyer spelled them", () => {
    const segments = ['Substation Upgrade', 'Depot'];
    const rows = [
      { lineType: 'totalRevenue', diversity: '', segment: '', amount: '100.00' },
      { lineType: 'buyerRevenue', diversity: '', segment: '', amount: '50.00' },
      { lineType: 'direct', diversity: 'MBE', segment: ' substation upgrade ', amount: '5.00' },
      { lineType: 'direct', diversity: 'WBE', segment: 'Warehouse', amount: '7.00' },
    ] as const;
    const result = assembleTier2Rows(
      rows.map((row, i) => ({ line: i + 2, row: { ...row } })),
      { breakdown: 'PROJECT', segments },
      { year: 2026, quarter: 1 },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          row: 5,
          column: 'Project / Cost Centre',
          message: "Must be one of the buyer's projects: Substation Upgrade, Depot",
        },
      ],
    });
    const good = assembleTier2Rows(
      rows.slice(0, 3).map((row, i) => ({ line: i + 2, row: { ...row } })),
      { breakdown: 'PROJECT', segments },
      { year: 2026, quarter: 1 },
    );
    expect(good.ok && good.input.direct).toEqual([
      { diversity: 'MBE', segment: 'Substation Upgrade', amount: 5 },
    ]);
  });

  it('refuses the template as downloaded, even with example lines deleted', () => {
    const ask = { breakdown: 'PROJECT', segments: ['Depot', 'Yard'] } as const;
    const line = (type: string, diversity: string, segment: string, amount: number) => ({
      lineType: Object.entries(TIER2_LINE_TYPES).find(([, text]) => text === type)![0],
      diversity,
      segment,
      amount: amount.toFixed(2),
    });
    // Written out by hand from the template a prime of this buyer downloads.
    const unchanged = [
      line('Total Revenue', '', '', 12_000_000),
      line('Revenue From Buyer', '', '', 3_000_000),
      line('Direct', 'MBE', 'Depot', 85_000),
      line('Direct', 'WBE', 'Yard', 42_500),
      line('Prime Diverse Spend', 'MBE', '', 900_000),
    ] as Tier2Row[];
    const refused = assembleTier2Rows(
      unchanged.map((row, i) => ({ line: i + 2, row })),
      ask,
      { year: 2026, quarter: 4 },
    );
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.problems).toEqual(
      unchanged.map((_, i) => ({
        row: i + 2,
        column: 'Amount',
        message:
          "These are the template's example lines, not your figures: " +
          'replace the example amounts with yours and upload the file again.',
      })),
    );
    // One amount of the prime's own makes it a report.
    const changed = unchanged.map((row, i) => (i === 2 ? { ...row, amount: '85000.01' } : row));
    const taken = assembleTier2Rows(
      changed.map((row, i) => ({ line: i + 2, row })),
      ask,
      { year: 2026, quarter: 4 },
    );
    expect(taken.ok).toBe(true);
  });

  it('asks the buyer for a list exactly when it asks for a breakdown', () => {
    const base = {
      companyName: 'P',
      name: 'N',
      email: 'n@example.com',
      firstYear: 2026,
      firstQuarter: 1,
    };
    expect(
      tier2InviteSchema.safeParse({ ...base, breakdown: 'PROJECT' }).error?.issues[0]?.message,
    ).toBe('Name at least one project');
    expect(
      tier2InviteSchema.safeParse({ ...base, breakdown: 'NONE', segments: ['A'] }).error?.issues[0]
        ?.message,
    ).toBe('Leave empty: the whole buyer is reported, without a breakdown');
    expect(
      tier2InviteSchema.safeParse({ ...base, breakdown: 'COST_CENTER', segments: ['A', 'a'] }).error
        ?.issues[0]?.message,
    ).toBe('The same name appears twice');
    expect(
      tier2InviteSchema.safeParse({ ...base, breakdown: 'COST_CENTER', segments: ['A'] }).success,
    ).toBe(true);
  });
});
