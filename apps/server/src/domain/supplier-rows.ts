/**
 * What both supplier lists (Market Share, Supplier Spend) read per supplier from the spend rows:
 * its key and total, name and address from its latest payment, its main category, and the list's
 * total count (a window column). Each list adds its own columns and its own page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { spendRows } from '../db/schema/index.ts';

export interface SupplierTotalRow {
  supplier_key: string;
  total: string;
  name: string;
  duns: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
  category: string;
  total_count: number;
}

/** The API's fields of the common columns (`stateOrProvince` as the spec spells it). */
export const supplierFields = (r: SupplierTotalRow) => ({
  name: r.name,
  duns: r.duns,
  city: r.city,
  stateOrProvince: r.state,
  zip: r.zip,
  country: r.country,
  category: r.category,
});

/**
 * The `latest` and `categories` CTEs for the suppliers of a `page` CTE (`supplier_key`), over the
 * spend rows `r` that `where` selects: name, address and diversity from each supplier's latest
 * payment (certifications change over time), and the category it was paid most under.
 */
export const supplierDetails = (where: SQL) => sql`
  latest as (
    select distinct on (r.supplier_key) r.supplier_key, r.vendor_name, r.duns, r.city,
      r.state, r.zip, r.country, r.diversity
    from ${spendRows} r join page p on p.supplier_key = r.supplier_key
    where ${where}
    order by r.supplier_key, r.payment_date desc, r.id desc
  ),
  categories as (
    select distinct on (supplier_key) supplier_key, category
    from (
      select r.supplier_key, r.category, sum(r.spend) as amount
      from ${spendRows} r join page p on p.supplier_key = r.supplier_key
      where ${where}
      group by r.supplier_key, r.category
    ) c
    order by supplier_key, amount desc, category
  )`;
