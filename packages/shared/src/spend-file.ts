/**
 * The spend file (DESIGN.md §5): its columns, the template's example row and the rule every row
 * must pass before anything is saved. Pure functions: the server runs them during an import and
 * the unit tests run them directly.
 */
import { cellDate, cellMoney, cellText, type Cell, type FileColumn } from './cells.ts';
import {
  DIVERSITY_TYPES,
  ETHNICITY_CATEGORIES,
  US_STATES,
  type DiversityType,
  type EthnicityCategory,
} from './enums.ts';
import { normaliseDuns, normaliseUei, supplierKey } from './supplier-keys.ts';
import { MESSAGES } from './validation.ts';

export const SPEND_COLUMNS = [
  { key: 'vendorId', header: 'Vendor ID', aliases: ['Vendor Number', 'Supplier ID'] },
  {
    key: 'vendorName',
    header: 'Vendor Name',
    aliases: ['Supplier Name', 'Vendor', 'Supplier', 'Company'],
    required: true,
  },
  { key: 'duns', header: 'DUNS', aliases: ['DUNS Number', 'D-U-N-S Number'] },
  {
    key: 'spend',
    header: 'Spend',
    aliases: ['Amount', 'Spend Amount', 'Payment Amount', 'Total Spend'],
    required: true,
  },
  { key: 'addressLine1', header: 'Address Line 1', aliases: ['Address 1', 'Address'] },
  { key: 'addressLine2', header: 'Address Line 2', aliases: ['Address 2'] },
  { key: 'city', header: 'City' },
  { key: 'state', header: 'State', aliases: ['State/Province', 'State or Province', 'Province'] },
  { key: 'zip', header: 'Zip', aliases: ['Zip Code', 'Postal Code', 'ZIP/Postal Code'] },
  { key: 'country', header: 'Country' },
  { key: 'fein', header: 'FEIN', aliases: ['EIN', 'Federal Tax ID', 'Tax ID'] },
  { key: 'ethnicityCategory', header: 'Ethnicity Category', aliases: ['Ethnicity'] },
  {
    key: 'diversityCategory',
    header: 'Diversity Category',
    aliases: ['Diversity', 'Diversity Type', 'Diversity Categories'],
  },
  {
    key: 'paymentDate',
    header: 'Payment Date',
    aliases: ['Paid Date', 'Date Paid', 'Payment Dt'],
    required: true,
  },
  { key: 'payingCostCenter', header: 'Paying Cost Center', aliases: ['Cost Center'] },
  { key: 'payingDivision', header: 'Paying Division', aliases: ['Division'] },
  {
    key: 'paymentContractNumber',
    header: 'Payment Contract Number',
    aliases: ['Contract Number', 'PO Number'],
  },
  { key: 'category', header: 'Category', aliases: ['Spend Category', 'Business Category'] },
  // Issue #21: the federal registry's Unique Entity ID, which replaced DUNS (last, so files
  // and tools that know the earlier columns by position keep working).
  { key: 'uei', header: 'UEI', aliases: ['Unique Entity ID', 'SAM UEI', 'UEI (SAM)'] },
] as const satisfies readonly FileColumn[];

export type SpendColumnKey = (typeof SPEND_COLUMNS)[number]['key'];

/** The template's example row, in column order. */
export const SPEND_TEMPLATE_EXAMPLE: Record<SpendColumnKey, string | number> = {
  vendorId: 'V-10023',
  vendorName: 'Harbor Point Logistics LLC',
  duns: '804735132',
  spend: 12500.75,
  addressLine1: '1200 Harbor Blvd',
  addressLine2: 'Suite 400',
  city: 'Baltimore',
  state: 'MD',
  zip: '21230',
  country: 'USA',
  fein: '52-1234567',
  ethnicityCategory: 'Black',
  diversityCategory: 'MBE, WBE',
  paymentDate: '03/15/2024',
  payingCostCenter: 'CC-1040',
  payingDivision: 'Supply Chain',
  paymentContractNumber: 'PO-2024-004512',
  category: 'Logistics & Freight',
  uei: 'HX3KQ7ZLM2N5',
};

/** The example's spend and date as a checked row holds them. */
const TEMPLATE_EXAMPLE_SPEND = (SPEND_TEMPLATE_EXAMPLE.spend as number).toFixed(2);
const TEMPLATE_EXAMPLE_DATE = (() => {
  const [month, day, year] = String(SPEND_TEMPLATE_EXAMPLE.paymentDate).split('/');
  return `${year}-${month}-${day}`;
})();

export const UNCATEGORIZED = 'Uncategorized';
export const NON_DIVERSE: DiversityType = 'NON_DIVERSE';

/** Text limits per column (characters). */
const MAX_LENGTH: Partial<Record<SpendColumnKey, number>> = {
  vendorId: 50,
  vendorName: 200,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  state: 100,
  zip: 20,
  country: 100,
  payingCostCenter: 100,
  payingDivision: 100,
  paymentContractNumber: 100,
  category: 100,
};

export const MAX_SPEND = 999_999_999_999;

export const SPEND_FILE_MESSAGES = {
  notNumber: 'Must be a number',
  duns: 'DUNS must be 9 digits',
  uei: 'UEI must be 12 letters and digits',
  fein: 'FEIN must be 9 digits',
  state: 'Must be one of the 50 US states (code or name) or DC',
  ethnicity: `Must be one of: ${ETHNICITY_CATEGORIES.join(', ')}`,
  diversity: (value: string) =>
    `Unknown diversity type "${value}"; allowed: ${DIVERSITY_TYPES.join(', ')}`,
  nonDiverseCombined: 'NON_DIVERSE cannot be combined with a diversity type',
  templateExample:
    `This is the template's example row (${SPEND_TEMPLATE_EXAMPLE.vendorName}), not a payment: ` +
    'delete it and upload the file again.',
} as const;

const squash = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '');

/**
 * A pure function of a cell's text, remembered: a file of a million rows writes a few thousand
 * suppliers, states and categories over and over, and each lookup here is regular expressions.
 * Bounded, so a file of all-different values costs a cleared map now and then.
 */
function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined && !known.has(text)) {
      value = compute(text);
      if (known.size >= 20_000) known.clear();
      known.set(text, value);
    }
    return value as T;
  };
}

const US_COUNTRY = new Set(['US', 'USA', 'UNITEDSTATES', 'UNITEDSTATESOFAMERICA', 'AMERICA']);
const isUsCountryName = remembered((country) => US_COUNTRY.has(squash(country)));
export const isUsCountry = (country: string | null) => !country || isUsCountryName(country);

const STATE_CODES = new Map<string, string>([
  ...US_STATES.flatMap(([code, name]) => [[code, code] as const, [squash(name), code] as const]),
  ['DC', 'DC'],
  ['DISTRICTOFCOLUMBIA', 'DC'],
]);

const ETHNICITY_BY_KEY = new Map<string, EthnicityCategory>(
  ETHNICITY_CATEGORIES.map((e) => [squash(e), e]),
);
const DIVERSITY_BY_KEY = new Map<string, DiversityType>([
  ...DIVERSITY_TYPES.map((d) => [squash(d), d] as const),
  ['NONDIVERSE', 'NON_DIVERSE'],
]);

const stateCode = remembered((state) => STATE_CODES.get(squash(state)) ?? null);
const ethnicityOf = remembered((text) => ETHNICITY_BY_KEY.get(squash(text)) ?? null);
/** Shared results: parseSpendRow's callers never change a row's diversity array. */
const diversityOf = remembered((text) => parseDiversity(text));
const supplierKeyOfName = remembered((name) => supplierKey(null, name));
const dunsOf = remembered((text) => normaliseDuns(text));
const ueiOf = remembered((text) => normaliseUei(text));
const feinOf = remembered((digits) =>
  /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null,
);

/** One or more diversity types written "MBE, WBE" (commas, semicolons, slashes or pipes). */
export function parseDiversity(
  text: string | null,
): { types: DiversityType[] } | { error: string } {
  if (!text) return { types: [NON_DIVERSE] };
  const found = new Set<DiversityType>();
  for (const token of text.split(/[,;/|]+/)) {
    if (token.trim() === '') continue;
    const type = DIVERSITY_BY_KEY.get(squash(token));
    if (!type) return { error: SPEND_FILE_MESSAGES.diversity(token.trim()) };
    found.add(type);
  }
  if (found.size === 0) return { types: [NON_DIVERSE] };
  if (found.has(NON_DIVERSE) && found.size > 1) {
    return { error: SPEND_FILE_MESSAGES.nonDiverseCombined };
  }
  return { types: DIVERSITY_TYPES.filter((d) => found.has(d)) };
}

/** A validated row, ready to be stored. */
export interface SpendRow {
  vendorId: string | null;
  vendorName: string;
  duns: string | null;
  /** The 12-character Unique Entity ID, upper case. */
  uei: string | null;
  supplierKey: string;
  /** Decimal string rounded to cents. */
  spend: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  fein: string | null;
  ethnicityCategory: EthnicityCategory | null;
  diversity: DiversityType[];
  /** YYYY-MM-DD */
  paymentDate: string;
  payingCostCenter: string | null;
  payingDivision: string | null;
  paymentContractNumber: string | null;
  category: string;
}

export interface CellProblem {
  column: SpendColumnKey;
  message: string;
}

/** A text cell, checked against its column's length limit. */
function textOf(
  cells: Partial<Record<SpendColumnKey, Cell>>,
  key: SpendColumnKey,
  problems: CellProblem[],
): string | null {
  const value = cellText(cells[key] ?? null);
  const max = MAX_LENGTH[key];
  if (value !== null && max !== undefined && value.length > max) {
    problems.push({ column: key, message: MESSAGES.maxLength(max) });
  }
  return value;
}

export type RowResult = { ok: true; row: SpendRow } | { ok: false; problems: CellProblem[] };

/**
 * Validates one data row (cells by column key; absent columns are null) and converts it to what
 * is stored: DUNS and FEIN digits, US state codes, canonical diversity types and ethnicity, the
 * payment date as a calendar date and the spend in cents.
 */
export function parseSpendRow(
  cells: Partial<Record<SpendColumnKey, Cell>>,
  options: { date1904?: boolean } = {},
): RowResult {
  // No closures in here: this runs once per row of files of a million rows.
  const problems: CellProblem[] = [];
  const vendorName = textOf(cells, 'vendorName', problems);
  if (vendorName === null) problems.push({ column: 'vendorName', message: MESSAGES.required });

  const dunsText = cellText(cells.duns ?? null);
  let duns: string | null = null;
  if (dunsText !== null) {
    // A DUNS typed into a number cell loses its leading zeros.
    const padded = typeof cells.duns === 'number' ? dunsText.padStart(9, '0') : dunsText;
    duns = dunsOf(padded);
    if (duns === null) problems.push({ column: 'duns', message: SPEND_FILE_MESSAGES.duns });
  }

  const ueiText = cellText(cells.uei ?? null);
  let uei: string | null = null;
  if (ueiText !== null) {
    uei = ueiOf(ueiText);
    if (uei === null) problems.push({ column: 'uei', message: SPEND_FILE_MESSAGES.uei });
  }

  const spend = cellMoney(cells.spend ?? null);
  if (spend === null) problems.push({ column: 'spend', message: MESSAGES.required });
  else if (spend === undefined)
    problems.push({ column: 'spend', message: SPEND_FILE_MESSAGES.notNumber });
  else if (Math.abs(Number(spend)) > MAX_SPEND)
    problems.push({ column: 'spend', message: MESSAGES.maxNumber(MAX_SPEND) });

  const paymentDate = cellDate(cells.paymentDate ?? null, options.date1904);
  if (paymentDate === null) problems.push({ column: 'paymentDate', message: MESSAGES.required });
  else if (paymentDate === undefined)
    problems.push({ column: 'paymentDate', message: MESSAGES.invalidDate });

  const rawCountry = textOf(cells, 'country', problems);
  const us = isUsCountry(rawCountry);
  const country = rawCountry && us ? 'USA' : rawCountry;

  let state = textOf(cells, 'state', problems);
  if (state !== null && us) {
    const code = stateCode(state);
    if (code) state = code;
    else problems.push({ column: 'state', message: SPEND_FILE_MESSAGES.state });
  }

  let zip = textOf(cells, 'zip', problems);
  // US ZIP codes typed into number cells lose their leading zeros too.
  if (zip !== null && us && typeof cells.zip === 'number' && zip.length < 5) {
    zip = zip.padStart(5, '0');
  }

  const feinText = cellText(cells.fein ?? null);
  let fein: string | null = null;
  if (feinText !== null) {
    const digits = feinText.replace(/[\s-]+/g, '');
    fein = feinOf(typeof cells.fein === 'number' ? digits.padStart(9, '0') : digits);
    if (fein === null) problems.push({ column: 'fein', message: SPEND_FILE_MESSAGES.fein });
  }

  const ethnicityText = cellText(cells.ethnicityCategory ?? null);
  let ethnicityCategory: EthnicityCategory | null = null;
  if (ethnicityText !== null) {
    ethnicityCategory = ethnicityOf(ethnicityText);
    if (!ethnicityCategory)
      problems.push({ column: 'ethnicityCategory', message: SPEND_FILE_MESSAGES.ethnicity });
  }

  const diversityText = cellText(cells.diversityCategory ?? null);
  const diversity = diversityText === null ? parseDiversity(null) : diversityOf(diversityText);
  if ('error' in diversity)
    problems.push({ column: 'diversityCategory', message: diversity.error });

  const vendorId = textOf(cells, 'vendorId', problems);
  const addressLine1 = textOf(cells, 'addressLine1', problems);
  const addressLine2 = textOf(cells, 'addressLine2', problems);
  const city = textOf(cells, 'city', problems);
  const payingCostCenter = textOf(cells, 'payingCostCenter', problems);
  const payingDivision = textOf(cells, 'payingDivision', problems);
  const paymentContractNumber = textOf(cells, 'paymentContractNumber', problems);
  const category = textOf(cells, 'category', problems) ?? UNCATEGORIZED;

  if (problems.length > 0 || !vendorName || !spend || !paymentDate || 'error' in diversity) {
    return { ok: false, problems };
  }
  if (
    vendorName === SPEND_TEMPLATE_EXAMPLE.vendorName &&
    duns === SPEND_TEMPLATE_EXAMPLE.duns &&
    spend === TEMPLATE_EXAMPLE_SPEND &&
    paymentDate === TEMPLATE_EXAMPLE_DATE
  ) {
    // The template's own example, pasted or left in: never a payment.
    return {
      ok: false,
      problems: [{ column: 'vendorName', message: SPEND_FILE_MESSAGES.templateExample }],
    };
  }
  return {
    ok: true,
    row: {
      vendorId,
      vendorName,
      duns,
      uei,
      supplierKey: duns ? `duns:${duns}` : supplierKeyOfName(vendorName),
      spend,
      addressLine1,
      addressLine2,
      city,
      state,
      zip,
      country,
      fein,
      ethnicityCategory,
      diversity: diversity.types,
      paymentDate,
      payingCostCenter,
      payingDivision,
      paymentContractNumber,
      category,
    },
  };
}
