/** Display formats the spec fixes for dates and money. */

/** Dollars with a $ sign and thousands separators, decimals truncated (not rounded). */
export function formatMoney(value: number | string | null | undefined): string {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  if (!Number.isFinite(n)) return '$0';
  const whole = Math.trunc(n);
  const sign = whole < 0 ? '-' : '';
  return `${sign}$${groupThousands(Math.abs(whole))}`;
}

/**
 * A whole number with commas between thousands, as `toLocaleString('en-US')` writes it, without
 * Intl: its first use in a page loads the browser's number-format data, a long task on a phone's
 * first screen. Numbers JavaScript writes with an exponent still go
 * through Intl.
 */
export function groupThousands(whole: number): string {
  const digits = String(whole);
  return digits.includes('e')
    ? whole.toLocaleString('en-US')
    : digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment no reader can take for another (1 Dec 2026, 14:03), in the browser's time, for the
 * times the spec gives no format (when a setting or a goal changed, the audit log): the spec's
 * MM/DD dates and DD/MM file dates side by side read either way.
 */
export function formatMoment(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}, ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** MM/DD/YYYY from an ISO date or instant; a bare date is taken as a calendar date (no shift). */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-');
    return `${m}/${d}/${y}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** DD/MM/YYYY H:mm:ss for uploaded files, in the viewer's local time. */
export function formatFileDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ` +
    `${date.getHours()}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** A 10-digit US phone number as (312) 555-0147; anything else as it is. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D+/g, '');
  return digits.length === 10
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : value;
}

/** Short dollars for chart axes and tight spaces: $11.1M, $482K, $9,950. */
export function formatCompactMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1_000_000) return `${sign}$${(abs / 1_000_000).toFixed(1)}M`;
  if (abs >= 10_000) return `${sign}$${Math.round(abs / 1_000)}K`;
  return formatMoney(value);
}

/** A file size as people read it: "512 B", "43 KB", "1.5 MB", "2 GB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${Number(mb.toFixed(1))} MB`;
  return `${Number((mb / 1024).toFixed(1))} GB`;
}
