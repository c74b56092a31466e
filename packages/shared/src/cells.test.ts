import { describe, expect, it } from 'vitest';
import { cellDate, cellMoney, cellText, excelSerialToIsoDate } from './cells.ts';

describe('Excel date serials', () => {
  it('count from 30 December 1899 in the 1900 system, after its phantom 29 February', () => {
    expect(excelSerialToIsoDate(1)).toBe('1900-01-01');
    expect(excelSerialToIsoDate(59)).toBe('1900-02-28');
    expect(excelSerialToIsoDate(60)).toBeNull();
    expect(excelSerialToIsoDate(61)).toBe('1900-03-01');
    expect(excelSerialToIsoDate(45366)).toBe('2024-03-15');
    expect(excelSerialToIsoDate(45366.75)).toBe('2024-03-15');
  });

  it('count from 1 January 1904 in the 1904 system (1462 days later)', () => {
    expect(excelSerialToIsoDate(0, true)).toBeNull();
    expect(excelSerialToIsoDate(1, true)).toBe('1904-01-02');
    expect(excelSerialToIsoDate(45366 - 1462, true)).toBe('2024-03-15');
  });

  it('reads text dates as YYYY-MM-DD or MM/DD/YYYY and refuses impossible ones', () => {
    expect(cellDate('2024-02-29')).toBe('2024-02-29');
    expect(cellDate('2024-02-29T00:00:00.000Z')).toBe('2024-02-29');
    expect(cellDate('3/5/2024')).toBe('2024-03-05');
    expect(cellDate('02/30/2024')).toBeUndefined();
    expect(cellDate('2023-02-29')).toBeUndefined();
    expect(cellDate('next week')).toBeUndefined();
    expect(cellDate(true)).toBeUndefined();
    expect(cellDate('  ')).toBeNull();
    expect(cellDate(null)).toBeNull();
  });
});

describe('money cells', () => {
  it('round to cents half away from zero on the decimal text', () => {
    expect(cellMoney(1.005)).toBe('1.01');
    expect(cellMoney(2.675)).toBe('2.68');
    expect(cellMoney(-2.675)).toBe('-2.68');
    expect(cellMoney(0.1 + 0.2)).toBe('0.30');
    expect(cellMoney(1234567.891)).toBe('1234567.89');
    expect(cellMoney(12)).toBe('12.00');
    expect(cellMoney(1e-12)).toBe('0.00');
    expect(cellMoney(1.5e11)).toBe('150000000000.00');
  });

  it('read amounts written as text with $, thousands separators and accounting negatives', () => {
    expect(cellMoney('$1,234.565')).toBe('1234.57');
    expect(cellMoney('(12.50)')).toBe('-12.50');
    expect(cellMoney(' -7 ')).toBe('-7.00');
    expect(cellMoney('.5')).toBe('0.50');
    expect(cellMoney('1.2e3')).toBe('1200.00');
    expect(cellMoney('twelve')).toBeUndefined();
    expect(cellMoney('1.2.3')).toBeUndefined();
    expect(cellMoney('')).toBeNull();
    expect(cellMoney(false)).toBeUndefined();
  });
});

describe('text cells', () => {
  it('trim text, write whole numbers without exponent, and treat blanks as empty', () => {
    expect(cellText('  Acme  ')).toBe('Acme');
    expect(cellText('   ')).toBeNull();
    expect(cellText(123456789)).toBe('123456789');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(null)).toBeNull();
  });
});
