import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { spendFiles } from './spend.ts';
import { users } from './users.ts';
import { idColumn, clientRefColumn, updatedAtColumn } from './columns.ts';

/**
 * An organisation's own settings for its figures: the month its fiscal year starts
 * and the spend categories that are not addressable (taxes, utilities, payroll …), which leave
 * the base of every percent of addressable spend. No row = the defaults (January, none).
 */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    clientRef: integer('client_ref')
      .primaryKey()
      .references(() => clients.id),
    fiscalYearStartMonth: smallint('fiscal_year_start_month').notNull().default(1),
    nonAddressableCategories: text('non_addressable_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAtColumn(),
  },
  (t) => [check('organisation_settings_month', sql`${t.fiscalYearStartMonth} between 1 and 12`)],
);

/**
 * Diverse-spend targets per fiscal year, as a percent of addressable spend: one OVERALL row
 * (name ''), and optionally one per diversity type (name = the type) and per category (name =
 * the category, of that category's addressable spend) and per program category (PROGRAM, name =
 * the program category's id). Saving a year replaces its rows; the audit
 * log keeps every change.
 */
export const spendGoals = pgTable(
  'spend_goals',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    fiscalYear: integer('fiscal_year').notNull(),
    scope: text('scope', { enum: ['OVERALL', 'DIVERSITY', 'CATEGORY', 'PROGRAM'] }).notNull(),
    name: text('name').notNull().default(''),
    target: numeric('target', { precision: 5, scale: 2 }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    uniqueIndex('spend_goals_key').on(t.clientRef, t.fiscalYear, t.scope, sql`lower(${t.name})`),
    index('spend_goals_client_year_idx').on(t.clientRef, t.fiscalYear),
    check('spend_goals_target', sql`${t.target} between 0 and 100`),
  ],
);

const goalRollupColumns = () => ({
  clientRef: clientRefColumn('cascade'),
  fileId: integer('file_id')
    .notNull()
    .references(() => spendFiles.id, { onDelete: 'cascade' }),
  /** The first day of the payment month. */
  month: date('month').notNull(),
  category: text('category').notNull(),
  spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
  rowCount: integer('row_count').notNull(),
});

/**
 * The Goals Dashboard's year, reported (docs/goals.md): each file's spend per month, category
 * and diversity set as the rows report it — `spend_rollups` without the vendor, so that a year
 * is at most 12 × categories × diversity sets per file, however many vendors. Kept by triggers on
 * spend_rollups (migration 0033): whatever writes or deletes a file's rollups adds or subtracts
 * its groups here in the same statement.
 */
export const goalRollups = pgTable(
  'goal_rollups',
  {
    ...goalRollupColumns(),
    diversity: text('diversity').array().notNull(),
    isDiverse: boolean('is_diverse').notNull(),
  },
  (t) => [
    // Month before file: a year of every file is one range of the index.
    uniqueIndex('goal_rollups_key').on(
      t.clientRef,
      t.month,
      t.fileId,
      t.category,
      t.diversity,
      t.isDiverse,
    ),
  ],
);

/**
 * The same year as the 'verified' rule counts it: `verified_rollups` without the vendor (per
 * file, month, category and verified type set), kept by triggers on verified_rollups (migration
 * 0033), so it is exactly as current as the verified rollups it sums.
 */
export const goalVerifiedRollups = pgTable(
  'goal_verified_rollups',
  {
    ...goalRollupColumns(),
    types: text('types').array().notNull(),
  },
  (t) => [
    uniqueIndex('goal_verified_rollups_key').on(
      t.clientRef,
      t.month,
      t.fileId,
      t.category,
      t.types,
    ),
  ],
);

/**
 * Each file's spend per fiscal year (under the organisation's fiscal-year start month), vendor
 * and category: what the Goals Dashboard's program targets sum, one row per vendor and category
 * however many months the year has. Kept by the same triggers on spend_rollups as goal_rollups
 * (migration 0033), and built again for the organisation when its start month changes
 * (modules/goals/service.ts; an advisory lock orders that against a concurrent import).
 */
export const goalVendorYears = pgTable(
  'goal_vendor_years',
  {
    clientRef: clientRefColumn('cascade'),
    fileId: integer('file_id')
      .notNull()
      .references(() => spendFiles.id, { onDelete: 'cascade' }),
    fiscalYear: integer('fiscal_year').notNull(),
    supplierKey: text('supplier_key').notNull(),
    category: text('category').notNull(),
    spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [
    uniqueIndex('goal_vendor_years_key').on(
      t.clientRef,
      t.fiscalYear,
      t.fileId,
      t.supplierKey,
      t.category,
    ),
  ],
);
