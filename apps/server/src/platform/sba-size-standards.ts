/**
 * SBA size standards as data (issue #23): a supplier is small when its average annual receipts
 * (or average employees) are within the standard of its primary NAICS code.
 *
 * Source: U.S. Small Business Administration, "Table of Small Business Size Standards Matched to
 * North American Industry Classification System Codes" (13 CFR 121.201), effective March 17, 2023
 * (2022 NAICS codes, receipts standards after the December 19, 2022 inflation adjustment).
 * Transcribed by hand: no registry package holds this table (the `naics` package has 2017 NAICS
 * titles only), so the table carries the SBA's own titles. NOT YET CHECKED against the published
 * table (written without access to it): verify every figure before a program relies on it.
 *
 * PART of the table only — exactly these industries (docs/decisions/, "Program categories"):
 * - Sector 23 Construction: all 31 industries.
 * - Sector 31–33 Manufacturing: 332710, 334111, 336411 only.
 * - Sector 51 Information: 518210 only.
 * - Sector 54 Professional, Scientific and Technical Services: 541330, 541511, 541512, 541513,
 *   541519, 541611 only.
 * - Sector 56 Administrative and Support Services: 561210, 561720 only.
 * A supplier whose primary NAICS code is not listed is never counted small; the screens say
 * "No size standard in the shipped table". Footnoted exceptions (e.g. 541330's military and
 * marine engineering, 541519's IT value-added resellers at 150 employees, dredging under 237990)
 * are not applied: the main standard is.
 */
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

const ROWS: readonly Row[] = [
  // Sector 23 — Construction (receipts, $ million)
  ['236115', 'New Single-Family Housing Construction (except For-Sale Builders)', 45.0, null],
  ['236116', 'New Multifamily Housing Construction (except For-Sale Builders)', 45.0, null],
  ['236117', 'New Housing For-Sale Builders', 45.0, null],
  ['236118', 'Residential Remodelers', 45.0, null],
  ['236210', 'Industrial Building Construction', 45.0, null],
  ['236220', 'Commercial and Institutional Building Construction', 45.0, null],
  ['237110', 'Water and Sewer Line and Related Structures Construction', 45.0, null],
  ['237120', 'Oil and Gas Pipeline and Related Structures Construction', 45.0, null],
  ['237130', 'Power and Communication Line and Related Structures Construction', 45.0, null],
  ['237210', 'Land Subdivision', 34.0, null],
  ['237310', 'Highway, Street, and Bridge Construction', 45.0, null],
  ['237990', 'Other Heavy and Civil Engineering Construction', 45.0, null],
  ['238110', 'Poured Concrete Foundation and Structure Contractors', 19.0, null],
  ['238120', 'Structural Steel and Precast Concrete Contractors', 19.0, null],
  ['238130', 'Framing Contractors', 19.0, null],
  ['238140', 'Masonry Contractors', 19.0, null],
  ['238150', 'Glass and Glazing Contractors', 19.0, null],
  ['238160', 'Roofing Contractors', 19.0, null],
  ['238170', 'Siding Contractors', 19.0, null],
  ['238190', 'Other Foundation, Structure, and Building Exterior Contractors', 19.0, null],
  ['238210', 'Electrical Contractors and Other Wiring Installation Contractors', 19.0, null],
  ['238220', 'Plumbing, Heating, and Air-Conditioning Contractors', 19.0, null],
  ['238290', 'Other Building Equipment Contractors', 22.0, null],
  ['238310', 'Drywall and Insulation Contractors', 19.0, null],
  ['238320', 'Painting and Wall Covering Contractors', 19.0, null],
  ['238330', 'Flooring Contractors', 19.0, null],
  ['238340', 'Tile and Terrazzo Contractors', 19.0, null],
  ['238350', 'Finish Carpentry Contractors', 19.0, null],
  ['238390', 'Other Building Finishing Contractors', 19.0, null],
  ['238910', 'Site Preparation Contractors', 19.0, null],
  ['238990', 'All Other Specialty Trade Contractors', 19.0, null],
  // Sector 31–33 — Manufacturing (employees), listed industries only
  ['332710', 'Machine Shops', null, 500],
  ['334111', 'Electronic Computer Manufacturing', null, 1250],
  ['336411', 'Aircraft Manufacturing', null, 1500],
  // Sector 51 — Information, listed industry only
  [
    '518210',
    'Computing Infrastructure Providers, Data Processing, Web Hosting, and Related Services',
    40.0,
    null,
  ],
  // Sector 54 — Professional, Scientific and Technical Services, listed industries only
  ['541330', 'Engineering Services', 25.5, null],
  ['541511', 'Custom Computer Programming Services', 34.0, null],
  ['541512', 'Computer Systems Design Services', 34.0, null],
  ['541513', 'Computer Facilities Management Services', 37.0, null],
  ['541519', 'Other Computer Related Services', 34.0, null],
  ['541611', 'Administrative Management and General Management Consulting Services', 24.5, null],
  // Sector 56 — Administrative and Support Services, listed industries only
  ['561210', 'Facilities Support Services', 47.0, null],
  ['561720', 'Janitorial Services', 22.0, null],
];

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
