import { describe, expect, it } from 'vitest';
import {
  fiscalMonths,
  fiscalYearLabel,
  fiscalYearOf,
  goalStatus,
  goalsSaveSchema,
  settingsSaveSchema,
} from './goals.ts';

describe('fiscal years', () => {
  it('are the calendar year with a January start', () => {
    expect(fiscalMonths(2026, 1)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(fiscalYearOf('2026-12-31', 1)).toBe(2026);
    expect(fiscalYearLabel(2026, 1)).toBe('FY2026 (Jan – Dec 2026)');
  });

  it('are named by the year they end in with another start', () => {
    expect(fiscalMonths(2026, 7)[0]).toBe('2025-07');
    expect(fiscalMonths(2026, 7)[11]).toBe('2026-06');
    expect(fiscalYearOf('2025-06-30', 7)).toBe(2025);
    expect(fiscalYearOf('2025-07-01', 7)).toBe(2026);
    expect(fiscalMonths(2026, 12)[0]).toBe('2025-12');
    expect(fiscalYearLabel(2026, 10)).toBe('FY2026 (Oct 2025 – Sep 2026)');
  });

  it('put every month of a year in exactly the fiscal year that lists it', () => {
    for (let start = 1; start <= 12; start++) {
      for (const fy of [2024, 2025]) {
        for (const month of fiscalMonths(fy, start)) expect(fiscalYearOf(month, start)).toBe(fy);
      }
    }
  });
});

describe('goal status', () => {
  it('is on track at the target, at risk from 90% of it, off track below', () => {
    expect(goalStatus(10, 10)).toBe('ON_TRACK');
    expect(goalStatus(9, 10)).toBe('AT_RISK');
    expect(goalStatus(8.99, 10)).toBe('OFF_TRACK');
    expect(goalStatus(null, 10)).toBe('NO_DATA');
  });
});

describe('requests', () => {
  it('refuse a target outside 0–100 and a type listed twice', () => {
    const bad = goalsSaveSchema.safeParse({
      fiscalYear: 2026,
      overall: -1,
      diversity: [
        { diversity: 'MBE', target: 5 },
        { diversity: 'MBE', target: 6 },
      ],
      categories: [],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Must be between 0 and 100',
      'Listed more than once',
    ]);
  });

  it('refuse a thirteenth month and NON_DIVERSE as a goal type', () => {
    expect(
      settingsSaveSchema.safeParse({ fiscalYearStartMonth: 13, nonAddressableCategories: [] })
        .success,
    ).toBe(false);
    expect(
      goalsSaveSchema.safeParse({
        fiscalYear: 2026,
        overall: null,
        diversity: [{ diversity: 'NON_DIVERSE', target: 5 }],
        categories: [],
      }).success,
    ).toBe(false);
  });
});
