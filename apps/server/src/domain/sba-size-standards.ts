/**
 * SBA size standards as data: a supplier is small when its average annual receipts
 * (or average employees) are within the standard of its primary NAICS code.
 *
 * Source: U.S. Small Business Administration, "Table of Small Business Size Standards Matched to
 * North American Industry Classification System Codes", effective March 17, 2023 (2022 NAICS
 * codes; receipts standards after the inflation adjustment effective that day) — SBA's own
 * workbook (sheet "table_of_size_standards-all"), the table of 13 CFR 121.201. Public-domain US
 * government data, written in our own format in sba-size-standards.json
 * (docs/programs.md).
 *
 * The whole table: every 6-digit NAICS industry SBA lists, 974 codes — 496 measured by average
 * annual receipts (millions of dollars) and 478 by average number of employees. Left out, and so
 * never counted small:
 * - 522110, 522130, 522180, 522210 (banks, credit unions, savings institutions, credit card
 *   issuers): SBA measures them by assets ($850 million, footnote 8), which a supplier record
 *   does not hold.
 * - Sector 92 (Public Administration): SBA sets no standards (footnote 17).
 * Footnoted exceptions apply to government procurement and are not applied: the main standard of
 * the code is. They are 115310 (forest fire suppression, fuels management: $34M), 237990
 * (dredging: $37M), 238990 (building and property specialty trade services: $19M), 488510
 * (non-vessel-owning common carriers, household goods forwarders: $34M), 531110–531190 (leasing
 * building space to the Federal Government: $47M), 541330 (military and aerospace equipment,
 * Energy Policy Act engineering, marine engineering: $47M), 541519 (IT value-added resellers:
 * 150 employees), 541715 (aircraft and parts, missiles and space vehicles: 1,500/1,250/1,300
 * employees), 562910 (environmental remediation: 1,000 employees) and 611519 (Job Corps: $47M).
 * Titles are SBA's, with footnote numbers removed.
 */
import { readFileSync } from 'node:fs';
import type { SizeStandard } from '@spotzcity/shared/programs';

export const SBA_TABLE = {
  effectiveDate: '2023-03-17',
  source: 'SBA Table of Small Business Size Standards (13 CFR 121.201), effective March 17, 2023',
} as const;

type Row = readonly [
  naics: string,
  title: string,
  receiptsMillions: number | null,
  employees: number | null,
];

/**
 * [NAICS, SBA title, receipts standard in $ millions or null, employee standard or null], read
 * once when the server starts from the JSON beside this file (found from the source tree by the
 * built server too: scripts/bundle-server.mjs keeps each file's own location).
 */
const ROWS = JSON.parse(
  readFileSync(new URL('./sba-size-standards.json', import.meta.url), 'utf8'),
) as readonly Row[];

const BY_CODE = new Map<string, SizeStandard>(
  ROWS.map(([naics, title, receiptsMillions, employees]) => [
    naics,
    { naics, title, receiptsMillions, employees },
  ]),
);

/** The standard of a 6-digit NAICS code (spaces and punctuation ignored), if the table has it. */
export function sizeStandardOf(naics: string | null | undefined): SizeStandard | undefined {
  if (!naics) return undefined;
  return BY_CODE.get(naics.replace(/\D+/g, ''));
}

export const SHIPPED_SIZE_STANDARDS = ROWS.length;
