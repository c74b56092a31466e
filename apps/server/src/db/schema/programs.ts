import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, clientRefColumn, createdAtColumn, timestamps } from './columns.ts';
import { supplierDirectory } from './search-supplier.ts';

/**
 * Program categories (migration 0021): the categories an organisation's program counts
 * beside the spec's diversity types, each with a rule evaluated when the figures are asked for
 * (never stored on spend rows), so renaming, switching off or changing a rule needs no re-upload.
 * `kind` is SMALL, LOCAL, VETERAN, HUBZONE or MANUAL; `rule` holds the kind's parameters
 * (LOCAL: radius in miles, states, counties — packages/shared/src/programs.ts).
 */
export const programCategories = pgTable(
  'program_categories',
  {
    id: idColumn(),
    clientRef: clientRefColumn('cascade'),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    rule: jsonb('rule')
      .notNull()
      .default(sql`'{}'::jsonb`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('program_categories_name_key').on(t.clientRef, sql`lower(${t.name})`)],
);

/** The organisation's sites, the centres of a local category's radius (ZIP centroid kept). */
export const organisationSites = pgTable(
  'organisation_sites',
  {
    id: idColumn(),
    clientRef: clientRefColumn('cascade'),
    name: text('name').notNull(),
    zip: text('zip').notNull(),
    state: text('state').notNull(),
    county: text('county').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: createdAtColumn(),
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
    clientRef: clientRefColumn('cascade'),
    supplierRef: integer('supplier_ref')
      .notNull()
      .references(() => supplierDirectory.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({
      name: 'program_category_suppliers_pkey',
      columns: [t.categoryRef, t.supplierRef],
    }),
    index('program_category_suppliers_client_idx').on(t.clientRef),
  ],
);
