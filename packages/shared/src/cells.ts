/**
 * Spreadsheet cell values as the upload reader hands them over (text, number, boolean or empty)
 * and the conversions every import needs: trimmed text, Excel date serials, money in cents.
 */

export type Cell = string | number | boolean | null;

/** A column an upload expects. */
export interface FileColumn {
  key: string;
  /** The header the template writes. */
  header: string;
  /** Other headers accepted for the same column (matched ignoring case, spaces and punctuation). */
  aliases?: readonly string[];
  required?: boolean;
}

/** Trimmed text of a cell; numbers as written (no exponent for ordinary values); empty is null. */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return null;
    return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  }
  if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  const text = cell.trim();
  return text === '' ? null : text;
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** Dates already written out: a file's payments fall on a few hundred days. */
const isoDates = new Map<number, string>();

function iso(ms: number): string {
  let text = isoDates.get(ms);
  if (text === undefined) {
    text = new Date(ms).toISOString().slice(0, 10);
    if (isoDates.size >= 50_000) isoDates.clear();
    isoDates.set(ms, text);
  }
  return text;
}

/**
 * The calendar date of an Excel serial number. The 1900 system counts the non-existent
 * 29 February 1900 (serial 60), so serials before it are one day off the plain count.
 */
export function excelSerialToIsoDate(serial: number, date1904 = false): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return null;
  const days = Math.floor(serial);
  if (date1904) return iso(EPOCH_1904 + days * DAY_MS);
  if (days === 60) return null;
  return iso(EPOCH_1900 + (days < 60 ? days + 1 : days) * DAY_MS);
}

function validDate(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return iso(date.getTime());
}

/**
 * A date cell as YYYY-MM-DD: an Excel serial, or text written as YYYY-MM-DD (optionally with a
 * time) or as the spec's MM/DD/YYYY (M/D/YYYY too). Undefined when the cell is not a valid date.
 */
export function cellDate(cell: Cell, date1904 = false): string | null | undefined {
  if (cell === null) return null;
  if (typeof cell === 'number') return excelSerialToIsoDate(cell, date1904) ?? undefined;
  if (typeof cell === 'boolean') return undefined;
  const text = cell.trim();
  if (text === '') return null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  if (match) return validDate(Number(match[1]), Number(match[2]), Number(match[3])) ?? undefined;
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (match) return validDate(Number(match[3]), Number(match[1]), Number(match[2])) ?? undefined;
  return undefined;
}

/**
 * An amount of money as a decimal string rounded half away from zero to cents ("1234.57"), from
 * a number or from text such as "$1,234.567" or "(12.50)". Undefined when it is not an amount.
 * Rounding works on the decimal text, so 1.005 becomes 1.01 as a person expects.
 */
export function cellMoney(cell: Cell): string | null | undefined {
  if (cell === null) return null;
  let text: string;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return undefined;
    text = Math.abs(cell) < 1e-9 ? '0' : cell.toPrecision(15);
  } else if (typeof cell === 'string') {
    text = cell.trim();
    if (text === '') return null;
    const negative = /^\(.*\)$/.test(text);
    text = text.replace(/^\((.*)\)$/, '$1').replace(/[$,\s]/g, '');
    if (negative) text = `-${text}`;
  } else {
    return undefined;
  }
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || (match[2] === '' && !match[3])) return undefined;
  const sign = match[1] === '-' ? -1n : 1n;
  let digits = `${match[2] ?? ''}${match[3] ?? ''}`.replace(/^0+(?=\d)/, '') || '0';
  let scale = (match[3] ?? '').length - Number(match[4] ?? 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  // Up to 15 digits (a number cell's toPrecision(15) always is), whole numbers are exact doubles.
  if (digits.length + (scale < 2 ? 2 - scale : 0) <= 15 && scale <= 24) {
    return smallMoney(match[1] === '-', Number(digits), scale);
  }
  // Rescale to hundredths of a cent-free integer, rounding half away from zero.
  let units = BigInt(digits);
  if (scale > 2) {
    const divisor = 10n ** BigInt(scale - 2);
    const rest = units % divisor;
    units = units / divisor + (rest * 2n >= divisor ? 1n : 0n);
  } else {
    units *= 10n ** BigInt(2 - scale);
  }
  const cents = units * sign;
  const abs = cents < 0n ? -cents : cents;
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${cents < 0n ? '-' : ''}${whole}.${frac}`;
}

/** 10^0 … 10^22, every one an exact double. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => {
  let value = 1;
  for (let i = 0; i < k; i += 1) value *= 10;
  return value;
});

/** cellMoney's rounding for `digits` × 10^-scale when every step stays under 2^53 (exact). */
function smallMoney(negative: boolean, digits: number, scale: number): string {
  let units = digits;
  if (scale > 2) {
    const divisor = POWERS_OF_TEN[scale - 2]!;
    const rest = units % divisor;
    units = (units - rest) / divisor + (rest * 2 >= divisor ? 1 : 0);
  } else {
    units *= POWERS_OF_TEN[2 - scale]!;
  }
  const cents = units % 100;
  const whole = (units - cents) / 100;
  return `${negative && units !== 0 ? '-' : ''}${whole}.${cents < 10 ? '0' : ''}${cents}`;
}
