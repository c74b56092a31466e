import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, timestamps } from './columns.ts';

/**
 * Supplier ratings are platform-wide (DESIGN.md §4): one per supplier and rater, the supplier
 * identified by DUNS or by normalised name (`supplier_key`, packages/shared/src/suppliers.ts).
 */
export const supplierRatings = pgTable(
  'supplier_ratings',
  {
    id: idColumn(),
    supplierKey: text('supplier_key').notNull(),
    duns: text('duns'),
    supplierName: text('supplier_name').notNull(),
    ratedBy: integer('rated_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0.5 to 5 in half stars. */
    rating: numeric('rating', { precision: 2, scale: 1 }).notNull(),
    comment: text('comment'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('supplier_ratings_rater_key').on(t.supplierKey, t.ratedBy),
    index('supplier_ratings_supplier_idx').on(t.supplierKey, t.createdAt),
    check('supplier_ratings_rating_check', sql`${t.rating} between 0.5 and 5`),
  ],
);
