import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { yearOptions } from './date-picker-with-year.tsx';

const now = dayjs('2026-11-24');

describe('the year dropdown', () => {
  it('offers a birth date every year of the last hundred, newest first, none ahead', () => {
    const years = yearOptions(100, 0, now);
    expect(years).toHaveLength(101);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1926);
    expect(years).toContain(1968);
  });

  it('keeps the spec’s fifteen years either side by default', () => {
    const years = yearOptions(15, undefined, now);
    expect(years[0]).toBe(2041);
    expect(years.at(-1)).toBe(2011);
    expect(years).toHaveLength(31);
  });
});
