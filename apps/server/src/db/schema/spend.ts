import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

/** An uploaded spend file of an organisation; its rows go with it when it is deleted. */
export const spendFiles = pgTable(
  'spend_files',
  {
    id: serial('id').primaryKey(),
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    rowCount: integer('row_count').notNull().default(0),
    totalSpend: numeric('total_spend', { precision: 16, scale: 2 }).notNull().default('0'),
    firstPaymentDate: date('first_payment_date'),
    lastPaymentDate: date('last_payment_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spend_files_client_idx').on(t.clientRef, t.createdAt)],
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
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => spendFiles.id, { onDelete: 'cascade' }),
    /** The row's line number in the uploaded sheet. */
    lineNumber: integer('line_number').notNull(),
    vendorId: text('vendor_id'),
    vendorName: text('vendor_name').notNull(),
    duns: text('duns'),
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
    index('spend_rows_file_idx').on(t.clientRef, t.fileId, t.paymentDate),
    index('spend_rows_supplier_idx').on(t.clientRef, t.supplierKey),
    index('spend_rows_category_idx').on(t.clientRef, t.category),
    index('spend_rows_state_idx').on(t.clientRef, t.state),
    index('spend_rows_duns_idx')
      .on(t.duns)
      .where(sql`${t.duns} is not null`),
  ],
);

/**
 * The spend rows of a file summed per month, supplier, category, state and diversity set: what
 * every spend-dashboard figure and its Excel export is computed from (DESIGN.md §6), so that a
 * dashboard reads tens of thousands of groups instead of every payment. Supplier is in the grain
 * because the dashboards count distinct suppliers; month because the finest period shown is a
 * month. Built by `buildSpendRollup` (platform/spend-rollups.ts) in the import's transaction and
 * deleted with the file.
 */
export const spendRollups = pgTable(
  'spend_rollups',
  {
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id),
    fileId: integer('file_id')
      .notNull()
      .references(() => spendFiles.id, { onDelete: 'cascade' }),
    /** The first day of the payment month. */
    month: date('month').notNull(),
    supplierKey: text('supplier_key').notNull(),
    category: text('category').notNull(),
    /** As on the rows (null stays null: it is not a state). */
    state: text('state'),
    diversity: text('diversity').array().notNull(),
    isDiverse: boolean('is_diverse').notNull(),
    /** The exact sum of the group's spend (numeric: no rounding). */
    spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
    /** min() of the group's names and DUNS: min of mins is the min, so lists stay exact. */
    vendorName: text('vendor_name').notNull(),
    duns: text('duns'),
  },
  (t) => [index('spend_rollups_file_idx').on(t.clientRef, t.fileId, t.month)],
);
