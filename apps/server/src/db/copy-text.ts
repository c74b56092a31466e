/**
 * PostgreSQL's COPY text format, for db/copy.ts and for the spreadsheet worker, which writes the
 * spend rows as COPY text itself (modules/spend/rows.ts): fields separated by tabs, NULL as \N,
 * backslash, tab and line ends escaped. No database code here: the worker loads this module.
 */
const SPECIAL = /[\\\t\n\r]/;

/** One field in COPY text format: NULL as \N, backslash, tab and line ends escaped. */
export function copyField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  if (!SPECIAL.test(text)) return text;
  return text
    .replaceAll('\\', '\\\\')
    .replaceAll('\t', '\\t')
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r');
}

/** A text[] value as an array literal, each element quoted (then escaped as a COPY field). */
export function copyTextArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
