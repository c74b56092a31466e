/**
 * How a supplier is identified (DESIGN.md §6): its DUNS, its UEI, else its normalised name. Kept
 * apart from the schemas (suppliers.ts, verified-diversity.ts re-export these) so that the spend
 * check's threads run the spend row rule without loading zod (each thread compiles what it loads).
 */

/** Legal-form words that do not tell two suppliers apart ("Acme Inc." is "ACME"). */
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'pllc',
  'pc',
]);

/** Lower case, `&` as "and", punctuation and legal-form suffixes dropped, single spaces. */
export function normaliseSupplierName(name: string): string {
  const words = name
    .toLowerCase()
    .replaceAll('&', ' and ')
    // "L.L.C." is "LLC", "A.B." is "AB".
    .replaceAll('.', '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** DUNS numbers are nine digits; dashes and spaces are formatting. Anything else is not a DUNS. */
export function normaliseDuns(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = value.replace(/[\s-]+/g, '');
  return /^\d{9}$/.test(digits) ? digits : null;
}

/** The key a supplier's spend and ratings are grouped by: `duns:<9 digits>` or `name:<normalised>`. */
export function supplierKey(duns: string | null | undefined, name: string): string {
  const d = normaliseDuns(duns ?? null);
  return d ? `duns:${d}` : `name:${normaliseSupplierName(name)}`;
}

/** UEIs are 12 letters and digits (the registry leaves out I and O); case and spaces are formatting. */
export function normaliseUei(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{12}$/.test(text) ? text : null;
}
