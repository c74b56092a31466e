import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';
import { idColumn, clientRefColumn, updatedAtColumn } from './columns.ts';

/**
 * An organisation's own settings for its figures (issue #22): the month its fiscal year starts
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
 * the program category's id, issue #23). Saving a year replaces its rows; the audit
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
