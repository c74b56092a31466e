import { foreignKey, integer, primaryKey, real, pgTable, text } from 'drizzle-orm/pg-core';
import { vendorMatches } from './verified-diversity.ts';

/**
 * The matching screen's suggestions for a vendor (domain/supplier-matching.ts): the directory
 * names nearest its name, nearest first (equally near ones by id), at most four, each at least
 * pg_trgm's similarity threshold — found once, when the screen first lists the vendor, instead of
 * on every read. Valid while `vendor_name` is the vendor's name; any change to the directory's
 * names deletes them all (a trigger, migration 0033), so they are found again with the directory
 * as it is. Four, so that three remain after leaving out the vendor's current match.
 */
export const vendorSuggestions = pgTable(
  'vendor_suggestions',
  {
    clientRef: integer('client_ref').notNull(),
    supplierKey: text('supplier_key').notNull(),
    /** The name the suggestions were found for. */
    vendorName: text('vendor_name').notNull(),
    supplierRefs: integer('supplier_refs').array().notNull(),
    /** pg_trgm's `<->` (1 − similarity) of each, in the same order. */
    distances: real('distances').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'vendor_suggestions_pkey', columns: [t.clientRef, t.supplierKey] }),
    foreignKey({
      name: 'vendor_suggestions_vendor_fk',
      columns: [t.clientRef, t.supplierKey],
      foreignColumns: [vendorMatches.clientRef, vendorMatches.supplierKey],
    }).onDelete('cascade'),
  ],
);
