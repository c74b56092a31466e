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
import { eq, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { US_STATES } from '@spotzcity/shared/enums';
import {
  SUPPLIER_COLUMNS,
  supplierDetailSchema,
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
import {
  bare,
  columnList,
  pageOffset,
  pageTotal,
  pageWindow,
  selectAs,
  setFromExcluded,
} from '../../platform/sql.ts';
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

/** The directory as `d` and the ratings twice (every rater's, the signed-in user's own). */
const d = alias(supplierDirectory, 'd');
const rated = alias(supplierRatings, 'sr');
const own = alias(supplierRatings, 'own');
const ratingKey = sql`'duns:' || ${d.duns}`;

/** The WHERE terms of a search over `supplier_directory d` (the bench explains them too). */
export function searchConditions(f: SupplierSearchFilter): SQL[] {
  const where: SQL[] = [];
  if (f.dbaName) {
    const p = contains(f.dbaName);
    where.push(sql`(lower(${d.name}) like ${p} or lower(${d.supplierDbaName}) like ${p})`);
  }
  if (f.duns) where.push(sql`${d.duns} like ${startsWith(f.duns)}`);
  if (f.naics) {
    where.push(
      sql`(${d.primaryNaicsCode} like ${startsWith(f.naics)} or ${d.additionalNaicsCodes} like ${contains(f.naics)})`,
    );
  }
  if (f.industry) where.push(sql`lower(${d.industry}) like ${contains(f.industry)}`);
  if (f.contact) {
    const p = startsWith(f.contact);
    where.push(sql`(${d.businessContactPhone} like ${p} or ${d.alternateContactPhone} like ${p})`);
  }
  if (f.certification) {
    where.push(sql`${d.certifications} @> array[${f.certification}]::text[]`);
  }
  if (f.city) where.push(sql`lower(${d.city}) like ${contains(f.city)}`);
  if (f.state) {
    const state = STATE_BY_NAME.get(f.state.toUpperCase()) ?? f.state;
    where.push(sql`${d.stateOrProvince} = ${state}`);
  }
  if (f.zip) where.push(sql`${d.zip} like ${startsWith(f.zip)}`);
  if (f.country) where.push(sql`lower(${d.country}) like ${contains(f.country)}`);
  if (f.validate) {
    where.push(sql`(nullif(trim(${d.tulipValidated}), '') is not null
      and lower(trim(${d.tulipValidated})) <> 'no')`);
  }
  return where;
}

/** The detail's fields stored as the API shows them, under the API's names. */
// prettier-ignore
const STORED_FIELDS = [
  'id', 'name', 'duns', 'supplierDbaName', 'addressLine1', 'addressLine2', 'city',
  'stateOrProvince', 'zip', 'country', 'websiteUrl', 'businessContactName',
  'businessContactTitle', 'businessContactPhone', 'businessContactEmail', 'alternateContactName',
  'alternateContactTitle', 'alternateContactPhone', 'alternateContactEmail',
  'minorityOwnedStatus', 'wbeStatus', 'vbeStatus', 'sdvbeStatus', 'dobeStatus', 'dbeStatus',
  'primaryNaicsCode', 'primaryNaicsDescription', 'additionalNaicsCodes',
  'additionalNaicsDescription', 'industry', 'tulipValidated', 'employeeCount',
] as const satisfies (keyof SupplierDetail & keyof typeof d.$inferSelect)[];

const searchRow = supplierDetailSchema
  .pick(Object.fromEntries(STORED_FIELDS.map((key) => [key, true])) as Record<StoredField, true>)
  .extend({
    businessStartDate: z.string().nullable(),
    certifications: z.array(z.string()),
    annualReceipts: z.string().nullable(),
    rating: z.string(),
    ratingCount: z.number(),
    ownId: z.number().nullable(),
    ownRating: z.string().nullable(),
    ownComment: z.string().nullable(),
    total_count: z.number(),
  });
type StoredField = (typeof STORED_FIELDS)[number];

function toDetail(row: z.infer<typeof searchRow>): SupplierDetail {
  const { certifications, annualReceipts, rating, ratingCount, ownId, ownRating, ownComment } = row;
  const { total_count: _total, ...stored } = row;
  return {
    ...stored,
    certificationType: certifications.length ? certifications.join(', ') : null,
    annualReceipts: annualReceipts === null ? null : Number(annualReceipts),
    ratingCount: { rating: Number(rating), count: ratingCount },
    supplierRatingBo: {
      id: ownId,
      rating: ownRating === null ? 0 : Number(ownRating),
      comment: ownComment,
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
  const rows = rowsOf(
    await db.execute(sql`
      with page as (
        -- The page's ids by their sort key alone, which the (lower(name), id) index or the
        -- filter's own index serves up to the page's last row; whole rows are read for the page
        -- only. (A count(*) over () here read every match at full width, in name order.)
        select ${d.id} as id, lower(${d.name}) as sort_name from ${supplierDirectory} ${d}
        where ${clause}
        order by lower(${d.name}), ${d.id}
        ${pageWindow(page)}
      )
      select ${selectAs(Object.fromEntries(STORED_FIELDS.map((key) => [key, d[key]])))},
        ${selectAs({
          businessStartDate: sql`${d.businessStartDate}::text`,
          certifications: d.certifications,
          annualReceipts: sql`${d.annualReceipts}::text`,
          ownId: own.id,
          ownRating: sql`${own.rating}::text`,
          ownComment: own.comment,
        })},
        r.rating, r.rating_count as "ratingCount",
        -- The total rides on the page's rows (a second query for it costs the server more than
        -- the database's count). A short page is the last: the rows before it and on
        -- it. Otherwise the matches are counted apart, by the index that suits a count, once.
        (case when (select count(*) from page) < ${page.pageSize}
          then ${pageOffset(page)} + (select count(*) from page)
          else (select count(*) from ${supplierDirectory} ${d} where ${clause})
        end)::int as total_count
      from page
      join ${supplierDirectory} ${d} on ${d.id} = page.id
      cross join lateral (
        select coalesce(round(avg(${rated.rating}), 2), 0)::text as rating,
          count(*)::int as rating_count
        from ${supplierRatings} ${rated} where ${rated.supplierKey} = ${ratingKey}
      ) r
      left join ${supplierRatings} ${own}
        on ${own.supplierKey} = ${ratingKey} and ${own.ratedBy} = ${raterId}
      order by page.sort_name, page.id
    `),
    searchRow,
  );
  const total = await pageTotal(
    db,
    rows,
    page,
    sql`select count(*)::int as n from ${supplierDirectory} ${d} where ${clause}`,
  );
  return { rows: rows.map(toDetail), total };
}

/** Rows column by column, as the worker sends them (or the demo seed builds them). */
export type SupplierColumns = SheetRows;

/**
 * The directory's columns an uploaded list sets, each from the batch's column of the same name
 * (the SQL type its array is sent as); certifications arrive comma separated.
 */
// prettier-ignore
const UPLOADED = [
  ['duns', 'text'], ['name', 'text'], ['supplierDbaName', 'text'], ['addressLine1', 'text'],
  ['addressLine2', 'text'], ['city', 'text'], ['stateOrProvince', 'text'], ['zip', 'text'],
  ['country', 'text'], ['businessStartDate', 'date'], ['websiteUrl', 'text'],
  ['businessContactName', 'text'], ['businessContactTitle', 'text'],
  ['businessContactPhone', 'text'], ['businessContactEmail', 'text'],
  ['alternateContactName', 'text'], ['alternateContactTitle', 'text'],
  ['alternateContactPhone', 'text'], ['alternateContactEmail', 'text'],
  ['minorityOwnedStatus', 'text'], ['wbeStatus', 'text'], ['vbeStatus', 'text'],
  ['sdvbeStatus', 'text'], ['dobeStatus', 'text'], ['dbeStatus', 'text'],
  ['primaryNaicsCode', 'text'], ['primaryNaicsDescription', 'text'],
  ['additionalNaicsCodes', 'text'], ['additionalNaicsDescription', 'text'],
  ['certifications', 'text'], ['industry', 'text'], ['tulipValidated', 'text'], ['uei', 'text'],
  ['fein', 'text'], ['annualReceipts', 'numeric'], ['employeeCount', 'int'],
] as const satisfies [keyof SupplierRow & keyof typeof supplierDirectory.$inferInsert, string][];

/** Adds or updates suppliers by DUNS; within one batch the last line of a DUNS wins. */
export async function upsertSuppliers(tx: DbOrTx, batch: SupplierColumns) {
  const dir = supplierDirectory;
  const list = (each: (key: (typeof UPLOADED)[number][0], type: string) => SQL) =>
    sql.join(
      UPLOADED.map(([key, type]) => each(key, type)),
      sql`, `,
    );
  // A size left empty in the file keeps the size known (the supplier detail's form sets it).
  const kept: Column[] = [dir.annualReceipts, dir.employeeCount];
  await tx.execute(sql`
    insert into ${dir} (${columnList(...UPLOADED.map(([key]) => dir[key]))})
    select distinct on (t.duns) ${list((key) =>
      key === 'certifications'
        ? sql`coalesce(string_to_array(nullif(t.certifications, ''), ','), '{}')`
        : sql`t.${sql.identifier(key)}`,
    )}
    from unnest(
      ${sql.param(batch.lines)}::int[],
      ${list((key, type) => sql`${sql.param(batch.columns[key] ?? [])}::${sql.raw(type)}[]`)}
    ) as t(line, ${list((key) => sql`${sql.identifier(key)}`)})
    order by t.duns, t.line desc
    on conflict (${bare(dir.duns)}) do update set
      ${setFromExcluded(
        ...UPLOADED.map(([key]) => dir[key]).filter((c) => c !== dir.duns && !kept.includes(c)),
      )},
      ${sql.join(
        kept.map((c) => sql`${bare(c)} = coalesce(excluded.${bare(c)}, ${c})`),
        sql`, `,
      )},
      ${bare(dir.updatedAt)} = now()
  `);
}

/**
 * The certificates of a batch: one per row that has one, on the directory supplier
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

  const agencies = await tx
    .select({ name: certifyingAgencies.name })
    .from(certifyingAgencies)
    .where(
      or(
        isNull(certifyingAgencies.clientRef),
        sql`${certifyingAgencies.clientRef} = ${owner}::int`,
      ),
    )
    .orderBy(sql`${certifyingAgencies.clientRef} nulls first`);
  const known = new Map(agencies.map((a) => [a.name.toLowerCase(), a.name]));
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
  const cert = supplierCertificates;
  const input = sql`
    select distinct on (t.duns, t.type, t.agency, coalesce(t.number, ''))
      ${supplierDirectory.id} as supplier_ref, t.type, t.agency, t.number, t.issue, t.expiry
    from unnest(
      ${sql.param(lines)}::int[], ${sql.param(rows.map((r) => r.duns))}::text[],
      ${sql.param(rows.map((r) => r.type))}::text[],
      ${sql.param(rows.map((r) => known.get(r.agency.toLowerCase())!))}::text[],
      ${sql.param(rows.map((r) => r.number))}::text[], ${sql.param(issues)}::date[],
      ${sql.param(expiries)}::date[]
    ) as t(line, duns, type, agency, number, issue, expiry)
    join ${supplierDirectory} on ${supplierDirectory.duns} = t.duns
    order by t.duns, t.type, t.agency, coalesce(t.number, ''), t.line desc`;
  await tx.execute(sql`
    with input as (${input}),
    updated as (
      update ${cert} set ${bare(cert.issueDate)} = i.issue, ${bare(cert.expiryDate)} = i.expiry,
        ${bare(cert.updatedAt)} = now()
      from input i
      where ${cert.clientRef} is not distinct from ${owner}::int
        and ${cert.supplierRef} = i.supplier_ref and ${cert.diversityType} = i.type
        and ${cert.agency} = i.agency and coalesce(${cert.certificateNumber}, '') = coalesce(i.number, '')
      returning ${cert.supplierRef} as supplier_ref, ${cert.diversityType} as type,
        ${cert.agency} as agency, ${cert.certificateNumber} as number
    )
    insert into ${cert} (${columnList(
      cert.clientRef,
      cert.supplierRef,
      cert.diversityType,
      cert.agency,
      cert.certificateNumber,
      cert.issueDate,
      cert.expiryDate,
    )})
    select ${owner}::int, i.supplier_ref, i.type, i.agency, i.number, i.issue, i.expiry
    from input i
    where not exists (
      select 1 from updated u
      where u.supplier_ref = i.supplier_ref and u.type = i.type and u.agency = i.agency
        and coalesce(u.number, '') = coalesce(i.number, '')
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
 * Sets a directory supplier's size facts (the supplier detail's form): average annual
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
