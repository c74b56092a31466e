/**
 * A seeded generator of realistic supplier spend, shared by the demo seed, the tests and the
 * benchmarks (bench/ingest.ts). The same seed always gives the same suppliers and payments:
 *  - suppliers with plausible names, addresses across the US weighted by population, DUNS and
 *    FEIN numbers (a few missing, as in real AP data) and a realistic diversity mix (about a
 *    third diverse, some with two certifications, MBEs with an ethnicity);
 *  - payments whose count and size follow a long tail (a few suppliers take most of the spend).
 * The supplier directory of the Search Supplier module can use `generateSuppliers` with the same
 * seed to stay consistent with the demo spend's DUNS numbers.
 */
import { createWriteStream } from 'node:fs';
import { loadExcel } from '../../platform/excel.ts';
import { SPEND_COLUMNS, type SpendColumnKey } from '@spotzcity/shared/spend-file';
import {
  DIVERSITY_TYPES,
  type DiversityType,
  type EthnicityCategory,
} from '@spotzcity/shared/enums';
import { PLACES } from './places.ts';

/** mulberry32: small, fast and good enough for test data. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    weighted<T>(items: readonly (readonly [T, number])[]): T {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    /** Standard normal (Box–Muller). */
    normal() {
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}
export type Random = ReturnType<typeof random>;

/** Spend categories and the words suppliers of each put in their names. */
export const CATEGORIES: readonly (readonly [category: string, nouns: readonly string[]])[] = [
  ['IT Services', ['Technologies', 'Data Systems', 'IT Solutions', 'Software', 'Networks']],
  ['Professional Services', ['Consulting', 'Advisors', 'Partners', 'Associates']],
  ['Facilities Maintenance', ['Facility Services', 'Building Maintenance', 'Property Services']],
  ['Logistics & Freight', ['Logistics', 'Freight', 'Transport', 'Trucking', 'Shipping']],
  ['MRO Supplies', ['Industrial Supply', 'Tool & Supply', 'Fasteners', 'Bearings']],
  ['Raw Materials', ['Metals', 'Steel', 'Plastics', 'Chemicals', 'Polymers']],
  ['Electrical Components', ['Electric', 'Electronics', 'Controls', 'Wire & Cable']],
  ['Packaging', ['Packaging', 'Containers', 'Corrugated', 'Labels']],
  ['Office Supplies', ['Office Products', 'Business Supply', 'Paper Co']],
  ['Marketing & Printing', ['Printing', 'Creative', 'Media', 'Marketing Group']],
  ['Staffing', ['Staffing', 'Workforce Solutions', 'Talent Partners']],
  ['Construction', ['Construction', 'Builders', 'Contractors', 'Concrete']],
  ['Janitorial Services', ['Cleaning Services', 'Janitorial', 'Sanitation']],
  ['Safety Equipment', ['Safety Products', 'Protective Gear', 'Fire Protection']],
  ['Telecommunications', ['Communications', 'Telecom', 'Wireless']],
  ['Catering & Food Services', ['Catering', 'Food Services', 'Provisions']],
];

/** How much of an organisation's spend a category usually takes (relative). */
const CATEGORY_WEIGHT: Record<string, number> = {
  'IT Services': 14,
  'Professional Services': 10,
  'Facilities Maintenance': 7,
  'Logistics & Freight': 12,
  'MRO Supplies': 10,
  'Raw Materials': 16,
  'Electrical Components': 8,
  Packaging: 6,
  'Office Supplies': 3,
  'Marketing & Printing': 3,
  Staffing: 5,
  Construction: 4,
  'Janitorial Services': 2,
  'Safety Equipment': 3,
  Telecommunications: 3,
  'Catering & Food Services': 2,
};

const SURNAMES = [
  'Anderson',
  'Bennett',
  'Castillo',
  'Delgado',
  'Ellison',
  'Fitzgerald',
  'Garcia',
  'Hargrove',
  'Ibarra',
  'Jefferson',
  'Kowalski',
  'Lindqvist',
  'Morales',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quintero',
  'Ramirez',
  'Sullivan',
  'Tanaka',
  'Underwood',
  'Vasquez',
  'Whitfield',
  'Yamamoto',
  'Zimmerman',
  'Brooks',
  'Carter',
  'Dawson',
  'Espinoza',
  'Franklin',
  'Gupta',
  'Holloway',
  'Iverson',
  'Jackson',
  'Kim',
  'Lopez',
  'Mendoza',
  'Nakamura',
  'Owens',
  'Pham',
  'Reyes',
  'Singh',
  'Thompson',
  'Vargas',
  'Washington',
  'Chen',
  'Acosta',
  'Banerjee',
  'Coleman',
  'Dubois',
  'Eagleheart',
  'Fontaine',
  'Greenberg',
  'Hughes',
  'Iqbal',
  'Jensen',
  'Kaplan',
  'Lambert',
  'Marsh',
  'Novak',
  'Oyelaran',
  'Prescott',
  'Rhodes',
  'Sato',
  'Trujillo',
  'Voss',
  'Wallace',
  'Xiong',
  'Young',
];
const PLACE_WORDS = [
  'Blue Ridge',
  'Harbor Point',
  'Summit',
  'Keystone',
  'Lakeshore',
  'Pinecrest',
  'Red Rock',
  'Silver Creek',
  'Great Plains',
  'Bayou',
  'Cascade',
  'Prairie',
  'Northstar',
  'Riverbend',
  'Granite State',
  'Golden Gate',
  'Lone Star',
  'Evergreen',
  'Magnolia',
  'Sierra',
  'Atlantic',
  'Pacific Crest',
  'Heartland',
  'Tri-County',
  'Capitol',
  'Ironwood',
  'Maple Leaf',
  'Oak Hill',
  'Crescent',
  'Liberty',
  'Pioneer',
  'Frontier',
  'Coastal',
  'Midwest',
  'Rocky Mountain',
  'Delta',
];
const SUFFIXES = ['Inc.', 'LLC', 'Corp.', 'Co.', 'Group', 'Inc.', 'LLC', ''];
/** A name's last word that already says what kind of company it is. */
const COMPANY_FORM = /\b(Inc|LLC|Corp|Co|Group)\.?$/;
const STREETS = [
  'Main St',
  'Commerce Dr',
  'Industrial Pkwy',
  'Oak Ave',
  'Market St',
  'Enterprise Blvd',
  'Park Ave',
  'Washington St',
  'Lakeview Dr',
  'Airport Rd',
  'Technology Way',
  'Elm St',
  'Harbor Blvd',
  'Center St',
  'Riverside Dr',
  'Innovation Ct',
  'Logistics Ln',
  'Mill Rd',
];

const DIVERSITY_MIX: readonly (readonly [DiversityType, number])[] = [
  ['NON_DIVERSE', 640],
  ['SBE', 90],
  ['MBE', 95],
  ['WBE', 80],
  ['VBE', 25],
  ['SDVBE', 18],
  ['DBE', 16],
  ['HUB', 12],
  ['8A', 8],
  ['SDB', 8],
  ['LGBTBE', 9],
  ['DoBE', 9],
];
const SECOND_TYPE: Partial<Record<DiversityType, readonly DiversityType[]>> = {
  MBE: ['WBE', 'SBE', 'DBE', '8A'],
  WBE: ['SBE', 'MBE', 'DBE'],
  VBE: ['SDVBE', 'SBE'],
  SDVBE: ['VBE', 'SBE'],
  SBE: ['WBE', 'HUB'],
  DBE: ['SBE'],
};
const ETHNICITY_MIX: readonly (readonly [EthnicityCategory, number])[] = [
  ['Black', 30],
  ['Hispanic', 28],
  ['Asian Pacific', 17],
  ['Asian Indian', 13],
  ['Native American', 7],
  ['Multi-Ethnic Business', 5],
];

export interface GeneratedSupplier {
  vendorId: string;
  name: string;
  duns: string | null;
  fein: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  diversity: DiversityType[];
  ethnicity: EthnicityCategory | null;
  category: string;
  /** Relative share of the buyer's spend. */
  weight: number;
  /** Typical payment size in dollars. */
  typicalPayment: number;
  /** The first and last year index (0-based) this supplier is paid in. */
  activeFrom: number;
  activeTo: number;
}

const digits = (rng: Random, n: number) =>
  Array.from({ length: n }, () => String(rng.int(0, 9))).join('');

export function generateSuppliers(count: number, seed = 2020): GeneratedSupplier[] {
  const rng = random(seed);
  const names = new Set<string>();
  const duns = new Set<string>();
  const suppliers: GeneratedSupplier[] = [];
  const categoryMix = CATEGORIES.map(([c]) => [c, CATEGORY_WEIGHT[c] ?? 1] as const);
  const stateMix = PLACES.map((p) => [p, p.weight] as const);

  for (let i = 0; i < count; i += 1) {
    const category = rng.weighted(categoryMix);
    const nouns = CATEGORIES.find(([c]) => c === category)![1];
    let name = '';
    for (let attempt = 0; attempt < 50 && (name === '' || names.has(name)); attempt += 1) {
      const noun = rng.pick(nouns);
      const pattern = rng.int(0, 4);
      const base =
        pattern === 0
          ? `${rng.pick(SURNAMES)} ${noun}`
          : pattern === 1
            ? `${rng.pick(PLACE_WORDS)} ${noun}`
            : pattern === 2
              ? `${rng.pick(SURNAMES)} & ${rng.pick(SURNAMES)} ${noun}`
              : pattern === 3
                ? `${rng.pick(SURNAMES)} & Sons ${noun}`
                : `${rng.pick(SURNAMES)} Brothers ${noun}`;
      // Picked always, so the names and figures after it stay the same; a noun that is a
      // company form already ('Paper Co', 'Marketing Group') takes none ('… Paper Co Co.').
      const picked = rng.pick(SUFFIXES);
      const suffix = COMPANY_FORM.test(noun) ? '' : picked;
      name = suffix ? `${base} ${suffix}` : base;
      if (attempt > 40) name = `${name} ${i}`;
    }
    names.add(name);

    const place = rng.weighted(stateMix);
    const [city, zip3] = rng.pick(place.cities);

    const first = rng.weighted(DIVERSITY_MIX);
    const diversity: DiversityType[] = [first];
    const seconds = SECOND_TYPE[first];
    if (seconds && rng.chance(0.25)) diversity.push(rng.pick(seconds));
    const minorityOwned = diversity.some((d) => d === 'MBE' || d === '8A' || d === 'SDB');
    const ethnicity =
      minorityOwned || (diversity.includes('DBE') && rng.chance(0.6))
        ? rng.weighted(ETHNICITY_MIX)
        : null;

    let dunsNumber: string | null = null;
    if (rng.chance(0.93)) {
      do dunsNumber = `${rng.int(0, 9)}${digits(rng, 8)}`;
      while (duns.has(dunsNumber));
      duns.add(dunsNumber);
    }

    // Long tail: a few large suppliers take most of the spend; diverse firms skew smaller.
    const size = Math.exp(rng.normal() * 1.3) * (first === 'NON_DIVERSE' ? 1 : 0.6);
    const churn = rng.next();
    suppliers.push({
      vendorId: `V-${String(10001 + i).padStart(5, '0')}`,
      name,
      duns: dunsNumber,
      fein: rng.chance(0.85) ? `${rng.int(10, 99)}-${digits(rng, 7)}` : null,
      addressLine1: `${rng.int(10, 9899)} ${rng.pick(STREETS)}`,
      addressLine2: rng.chance(0.3)
        ? rng.pick(['Suite ', 'Unit ', 'Floor ', 'Bldg ']) + rng.int(1, 450)
        : null,
      city,
      state: place.state,
      zip: `${zip3}${digits(rng, 2)}`,
      country: 'USA',
      // In the spec's order, as the import stores them.
      diversity: DIVERSITY_TYPES.filter((d) => diversity.includes(d)),
      ethnicity,
      category,
      weight: size,
      typicalPayment: Math.round(400 + Math.exp(7.9 + rng.normal() * 1.1)),
      activeFrom: churn < 0.1 ? 1 : churn < 0.14 ? 2 : 0,
      activeTo: churn > 0.93 ? 1 : churn > 0.9 ? 0 : 2,
    });
  }
  return suppliers;
}

const COST_CENTERS: readonly (readonly [center: string, division: string])[] = [
  ['CC-1010', 'Corporate'],
  ['CC-1040', 'Supply Chain'],
  ['CC-2100', 'Manufacturing'],
  ['CC-2150', 'Manufacturing'],
  ['CC-3200', 'Research & Development'],
  ['CC-4300', 'Sales & Marketing'],
  ['CC-5100', 'Facilities'],
  ['CC-6000', 'Information Technology'],
];

/** A row as it is written into a spend workbook (a Date for the payment date). */
export type GeneratedRow = Record<SpendColumnKey, string | number | Date | null>;

export interface SpendPeriod {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Number of days the period covers. */
  days: number;
  /** 0-based year index: suppliers join and leave, diverse spend grows year on year. */
  yearIndex: number;
}

/**
 * `rows` payments over the period, spread across the active suppliers by weight. Diverse
 * suppliers get a little more of the business each year (the story a diversity program tells).
 */
export function* generateSpendRows(
  suppliers: readonly GeneratedSupplier[],
  period: SpendPeriod,
  rows: number,
  seed = 7,
): Generator<GeneratedRow> {
  const rng = random(seed + period.yearIndex * 7919);
  const active = suppliers.filter(
    (s) => s.activeFrom <= period.yearIndex && s.activeTo >= period.yearIndex,
  );
  const growth = 1 + 0.18 * period.yearIndex;
  const mix = active.map(
    (s) => [s, s.weight * (s.diversity[0] === 'NON_DIVERSE' ? 1 : growth)] as const,
  );
  const categories = CATEGORIES.map(([c]) => c);
  const start = Date.parse(`${period.from}T00:00:00Z`);
  const year = period.from.slice(0, 4);
  for (let i = 0; i < rows; i += 1) {
    const s = rng.weighted(mix);
    const [costCenter, division] = rng.pick(COST_CENTERS);
    const day = rng.int(0, period.days - 1);
    const amount = Math.max(
      25,
      Math.round(s.typicalPayment * Math.exp(rng.normal() * 0.6) * 100) / 100,
    );
    yield {
      vendorId: s.vendorId,
      vendorName: s.name,
      duns: s.duns,
      spend: amount,
      addressLine1: s.addressLine1,
      addressLine2: s.addressLine2,
      city: s.city,
      state: s.state,
      zip: s.zip,
      country: s.country,
      fein: s.fein,
      ethnicityCategory: s.ethnicity,
      diversityCategory: s.diversity.join(', '),
      paymentDate: new Date(start + day * 86_400_000),
      payingCostCenter: costCenter,
      payingDivision: division,
      paymentContractNumber: rng.chance(0.7)
        ? `PO-${year}-${String(rng.int(1, 999999)).padStart(6, '0')}`
        : null,
      category: rng.chance(0.9) ? s.category : rng.pick(categories),
      uei: null,
    };
  }
}

/**
 * Writes rows as a spend workbook the way Excel does (shared strings, payment dates as date
 * serials), streaming, so a million rows never sit in memory.
 */
export async function writeSpendWorkbook(path: string, rows: Iterable<GeneratedRow>) {
  const { stream } = await loadExcel();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: createWriteStream(path),
    useSharedStrings: true,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Spend');
  sheet.columns = SPEND_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, c.header.length + 4),
    ...(c.key === 'paymentDate' ? { style: { numFmt: 'mm/dd/yyyy' } } : {}),
    ...(c.key === 'spend' ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  let count = 0;
  for (const row of rows) {
    sheet.addRow(row).commit();
    count += 1;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
