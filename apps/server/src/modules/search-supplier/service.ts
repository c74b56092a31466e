/**
 * The supplier directory (spec 02 points 2–3, 5): search with the filter form's fields, each
 * supplier's rating average and count (from the platform-wide ratings, keyed by DUNS), and the
 * supplier-list import (upsert by DUNS, all-or-nothing).
 *
 * Text filters (business/DBA name, city, industry, country) match ANYWHERE in the value ignoring
 * case (`lower(col) like '%abc%'`), which the trigram GIN indexes of the directory serve on
 * 100,000 suppliers; the business name filter also matches the DBA name. Digit filters (DUNS,
 * zip, phone, NAICS) match from the start, on prefix indexes. See docs/supplier-directory.md.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { US_STATES } from '@spotzcity/shared/enums';
import {
  SUPPLIER_COLUMNS,
  type SupplierDetail,
  type SupplierRow,
  type SupplierSearchFilter,
} from '@spotzcity/shared/search-supplier';
import type { PageRequest } from '@spotzcity/shared/api';
import { VERIFIED_MESSAGES } from '@spotzcity/shared/verified-diversity';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { FileRejected } from '../../platform/errors.ts';
import { importSheet, type SheetRows } from '../../platform/xlsx/sheet-import.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import { XLSX_MESSAGES } from '../../platform/xlsx/protocol.ts';
import { pageOffset, pageTotal, pageWindow } from '../../platform/sql.ts';
import {
  certifyingAgencies,
  supplierCertificates,
  supplierDirectory,
  supplierRatings,
} from '../../db/schema/index.ts';

const ROW_MODULE = new URL('./rows.ts', import.meta.url);
export const MAX_LISTED_PROBLEMS = 100;

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, '\\$&');
/** `abc%` for LIKE, with the user's own % and _ taken literally. */
const startsWith = (text: string) => `${escapeLike(text)}%`;
/** `%abc%` for LIKE, with the user's own % and _ taken literally. */
const contains = (text: string) => `%${escapeLike(text)}%`;

const STATE_BY_NAME = new Map<string, string>(
  US_STATES.flatMap(([code, name]) => [[code, code] as const, [name.toUpperCase(), code] as const]),
);

/** The WHERE terms of a search over `supplier_directory d` (the bench explains them too). */
export function searchConditions(f: SupplierSearchFilter): SQL[] {
  const where: SQL[] = [];
  if (f.dbaName) {
    const p = contains(f.dbaName);
    where.push(sql`(lower(d.name) like ${p} or lower(d.supplier_dba_name) like ${p})`);
  }
  if (f.duns) where.push(sql`d.duns like ${startsWith(f.duns)}`);
  if (f.naics) {
    where.push(
      sql`(d.primary_naics_code like ${startsWith(f.naics)} or d.additional_naics_codes like ${contains(f.naics)})`,
    );
  }
  if (f.industry) where.push(sql`lower(d.industry) like ${contains(f.industry)}`);
  if (f.contact) {
    const p = startsWith(f.contact);
    where.push(sql`(d.business_contact_phone like ${p} or d.alternate_contact_phone like ${p})`);
  }
  if (f.certification) {
    where.push(sql`d.certifications @> array[${f.certification}]::text[]`);
  }
  if (f.city) where.push(sql`lower(d.city) like ${contains(f.city)}`);
  if (f.state) {
    const state = STATE_BY_NAME.get(f.state.toUpperCase()) ?? f.state;
    where.push(sql`d.state_or_province = ${state}`);
  }
  if (f.zip) where.push(sql`d.zip like ${startsWith(f.zip)}`);
  if (f.country) where.push(sql`lower(d.country) like ${contains(f.country)}`);
  if (f.validate) {
    where.push(sql`(nullif(trim(d.tulip_validated), '') is not null
      and lower(trim(d.tulip_validated)) <> 'no')`);
  }
  return where;
}

interface DirectoryRow {
  id: number;
  name: string;
  duns: string;
  supplier_dba_name: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state_or_province: string | null;
  zip: string | null;
  country: string | null;
  business_start_date: string | null;
  website_url: string | null;
  business_contact_name: string | null;
  business_contact_title: string | null;
  business_contact_phone: string | null;
  business_contact_email: string | null;
  alternate_contact_name: string | null;
  alternate_contact_title: string | null;
  alternate_contact_phone: string | null;
  alternate_contact_email: string | null;
  minority_owned_status: string | null;
  wbe_status: string | null;
  vbe_status: string | null;
  sdvbe_status: string | null;
  dobe_status: string | null;
  dbe_status: string | null;
  primary_naics_code: string | null;
  primary_naics_description: string | null;
  additional_naics_codes: string | null;
  additional_naics_description: string | null;
  certifications: string[] | string;
  industry: string | null;
  tulip_validated: string | null;
  annual_receipts: string | null;
  employee_count: number | null;
  rating: string;
  rating_count: number;
  own_id: number | null;
  own_rating: string | null;
  own_comment: string | null;
}

/** PGlite and node-postgres both parse text[]; a literal '{A,B}' is handled just in case. */
const arrayOf = (value: string[] | string) =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

function toDetail(r: DirectoryRow): SupplierDetail {
  const certs = arrayOf(r.certifications);
  return {
    id: r.id,
    name: r.name,
    duns: r.duns,
    supplierDbaName: r.supplier_dba_name,
    addressLine1: r.address_line1,
    addressLine2: r.address_line2,
    city: r.city,
    stateOrProvince: r.state_or_province,
    zip: r.zip,
    country: r.country,
    businessStartDate: r.business_start_date,
    websiteUrl: r.website_url,
    businessContactName: r.business_contact_name,
    businessContactTitle: r.business_contact_title,
    businessContactPhone: r.business_contact_phone,
    businessContactEmail: r.business_contact_email,
    alternateContactName: r.alternate_contact_name,
    alternateContactTitle: r.alternate_contact_title,
    alternateContactPhone: r.alternate_contact_phone,
    alternateContactEmail: r.alternate_contact_email,
    minorityOwnedStatus: r.minority_owned_status,
    wbeStatus: r.wbe_status,
    vbeStatus: r.vbe_status,
    sdvbeStatus: r.sdvbe_status,
    dobeStatus: r.dobe_status,
    dbeStatus: r.dbe_status,
    primaryNaicsCode: r.primary_naics_code,
    primaryNaicsDescription: r.primary_naics_description,
    additionalNaicsCodes: r.additional_naics_codes,
    additionalNaicsDescription: r.additional_naics_description,
    certificationType: certs.length ? certs.join(', ') : null,
    industry: r.industry,
    tulipValidated: r.tulip_validated,
    annualReceipts: r.annual_receipts === null ? null : Number(r.annual_receipts),
    employeeCount: r.employee_count === null ? null : Number(r.employee_count),
    ratingCount: { rating: Number(r.rating), count: r.rating_count },
    supplierRatingBo: {
      id: r.own_id,
      rating: r.own_rating === null ? 0 : Number(r.own_rating),
      comment: r.own_comment,
    },
  };
}

/** One page of the search, by name; ratings are averaged for that page's suppliers only. */
export async function searchSuppliers(
  db: DbOrTx,
  filter: SupplierSearchFilter,
  page: PageRequest,
  raterId: number,
) {
  const where = searchConditions(filter);
  const clause = where.length ? sql.join(where, sql` and `) : sql`true`;
  const rows = rowsOf<DirectoryRow & { total_count: number }>(
    await db.execute(sql`
      with page as (
        -- The page's ids by their sort key alone, which the (lower(name), id) index or the
        -- filter's own index serves up to the page's last row; whole rows are read for the page
        -- only. (A count(*) over () here read every match at full width, in name order.)
        select d.id, lower(d.name) as sort_name from ${supplierDirectory} d where ${clause}
        order by lower(d.name), d.id
        ${pageWindow(page)}
      )
      select d.id, d.name, d.duns, d.supplier_dba_name, d.address_line1, d.address_line2, d.city,
        d.state_or_province, d.zip, d.country, d.business_start_date::text as business_start_date,
        d.website_url, d.business_contact_name, d.business_contact_title,
        d.business_contact_phone, d.business_contact_email, d.alternate_contact_name,
        d.alternate_contact_title, d.alternate_contact_phone, d.alternate_contact_email,
        d.minority_owned_status, d.wbe_status, d.vbe_status, d.sdvbe_status, d.dobe_status,
        d.dbe_status, d.primary_naics_code, d.primary_naics_description,
        d.additional_naics_codes, d.additional_naics_description, d.certifications, d.industry,
        d.tulip_validated, d.annual_receipts::text as annual_receipts, d.employee_count,
        r.rating, r.rating_count, own.id as own_id,
        own.rating::text as own_rating, own.comment as own_comment,
        -- The total rides on the page's rows (a second query for it costs the server more than
        -- the database's count). A short page is the last: the rows before it and on
        -- it. Otherwise the matches are counted apart, by the index that suits a count, once.
        (case when (select count(*) from page) < ${page.pageSize}
          then ${pageOffset(page)} + (select count(*) from page)
          else (select count(*) from ${supplierDirectory} d where ${clause})
        end)::int as total_count
      from page
      join ${supplierDirectory} d on d.id = page.id
      cross join lateral (
        select coalesce(round(avg(sr.rating), 2), 0)::text as rating, count(*)::int as rating_count
        from ${supplierRatings} sr where sr.supplier_key = 'duns:' || d.duns
      ) r
      left join ${supplierRatings} own
        on own.supplier_key = 'duns:' || d.duns and own.rated_by = ${raterId}
      order by page.sort_name, page.id
    `),
  );
  const total = await pageTotal(
    db,
    rows,
    page,
    sql`select count(*)::int as n from ${supplierDirectory} d where ${clause}`,
  );
  return { rows: rows.map(toDetail), total };
}

/** Rows column by column, as the worker sends them (or the demo seed builds them). */
export type SupplierColumns = SheetRows;

/** Adds or updates suppliers by DUNS; within one batch the last line of a DUNS wins. */
export async function upsertSuppliers(tx: DbOrTx, batch: SupplierColumns) {
  const c = (key: keyof SupplierRow) => sql.param(batch.columns[key] ?? []);
  await tx.execute(sql`
    insert into ${supplierDirectory} (duns, name, supplier_dba_name, address_line1, address_line2,
      city, state_or_province, zip, country, business_start_date, website_url,
      business_contact_name, business_contact_title, business_contact_phone,
      business_contact_email, alternate_contact_name, alternate_contact_title,
      alternate_contact_phone, alternate_contact_email, minority_owned_status, wbe_status,
      vbe_status, sdvbe_status, dobe_status, dbe_status, primary_naics_code,
      primary_naics_description, additional_naics_codes, additional_naics_description,
      certifications, industry, tulip_validated, uei, fein, annual_receipts, employee_count)
    select distinct on (t.duns) t.duns, t.name, t.dba, t.a1, t.a2, t.city, t.state, t.zip,
      t.country, t.start_date, t.website, t.bc_name, t.bc_title, t.bc_phone, t.bc_email,
      t.ac_name, t.ac_title, t.ac_phone, t.ac_email, t.mbe, t.wbe, t.vbe, t.sdvbe, t.dobe, t.dbe,
      t.naics, t.naics_desc, t.naics_more, t.naics_more_desc,
      coalesce(string_to_array(nullif(t.certs, ''), ','), '{}'), t.industry, t.validated,
      t.uei, t.fein, t.receipts, t.employees
    from unnest(
      ${sql.param(batch.lines)}::int[], ${c('duns')}::text[], ${c('name')}::text[],
      ${c('supplierDbaName')}::text[], ${c('addressLine1')}::text[],
      ${c('addressLine2')}::text[], ${c('city')}::text[], ${c('stateOrProvince')}::text[],
      ${c('zip')}::text[], ${c('country')}::text[], ${c('businessStartDate')}::date[],
      ${c('websiteUrl')}::text[], ${c('businessContactName')}::text[],
      ${c('businessContactTitle')}::text[], ${c('businessContactPhone')}::text[],
      ${c('businessContactEmail')}::text[], ${c('alternateContactName')}::text[],
      ${c('alternateContactTitle')}::text[], ${c('alternateContactPhone')}::text[],
      ${c('alternateContactEmail')}::text[], ${c('minorityOwnedStatus')}::text[],
      ${c('wbeStatus')}::text[], ${c('vbeStatus')}::text[], ${c('sdvbeStatus')}::text[],
      ${c('dobeStatus')}::text[], ${c('dbeStatus')}::text[], ${c('primaryNaicsCode')}::text[],
      ${c('primaryNaicsDescription')}::text[], ${c('additionalNaicsCodes')}::text[],
      ${c('additionalNaicsDescription')}::text[], ${c('certifications')}::text[],
      ${c('industry')}::text[], ${c('tulipValidated')}::text[], ${c('uei')}::text[],
      ${c('fein')}::text[], ${c('annualReceipts')}::numeric[], ${c('employeeCount')}::int[]
    ) as t(line, duns, name, dba, a1, a2, city, state, zip, country, start_date, website,
      bc_name, bc_title, bc_phone, bc_email, ac_name, ac_title, ac_phone, ac_email, mbe, wbe,
      vbe, sdvbe, dobe, dbe, naics, naics_desc, naics_more, naics_more_desc, certs, industry,
      validated, uei, fein, receipts, employees)
    order by t.duns, t.line desc
    on conflict (duns) do update set
      name = excluded.name, supplier_dba_name = excluded.supplier_dba_name,
      address_line1 = excluded.address_line1, address_line2 = excluded.address_line2,
      city = excluded.city, state_or_province = excluded.state_or_province, zip = excluded.zip,
      country = excluded.country, business_start_date = excluded.business_start_date,
      website_url = excluded.website_url, business_contact_name = excluded.business_contact_name,
      business_contact_title = excluded.business_contact_title,
      business_contact_phone = excluded.business_contact_phone,
      business_contact_email = excluded.business_contact_email,
      alternate_contact_name = excluded.alternate_contact_name,
      alternate_contact_title = excluded.alternate_contact_title,
      alternate_contact_phone = excluded.alternate_contact_phone,
      alternate_contact_email = excluded.alternate_contact_email,
      minority_owned_status = excluded.minority_owned_status, wbe_status = excluded.wbe_status,
      vbe_status = excluded.vbe_status, sdvbe_status = excluded.sdvbe_status,
      dobe_status = excluded.dobe_status, dbe_status = excluded.dbe_status,
      primary_naics_code = excluded.primary_naics_code,
      primary_naics_description = excluded.primary_naics_description,
      additional_naics_codes = excluded.additional_naics_codes,
      additional_naics_description = excluded.additional_naics_description,
      certifications = excluded.certifications, industry = excluded.industry,
      tulip_validated = excluded.tulip_validated, uei = excluded.uei, fein = excluded.fein,
      annual_receipts = coalesce(excluded.annual_receipts, supplier_directory.annual_receipts),
      employee_count = coalesce(excluded.employee_count, supplier_directory.employee_count),
      updated_at = now()
  `);
}

/**
 * The certificates of a batch (issue #21): one per row that has one, on the directory supplier
 * of the row's DUNS (just upserted). `owner` null: the directory's certificates (the supplier-list
 * upload), read by every organisation, naming only shared agencies (built in or added by the
 * platform's admins); otherwise that organisation's own, naming any agency it knows. An unknown
 * agency (any case) refuses the whole file, naming the row and column; the same certificate
 * (supplier, type, agency, number) uploaded again has its dates updated rather than added twice.
 */
export async function saveSupplierCertificates(
  tx: DbOrTx,
  owner: number | null,
  batch: SupplierColumns,
) {
  const col = (key: string) => (batch.columns[key] ?? []) as (string | null)[];
  const types = col('certificateType');
  const lines: number[] = [];
  const rows: { duns: string; type: string; agency: string; number: string | null }[] = [];
  const issues: string[] = [];
  const expiries: string[] = [];
  batch.lines.forEach((line, i) => {
    if (!types[i]) return;
    lines.push(line);
    rows.push({
      duns: col('duns')[i]!,
      type: types[i]!,
      agency: col('certificateAgency')[i]!,
      number: col('certificateNumber')[i] ?? null,
    });
    issues.push(col('certificateIssueDate')[i]!);
    expiries.push(col('certificateExpiryDate')[i]!);
  });
  if (rows.length === 0) return;

  const known = new Map(
    rowsOf<{ name: string }>(
      await tx.execute(sql`
        select name from ${certifyingAgencies}
        where client_ref is null or client_ref = ${owner}::int
        order by client_ref nulls first
      `),
    ).map((a) => [a.name.toLowerCase(), a.name]),
  );
  const problems = rows.flatMap((r, i) =>
    known.has(r.agency.toLowerCase())
      ? []
      : [
          {
            row: lines[i]!,
            column: 'Certifying Agency',
            message: VERIFIED_MESSAGES.unknownAgency,
            value: r.agency,
          },
        ],
  );
  if (problems.length > 0) {
    const badRows = new Set(problems.map((p) => p.row)).size;
    throw new FileRejected(
      XLSX_MESSAGES.rowsRejected(problems.length, badRows, problems.length, true),
      problems,
    );
  }
  const input = sql`
    select distinct on (t.duns, t.type, t.agency, coalesce(t.number, ''))
      d.id as supplier_ref, t.type, t.agency, t.number, t.issue, t.expiry
    from unnest(
      ${sql.param(lines)}::int[], ${sql.param(rows.map((r) => r.duns))}::text[],
      ${sql.param(rows.map((r) => r.type))}::text[],
      ${sql.param(rows.map((r) => known.get(r.agency.toLowerCase())!))}::text[],
      ${sql.param(rows.map((r) => r.number))}::text[], ${sql.param(issues)}::date[],
      ${sql.param(expiries)}::date[]
    ) as t(line, duns, type, agency, number, issue, expiry)
    join ${supplierDirectory} d on d.duns = t.duns
    order by t.duns, t.type, t.agency, coalesce(t.number, ''), t.line desc`;
  await tx.execute(sql`
    with input as (${input}),
    updated as (
      update ${supplierCertificates} c set issue_date = i.issue, expiry_date = i.expiry,
        updated_at = now()
      from input i
      where c.client_ref is not distinct from ${owner}::int and c.supplier_ref = i.supplier_ref
        and c.diversity_type = i.type and c.agency = i.agency
        and coalesce(c.certificate_number, '') = coalesce(i.number, '')
      returning c.supplier_ref, c.diversity_type, c.agency, c.certificate_number
    )
    insert into ${supplierCertificates} (client_ref, supplier_ref, diversity_type, agency,
      certificate_number, issue_date, expiry_date)
    select ${owner}::int, i.supplier_ref, i.type, i.agency, i.number, i.issue, i.expiry
    from input i
    where not exists (
      select 1 from updated u
      where u.supplier_ref = i.supplier_ref and u.diversity_type = i.type
        and u.agency = i.agency
        and coalesce(u.certificate_number, '') = coalesce(i.number, '')
    )
  `);
}

export interface ImportSuppliersOptions {
  path: string;
  limits: XlsxLimits;
  onUnreadable?: (detail: string) => void;
}

/** All-or-nothing (DESIGN.md §5): one transaction; a bad row refuses the file, saving nothing. */
export function importSuppliers(db: Db, options: ImportSuppliersOptions) {
  return importSheet(
    db,
    options.path,
    {
      columns: SUPPLIER_COLUMNS,
      rowModule: ROW_MODULE,
      maxProblems: MAX_LISTED_PROBLEMS,
      limits: options.limits,
      onUnreadable: options.onUnreadable,
    },
    async (tx, batch) => {
      await upsertSuppliers(tx, batch);
      // The directory's certificates: every organisation reads them under its own policy.
      await saveSupplierCertificates(tx, null, batch);
    },
  );
}

/**
 * Sets a directory supplier's size facts (the supplier detail's form, issue #23): average annual
 * receipts in dollars and average employees, each cleared with null. False when there is no such
 * supplier.
 */
export async function saveSupplierSize(
  db: DbOrTx,
  id: number,
  input: { annualReceipts: string | null; employeeCount: number | null },
): Promise<boolean> {
  const rows = await db
    .update(supplierDirectory)
    .set({
      annualReceipts: input.annualReceipts,
      employeeCount: input.employeeCount,
      updatedAt: sql`now()`,
    })
    .where(eq(supplierDirectory.id, id))
    .returning({ id: supplierDirectory.id });
  return rows.length === 1;
}
