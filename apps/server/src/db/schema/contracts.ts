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

/** A buyer organisation's contract with its awardee, vendor account and division. */
export const contracts = pgTable(
  'contracts',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    contractNumber: text('contract_number').notNull(),
    contractName: text('contract_name').notNull(),
    category: text('category').notNull(),
    contractSignatureDate: date('contract_signature_date').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    contractType: text('contract_type').notNull(),
    contractValue: numeric('contract_value', { precision: 14, scale: 2 }).notNull(),
    /** The sender's getTimezoneOffset() when the dates were entered (minutes west of UTC). */
    tzOffset: smallint('tz_offset'),
    awardeeVendorId: text('awardee_vendor_id').notNull(),
    awardeeVendorName: text('awardee_vendor_name').notNull(),
    awardeeEthnicityCategory: text('awardee_ethnicity_category'),
    awardeeDiversityCategory: text('awardee_diversity_category').array().notNull(),
    vendorAccountManagerName: text('vendor_account_manager_name'),
    vendorAccountManagerEmail: text('vendor_account_manager_email'),
    vendorAccountManagerPhone: text('vendor_account_manager_phone'),
    divisionName: text('division_name').notNull(),
    divisionCostCenter: text('division_cost_center'),
    contractOwnerName: text('contract_owner_name').notNull(),
    contractOwnerEmail: text('contract_owner_email'),
    contractOwnerPhone: text('contract_owner_phone'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('contracts_client_start_idx').on(t.clientRef, t.startDate),
    index('contracts_client_end_idx').on(t.clientRef, t.endDate),
    uniqueIndex('contracts_client_number_key').on(t.clientRef, sql`lower(${t.contractNumber})`),
  ],
);
