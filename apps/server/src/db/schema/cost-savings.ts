import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, clientRefColumn, timestamps } from './columns.ts';

/**
 * A cost-saving case of an organisation (spec 02 "Cost saving"): what the contract cost, what the
 * winning quote costs, and who won it. The savings themselves are per calendar year, in
 * `cost_saving_years`, so that every dashboard figure is a SQL sum over those rows.
 */
export const costSavings = pgTable(
  'cost_savings',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    rfxOrOpportunityName: text('rfx_or_opportunity_name').notNull(),
    winnerVendorName: text('winner_vendor_name').notNull(),
    businessCategory: text('business_category').notNull(),
    /** 'Direct' or 'Indirect' procurement. */
    procurementType: text('procurement_type', { enum: ['Direct', 'Indirect'] }).notNull(),
    /** 'Current Supplier' or 'New Supplier'. */
    supplierStatus: text('supplier_status', {
      enum: ['Current Supplier', 'New Supplier'],
    }).notNull(),
    currentContractAmount: numeric('current_contract_amount', {
      precision: 14,
      scale: 2,
    }).notNull(),
    currentSpendPerItem: numeric('current_spend_per_item', { precision: 14, scale: 2 }).notNull(),
    newlyQuotedContractAmount: numeric('newly_quoted_contract_amount', {
      precision: 14,
      scale: 2,
    }).notNull(),
    newlyQuotedAmountPerTime: numeric('newly_quoted_amount_per_time', {
      precision: 14,
      scale: 2,
    }).notNull(),
    contractYears: smallint('contract_years').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    /** Diversity types of the winning vendor in the spec's order; `{NON_DIVERSE}` alone or none. */
    vendorDiversity: text('vendor_diversity').array().notNull(),
    vendorEthnicity: text('vendor_ethnicity'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('cost_savings_client_idx').on(t.clientRef, t.createdAt),
    check('cost_savings_dates_check', sql`${t.startDate} <= ${t.endDate}`),
    check('cost_savings_contract_years_check', sql`${t.contractYears} between 1 and 10`),
  ],
);

/** The savings of a case in one calendar year (`savingsFor{year}` of the spec). */
export const costSavingYears = pgTable(
  'cost_saving_years',
  {
    costSavingId: integer('cost_saving_id')
      .notNull()
      .references(() => costSavings.id, { onDelete: 'cascade' }),
    /** Denormalised from the case so that the yearly sums filter on the organisation first. */
    clientRef: clientRefColumn(),
    year: smallint('year').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.costSavingId, t.year] }),
    index('cost_saving_years_client_idx').on(t.clientRef, t.year),
  ],
);
