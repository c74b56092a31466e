/**
 * Generated spend rows as a CSV file with the template's headers (the benchmark's and the tests'
 * CSV files), quoted as RFC 4180 says: a value holding the delimiter, a quote or a line end is
 * put in quotes with its quotes doubled.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import type { GeneratedRow } from './spend-generator.ts';

export interface SpendCsvOptions {
  delimiter?: ',' | ';' | '\t' | '|';
  /** 'dollars': "$1,234.50", and credits in parentheses; else plain "1234.5". */
  amounts?: 'plain' | 'dollars';
  /** 'us': 03/31/2026; else 2026-03-31. */
  dates?: 'iso' | 'us';
  lineEnd?: '\n' | '\r\n';
}

const dollars = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function csvField(value: string, delimiter: string): string {
  return value.includes(delimiter) || /["\r\n]/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

function cellText(value: GeneratedRow[keyof GeneratedRow], key: string, options: SpendCsvOptions) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString().slice(0, 10);
    return options.dates === 'us'
      ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`
      : iso;
  }
  if (key === 'spend' && typeof value === 'number' && options.amounts === 'dollars') {
    const text = `$${dollars.format(Math.abs(value))}`;
    return value < 0 ? `(${text})` : text;
  }
  return String(value);
}

/** The header line and one line per row, each ending with `lineEnd`. */
export function* spendCsvLines(rows: Iterable<GeneratedRow>, options: SpendCsvOptions = {}) {
  const delimiter = options.delimiter ?? ',';
  const end = options.lineEnd ?? '\n';
  yield SPEND_COLUMNS.map((c) => csvField(c.header, delimiter)).join(delimiter) + end;
  for (const row of rows) {
    yield (
      SPEND_COLUMNS.map((c) => csvField(cellText(row[c.key], c.key, options), delimiter)).join(
        delimiter,
      ) + end
    );
  }
}

/** Writes the rows as a UTF-8 CSV file, streaming. */
export async function writeSpendCsv(
  path: string,
  rows: Iterable<GeneratedRow>,
  options: SpendCsvOptions = {},
) {
  const out = createWriteStream(path);
  let batch = '';
  for (const line of spendCsvLines(rows, options)) {
    batch += line;
    if (batch.length >= 1 << 20) {
      if (!out.write(batch)) await once(out, 'drain');
      batch = '';
    }
  }
  out.end(batch);
  await once(out, 'finish');
}
