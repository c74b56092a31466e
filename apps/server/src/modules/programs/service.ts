/**
 * Program categories (issue #23): an organisation's categories, its sites and the suppliers it
 * marks by hand, always scoped to the organisation (another organisation's id is a NotFound, like
 * a missing one). The rules themselves are evaluated in platform/program-categories.ts.
 */
import { sql } from 'drizzle-orm';
import {
  PROGRAM_LIMITS,
  PROGRAM_MESSAGES,
  SUPPLIER_OPTIONS_MAX,
  localRuleSchema,
  type ProgramCategory,
  type ProgramCategoryInput,
  type ProgramCategoryUpdate,
  type Site,
} from '@spotzcity/shared/programs';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { uniqueOrConflict } from '../../platform/db-errors.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { categoriesOf } from '../../platform/program-categories.ts';
import { certain } from '../../platform/verified-spend.ts';
import { toNumber } from '../../platform/sql.ts';
import { loadZipCodes, lookupZip } from '../../platform/zip-codes.ts';

export async function listCategories(db: DbOrTx, clientRef: number): Promise<ProgramCategory[]> {
  const [categories, counts] = await Promise.all([
    categoriesOf(db, clientRef),
    db.execute(sql`
      select category_ref, count(*)::int as n from program_category_suppliers
      where client_ref = ${clientRef} group by category_ref
    `),
  ]);
  const marked = new Map(
    rowsOf<{ category_ref: number; n: number }>(counts).map((r) => [
      Number(r.category_ref),
      Number(r.n),
    ]),
  );
  return categories.map((c) => ({ ...c, markedSuppliers: marked.get(c.id) ?? 0 }));
}

async function categoryOf(db: DbOrTx, clientRef: number, id: number): Promise<ProgramCategory> {
  const found = (await listCategories(db, clientRef)).find((c) => c.id === id);
  if (!found) throw new NotFound('Category not found');
  return found;
}

export async function createCategory(
  db: DbOrTx,
  clientRef: number,
  input: ProgramCategoryInput,
): Promise<ProgramCategory> {
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from program_categories where client_ref = ${clientRef}`,
    ),
  );
  if (toNumber(count?.n) >= PROGRAM_LIMITS.categoriesMax) {
    throw new Conflict(`At most ${PROGRAM_LIMITS.categoriesMax} categories`);
  }
  const kinds = [input.kind, ...input.also];
  const rule = {
    ...(kinds.includes('LOCAL') ? localRuleSchema.parse(input.local ?? {}) : {}),
    ...(input.also.length ? { also: input.also, match: input.match } : {}),
  };
  const [row] = await uniqueOrConflict(PROGRAM_MESSAGES.duplicateName, async () =>
    rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into program_categories (client_ref, name, kind, enabled, rule)
        values (${clientRef}, ${input.name}, ${input.kind}, ${input.enabled}, ${JSON.stringify(rule)}::jsonb)
        returning id
      `),
    ),
  );
  return categoryOf(db, clientRef, Number(row!.id));
}

export async function updateCategory(
  db: DbOrTx,
  clientRef: number,
  id: number,
  input: ProgramCategoryUpdate,
): Promise<ProgramCategory> {
  const current = await categoryOf(db, clientRef, id);
  const also = input.also ?? current.kinds.slice(1);
  if (new Set([current.kind, ...also]).size !== also.length + 1) {
    throw new ValidationError([{ field: 'also', message: PROGRAM_MESSAGES.conditionTwice }]);
  }
  const kinds = [current.kind, ...also];
  if (input.local && !kinds.includes('LOCAL')) {
    throw new ValidationError([{ field: 'local', message: 'Only a local category has these' }]);
  }
  const match = input.match ?? current.match;
  const rule = {
    ...(kinds.includes('LOCAL') ? localRuleSchema.parse(input.local ?? current.local ?? {}) : {}),
    ...(also.length ? { also, match } : {}),
  };
  await uniqueOrConflict(PROGRAM_MESSAGES.duplicateName, () =>
    db.execute(sql`
      update program_categories set
        name = ${input.name ?? current.name},
        enabled = ${input.enabled ?? current.enabled},
        rule = ${JSON.stringify(rule)}::jsonb,
        updated_at = now()
      where client_ref = ${clientRef} and id = ${id}
    `),
  );
  return categoryOf(db, clientRef, id);
}

export async function deleteCategory(db: DbOrTx, clientRef: number, id: number): Promise<void> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from program_categories where client_ref = ${clientRef} and id = ${id} returning id
    `),
  );
  if (rows.length === 0) throw new NotFound('Category not found');
  // Its goals go with it: a target for a category that no longer exists measures nothing.
  await db.execute(sql`
    delete from spend_goals where client_ref = ${clientRef} and scope = 'PROGRAM' and name = ${String(id)}
  `);
}

/* ---------------------------------------------------------------- sites */

export async function listSites(db: DbOrTx, clientRef: number): Promise<Site[]> {
  return rowsOf<Site>(
    await db.execute(sql`
      select id, name, zip, state, county, latitude, longitude from organisation_sites
      where client_ref = ${clientRef} order by id
    `),
  ).map((s) => ({
    ...s,
    id: Number(s.id),
    latitude: Number(s.latitude),
    longitude: Number(s.longitude),
  }));
}

export async function addSite(
  db: DbOrTx,
  clientRef: number,
  input: { name: string; zip: string },
): Promise<Site> {
  await loadZipCodes();
  const place = lookupZip(input.zip);
  if (!place) throw new ValidationError([{ field: 'zip', message: PROGRAM_MESSAGES.unknownZip }]);
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from organisation_sites where client_ref = ${clientRef}`,
    ),
  );
  if (toNumber(count?.n) >= PROGRAM_LIMITS.sitesMax) {
    throw new Conflict(`At most ${PROGRAM_LIMITS.sitesMax} sites`);
  }
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into organisation_sites (client_ref, name, zip, state, county, latitude, longitude)
      values (${clientRef}, ${input.name}, ${place.zip}, ${place.stateCode}, ${place.county},
        ${place.latitude}, ${place.longitude})
      returning id
    `),
  );
  return (await listSites(db, clientRef)).find((s) => s.id === Number(row!.id))!;
}

export async function deleteSite(db: DbOrTx, clientRef: number, id: number): Promise<void> {
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      delete from organisation_sites where client_ref = ${clientRef} and id = ${id} returning id
    `),
  );
  if (rows.length === 0) throw new NotFound('Site not found');
}

/* ---------------------------------------------------------------- marked suppliers */

async function manualCategory(db: DbOrTx, clientRef: number, id: number) {
  const category = await categoryOf(db, clientRef, id);
  if (!category.kinds.includes('MANUAL')) throw new Conflict(PROGRAM_MESSAGES.notManual);
  return category;
}

export async function listMarkedSuppliers(db: DbOrTx, clientRef: number, id: number) {
  await manualCategory(db, clientRef, id);
  return rowsOf<{
    id: number;
    name: string;
    duns: string;
    city: string | null;
    state: string | null;
  }>(
    await db.execute(sql`
      select d.id, d.name, d.duns, d.city, d.state_or_province as state
      from program_category_suppliers p join supplier_directory d on d.id = p.supplier_ref
      where p.client_ref = ${clientRef} and p.category_ref = ${id}
      order by lower(d.name), d.id
    `),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

/**
 * The hand-marking picker (issue #23): the directory suppliers this organisation's vendors are
 * certainly matched to (only they can count) whose name, DBA name or DUNS holds the text, marked
 * ones flagged, SUPPLIER_OPTIONS_MAX at most, by name. 404 for another organisation's category.
 */
export async function supplierOptions(db: DbOrTx, clientRef: number, id: number, q: string) {
  await manualCategory(db, clientRef, id);
  if (q.length < 2) return [];
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D+/g, '');
  return rowsOf<{
    id: number;
    name: string;
    duns: string;
    city: string | null;
    state: string | null;
    marked: boolean;
  }>(
    await db.execute(sql`
      select d.id, d.name, d.duns, d.city, d.state_or_province as state,
        exists (
          select 1 from program_category_suppliers p
          where p.client_ref = ${clientRef} and p.category_ref = ${id} and p.supplier_ref = d.id
        ) as marked
      from supplier_directory d
      where d.id in (
          select m.supplier_ref from vendor_matches m where m.client_ref = ${clientRef} and ${certain}
        )
        and (lower(d.name) like ${like} or lower(coalesce(d.supplier_dba_name, '')) like ${like}
          ${digits.length >= 2 ? sql`or d.duns like ${`${digits}%`}` : sql``})
      order by lower(d.name), d.id
      limit ${SUPPLIER_OPTIONS_MAX}
    `),
  ).map((r) => ({ ...r, id: Number(r.id), marked: Boolean(r.marked) }));
}

export async function markSupplier(
  db: DbOrTx,
  clientRef: number,
  id: number,
  supplierId: number,
): Promise<void> {
  await manualCategory(db, clientRef, id);
  const [supplier] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from supplier_directory where id = ${supplierId}`),
  );
  if (!supplier) throw new NotFound('Supplier not found');
  await db.execute(sql`
    insert into program_category_suppliers (category_ref, client_ref, supplier_ref)
    values (${id}, ${clientRef}, ${supplierId}) on conflict do nothing
  `);
}

export async function unmarkSupplier(
  db: DbOrTx,
  clientRef: number,
  id: number,
  supplierId: number,
): Promise<void> {
  await manualCategory(db, clientRef, id);
  const rows = rowsOf<{ supplier_ref: number }>(
    await db.execute(sql`
      delete from program_category_suppliers
      where client_ref = ${clientRef} and category_ref = ${id} and supplier_ref = ${supplierId}
      returning supplier_ref
    `),
  );
  if (rows.length === 0) throw new NotFound('Supplier not found');
}
