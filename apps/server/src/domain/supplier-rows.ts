/**
 * What both supplier lists (Market Share, Supplier Spend) read per supplier from the spend rows:
 * its key and total, name and address from its latest payment, its main category, and the list's
 * total count (a window column). Each list adds its own columns and its own page.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { spendRows } from '../db/schema/index.ts';

/** The common columns of a list's row; each list extends it with its own. */
export const supplierTotalRow = z.object({
  supplier_key: z.string(),
  total: z.string(),
  name: z.string(),
  duns: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  category: z.string(),
  total_count: z.number(),
});
export type SupplierTotalRow = z.infer<typeof supplierTotalRow>;

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

const r = alias(spendRows, 'r');

/**
 * The `latest` and `categories` CTEs for the suppliers of a `page` CTE (`supplier_key`), over the
 * spend rows `r` (`alias(spendRows, 'r')`) that `where` selects: name, address and diversity from
 * each supplier's latest payment (certifications change over time), and the category it was paid
 * most under.
 */
export const supplierDetails = (where: SQL) => sql`
  latest as (
    select distinct on (${r.supplierKey}) ${r.supplierKey} as supplier_key,
      ${r.vendorName} as vendor_name, ${r.duns} as duns, ${r.city} as city, ${r.state} as state,
      ${r.zip} as zip, ${r.country} as country, ${r.diversity} as diversity
    from ${spendRows} ${r} join page p on p.supplier_key = ${r.supplierKey}
    where ${where}
    order by ${r.supplierKey}, ${r.paymentDate} desc, ${r.id} desc
  ),
  categories as (
    select distinct on (supplier_key) supplier_key, category
    from (
      select ${r.supplierKey} as supplier_key, ${r.category} as category,
        sum(${r.spend}) as amount
      from ${spendRows} ${r} join page p on p.supplier_key = ${r.supplierKey}
      where ${where}
      group by ${r.supplierKey}, ${r.category}
    ) c
    order by supplier_key, amount desc, category
  )`;
