import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, clientRefColumn, createdAtColumn } from './columns.ts';

/** An uploaded spend file of an organisation; its rows go with it when it is deleted. */
export const spendFiles = pgTable(
  'spend_files',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    rowCount: integer('row_count').notNull().default(0),
    totalSpend: numeric('total_spend', { precision: 16, scale: 2 }).notNull().default('0'),
    firstPaymentDate: date('first_payment_date'),
    lastPaymentDate: date('last_payment_date'),
    createdAt: createdAtColumn(),
    /**
     * SHA-256 of the uploaded workbook's bytes (hex): the same content is refused a second time.
     * Null for files imported before it was kept.
     */
    contentHash: text('content_hash'),
    /**
     * False while an import is still writing the file's rows, in parts (modules/spend/import.ts):
     * no read sees such a file or its rows (`fileScope`, platform/sql.ts) until one short final
     * transaction sets it, with the file's rollups and summary.
     */
    saved: boolean('saved').notNull().default(true),
  },
  (t) => [
    index('spend_files_client_idx').on(t.clientRef, t.createdAt),
    // The files being saved: what every read of spend leaves out, looked up per query.
    index('spend_files_unsaved_idx')
      .on(t.clientRef)
      .where(sql`not ${t.saved}`),
    uniqueIndex('spend_files_content_idx')
      .on(t.clientRef, t.contentHash)
      .where(sql`${t.contentHash} is not null`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The row keys of a file (modules/spend/row-keys.ts): one 53-bit hash per row of what identifies a
 * payment (supplier, date, spend, contract number), sorted, as little-endian doubles — 8 bytes a
 * row. The next import compares its own rows with these to show how many overlap, without
 * reading the stored rows. Files imported before keys were kept get theirs on first need.
 *
 * Kept in parts of at most 65,536 keys (`part` 0, 1, …, in order): a million-row file's 8 MB as
 * one value made the embedded database hold ~50 MB more for good (docs/import.md).
 */
export const spendFileKeys = pgTable(
  'spend_file_keys',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => spendFiles.id, { onDelete: 'cascade' }),
    part: integer('part').notNull().default(0),
    clientRef: clientRefColumn(),
    rowKeys: bytea('row_keys').notNull(),
  },
  (t) => [primaryKey({ name: 'spend_file_keys_pkey', columns: [t.fileId, t.part] })],
);

/**
 * One payment line of a spend file. Every figure of the spend dashboards is computed from these
 * rows restricted to an organisation and its selected files, hence (client_ref, file_id, …) first
 * in every index.
 */
export const spendRows = pgTable(
  'spend_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientRef: clientRefColumn(),
    fileId: integer('file_id')
      .notNull()
      .references(() => spendFiles.id, { onDelete: 'cascade' }),
    /** The row's line number in the uploaded sheet. */
    lineNumber: integer('line_number').notNull(),
    vendorId: text('vendor_id'),
    vendorName: text('vendor_name').notNull(),
    duns: text('duns'),
    /** The 12-character Unique Entity ID (optional column of the spend file). */
    uei: text('uei'),
    /** `duns:<DUNS>` or `name:<normalised name>` (packages/shared/src/suppliers.ts). */
    supplierKey: text('supplier_key').notNull(),
    spend: numeric('spend', { precision: 14, scale: 2 }).notNull(),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    /** Two-letter code for US states, as written otherwise. */
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    fein: text('fein'),
    ethnicityCategory: text('ethnicity_category'),
    /** Diversity types of the row in the spec's order; `{NON_DIVERSE}` when it has none. */
    diversity: text('diversity').array().notNull(),
    isDiverse: boolean('is_diverse').notNull(),
    paymentDate: date('payment_date').notNull(),
    payingCostCenter: text('paying_cost_center'),
    payingDivision: text('paying_division'),
    paymentContractNumber: text('payment_contract_number'),
    category: text('category').notNull(),
  },
  (t) => [
    // A file's rows in their sheet's order: the Table View's pages and the file's exports read
    // them in this order, 20 at a time (docs/database.md).
    index('spend_rows_file_idx').on(t.clientRef, t.fileId, t.lineNumber),
    index('spend_rows_supplier_idx').on(t.clientRef, t.supplierKey),
    // The Table View sorted by spend: a page reads its 20 rows in this order instead of sorting
    // every row of the organisation's files (docs/database.md).
    index('spend_rows_spend_idx').on(t.clientRef, t.spend, t.id),
    // No index by category, state or DUNS: every query that reads the rows by those groups the
    // rows of an organisation's files (found by the two above) and none looks a value up, while
    // each index cost every imported row its upkeep (docs/database.md).
  ],
);

/*
 * Rollups of a file's rows, what the spend dashboards and their Excel exports read instead of the
 * rows (DESIGN.md §6): built by `buildSpendRollup` (domain/spend-rollups.ts) in the import's
 * transaction, deleted with the file. Four grains, each exact for the figures it serves:
 * - spend_rollups: per month, supplier, category, state and diversity set — the finest, from which
 *   the others are summed; serves distinct suppliers per month.
 * - spend_rollup_quarters: per quarter and supplier — distinct suppliers per quarter.
 * - spend_rollup_months: per month and diversity set — the spend figures (per type, per month,
 *   per year) and which months were paid.
 * - spend_rollup_suppliers: per supplier, category, state and diversity set over the whole file —
 *   categories, distinct suppliers, states and the supplier list.
 * Spend is the exact numeric sum of the group; min() of names and DUNS stays exact across groups.
 */
const fileColumns = () => ({
  clientRef: clientRefColumn(),
  fileId: integer('file_id')
    .notNull()
    .references(() => spendFiles.id, { onDelete: 'cascade' }),
});

/** A supplier's group of rows: who, where, which types, and what was spent over how many rows. */
const supplierGroupColumns = () => ({
  supplierKey: text('supplier_key').notNull(),
  category: text('category').notNull(),
  /** As on the rows (null stays null: it is not a state). */
  state: text('state'),
  diversity: text('diversity').array().notNull(),
  isDiverse: boolean('is_diverse').notNull(),
  spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
  rowCount: integer('row_count').notNull(),
  vendorName: text('vendor_name').notNull(),
  duns: text('duns'),
});

export const spendRollups = pgTable(
  'spend_rollups',
  {
    ...fileColumns(),
    /** The first day of the payment month. */
    month: date('month').notNull(),
    ...supplierGroupColumns(),
  },
  (t) => [
    index('spend_rollups_file_idx').on(t.clientRef, t.fileId, t.month),
    // Distinct diverse suppliers of the last 12 months: only these entries, month first.
    index('spend_rollups_diverse_idx')
      .on(t.clientRef, t.month, t.supplierKey, t.fileId)
      .where(sql`${t.isDiverse}`),
  ],
);

export const spendRollupMonths = pgTable(
  'spend_rollup_months',
  {
    ...fileColumns(),
    month: date('month').notNull(),
    diversity: text('diversity').array().notNull(),
    isDiverse: boolean('is_diverse').notNull(),
    spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [index('spend_rollup_months_file_idx').on(t.clientRef, t.fileId, t.month)],
);

export const spendRollupSuppliers = pgTable(
  'spend_rollup_suppliers',
  {
    ...fileColumns(),
    ...supplierGroupColumns(),
    /** The month of the group's latest payment. */
    lastMonth: date('last_month').notNull(),
  },
  (t) => [index('spend_rollup_suppliers_file_idx').on(t.clientRef, t.fileId)],
);

export const spendRollupQuarters = pgTable(
  'spend_rollup_quarters',
  {
    ...fileColumns(),
    /** The first day of the payment quarter. */
    quarter: date('quarter').notNull(),
    supplierKey: text('supplier_key').notNull(),
    isDiverse: boolean('is_diverse').notNull(),
    spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    index('spend_rollup_quarters_file_idx').on(t.clientRef, t.fileId, t.quarter),
    index('spend_rollup_quarters_diverse_idx')
      .on(t.clientRef, t.quarter, t.supplierKey, t.fileId)
      .where(sql`${t.isDiverse}`),
  ],
);
