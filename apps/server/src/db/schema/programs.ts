import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { supplierDirectory } from './search-supplier.ts';

/**
 * Program categories (issue #23, migration 0021): the categories an organisation's program counts
 * beside the spec's diversity types, each with a rule evaluated when the figures are asked for
 * (never stored on spend rows), so renaming, switching off or changing a rule needs no re-upload.
 * `kind` is SMALL, LOCAL, VETERAN, HUBZONE or MANUAL; `rule` holds the kind's parameters
 * (LOCAL: radius in miles, states, counties — packages/shared/src/programs.ts).
 */
export const programCategories = pgTable(
  'program_categories',
  {
    id: serial('id').primaryKey(),
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    rule: jsonb('rule')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('program_categories_name_key').on(t.clientRef, sql`lower(${t.name})`)],
);

/** The organisation's sites, the centres of a local category's radius (ZIP centroid kept). */
export const organisationSites = pgTable(
  'organisation_sites',
  {
    id: serial('id').primaryKey(),
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    zip: text('zip').notNull(),
    state: text('state').notNull(),
    county: text('county').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organisation_sites_client_idx').on(t.clientRef)],
);

/** Suppliers an organisation marked by hand for a MANUAL category. */
export const programCategorySuppliers = pgTable(
  'program_category_suppliers',
  {
    categoryRef: integer('category_ref')
      .notNull()
      .references(() => programCategories.id, { onDelete: 'cascade' }),
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    supplierRef: integer('supplier_ref')
      .notNull()
      .references(() => supplierDirectory.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'program_category_suppliers_pkey',
      columns: [t.categoryRef, t.supplierRef],
    }),
    index('program_category_suppliers_client_idx').on(t.clientRef),
  ],
);
