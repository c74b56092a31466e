import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, clientRefColumn, timestamps } from './columns.ts';

/** An RFx event (RFP, RFQ or RFI) run by a buyer organisation. */
export const rfx = pgTable(
  'rfx',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    rfxNumber: text('rfx_number').notNull(),
    rfxName: text('rfx_name').notNull(),
    type: text('type', { enum: ['RFP', 'RFQ', 'RFI'] }).notNull(),
    category: text('category').notNull(),
    categoryManager: text('category_manager'),
    startDate: date('start_date').notNull(),
    submitDate: date('submit_date').notNull(),
    contractValue: numeric('contract_value', { precision: 14, scale: 2 }).notNull(),
    rfxCompleted: text('rfx_completed', { enum: ['Yes', 'No'] }).notNull(),
    /** The sender's getTimezoneOffset() when the dates were entered (minutes west of UTC). */
    tzOffset: smallint('tz_offset'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('rfx_client_start_idx').on(t.clientRef, t.startDate),
    uniqueIndex('rfx_client_number_key').on(t.clientRef, sql`lower(${t.rfxNumber})`),
  ],
);

/** A supplier invited to an RFx, with its outcome. Replaced as a whole when the RFx is saved. */
export const rfxSuppliers = pgTable(
  'rfx_suppliers',
  {
    id: idColumn(),
    rfxId: integer('rfx_id')
      .notNull()
      .references(() => rfx.id, { onDelete: 'cascade' }),
    /** Order on the form. */
    position: smallint('position').notNull(),
    supplierIncluded: text('supplier_included').notNull(),
    ethnicityCategory: text('ethnicity_category'),
    diversityCategory: text('diversity_category').array().notNull(),
    deals: text('deals', { enum: ['Won', 'Loss'] }),
    pointOfContact: text('point_of_contact'),
    reasonForLoss: text('reason_for_loss'),
    reasonForLossOther: text('reason_for_loss_other'),
  },
  (t) => [index('rfx_suppliers_rfx_idx').on(t.rfxId, t.position)],
);
