/**
 * Supplier ratings (spec 01 points 2, 4; spec 02 point 2): platform-wide, one per supplier and
 * rater. A supplier is its DUNS, or its normalised name without one (packages/shared/suppliers).
 * POST creates the signed-in user's rating, PUT changes it; nobody changes another's rating.
 */
import { eq, sql } from 'drizzle-orm';
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
import { pageWindow } from '../../platform/sql.ts';
import { clients, spendRows, supplierRatings, users } from '../../db/schema/index.ts';

export interface Rater {
  id: number;
  clientRef: number;
}

/** The supplier a request names: by DUNS when given, else by name. */
export function keyOf(input: { duns?: string | undefined; supplierName?: string | undefined }) {
  return supplierKey(input.duns ?? null, input.supplierName ?? '');
}

interface RatingRow {
  id: number;
  rating: string;
  duns: string | null;
  comment: string | null;
  supplier_name: string;
  rated_by: string;
  email: string;
  created_at: string | Date;
  updated_at: string | Date;
}

const toRating = (r: RatingRow): Rating => ({
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
  const [row] = rowsOf<RatingRow>(
    await db.execute(sql`
      select sr.id, sr.rating::text as rating, sr.duns, sr.comment, sr.supplier_name,
        u.name as rated_by, u.email, sr.created_at, sr.updated_at
      from ${supplierRatings} sr join ${users} u on u.id = sr.rated_by
      where sr.id = ${id} and sr.rated_by = ${raterId}
    `),
  );
  return row ? toRating(row) : undefined;
}

/**
 * The name a rating keeps for its supplier: the one sent, else the one other raters used, else
 * the one in the rater's own spend files, else the DUNS itself.
 */
async function supplierNameFor(db: DbOrTx, rater: Rater, input: RatingSubmission, key: string) {
  if (input.supplierName) return input.supplierName;
  const [known] = rowsOf<{ name: string }>(
    await db.execute(sql`
      select name from (
        select supplier_name as name, 1 as rank from ${supplierRatings} where supplier_key = ${key}
        union all
        select vendor_name, 2 from ${spendRows}
        where client_ref = ${rater.clientRef} and supplier_key = ${key}
      ) n order by rank limit 1
    `),
  );
  return known?.name ?? `DUNS ${input.duns}`;
}

export async function createRating(db: Db, rater: Rater, input: RatingSubmission) {
  const key = keyOf(input);
  const supplierName = await supplierNameFor(db, rater, input, key);
  const [created] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into ${supplierRatings} (supplier_key, duns, supplier_name, rated_by, rating, comment)
      values (${key}, ${input.duns ?? null}, ${supplierName}, ${rater.id}, ${input.rating},
        ${input.comment ?? null})
      on conflict (supplier_key, rated_by) do nothing
      returning id
    `),
  );
  if (!created) throw new Conflict(RATING_MESSAGES.alreadyRated);
  return (await loadRating(db, created.id, rater.id))!;
}

/** Updates the rater's own rating, found by `id` or, without one, by the supplier named. */
export async function updateRating(db: Db, rater: Rater, input: RatingSubmission) {
  const key = keyOf(input);
  const [updated] = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${supplierRatings} set rating = ${input.rating}, comment = ${input.comment ?? null},
        updated_at = now()
      where rated_by = ${rater.id}
        and ${input.id !== undefined ? sql`id = ${input.id}` : sql`supplier_key = ${key}`}
      returning id
    `),
  );
  if (!updated) throw new NotFound(RATING_MESSAGES.notFound);
  return (await loadRating(db, updated.id, rater.id))!;
}

/** A supplier's ratings, newest first, with who gave them. */
export async function listRatings(db: DbOrTx, key: string, page: PageRequest) {
  const rows = rowsOf<{
    id: number;
    rated_by: string;
    company_name: string;
    rating: string;
    comment: string | null;
    rated_on: string | Date;
  }>(
    await db.execute(sql`
      select sr.id, u.name as rated_by, c.company_name, sr.rating::text as rating, sr.comment,
        sr.updated_at as rated_on
      from ${supplierRatings} sr
      join ${users} u on u.id = sr.rated_by
      join ${clients} c on c.id = u.client_ref
      where sr.supplier_key = ${key}
      order by sr.updated_at desc, sr.id desc
      ${pageWindow(page)}
    `),
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
  const [row] = rowsOf<{ rating: string; count: number }>(
    await db.execute(sql`
      select coalesce(round(avg(rating), 2), 0)::text as rating, count(*)::int as count
      from ${supplierRatings} where supplier_key = ${key}
    `),
  );
  return { rating: Number(row?.rating ?? 0), count: row?.count ?? 0 };
}
