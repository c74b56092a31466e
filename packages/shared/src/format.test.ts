import { describe, expect, it } from 'vitest';
import {
  formatCompactMoney,
  formatDate,
  formatFileDate,
  formatMoment,
  formatFileSize,
  formatMoney,
  groupThousands,
  formatPhone,
} from './format.ts';

describe('formats', () => {
  it('shows money with a $ sign, thousands separators and truncated decimals', () => {
    expect(formatMoney(1234567.99)).toBe('$1,234,567');
    expect(formatMoney('999.999')).toBe('$999');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-1500.5)).toBe('-$1,500');
  });

  it('groups thousands as en-US Intl does, up to the largest numbers', () => {
    const samples = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 2 ** 53 + 2, 1e20, 1e21, 3.5e24];
    for (const n of samples) expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
  });

  it('shows dates as MM/DD/YYYY without shifting calendar dates', () => {
    expect(formatDate('2024-03-01')).toBe('03/01/2024');
    expect(formatDate(new Date(2024, 11, 31, 23, 0))).toBe('12/31/2024');
    expect(formatDate(null)).toBe('');
  });

  it('shows file dates as DD/MM/YYYY H:mm:ss', () => {
    expect(formatFileDate(new Date(2024, 0, 5, 9, 3, 7))).toBe('05/01/2024 9:03:07');
  });

  it('shows a moment the spec gives no format for with its month by name (1 Dec 2026, 14:03)', () => {
    expect(formatMoment(new Date(2026, 11, 1, 14, 3, 59))).toBe('1 Dec 2026, 14:03');
    expect(formatMoment(new Date(2026, 0, 12, 9, 5))).toBe('12 Jan 2026, 09:05');
    expect(formatMoment(null)).toBe('');
    expect(formatMoment('not a date')).toBe('');
  });

  it('shows a 10-digit phone number as (312) 555-0147', () => {
    expect(formatPhone('3125550147')).toBe('(312) 555-0147');
    expect(formatPhone('555-0147')).toBe('555-0147');
    expect(formatPhone(null)).toBe('');
  });

  it('shortens dollars for chart axes', () => {
    expect(formatCompactMoney(11_060_000)).toBe('$11.1M');
    expect(formatCompactMoney(482_400)).toBe('$482K');
    expect(formatCompactMoney(9_950.75)).toBe('$9,950');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [43_695, '43 KB'],
    [50 * 1024, '50 KB'],
    [1.5 * 1024 * 1024, '1.5 MB'],
    [500 * 1024 * 1024, '500 MB'],
    [2 * 1024 ** 3, '2 GB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
