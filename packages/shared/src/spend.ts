/**
 * Suppliers & Spend Report API (spec 01 points 2, 3, 7; DESIGN.md §3, §6): request and reply
 * schemas of the file, supplier and spend-row endpoints, and the legends the table view shows.
 * Field names at the boundary are the spec's (`vandorId`, `stateOrProvince`, `totalSpends` …).
 */
import { z } from 'zod';
import { numeric, recordId } from './validation.ts';
import { pageRequestSchema } from './api.ts';
import { SORT_ORDERS, type DiversityType, type EthnicityCategory } from './enums.ts';
import { supplierAddressShape } from './suppliers.ts';
import { MATCH_RULES } from './verified-diversity.ts';

export const SPEND_MESSAGES = {
  uploaded: 'File Uploaded Successfully',
  deleted: 'File Deleted Successfully',
  onlyXlsx: 'Only .xlsx files are accepted.',
  fileNotFound: 'File not found',
  /** `date` as DD/MM/YYYY. */
  alreadyUploaded: (fileName: string, date: string) =>
    `This file was already uploaded as ${fileName} on ${date}.`,
} as const;

/**
 * File ids the figures are restricted to; empty, null or absent means every file of the
 * organisation. Optional where the API document shows it (a preprocess that fills in the list
 * would show it as required).
 */
export const selectedIdsSchema = z
  .array(recordId())
  .max(1000)
  .nullish()
  .transform((ids) => ids ?? []);

export const selectionSchema = z.object({ selectedIds: selectedIdsSchema });
export type Selection = z.infer<typeof selectionSchema>;

const nullToUndefined = (value: unknown) => (value === null || value === '' ? undefined : value);

export const sortOrderSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toUpperCase() : nullToUndefined(value)),
  z.enum(SORT_ORDERS).optional(),
);

export const fileListRequestSchema = pageRequestSchema;

/** `DELETE /api/file/delete`: `fileId` (or `id`) in the body or the query. */
export const fileDeleteFieldsSchema = z.object({
  fileId: recordId().optional(),
  id: recordId().optional(),
});

export const fileDeleteSchema = fileDeleteFieldsSchema
  .refine((v) => v.fileId !== undefined || v.id !== undefined, {
    path: ['fileId'],
    error: 'Required',
  })
  .transform((v) => ({ fileId: (v.fileId ?? v.id) as number }));

/** Table view: the spend rows of the selected files, sortable on spend. */
export const spendRowsRequestSchema = pageRequestSchema.extend({
  selectedIds: selectedIdsSchema,
  sortOn: z.preprocess(nullToUndefined, z.enum(['spend']).optional()),
  sortOrder: sortOrderSchema,
});
export type SpendRowsRequest = z.infer<typeof spendRowsRequestSchema>;

/** All Suppliers list: suppliers of the selected files with their total spend. */
export const supplierListRequestSchema = pageRequestSchema.extend({
  selectedIds: selectedIdsSchema,
  sortOn: z.preprocess(nullToUndefined, z.enum(['spend', 'name']).optional()),
  sortOrder: sortOrderSchema,
});
export type SupplierListRequest = z.infer<typeof supplierListRequestSchema>;

export const TOP_SUPPLIERS_DEFAULT = 10;

export const topSuppliersRequestSchema = z.object({
  selectedIds: selectedIdsSchema,
  limit: numeric(z.number().int().min(1).max(100)).default(TOP_SUPPLIERS_DEFAULT),
});

/* Replies */

export const uploadedFileSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  /** ISO instant; shown as DD/MM/YYYY H:mm:ss. */
  createdOn: z.string(),
  rowCount: z.number().int(),
  totalSpends: z.number(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
  uploadedBy: z.string().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Suppliers & Spend panel (spec "supplier spend summary"). */
export const supplierSpendSchema = z.object({
  name: z.string(),
  duns: z.string().nullable(),
  category: z.string(),
  diversity: z.string(),
  totalSpends: z.number(),
});
export type SupplierSpend = z.infer<typeof supplierSpendSchema>;

/** The signed-in user's own rating of a supplier; `id` null and `rating` 0 when not rated. */
export const supplierRatingBoSchema = z.object({
  id: z.number().int().nullable(),
  rating: z.number(),
  comment: z.string().nullable(),
});
export type SupplierRatingBo = z.infer<typeof supplierRatingBoSchema>;

export const supplierListItemSchema = z.object({
  name: z.string(),
  city: z.string().nullable(),
  stateOrProvince: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  category: z.string(),
  diversity: z.string(),
  totalSpends: z.number(),
  duns: z.string().nullable(),
  supplierRatingBo: supplierRatingBoSchema,
});
export type SupplierListItem = z.infer<typeof supplierListItemSchema>;

/** Totals of the selection (`POST /api/supplier/spends`). */
export const spendTotalsSchema = z.object({
  fileCount: z.number().int(),
  rowCount: z.number().int(),
  supplierCount: z.number().int(),
  diverseSupplierCount: z.number().int(),
  totalSpends: z.number(),
  diverseSpends: z.number(),
  nonDiverseSpends: z.number(),
  /** Diverse share of total spend, 0–100 with two decimals. */
  diversePercentage: z.number(),
  firstPaymentDate: z.string().nullable(),
  lastPaymentDate: z.string().nullable(),
});
export type SpendTotals = z.infer<typeof spendTotalsSchema>;

/** A row of the table view (spec "spend row"), plus its id, file and category. */
export const spendRowSchema = z.object({
  id: z.number().int(),
  fileId: z.number().int(),
  vandorId: z.string().nullable(),
  name: z.string(),
  duns: z.string().nullable(),
  spend: z.number(),
  ...supplierAddressShape,
  fein: z.string().nullable(),
  ethnicityCategory: z.string().nullable(),
  diversityCategory: z.string(),
  /** YYYY-MM-DD; shown as MM/DD/YYYY. */
  paymentDate: z.string(),
  payingCostCenter: z.string().nullable(),
  payingDivision: z.string().nullable(),
  paymentContractNumber: z.string().nullable(),
  category: z.string(),
  /**
   * How the row's vendor is matched to the directory: the rule and score stored for
   * the vendor, read by every row of it, and the supplier; null before matching ran.
   */
  matchRule: z.enum(MATCH_RULES).nullable(),
  matchScore: z.number().nullable(),
  matchedSupplier: z.string().nullable(),
});
export type SpendRowItem = z.infer<typeof spendRowSchema>;

/* Legends of the table view */

export const DIVERSITY_LEGEND: Record<DiversityType, string> = {
  MBE: 'Minority Business Enterprise: at least 51% owned and operated by minority group members',
  WBE: 'Women Business Enterprise: at least 51% owned and operated by women',
  VBE: 'Veteran Business Enterprise: at least 51% owned and operated by veterans',
  SDVBE:
    'Service-Disabled Veteran Business Enterprise: at least 51% owned by service-disabled veterans',
  DoBE: 'Disability-Owned Business Enterprise: at least 51% owned by people with disabilities',
  LGBTBE: 'LGBT Business Enterprise: at least 51% owned by LGBT people',
  DBE: 'Disadvantaged Business Enterprise (US Department of Transportation program)',
  SBE: 'Small Business Enterprise: independently owned, under the SBA size standard of its industry',
  SDB: 'Small Disadvantaged Business: small business owned by socially and economically disadvantaged people',
  '8A': 'SBA 8(a) Business Development program participant',
  HUB: 'Historically Underutilized Business (HUBZone)',
  NON_DIVERSE: 'No diversity certification',
};

export const ETHNICITY_LEGEND: Record<EthnicityCategory, string> = {
  Black: 'Black or African American owned',
  'Asian Pacific': 'Asian-Pacific American owned (East and Southeast Asia, Pacific Islands)',
  'Asian Indian': 'Asian-Indian American owned (Indian subcontinent)',
  Hispanic: 'Hispanic or Latino American owned',
  'Native American': 'Native American, Alaska Native or Native Hawaiian owned',
  'Multi-Ethnic Business': 'Owned by people of more than one minority group',
};
