/**
 * Supplier ratings: platform-wide, one per supplier and
 * rater. A supplier is its DUNS, or its normalised name without one (packages/shared/suppliers).
 * POST creates the signed-in user's rating, PUT changes it; nobody changes another's rating.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { PageRequest } from '@spotzcity/shared/api';
import {
  RATING_MESSAGES,
  type Rating,
  type RatingCount,
  type RatingListItem,
  type RatingSubmission,
} from '@spotzcity/shared/ratings';
import { supplierKey } from '@spotzcity/shared/suppliers';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import { bare, columnList, pageWindow, savedFilesOnly, selectAs } from '../../platform/sql.ts';
import { clients, spendRows, supplierRatings, users } from '../../db/schema/index.ts';

export interface Rater {
  id: number;
  clientRef: number;
}

/** The supplier a request names: by DUNS when given, else by name. */
export function keyOf(input: { duns?: string | undefined; supplierName?: string | undefined }) {
  return supplierKey(input.duns ?? null, input.supplierName ?? '');
}

const sr = alias(supplierRatings, 'sr');
const u = alias(users, 'u');
const c = alias(clients, 'c');

const ratingRow = z.object({
  id: z.number(),
  rating: z.string(),
  duns: z.string().nullable(),
  comment: z.string().nullable(),
  supplier_name: z.string(),
  rated_by: z.string(),
  email: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const toRating = (r: z.infer<typeof ratingRow>): Rating => ({
  id: r.id,
  rating: Number(r.rating),
  duns: r.duns,
  comment: r.comment,
  supplierName: r.supplier_name,
  ratedBy: r.rated_by,
  email: r.email,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

async function loadRating(db: DbOrTx, id: number, raterId: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: sr.id,
        rating: sql`${sr.rating}::text`,
        duns: sr.duns,
        comment: sr.comment,
        supplier_name: sr.supplierName,
        rated_by: u.name,
        email: u.email,
        created_at: sr.createdAt,
        updated_at: sr.updatedAt,
      })}
      from ${supplierRatings} ${sr} join ${users} ${u} on ${u.id} = ${sr.ratedBy}
      where ${sr.id} = ${id} and ${sr.ratedBy} = ${raterId}
    `),
    ratingRow,
  );
  return row ? toRating(row) : undefined;
}

/**
 * The name a rating keeps for its supplier: the one sent, else the one other raters used, else
 * the one in the rater's own spend files, else the DUNS itself.
 */
async function supplierNameFor(db: DbOrTx, rater: Rater, input: RatingSubmission, key: string) {
  if (input.supplierName) return input.supplierName;
  const [known] = rowsOf(
    await db.execute(sql`
      select name from (
        select ${supplierRatings.supplierName} as name, 1 as rank from ${supplierRatings}
        where ${supplierRatings.supplierKey} = ${key}
        union all
        select ${spendRows.vendorName}, 2 from ${spendRows}
        where ${spendRows.clientRef} = ${rater.clientRef} and ${spendRows.supplierKey} = ${key}
          and ${savedFilesOnly(rater.clientRef, spendRows.fileId)}
      ) n order by rank limit 1
    `),
    z.object({ name: z.string() }),
  );
  return known?.name ?? `DUNS ${input.duns}`;
}

export async function createRating(db: Db, rater: Rater, input: RatingSubmission) {
  const key = keyOf(input);
  const supplierName = await supplierNameFor(db, rater, input, key);
  const t = supplierRatings;
  const rated = columnList(t.supplierKey, t.duns, t.supplierName, t.ratedBy, t.rating, t.comment);
  const [created] = rowsOf(
    await db.execute(sql`
      insert into ${t} (${rated})
      values (${key}, ${input.duns ?? null}, ${supplierName}, ${rater.id}, ${input.rating},
        ${input.comment ?? null})
      on conflict (${columnList(t.supplierKey, t.ratedBy)}) do nothing
      returning ${t.id}
    `),
    z.object({ id: z.number() }),
  );
  if (!created) throw new Conflict(RATING_MESSAGES.alreadyRated);
  return (await loadRating(db, created.id, rater.id))!;
}

/** Updates the rater's own rating, found by `id` or, without one, by the supplier named. */
export async function updateRating(db: Db, rater: Rater, input: RatingSubmission) {
  const key = keyOf(input);
  const t = supplierRatings;
  const [updated] = rowsOf(
    await db.execute(sql`
      update ${t} set ${bare(t.rating)} = ${input.rating},
        ${bare(t.comment)} = ${input.comment ?? null}, ${bare(t.updatedAt)} = now()
      where ${t.ratedBy} = ${rater.id}
        and ${input.id !== undefined ? sql`${t.id} = ${input.id}` : sql`${t.supplierKey} = ${key}`}
      returning ${t.id}
    `),
    z.object({ id: z.number() }),
  );
  if (!updated) throw new NotFound(RATING_MESSAGES.notFound);
  return (await loadRating(db, updated.id, rater.id))!;
}

/** A supplier's ratings, newest first, with who gave them. */
export async function listRatings(db: DbOrTx, key: string, page: PageRequest) {
  const rows = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: sr.id,
        rated_by: u.name,
        company_name: c.companyName,
        rating: sql`${sr.rating}::text`,
        comment: sr.comment,
        rated_on: sr.updatedAt,
      })}
      from ${supplierRatings} ${sr}
      join ${users} ${u} on ${u.id} = ${sr.ratedBy}
      join ${clients} ${c} on ${c.id} = ${u.clientRef}
      where ${sr.supplierKey} = ${key}
      order by ${sr.updatedAt} desc, ${sr.id} desc
      ${pageWindow(page)}
    `),
    z.object({
      id: z.number(),
      rated_by: z.string(),
      company_name: z.string(),
      rating: z.string(),
      comment: z.string().nullable(),
      rated_on: z.string(),
    }),
  );
  const total = await db.$count(supplierRatings, eq(supplierRatings.supplierKey, key));
  const items: RatingListItem[] = rows.map((r) => ({
    id: r.id,
    ratedBy: r.rated_by,
    companyName: r.company_name,
    rating: Number(r.rating),
    comment: r.comment,
    ratedOn: new Date(r.rated_on).toISOString(),
  }));
  return { rows: items, total };
}

/** The average rating (two decimals; 0 when unrated) and the number of ratings. */
export async function ratingCount(db: DbOrTx, key: string): Promise<RatingCount> {
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(round(avg(${supplierRatings.rating}), 2), 0)::text as rating,
        count(*)::int as count
      from ${supplierRatings} where ${supplierRatings.supplierKey} = ${key}
    `),
    z.object({ rating: z.string(), count: z.number() }),
  );
  return { rating: Number(row?.rating ?? 0), count: row?.count ?? 0 };
}
