/**
 * How a supplier is identified across files, organisations and ratings (DESIGN.md §6): by DUNS, or
 * by its normalised name when the DUNS is empty; and where it is, as the replies give it.
 */
import { z } from 'zod';

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

/** Where a supplier is, as a spend file or the directory gives it: any part may be missing. */
export const supplierPlaceShape = {
  city: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
};

/** A supplier's postal address: its street lines, then its place. */
export const supplierAddressShape = {
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  ...supplierPlaceShape,
};
