/**
 * Program categories: an organisation's categories, its sites and the suppliers it
 * marks by hand, always scoped to the organisation (another organisation's id is a NotFound, like
 * a missing one). The rules themselves are evaluated in domain/program-categories.ts.
 */
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
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
import type { DbOrTx } from '../../db/client.ts';
import {
  organisationSites,
  programCategories,
  programCategorySuppliers,
  spendGoals,
  supplierDirectory,
  vendorMatches,
} from '../../db/schema/index.ts';
import { uniqueOrConflict } from '../../platform/db-errors.ts';
import { Conflict, NotFound, ValidationError } from '../../platform/errors.ts';
import { categoriesOf } from '../../domain/program-categories.ts';
import {
  directoryByName,
  directorySupplier,
  supplierExists,
} from '../../domain/supplier-matching.ts';
import { certain } from '../../domain/verified-spend.ts';
import { loadZipCodes, lookupZip } from '../../domain/zip-codes.ts';

export async function listCategories(db: DbOrTx, clientRef: number): Promise<ProgramCategory[]> {
  const [categories, counts] = await Promise.all([
    categoriesOf(db, clientRef),
    db
      .select({ categoryRef: programCategorySuppliers.categoryRef, n: count() })
      .from(programCategorySuppliers)
      .where(eq(programCategorySuppliers.clientRef, clientRef))
      .groupBy(programCategorySuppliers.categoryRef),
  ]);
  const marked = new Map(counts.map((r) => [r.categoryRef, r.n]));
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
  const categories = await db.$count(programCategories, eq(programCategories.clientRef, clientRef));
  if (categories >= PROGRAM_LIMITS.categoriesMax) {
    throw new Conflict(`At most ${PROGRAM_LIMITS.categoriesMax} categories`);
  }
  const kinds = [input.kind, ...input.also];
  const rule = {
    ...(kinds.includes('LOCAL') ? localRuleSchema.parse(input.local ?? {}) : {}),
    ...(input.also.length ? { also: input.also, match: input.match } : {}),
  };
  const [row] = await uniqueOrConflict(PROGRAM_MESSAGES.duplicateName, () =>
    db
      .insert(programCategories)
      .values({ clientRef, name: input.name, kind: input.kind, enabled: input.enabled, rule })
      .returning({ id: programCategories.id }),
  );
  return categoryOf(db, clientRef, row!.id);
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
    db
      .update(programCategories)
      .set({
        name: input.name ?? current.name,
        enabled: input.enabled ?? current.enabled,
        rule,
        updatedAt: sql`now()`,
      })
      .where(and(eq(programCategories.clientRef, clientRef), eq(programCategories.id, id))),
  );
  return categoryOf(db, clientRef, id);
}

/** Deletes the organisation's row `id` of `table`; none (or another organisation's) is a 404. */
async function deleteOwned(
  db: DbOrTx,
  table: typeof programCategories | typeof organisationSites,
  scope: { clientRef: number; id: number },
  notFound: string,
) {
  const rows = await db
    .delete(table)
    .where(and(eq(table.clientRef, scope.clientRef), eq(table.id, scope.id)))
    .returning({ id: table.id });
  if (rows.length === 0) throw new NotFound(notFound);
}

export async function deleteCategory(db: DbOrTx, clientRef: number, id: number): Promise<void> {
  await deleteOwned(db, programCategories, { clientRef, id }, 'Category not found');
  // Its goals go with it: a target for a category that no longer exists measures nothing.
  await db
    .delete(spendGoals)
    .where(
      and(
        eq(spendGoals.clientRef, clientRef),
        eq(spendGoals.scope, 'PROGRAM'),
        eq(spendGoals.name, String(id)),
      ),
    );
}

/* ---------------------------------------------------------------- sites */

export async function listSites(db: DbOrTx, clientRef: number): Promise<Site[]> {
  return db
    .select({
      id: organisationSites.id,
      name: organisationSites.name,
      zip: organisationSites.zip,
      state: organisationSites.state,
      county: organisationSites.county,
      latitude: organisationSites.latitude,
      longitude: organisationSites.longitude,
    })
    .from(organisationSites)
    .where(eq(organisationSites.clientRef, clientRef))
    .orderBy(organisationSites.id);
}

export async function addSite(
  db: DbOrTx,
  clientRef: number,
  input: { name: string; zip: string },
): Promise<Site> {
  await loadZipCodes();
  const place = lookupZip(input.zip);
  if (!place) throw new ValidationError([{ field: 'zip', message: PROGRAM_MESSAGES.unknownZip }]);
  const sites = await db.$count(organisationSites, eq(organisationSites.clientRef, clientRef));
  if (sites >= PROGRAM_LIMITS.sitesMax) {
    throw new Conflict(`At most ${PROGRAM_LIMITS.sitesMax} sites`);
  }
  const [row] = await db
    .insert(organisationSites)
    .values({
      clientRef,
      name: input.name,
      zip: place.zip,
      state: place.stateCode,
      county: place.county,
      latitude: place.latitude,
      longitude: place.longitude,
    })
    .returning({ id: organisationSites.id });
  return (await listSites(db, clientRef)).find((s) => s.id === row!.id)!;
}

export async function deleteSite(db: DbOrTx, clientRef: number, id: number): Promise<void> {
  await deleteOwned(db, organisationSites, { clientRef, id }, 'Site not found');
}

/* ---------------------------------------------------------------- marked suppliers */

async function manualCategory(db: DbOrTx, clientRef: number, id: number) {
  const category = await categoryOf(db, clientRef, id);
  if (!category.kinds.includes('MANUAL')) throw new Conflict(PROGRAM_MESSAGES.notManual);
  return category;
}

export async function listMarkedSuppliers(db: DbOrTx, clientRef: number, id: number) {
  await manualCategory(db, clientRef, id);
  return db
    .select(directorySupplier)
    .from(programCategorySuppliers)
    .innerJoin(supplierDirectory, eq(supplierDirectory.id, programCategorySuppliers.supplierRef))
    .where(
      and(
        eq(programCategorySuppliers.clientRef, clientRef),
        eq(programCategorySuppliers.categoryRef, id),
      ),
    )
    .orderBy(...directoryByName);
}

/**
 * The hand-marking picker: the directory suppliers this organisation's vendors are
 * certainly matched to (only they can count) whose name, DBA name or DUNS holds the text, marked
 * ones flagged, SUPPLIER_OPTIONS_MAX at most, by name. 404 for another organisation's category.
 */
export async function supplierOptions(db: DbOrTx, clientRef: number, id: number, q: string) {
  await manualCategory(db, clientRef, id);
  if (q.length < 2) return [];
  const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/\D+/g, '');
  const d = supplierDirectory;
  const rows = await db
    .select({
      ...directorySupplier,
      marked: sql<boolean>`exists (
        select 1 from ${programCategorySuppliers} p
        where p.client_ref = ${clientRef} and p.category_ref = ${id} and p.supplier_ref = ${d.id}
      )`,
    })
    .from(d)
    .where(
      and(
        inArray(
          d.id,
          sql`(select m.supplier_ref from ${vendorMatches} m where m.client_ref = ${clientRef} and ${certain})`,
        ),
        or(
          sql`lower(${d.name}) like ${like}`,
          sql`lower(coalesce(${d.supplierDbaName}, '')) like ${like}`,
          digits.length >= 2 ? sql`${d.duns} like ${`${digits}%`}` : undefined,
        ),
      ),
    )
    .orderBy(...directoryByName)
    .limit(SUPPLIER_OPTIONS_MAX);
  return rows.map((r) => ({ ...r, marked: Boolean(r.marked) }));
}

/** A supplier marked (or to unmark) in one of the organisation's MANUAL categories (`id`). */
export interface SupplierMark {
  clientRef: number;
  id: number;
  supplierId: number;
}

export async function markSupplier(db: DbOrTx, mark: SupplierMark): Promise<void> {
  const { clientRef, id, supplierId } = mark;
  await manualCategory(db, clientRef, id);
  if (!(await supplierExists(db, supplierId))) throw new NotFound('Supplier not found');
  await db
    .insert(programCategorySuppliers)
    .values({ categoryRef: id, clientRef, supplierRef: supplierId })
    .onConflictDoNothing();
}

export async function unmarkSupplier(db: DbOrTx, mark: SupplierMark): Promise<void> {
  const { clientRef, id, supplierId } = mark;
  await manualCategory(db, clientRef, id);
  const rows = await db
    .delete(programCategorySuppliers)
    .where(
      and(
        eq(programCategorySuppliers.clientRef, clientRef),
        eq(programCategorySuppliers.categoryRef, id),
        eq(programCategorySuppliers.supplierRef, supplierId),
      ),
    )
    .returning({ supplierRef: programCategorySuppliers.supplierRef });
  if (rows.length === 0) throw new NotFound('Supplier not found');
}
