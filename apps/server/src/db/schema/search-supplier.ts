import { sql } from 'drizzle-orm';
import { date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';

/**
 * The supplier directory of Search Supplier: platform-wide (DESIGN.md §4), one row per DUNS (an
 * uploaded list upserts by it). Ratings join on `supplier_ratings.supplier_key = 'duns:' || duns`.
 *
 * Search indexes: the text filters (name, DBA name, city, industry) match anywhere in the value,
 * ignoring case, so each has a trigram GIN index on `lower(col)` (pg_trgm, which PGlite loads as
 * a contrib extension) that serves `like '%abc%'`; state is an equality; certifications a GIN
 * array index; DUNS, zip and phone digits match from the start, on prefix indexes.
 */
export const supplierDirectory = pgTable(
  'supplier_directory',
  {
    id: idColumn(),
    duns: text('duns').notNull(),
    /** The federal registry's 12-character Unique Entity ID, which replaced DUNS. */
    uei: text('uei'),
    /** Federal Employer Identification Number, written 12-3456789. */
    fein: text('fein'),
    name: text('name').notNull(),
    supplierDbaName: text('supplier_dba_name'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    stateOrProvince: text('state_or_province'),
    zip: text('zip'),
    country: text('country'),
    businessStartDate: date('business_start_date'),
    websiteUrl: text('website_url'),
    businessContactName: text('business_contact_name'),
    businessContactTitle: text('business_contact_title'),
    businessContactPhone: text('business_contact_phone'),
    businessContactEmail: text('business_contact_email'),
    alternateContactName: text('alternate_contact_name'),
    alternateContactTitle: text('alternate_contact_title'),
    alternateContactPhone: text('alternate_contact_phone'),
    alternateContactEmail: text('alternate_contact_email'),
    minorityOwnedStatus: text('minority_owned_status'),
    wbeStatus: text('wbe_status'),
    vbeStatus: text('vbe_status'),
    sdvbeStatus: text('sdvbe_status'),
    dobeStatus: text('dobe_status'),
    dbeStatus: text('dbe_status'),
    primaryNaicsCode: text('primary_naics_code'),
    primaryNaicsDescription: text('primary_naics_description'),
    additionalNaicsCodes: text('additional_naics_codes'),
    additionalNaicsDescription: text('additional_naics_description'),
    certifications: text('certifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    industry: text('industry'),
    tulipValidated: text('tulip_validated'),
    /** Average annual receipts in dollars (SBA size standards). */
    annualReceipts: numeric('annual_receipts', { precision: 16, scale: 2 }),
    /** Average number of employees (SBA size standards). */
    employeeCount: integer('employee_count'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('supplier_directory_duns_key').on(t.duns),
    index('supplier_directory_duns_prefix_idx').using('btree', sql`${t.duns} text_pattern_ops`),
    index('supplier_directory_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The nearest names first (`<->`), for the matching screen's suggestions.
    index('supplier_directory_name_nearest_idx').using('gist', sql`lower(${t.name}) gist_trgm_ops`),
    index('supplier_directory_dba_trgm_idx').using(
      'gin',
      sql`lower(${t.supplierDbaName}) gin_trgm_ops`,
    ),
    index('supplier_directory_city_trgm_idx').using('gin', sql`lower(${t.city}) gin_trgm_ops`),
    index('supplier_directory_state_idx').on(t.stateOrProvince, sql`lower(${t.name})`),
    index('supplier_directory_zip_idx').using('btree', sql`${t.zip} text_pattern_ops`),
    index('supplier_directory_industry_trgm_idx').using(
      'gin',
      sql`lower(${t.industry}) gin_trgm_ops`,
    ),
    index('supplier_directory_business_phone_idx').using(
      'btree',
      sql`${t.businessContactPhone} text_pattern_ops`,
    ),
    index('supplier_directory_alternate_phone_idx').using(
      'btree',
      sql`${t.alternateContactPhone} text_pattern_ops`,
    ),
    index('supplier_directory_certifications_idx').using('gin', t.certifications),
    index('supplier_directory_sort_idx').on(sql`lower(${t.name})`, t.id),
    // Spend-to-directory matching (migration 0015).
    index('supplier_directory_uei_idx')
      .on(t.uei)
      .where(sql`${t.uei} is not null`),
    index('supplier_directory_fein_idx')
      .on(t.fein)
      .where(sql`${t.fein} is not null`),
    index('supplier_directory_name_key_idx').on(sql`supplier_name_key(${t.name})`),
  ],
);
