/**
 * Verified diversity: certificates of directory suppliers, their derived status, an
 * organisation's qualification policy, the rules that match a spend vendor to the directory, and
 * the two counting rules. The status and qualification rules are plain functions here; the
 * server's SQL (domain/verified-spend.ts) applies the same rules and the tests hold them equal.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { DIVERSITY_TYPES, type DiversityType } from './enums.ts';
import {
  MESSAGES,
  calendarDate,
  numeric,
  optionalText,
  recordId,
  requiredText,
} from './validation.ts';
import {
  COUNTING_RULES,
  MATCH_RULES,
  type CountingRule,
  type MatchRule,
} from './verified-words.ts';

export * from './verified-words.ts';

/** The types a certificate can be of: the spec's diversity types without NON_DIVERSE. */
export const CERTIFICATE_TYPES = DIVERSITY_TYPES.filter(
  (d): d is Exclude<DiversityType, 'NON_DIVERSE'> => d !== 'NON_DIVERSE',
);
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** The agency name that means the supplier certified itself (policy: acceptSelfCertified). */
export const SELF_CERTIFICATION = 'Self-certification';

/** Agencies every organisation starts with (migration 0015 seeds them); it may add its own. */
export const BUILT_IN_AGENCIES = [
  'NMSDC',
  'WBENC',
  'NGLCC',
  'NVBDC',
  'Disability:IN',
  'SBA',
  'State agency',
  'City agency',
  SELF_CERTIFICATION,
] as const;

/** What the organisation recorded: in force, or suspended/decertified from `statusDate` on. */
export const RECORDED_STATUSES = ['ACTIVE', 'SUSPENDED', 'DECERTIFIED'] as const;
export type RecordedStatus = (typeof RECORDED_STATUSES)[number];

/** What a certificate is on a given day (derived, never stored). */
export const CERTIFICATE_STATUSES = [
  'VALID',
  'EXPIRING',
  'IN_GRACE',
  'EXPIRED',
  'SUSPENDED',
  'DECERTIFIED',
] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

export const CERTIFICATE_STATUS_LABELS: Record<CertificateStatus, string> = {
  VALID: 'Valid',
  EXPIRING: 'Expiring',
  IN_GRACE: 'In grace',
  EXPIRED: 'Expired',
  SUSPENDED: 'Suspended',
  DECERTIFIED: 'Decertified',
};

export const DEFAULT_EXPIRING_WINDOW_DAYS = 90;
export const MAX_GRACE_MONTHS = 12;

/** Days between two ISO dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * `date` plus `months` calendar months, clamped to the month's last day (as PostgreSQL's
 * `date + interval 'n months'`: 2026-01-31 + 1 month = 2026-02-28).
 */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

export interface CertificateDates {
  issueDate: string;
  expiryDate: string;
  status: RecordedStatus;
  statusDate: string | null;
}

/**
 * The certificate's status on `today`: suspended/decertified once its status date has come (a
 * missing date counts from the start), else, after its expiry date, in grace while the policy's
 * `graceMonths` still count it (qualifiesOn) and expired after that; expiring when it ends within
 * `windowDays`, else valid.
 */
export function certificateStatus(
  cert: CertificateDates,
  today: string,
  windowDays: number = DEFAULT_EXPIRING_WINDOW_DAYS,
  graceMonths = 0,
): CertificateStatus {
  if (cert.status !== 'ACTIVE' && (cert.statusDate === null || cert.statusDate <= today)) {
    return cert.status;
  }
  if (cert.expiryDate < today) {
    return today <= addMonths(cert.expiryDate, graceMonths) ? 'IN_GRACE' : 'EXPIRED';
  }
  if (daysBetween(today, cert.expiryDate) <= windowDays) return 'EXPIRING';
  return 'VALID';
}

export interface QualificationPolicy {
  /** Null: every agency except self-certification. */
  acceptedAgencies: string[] | null;
  acceptSelfCertified: boolean;
  graceMonths: number;
  expiringWindowDays: number;
  countingRule: CountingRule;
}

export const DEFAULT_POLICY: QualificationPolicy = {
  acceptedAgencies: null,
  acceptSelfCertified: false,
  graceMonths: 0,
  expiringWindowDays: DEFAULT_EXPIRING_WINDOW_DAYS,
  countingRule: 'REPORTED',
};

/** Whether the policy accepts the certificate's agency. */
export function agencyAccepted(agency: string, policy: QualificationPolicy): boolean {
  if (agency === SELF_CERTIFICATION) return policy.acceptSelfCertified;
  return policy.acceptedAgencies === null || policy.acceptedAgencies.includes(agency);
}

/**
 * Whether the certificate qualifies a payment made on `date`: an accepted agency, issued on or
 * before the date, not past its expiry date plus the grace period, and not suspended or
 * decertified on or before the date.
 */
export function qualifiesOn(
  cert: CertificateDates & { agency: string },
  date: string,
  policy: QualificationPolicy,
): boolean {
  if (!agencyAccepted(cert.agency, policy)) return false;
  if (cert.issueDate > date) return false;
  if (date > addMonths(cert.expiryDate, policy.graceMonths)) return false;
  if (cert.status !== 'ACTIVE' && (cert.statusDate === null || cert.statusDate <= date)) {
    return false;
  }
  return true;
}

/* ---------------------------------------------------------------- counting rules */

/** A request's choice of rule; absent, the organisation's default (its policy). */
export const countingRuleSchema = z.enum(COUNTING_RULES);

/* ---------------------------------------------------------------- matching */

export { normaliseUei } from './supplier-keys.ts';

/** FEINs are nine digits, written 12-3456789 (as the spend file stores them). */
export function normaliseFein(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const digits = value.replace(/[\s-]+/g, '');
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2)}` : null;
}

export interface VendorIdentity {
  uei: string | null;
  duns: string | null;
  fein: string | null;
  /** Normalised name (normaliseSupplierName). */
  nameKey: string;
  state: string | null;
  zip: string | null;
}

/**
 * The rule by which a vendor matches one directory supplier (both normalised), or NONE: UEI,
 * then DUNS, then FEIN, then the same normalised name with the same state and/or ZIP (5 digits).
 * The import applies the same order in SQL (domain/supplier-matching.ts).
 */
export function matchRule(vendor: VendorIdentity, supplier: VendorIdentity): MatchRule {
  if (vendor.uei && vendor.uei === supplier.uei) return 'UEI';
  if (vendor.duns && vendor.duns === supplier.duns) return 'DUNS';
  if (vendor.fein && vendor.fein === supplier.fein) return 'FEIN';
  if (vendor.nameKey === '' || vendor.nameKey !== supplier.nameKey) return 'NONE';
  const sameState = !!vendor.state && vendor.state === supplier.state;
  const sameZip = !!vendor.zip && vendor.zip.slice(0, 5) === (supplier.zip ?? '').slice(0, 5);
  if (sameState && sameZip) return 'NAME_STATE_ZIP';
  if (sameZip) return 'NAME_ZIP';
  if (sameState) return 'NAME_STATE';
  return 'NONE';
}

/* ---------------------------------------------------------------- API shapes */

export const VERIFIED_MESSAGES = {
  expiryBeforeIssue: 'Expiry date must be on or after the issue date',
  statusDateRequired: 'Required when the certificate is suspended or decertified',
  unknownAgency: 'Choose one of the agencies of the list (or add it first)',
  duplicateAgency: 'This agency is already in the list',
  saved: 'Certificate Saved Successfully',
  deleted: 'Certificate Deleted Successfully',
  policySaved: 'Policy Saved Successfully',
  matched: 'Match Saved Successfully',
  /** 'None of these': the vendor is tied to no directory supplier, so it counts as reported. */
  matchRejected: 'Match Rejected: this vendor is not tied to any directory supplier',
  /** Undo: the vendor is matched again as the import would match it (and listed if uncertain). */
  matchUndone: 'Decision Undone: the vendor is matched automatically again',
  notDecided: 'This match was made automatically; there is no decision to undo',
  documentSaved: 'Document Saved Successfully',
  documentType: 'The document must be a PDF or a PNG, JPEG, GIF or WebP picture.',
  directoryReadOnly:
    'This certificate comes from the supplier directory; only the platform administrators can change it.',
} as const;

const optionalDate = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), calendarDate().optional());

export const certificateInputSchema = z
  .object({
    id: recordId().optional(),
    supplierId: recordId(),
    diversityType: z.enum(CERTIFICATE_TYPES, { error: 'Required' }),
    agency: requiredText(50),
    certificateNumber: optionalText(50),
    issueDate: calendarDate(),
    expiryDate: calendarDate(),
    status: z.enum(RECORDED_STATUSES).default('ACTIVE'),
    statusDate: optionalDate(),
  })
  .superRefine((c, ctx) => {
    if (c.expiryDate < c.issueDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['expiryDate'],
        message: VERIFIED_MESSAGES.expiryBeforeIssue,
      });
    }
    if (c.status !== 'ACTIVE' && !c.statusDate) {
      ctx.addIssue({
        code: 'custom',
        path: ['statusDate'],
        message: VERIFIED_MESSAGES.statusDateRequired,
      });
    }
  });
export type CertificateInput = z.infer<typeof certificateInputSchema>;

export const certificateSchema = z.object({
  id: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  duns: z.string(),
  diversityType: z.string(),
  agency: z.string(),
  certificateNumber: z.string().nullable(),
  issueDate: z.string(),
  expiryDate: z.string(),
  recordedStatus: z.enum(RECORDED_STATUSES),
  statusDate: z.string().nullable(),
  /** Derived on the server's today with the organisation's window. */
  status: z.enum(CERTIFICATE_STATUSES),
  /** Whether the organisation's policy accepts the agency. */
  accepted: z.boolean(),
  documentName: z.string().nullable(),
  /**
   * A directory certificate (from the supplier-list upload or the platform's admins): every
   * organisation reads it; only those who may change the directory change it.
   */
  fromDirectory: z.boolean(),
  /** Whether the signed-in user may change or delete it (their own, or the directory's for the platform's admins). */
  editable: z.boolean(),
});
export type Certificate = z.infer<typeof certificateSchema>;

/** Where a certificate comes from: the supplier directory (everyone's) or the organisation. */
export const CERTIFICATE_SOURCES = ['DIRECTORY', 'OWN'] as const;
export const CERTIFICATE_SOURCE_LABELS: Record<(typeof CERTIFICATE_SOURCES)[number], string> = {
  DIRECTORY: 'Supplier directory',
  OWN: 'Your organisation',
};

export const CERTIFICATE_SORTS = ['expiryDate', 'supplierName'] as const;

export const certificateListRequestSchema = pageRequestSchema.extend({
  status: z.enum(CERTIFICATE_STATUSES).optional(),
  agency: optionalText(50),
  diversityType: z.enum(CERTIFICATE_TYPES).optional(),
  supplierId: recordId().optional(),
  source: z.enum(CERTIFICATE_SOURCES).optional(),
  sortOn: z.enum(CERTIFICATE_SORTS).default('expiryDate'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export type CertificateListRequest = z.infer<typeof certificateListRequestSchema>;

export const policySchema = z.object({
  acceptedAgencies: z.array(requiredText(50)).max(200).nullable(),
  acceptSelfCertified: z.boolean(),
  graceMonths: numeric(z.number().int().min(0).max(MAX_GRACE_MONTHS)),
  expiringWindowDays: numeric(z.number().int().min(1).max(365)),
  countingRule: z.enum(COUNTING_RULES),
});

export const agencySchema = z.object({ id: z.number(), name: z.string(), builtIn: z.boolean() });
export const agencyInputSchema = z.object({ name: requiredText(50) });

export const vendorMatchSchema = z.object({
  supplierKey: z.string(),
  vendorName: z.string(),
  spend: z.number(),
  rowCount: z.number(),
  rule: z.enum(MATCH_RULES),
  score: z.number(),
  confirmed: z.boolean(),
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  suggestions: z.array(
    z.object({
      supplierId: z.number(),
      name: z.string(),
      duns: z.string(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      similarity: z.number(),
    }),
  ),
});
export type VendorMatch = z.infer<typeof vendorMatchSchema>;

export const matchListRequestSchema = pageRequestSchema;

export const matchAssignSchema = z.object({
  supplierKey: requiredText(300),
  /** The directory supplier, or null: this vendor is in no directory entry. */
  supplierId: recordId().nullable(),
});

/** Undo a person's decision on a vendor. */
export const matchUndoSchema = z.object({ supplierKey: requiredText(300) });

/** Who made a decided match: a person, or an automatic rule (certain: UEI, DUNS, …). */
export const DECIDED_BY = ['PERSON', 'AUTOMATIC'] as const;

/** The decided matches, paged: `how` keeps one kind, `q` vendors whose name holds the text. */
export const decidedListRequestSchema = pageRequestSchema.extend({
  how: z.enum(DECIDED_BY).optional(),
  q: optionalText(100),
});

/**
 * A vendor whose match counts as decided: a person's decision (CONFIRMED, or NONE for 'None of
 * these') or a certain automatic match.
 */
export const decidedMatchSchema = z.object({
  supplierKey: z.string(),
  vendorName: z.string(),
  /** The vendor's spend and rows, every file. */
  spend: z.number(),
  rowCount: z.number(),
  rule: z.enum(MATCH_RULES),
  how: z.enum(DECIDED_BY),
  /** The supplier matched; null: none ('None of these'). */
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  supplierDuns: z.string().nullable(),
  /** A person's decision: the automatic rule it replaced (NONE: none), who and when (ISO). */
  replacedRule: z.enum(MATCH_RULES).nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The vendor's verified spend now, every file. */
  verifiedSpend: z.number(),
  /** A person's decision: how much it changed the vendor's verified spend when it was made. */
  verifiedMoved: z.number().nullable(),
});
export type DecidedMatch = z.infer<typeof decidedMatchSchema>;

/** Finding a directory supplier to override a match with: name or DUNS, 2 characters or more. */
export const directorySearchSchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, { error: MESSAGES.maxLength(100) })
    .regex(/^\P{Cc}*$/u, { error: 'Type letters, digits or punctuation' })
    .default(''),
});
/** At most this many suppliers answer one search. */
export const DIRECTORY_SEARCH_MAX = 20;
export const directoryOptionSchema = z.object({
  id: z.number(),
  name: z.string(),
  duns: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type DirectoryOption = z.infer<typeof directoryOptionSchema>;

export const selectedFilesSchema = z.object({
  selectedIds: z.array(recordId()).max(1000).default([]),
});

export const matchRateSchema = z.object({
  rows: z.number(),
  matchedRows: z.number(),
  spend: z.number(),
  matchedSpend: z.number(),
  vendors: z.number(),
  matchedVendors: z.number(),
});
export type MatchRate = z.infer<typeof matchRateSchema>;

export const verifiedFiguresSchema = z.object({
  totalSpend: z.number(),
  reportedDiverse: z.number(),
  verifiedDiverse: z.number(),
  perType: z.array(z.object({ type: z.string(), reported: z.number(), verified: z.number() })),
  rule: z.enum(COUNTING_RULES),
  ruleText: z.string(),
  /**
   * With `?base=addressable`: the same headline over the addressable rows only, for
   * the headline's percentage of addressable spend (the amounts above stay all spend).
   */
  addressable: z
    .object({ totalSpend: z.number(), reportedDiverse: z.number(), verifiedDiverse: z.number() })
    .optional(),
});
export type VerifiedFigures = z.infer<typeof verifiedFiguresSchema>;

/** A certificate behind a verified supplier's figure, as the figures and the exports show it. */
export const verifiedCertificateSchema = z.object({
  id: z.number(),
  diversityType: z.string(),
  agency: z.string(),
  certificateNumber: z.string().nullable(),
  issueDate: z.string(),
  expiryDate: z.string(),
  fromDirectory: z.boolean(),
});

export const verifiedSuppliersSchema = z.array(
  z.object({
    supplierKey: z.string(),
    vendorName: z.string(),
    supplierId: z.number(),
    supplierName: z.string(),
    matchRule: z.enum(MATCH_RULES),
    reportedSpend: z.number(),
    verifiedSpend: z.number(),
    certificates: z.array(verifiedCertificateSchema),
  }),
);
