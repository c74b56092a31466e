/**
 * Search Supplier (spec 02 points 2–3, 5, 7): the platform-wide supplier directory, its search
 * filter, the supplier a search answers and the supplier-list upload (DESIGN.md §5, upsert by DUNS).
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { cellDate, cellMoney, cellText, type Cell, type FileColumn } from './cells.ts';
import { DIVERSITY_TYPES, US_STATES, type DiversityType } from './enums.ts';
import { ratingCountSchema } from './ratings.ts';
import { supplierRatingBoSchema } from './spend.ts';
import { normaliseDuns, supplierAddressShape } from './suppliers.ts';
import { VERIFIED_MESSAGES, normaliseFein, normaliseUei } from './verified-diversity.ts';
import {
  EMAIL_PATTERN,
  LIMITS,
  MESSAGES,
  digitsOnly,
  optionalDigits,
  recordId,
} from './validation.ts';

export const SEARCH_MESSAGES = {
  fillOne: 'Please fill at least one of the fields to search.',
  digitsOnly: MESSAGES.digitsOnly,
  uploaded: 'Suppliers List Uploaded Successfully',
  duns: 'DUNS must be 9 digits',
  certification: (value: string) =>
    `Unknown certification "${value}"; allowed: ${CERTIFICATION_TYPES.join(', ')}`,
  website: 'Must be a web address (https://…)',
  phone: 'Must be a phone number of 10 digits or less',
  uei: 'UEI must be 12 letters and digits',
  fein: 'FEIN must be 9 digits',
  certificateType: (value: string) =>
    `Unknown certificate type "${value}"; allowed: ${CERTIFICATION_TYPES.join(', ')}`,
  certificateIncomplete: 'Required when the row has a certificate',
  receipts: 'Must be an amount in dollars from 0 to 9,999,999,999,999',
  employees: 'Must be a whole number of employees from 0 to 10,000,000',
  sizeSaved: 'Size Saved Successfully',
} as const;

/** Bounds of a supplier's size facts (SBA size standards). */
export const SIZE_LIMITS = { receiptsMax: 9_999_999_999_999, employeesMax: 10_000_000 } as const;

/** The certifications a supplier can hold: the spec's diversity types without NON_DIVERSE. */
export const CERTIFICATION_TYPES = DIVERSITY_TYPES.filter(
  (d): d is Exclude<DiversityType, 'NON_DIVERSE'> => d !== 'NON_DIVERSE',
);

/** The validate filter's one option. */
export const VALIDATED_YES = 'X';

/** A validated value counts when present and not 'no'. */
export const isValidated = (value: string | null | undefined) =>
  !!value && value.trim() !== '' && value.trim().toLowerCase() !== 'no';

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

const text = (max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(max, { error: MESSAGES.maxLength(max) })
      .optional(),
  );
/** The filter form (spec 02 "Supplier search filter"); every field optional, at least one filled. */
export const supplierSearchFilterSchema = z.object({
  dbaName: text(200),
  duns: optionalDigits(9),
  naics: text(100),
  industry: text(100),
  contact: optionalDigits(LIMITS.phoneMax),
  certification: z.preprocess(blankToUndefined, z.enum(CERTIFICATION_TYPES).optional()),
  city: text(100),
  state: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(100, { error: MESSAGES.maxLength(100) })
      .optional(),
  ),
  zip: text(20),
  country: text(100),
  validate: z.preprocess(blankToUndefined, z.literal(VALIDATED_YES).optional()),
});
export type SupplierSearchFilter = z.infer<typeof supplierSearchFilterSchema>;

export const FILTER_FIELDS = Object.keys(
  supplierSearchFilterSchema.shape,
) as (keyof SupplierSearchFilter)[];

export const hasAnyFilter = (f: SupplierSearchFilter) =>
  FILTER_FIELDS.some((k) => f[k] !== undefined);

/** `POST /api/searchSupplier/list`: the filter values plus the page. */
export const supplierSearchRequestSchema = pageRequestSchema
  .extend(supplierSearchFilterSchema.shape)
  .refine(hasAnyFilter, { path: ['dbaName'], error: SEARCH_MESSAGES.fillOne });
export type SupplierSearchRequest = z.infer<typeof supplierSearchRequestSchema>;

/** A supplier's detail fields, as the API names them. */
export const supplierDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  duns: z.string(),
  supplierDbaName: z.string().nullable(),
  ...supplierAddressShape,
  /** YYYY-MM-DD */
  businessStartDate: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  businessContactName: z.string().nullable(),
  businessContactTitle: z.string().nullable(),
  businessContactPhone: z.string().nullable(),
  businessContactEmail: z.string().nullable(),
  alternateContactName: z.string().nullable(),
  alternateContactTitle: z.string().nullable(),
  alternateContactPhone: z.string().nullable(),
  alternateContactEmail: z.string().nullable(),
  /** MBE */
  minorityOwnedStatus: z.string().nullable(),
  wbeStatus: z.string().nullable(),
  vbeStatus: z.string().nullable(),
  sdvbeStatus: z.string().nullable(),
  dobeStatus: z.string().nullable(),
  dbeStatus: z.string().nullable(),
  primaryNaicsCode: z.string().nullable(),
  primaryNaicsDescription: z.string().nullable(),
  additionalNaicsCodes: z.string().nullable(),
  additionalNaicsDescription: z.string().nullable(),
  /** Certifications held, comma separated ("MBE, WBE"). */
  certificationType: z.string().nullable(),
  industry: z.string().nullable(),
  tulipValidated: z.string().nullable(),
  /** Average annual receipts in dollars (SBA size standards), or null. */
  annualReceipts: z.number().nullable(),
  /** Average number of employees (SBA size standards), or null. */
  employeeCount: z.number().int().nullable(),
  ratingCount: ratingCountSchema,
  /** The signed-in user's own rating (`id` null, rating 0 when not rated): POST or PUT. */
  supplierRatingBo: supplierRatingBoSchema,
});
export type SupplierDetail = z.infer<typeof supplierDetailSchema>;

export const supplierUploadResultSchema = z.object({ count: z.number().int() });

/** The supplier detail's size form: both facts, each cleared with null. */
export const supplierSizeInputSchema = z.object({
  /** Dollars as text ("12500000" or "12500000.50"), as money travels elsewhere in the API. */
  annualReceipts: z
    .string({ error: SEARCH_MESSAGES.receipts })
    .regex(/^\d{1,13}(\.\d{1,2})?$/, { error: SEARCH_MESSAGES.receipts })
    .nullable(),
  employeeCount: z
    .number({ error: SEARCH_MESSAGES.employees })
    .int({ error: SEARCH_MESSAGES.employees })
    .min(0, { error: SEARCH_MESSAGES.employees })
    .max(SIZE_LIMITS.employeesMax, { error: SEARCH_MESSAGES.employees })
    .nullable(),
});
export type SupplierSizeInput = z.infer<typeof supplierSizeInputSchema>;
export const supplierIdParamsSchema = z.object({ id: recordId() });

/* The supplier list file. */

export const SUPPLIER_COLUMNS = [
  {
    key: 'name',
    header: 'Business Name',
    aliases: ['Name', 'Supplier Name', 'Company'],
    required: true,
  },
  {
    key: 'supplierDbaName',
    header: 'DBA Name',
    aliases: ['Supplier DBA Name', 'Doing Business As'],
  },
  { key: 'duns', header: 'DUNS', aliases: ['DUNS Number', 'D-U-N-S Number'], required: true },
  { key: 'addressLine1', header: 'Address Line 1', aliases: ['Address 1', 'Address'] },
  { key: 'addressLine2', header: 'Address Line 2', aliases: ['Address 2'] },
  { key: 'city', header: 'City' },
  {
    key: 'stateOrProvince',
    header: 'State/Province',
    aliases: ['State', 'Province', 'State or Province'],
  },
  { key: 'zip', header: 'Zip', aliases: ['Zip Code', 'Postal Code'] },
  { key: 'country', header: 'Country' },
  {
    key: 'businessStartDate',
    header: 'Business Start Date',
    aliases: ['Start Date', 'Established'],
  },
  { key: 'websiteUrl', header: 'Website', aliases: ['Website URL', 'Web Site', 'URL'] },
  { key: 'businessContactName', header: 'Business Contact Name', aliases: ['Contact Name'] },
  { key: 'businessContactTitle', header: 'Business Contact Title', aliases: ['Contact Title'] },
  {
    key: 'businessContactPhone',
    header: 'Business Contact Phone',
    aliases: ['Contact Phone', 'Phone'],
  },
  {
    key: 'businessContactEmail',
    header: 'Business Contact Email',
    aliases: ['Contact Email', 'Email'],
  },
  { key: 'alternateContactName', header: 'Alternate Contact Name' },
  { key: 'alternateContactTitle', header: 'Alternate Contact Title' },
  { key: 'alternateContactPhone', header: 'Alternate Contact Phone' },
  { key: 'alternateContactEmail', header: 'Alternate Contact Email' },
  { key: 'minorityOwnedStatus', header: 'MBE Status', aliases: ['MBE', 'Minority Owned Status'] },
  { key: 'wbeStatus', header: 'WBE Status', aliases: ['WBE'] },
  { key: 'vbeStatus', header: 'VBE Status', aliases: ['VBE'] },
  { key: 'sdvbeStatus', header: 'SDVBE Status', aliases: ['SDVBE'] },
  { key: 'dobeStatus', header: 'DOBE Status', aliases: ['DOBE'] },
  { key: 'dbeStatus', header: 'DBE Status', aliases: ['DBE'] },
  { key: 'primaryNaicsCode', header: 'Primary NAICS Code', aliases: ['NAICS', 'NAICS Code'] },
  { key: 'primaryNaicsDescription', header: 'Primary NAICS Description' },
  {
    key: 'additionalNaicsCodes',
    header: 'Additional NAICS Codes',
    aliases: ['Additional NAICS Code'],
  },
  { key: 'additionalNaicsDescription', header: 'Additional NAICS Description' },
  {
    key: 'certificationType',
    header: 'Certification Type',
    aliases: ['Certifications', 'Certification'],
  },
  { key: 'industry', header: 'Industry' },
  { key: 'tulipValidated', header: 'Validated', aliases: ['Tulip Validated'] },
  // Issue #21: the identifiers spend is matched by besides DUNS (last, so files and tools that
  // know the earlier columns by position keep working).
  { key: 'uei', header: 'UEI', aliases: ['Unique Entity ID', 'SAM UEI', 'UEI (SAM)'] },
  { key: 'fein', header: 'FEIN', aliases: ['EIN', 'Federal Tax ID', 'Tax ID'] },
  // Issue #21: one certificate per row, kept by the uploading organisation (a supplier with
  // several repeats its row). Optional: a row without them adds no certificate.
  { key: 'certificateType', header: 'Certificate Type', aliases: ['Certified Type'] },
  {
    key: 'certificateAgency',
    header: 'Certifying Agency',
    aliases: ['Certificate Agency', 'Agency'],
  },
  { key: 'certificateNumber', header: 'Certificate Number', aliases: ['Certificate No'] },
  {
    key: 'certificateIssueDate',
    header: 'Certificate Issue Date',
    aliases: ['Certificate Issued', 'Issue Date'],
  },
  {
    key: 'certificateExpiryDate',
    header: 'Certificate Expiry Date',
    aliases: ['Certificate Expires', 'Expiry Date', 'Expiration Date'],
  },
  // Issue #23: the size facts SBA's size standards read (optional; an empty cell keeps the
  // figure on file, so a list without these columns never clears them).
  {
    key: 'annualReceipts',
    header: 'Average Annual Receipts',
    aliases: ['Annual Receipts', 'Receipts', 'Average Annual Receipts ($)', 'Annual Revenue'],
  },
  {
    key: 'employeeCount',
    header: 'Number of Employees',
    aliases: ['Employees', 'Employee Count', 'Average Employees', 'Average Number of Employees'],
  },
] as const satisfies readonly FileColumn[];

/** The certificate columns: all empty (no certificate) or type, agency and both dates filled. */
export const CERTIFICATE_COLUMN_KEYS = [
  'certificateType',
  'certificateAgency',
  'certificateNumber',
  'certificateIssueDate',
  'certificateExpiryDate',
] as const;

export type SupplierColumnKey = (typeof SUPPLIER_COLUMNS)[number]['key'];

/** A stored directory row (flat, for the upload's `unnest` arrays). */
type CertificateColumnKey = (typeof CERTIFICATE_COLUMN_KEYS)[number];
export type SupplierRow = Record<
  Exclude<SupplierColumnKey, 'certificationType' | CertificateColumnKey>,
  string | null
> &
  /** The row's certificate, when it has one; dates YYYY-MM-DD. */
  Partial<Record<CertificateColumnKey, string | null>> & {
    name: string;
    duns: string;
    /** Comma-separated certification types, in the spec's order. */
    certifications: string;
  };

export const SUPPLIER_TEMPLATE_EXAMPLE: Record<SupplierColumnKey, string> = {
  name: 'Harbor Point Logistics LLC',
  supplierDbaName: 'Harbor Point Freight',
  duns: '804735132',
  addressLine1: '1200 Harbor Blvd',
  addressLine2: 'Suite 400',
  city: 'Baltimore',
  stateOrProvince: 'MD',
  zip: '21230',
  country: 'USA',
  businessStartDate: '06/01/2009',
  websiteUrl: 'https://harborpoint.example',
  businessContactName: 'Dana Whitfield',
  businessContactTitle: 'President',
  businessContactPhone: '4105550123',
  businessContactEmail: 'dana@harborpoint.example',
  alternateContactName: 'Luis Ramirez',
  alternateContactTitle: 'Sales Director',
  alternateContactPhone: '4105550188',
  alternateContactEmail: 'luis@harborpoint.example',
  minorityOwnedStatus: 'Certified',
  wbeStatus: 'Certified',
  vbeStatus: 'No',
  sdvbeStatus: 'No',
  dobeStatus: 'No',
  dbeStatus: 'Pending',
  primaryNaicsCode: '484121',
  primaryNaicsDescription: 'General Freight Trucking, Long-Distance, Truckload',
  additionalNaicsCodes: '488510, 493110',
  additionalNaicsDescription: 'Freight Transportation Arrangement; General Warehousing and Storage',
  certificationType: 'MBE, WBE',
  industry: 'Logistics & Freight',
  tulipValidated: 'Yes',
  uei: 'HX3KQ7ZLM2N5',
  fein: '52-1234567',
  certificateType: 'MBE',
  certificateAgency: 'NMSDC',
  certificateNumber: 'NM-2025-0815',
  certificateIssueDate: '01/15/2025',
  certificateExpiryDate: '01/14/2027',
  annualReceipts: '12500000',
  employeeCount: '85',
};

const MAX_LENGTH: Partial<Record<SupplierColumnKey, number>> = {
  name: 200,
  supplierDbaName: 200,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  stateOrProvince: 100,
  zip: 20,
  country: 100,
  websiteUrl: 300,
  businessContactName: 100,
  businessContactTitle: 100,
  alternateContactName: 100,
  alternateContactTitle: 100,
  minorityOwnedStatus: 50,
  wbeStatus: 50,
  vbeStatus: 50,
  sdvbeStatus: 50,
  dobeStatus: 50,
  dbeStatus: 50,
  primaryNaicsCode: 20,
  primaryNaicsDescription: 300,
  additionalNaicsCodes: 200,
  additionalNaicsDescription: 1000,
  industry: 100,
  tulipValidated: 20,
  certificateType: 20,
  certificateAgency: 50,
  certificateNumber: 50,
};

const squash = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '');
const CERT_BY_KEY = new Map<string, string>(CERTIFICATION_TYPES.map((c) => [squash(c), c]));
const STATE_CODE = new Map<string, string>(
  US_STATES.flatMap(([code, name]) => [[code, code] as const, [squash(name), code] as const]),
);

/** A phone as digits; a leading US country code 1 on eleven digits is dropped. */
export function phoneDigits(value: string): string {
  const d = digitsOnly(value);
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
}

/**
 * The row's certificate: none when its columns are empty; otherwise type, agency,
 * issue and expiry dates are required, the type is one of the certification types and the
 * expiry is on or after the issue. Dates are stored YYYY-MM-DD. Whether the agency is one the
 * organisation knows is checked when saving (it needs the database).
 */
function checkCertificate(
  cells: Partial<Record<SupplierColumnKey, Cell>>,
  out: Record<string, string | null>,
  problems: { column: string; message: string }[],
  context: { date1904: boolean },
) {
  if (CERTIFICATE_COLUMN_KEYS.every((key) => out[key] === null)) return;
  const dates: Record<string, string | null | undefined> = {};
  for (const key of ['certificateIssueDate', 'certificateExpiryDate'] as const) {
    dates[key] = cellDate(cells[key] ?? null, context.date1904);
    if (dates[key] === undefined) problems.push({ column: key, message: MESSAGES.invalidDate });
    out[key] = dates[key] ?? null;
  }
  for (const key of [
    'certificateType',
    'certificateAgency',
    'certificateIssueDate',
    'certificateExpiryDate',
  ] as const) {
    // An unreadable date is reported once, as such.
    const unreadable = key in dates && dates[key] === undefined;
    if (out[key] === null && !unreadable) {
      problems.push({ column: key, message: SEARCH_MESSAGES.certificateIncomplete });
    }
  }
  if (out.certificateType) {
    const type = CERT_BY_KEY.get(squash(out.certificateType));
    if (!type) {
      problems.push({
        column: 'certificateType',
        message: SEARCH_MESSAGES.certificateType(out.certificateType),
      });
    }
    out.certificateType = type ?? null;
  }
  const issue = out.certificateIssueDate;
  const expiry = out.certificateExpiryDate;
  if (issue && expiry && expiry < issue) {
    problems.push({
      column: 'certificateExpiryDate',
      message: VERIFIED_MESSAGES.expiryBeforeIssue,
    });
  }
}

/** Receipts in dollars (cents kept) and a whole number of employees, each optional. */
function checkSize(
  cells: Partial<Record<SupplierColumnKey, Cell>>,
  out: Record<string, string | null>,
  problems: { column: string; message: string }[],
) {
  const receipts = cellMoney(cells.annualReceipts ?? null);
  if (
    receipts === undefined ||
    (receipts !== null && (receipts.startsWith('-') || Number(receipts) > SIZE_LIMITS.receiptsMax))
  ) {
    problems.push({ column: 'annualReceipts', message: SEARCH_MESSAGES.receipts });
    out.annualReceipts = null;
  } else out.annualReceipts = receipts;
  const employees = out.employeeCount?.replace(/[,\s]/g, '') ?? null;
  if (employees !== null) {
    const n = Number(employees);
    if (!/^\d+(\.0+)?$/.test(employees) || n > SIZE_LIMITS.employeesMax) {
      problems.push({ column: 'employeeCount', message: SEARCH_MESSAGES.employees });
      out.employeeCount = null;
    } else out.employeeCount = String(n);
  }
}

export function parseSupplierRow(
  cells: Partial<Record<SupplierColumnKey, Cell>>,
  context: { date1904: boolean },
): { ok: true; row: SupplierRow } | { ok: false; problems: { column: string; message: string }[] } {
  const problems: { column: string; message: string }[] = [];
  const out: Record<string, string | null> = {};
  for (const { key } of SUPPLIER_COLUMNS) {
    const value = cellText(cells[key] ?? null);
    const max = MAX_LENGTH[key];
    if (value !== null && max !== undefined && value.length > max) {
      problems.push({ column: key, message: MESSAGES.maxLength(max) });
    }
    out[key] = value;
  }
  if (!out.name) problems.push({ column: 'name', message: MESSAGES.required });
  if (!out.duns) problems.push({ column: 'duns', message: MESSAGES.required });
  else {
    // A DUNS typed as a number loses its leading zeros in Excel.
    const duns = normaliseDuns(
      typeof cells.duns === 'number' ? out.duns.padStart(9, '0') : out.duns,
    );
    if (!duns) {
      problems.push({ column: 'duns', message: SEARCH_MESSAGES.duns });
    }
    out.duns = duns;
  }
  if (out.uei) {
    const uei = normaliseUei(out.uei);
    if (!uei) problems.push({ column: 'uei', message: SEARCH_MESSAGES.uei });
    out.uei = uei;
  }
  if (out.fein) {
    const fein = normaliseFein(
      typeof cells.fein === 'number' ? out.fein.padStart(9, '0') : out.fein,
    );
    if (!fein) problems.push({ column: 'fein', message: SEARCH_MESSAGES.fein });
    out.fein = fein;
  }
  const start = cellDate(cells.businessStartDate ?? null, context.date1904);
  if (start === undefined)
    problems.push({ column: 'businessStartDate', message: MESSAGES.invalidDate });
  out.businessStartDate = start ?? null;
  for (const key of ['businessContactEmail', 'alternateContactEmail'] as const) {
    if (out[key] && !EMAIL_PATTERN.test(out[key])) {
      problems.push({ column: key, message: MESSAGES.invalidEmail });
    }
  }
  for (const key of ['businessContactPhone', 'alternateContactPhone'] as const) {
    if (!out[key]) continue;
    const d = phoneDigits(out[key]);
    if (d.length === 0 || d.length > LIMITS.phoneMax) {
      problems.push({ column: key, message: SEARCH_MESSAGES.phone });
    }
    out[key] = d;
  }
  if (out.websiteUrl) {
    const url = /^https?:\/\//i.test(out.websiteUrl) ? out.websiteUrl : `https://${out.websiteUrl}`;
    if (/^https?:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?([/?#]\S*)?$/i.test(url)) {
      out.websiteUrl = url;
    } else {
      problems.push({ column: 'websiteUrl', message: SEARCH_MESSAGES.website });
    }
  }
  const country = out.country ? squash(out.country) : '';
  if (out.stateOrProvince && ['', 'US', 'USA', 'UNITEDSTATES'].includes(country)) {
    out.stateOrProvince = STATE_CODE.get(squash(out.stateOrProvince)) ?? out.stateOrProvince;
  }
  const certs = new Set<string>();
  for (const token of (out.certificationType ?? '').split(/[,;/|]+/)) {
    if (token.trim() === '') continue;
    const cert = CERT_BY_KEY.get(squash(token));
    if (!cert)
      problems.push({
        column: 'certificationType',
        message: SEARCH_MESSAGES.certification(token.trim()),
      });
    else certs.add(cert);
  }
  delete out.certificationType;
  checkCertificate(cells, out, problems, context);
  checkSize(cells, out, problems);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    row: {
      ...(out as SupplierRow),
      certifications: CERTIFICATION_TYPES.filter((c) => certs.has(c)).join(','),
    },
  };
}
