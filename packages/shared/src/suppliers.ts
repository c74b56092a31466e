/**
 * How a supplier is identified across files, organisations and ratings (DESIGN.md §6): by DUNS, or
 * by its normalised name when the DUNS is empty; and where it is, as the replies give it.
 */
import { z } from 'zod';

export { normaliseDuns, normaliseSupplierName, supplierKey } from './supplier-keys.ts';

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
