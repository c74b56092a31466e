/** How report cells read: the dashboards' own formats. */
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import type { CellKind } from '../exports.ts';
import type { ValueFormat } from './document.ts';

export function cellText(kind: CellKind | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return formatMoney(Number(value));
    case 'percent':
      return `${Number(value).toFixed(2)}%`;
    case 'integer':
      return Number(value).toLocaleString('en-US');
    case 'year':
      return String(value);
    case 'date':
      return formatDate(value instanceof Date ? value : String(value));
    default:
      return String(value);
  }
}

export const isNumeric = (kind: CellKind | undefined) =>
  kind === 'money' || kind === 'percent' || kind === 'integer';

/** Number formats of native chart values and labels (PowerPoint format codes). */
export const FORMAT_CODES: Record<ValueFormat, string> = {
  money: '"$"#,##0',
  percent: '0.00"%"',
  integer: '#,##0',
};

/** Axis labels: whole numbers (0%, 20%, $1,000). */
export const AXIS_FORMAT_CODES: Record<ValueFormat, string> = {
  money: '"$"#,##0',
  percent: '0"%"',
  integer: '#,##0',
};

/** 24 November 2026 */
export const longDate = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
