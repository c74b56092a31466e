/**
 * The organisation's settings for its figures (fiscal-year start, non-addressable categories) and
 * its diverse-spend targets per fiscal year. Every change is written to the audit log
 * in its transaction: who, when, before and after.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  categoryKey,
  fiscalYearOf,
  GOAL_MESSAGES,
  type GoalHistoryItem,
  type GoalsSave,
  type OrganisationSettings,
  type SettingsSave,
  type YearGoals,
} from '@spotzcity/shared/goals';
import { programGoalName } from '@spotzcity/shared/programs';
import { categoriesOf } from '../../domain/program-categories.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  organisationSettings,
  spendGoals,
  spendRollupSuppliers,
  users,
} from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { lockGoalYears, rebuildGoalYears } from './figures.ts';
import type { Principal } from '../../platform/auth.ts';
import { ValidationError } from '../../platform/errors.ts';

export interface FigureSettings {
  fiscalYearStartMonth: number;
  nonAddressableCategories: string[];
}

const DEFAULTS: FigureSettings = { fiscalYearStartMonth: 1, nonAddressableCategories: [] };

/** The settings the figures use (the defaults when the organisation saved none). */
export async function figureSettings(db: DbOrTx, clientRef: number): Promise<FigureSettings> {
  const [row] = await db
    .select()
    .from(organisationSettings)
    .where(eq(organisationSettings.clientRef, clientRef));
  return row
    ? {
        fiscalYearStartMonth: row.fiscalYearStartMonth,
        nonAddressableCategories: row.nonAddressableCategories,
      }
    : DEFAULTS;
}

/** The fiscal year today falls in for the organisation. */
export const currentFiscalYear = (settings: FigureSettings, today = new Date()) =>
  fiscalYearOf(today.toISOString().slice(0, 10), settings.fiscalYearStartMonth);

async function userName(db: DbOrTx, id: number | null) {
  if (id === null) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** Every category the organisation's spend uses, by name. */
async function spendCategories(db: DbOrTx, clientRef: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: spendRollupSuppliers.category })
    .from(spendRollupSuppliers)
    .where(eq(spendRollupSuppliers.clientRef, clientRef))
    .orderBy(spendRollupSuppliers.category);
  return rows.map((r) => r.category);
}

export async function getSettings(db: DbOrTx, clientRef: number): Promise<OrganisationSettings> {
  const [row] = await db
    .select()
    .from(organisationSettings)
    .where(eq(organisationSettings.clientRef, clientRef));
  return {
    fiscalYearStartMonth: row?.fiscalYearStartMonth ?? DEFAULTS.fiscalYearStartMonth,
    nonAddressableCategories: row?.nonAddressableCategories ?? [],
    categories: await spendCategories(db, clientRef),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: await userName(db, row?.updatedBy ?? null),
  };
}

export async function saveSettings(
  db: DbOrTx,
  actor: Principal,
  input: SettingsSave,
): Promise<OrganisationSettings> {
  const clientRef = actor.clientRef;
  const categories = [...input.nonAddressableCategories].sort((a, b) => a.localeCompare(b));
  await db.transaction(async (tx) => {
    await lockGoalYears(tx, clientRef);
    const [before] = await tx
      .select()
      .from(organisationSettings)
      .where(eq(organisationSettings.clientRef, clientRef))
      .for('update');
    const values = {
      fiscalYearStartMonth: input.fiscalYearStartMonth,
      nonAddressableCategories: categories,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    await tx
      .insert(organisationSettings)
      .values({ clientRef, ...values })
      .onConflictDoUpdate({ target: organisationSettings.clientRef, set: values });
    if (
      (before?.fiscalYearStartMonth ?? DEFAULTS.fiscalYearStartMonth) !== input.fiscalYearStartMonth
    ) {
      await rebuildGoalYears(tx, clientRef);
    }
    const snapshot = (s: FigureSettings) => ({
      fiscalYearStartMonth: s.fiscalYearStartMonth,
      nonAddressableCategories: s.nonAddressableCategories,
    });
    await writeAudit(tx, actor, {
      action: before ? 'UPDATE' : 'CREATE',
      entity: 'settings',
      entityId: clientRef,
      clientRef,
      before: before ? snapshot(before) : null,
      after: snapshot({ ...input, nonAddressableCategories: categories }),
    });
  });
  return getSettings(db, clientRef);
}

/* ---------- goals ---------- */

type GoalRow = typeof spendGoals.$inferSelect;

function yearGoalsOf(fiscalYear: number, rows: GoalRow[]): Omit<YearGoals, 'updatedBy'> {
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  const overall = rows.find((r) => r.scope === 'OVERALL');
  const latest = rows.reduce<Date | null>(
    (at, r) => (at === null || r.updatedAt > at ? r.updatedAt : at),
    null,
  );
  return {
    fiscalYear,
    overall: overall ? Number(overall.target) : null,
    diversity: rows
      .filter((r) => r.scope === 'DIVERSITY')
      .sort(byName)
      .map((r) => ({ diversity: r.name, target: Number(r.target) })),
    categories: rows
      .filter((r) => r.scope === 'CATEGORY')
      .sort(byName)
      .map((r) => ({ category: r.name, target: Number(r.target) })),
    programs: rows
      .filter((r) => r.scope === 'PROGRAM')
      .map((r) => ({ categoryId: Number(r.name), target: Number(r.target) }))
      .sort((a, b) => a.categoryId - b.categoryId),
    updatedAt: latest?.toISOString() ?? null,
  };
}

async function goalRows(db: DbOrTx, clientRef: number, fiscalYear: number) {
  return db
    .select()
    .from(spendGoals)
    .where(and(eq(spendGoals.clientRef, clientRef), eq(spendGoals.fiscalYear, fiscalYear)))
    .orderBy(spendGoals.id);
}

export async function getYearGoals(
  db: DbOrTx,
  clientRef: number,
  fiscalYear: number,
): Promise<YearGoals> {
  const rows = await goalRows(db, clientRef, fiscalYear);
  return {
    ...yearGoalsOf(fiscalYear, rows),
    updatedBy: await userName(db, rows[0]?.updatedBy ?? null),
  };
}

export async function goalYears(db: DbOrTx, clientRef: number) {
  const rows = await db
    .selectDistinct({ year: spendGoals.fiscalYear })
    .from(spendGoals)
    .where(eq(spendGoals.clientRef, clientRef))
    .orderBy(desc(spendGoals.fiscalYear));
  return {
    years: rows.map((r) => r.year),
    current: currentFiscalYear(await figureSettings(db, clientRef)),
  };
}

/** What the audit log keeps of a year's goals: `{overall, diversity: {MBE: 5}, categories: {…}}`. */
function goalsSnapshot(
  goals: Pick<YearGoals, 'overall' | 'diversity' | 'categories' | 'programs'>,
) {
  return {
    overall: goals.overall,
    diversity: Object.fromEntries(goals.diversity.map((d) => [d.diversity, d.target])),
    categories: Object.fromEntries(goals.categories.map((c) => [c.category, c.target])),
    ...(goals.programs.length
      ? { programs: Object.fromEntries(goals.programs.map((p) => [p.categoryId, p.target])) }
      : {}),
  };
}

const isEmpty = (goals: Pick<YearGoals, 'overall' | 'diversity' | 'categories' | 'programs'>) =>
  goals.overall === null &&
  goals.diversity.length === 0 &&
  goals.categories.length === 0 &&
  goals.programs.length === 0;

/** Replaces every target of one fiscal year; a year left without targets is deleted. */
export async function saveYearGoals(
  db: DbOrTx,
  actor: Principal,
  input: GoalsSave,
): Promise<YearGoals> {
  const clientRef = actor.clientRef;
  const settings = await figureSettings(db, clientRef);
  const excluded = new Set(settings.nonAddressableCategories.map(categoryKey));
  const errors: { field: string; message: string }[] = input.categories.flatMap((c, i) =>
    excluded.has(categoryKey(c.category))
      ? [{ field: `categories.${i}.category`, message: GOAL_MESSAGES.notAddressable }]
      : [],
  );
  // A program target names one of the organisation's own categories.
  const own = new Set((await categoriesOf(db, clientRef)).map((c) => c.id));
  input.programs.forEach((p, i) => {
    if (!own.has(p.categoryId))
      errors.push({ field: `programs.${i}.categoryId`, message: 'Unknown program category' });
  });
  if (errors.length) throw new ValidationError(errors);

  await db.transaction(async (tx) => {
    // Serialises two saves of the same year: the second sees the first's rows as `before`.
    await tx.execute(sql`select pg_advisory_xact_lock(${clientRef}, ${input.fiscalYear})`);
    const beforeRows = await goalRows(tx, clientRef, input.fiscalYear);
    const before = yearGoalsOf(input.fiscalYear, beforeRows);
    if (beforeRows.length) {
      await tx.delete(spendGoals).where(
        inArray(
          spendGoals.id,
          beforeRows.map((r) => r.id),
        ),
      );
    }
    const common = {
      clientRef,
      fiscalYear: input.fiscalYear,
      updatedBy: actor.id,
      updatedAt: new Date(),
    };
    const values = [
      ...(input.overall === null
        ? []
        : [{ ...common, scope: 'OVERALL' as const, name: '', target: input.overall.toFixed(2) }]),
      ...input.diversity.map((d) => ({
        ...common,
        scope: 'DIVERSITY' as const,
        name: d.diversity,
        target: d.target.toFixed(2),
      })),
      ...input.categories.map((c) => ({
        ...common,
        scope: 'CATEGORY' as const,
        name: c.category,
        target: c.target.toFixed(2),
      })),
      ...input.programs.map((p) => ({
        ...common,
        scope: 'PROGRAM' as const,
        name: programGoalName(p.categoryId),
        target: p.target.toFixed(2),
      })),
    ];
    if (values.length) await tx.insert(spendGoals).values(values);
    const after = yearGoalsOf(input.fiscalYear, await goalRows(tx, clientRef, input.fiscalYear));
    if (isEmpty(before) && isEmpty(after)) return;
    await writeAudit(tx, actor, {
      action: isEmpty(before) ? 'CREATE' : isEmpty(after) ? 'DELETE' : 'UPDATE',
      entity: 'goals',
      entityId: input.fiscalYear,
      clientRef,
      before: isEmpty(before) ? null : { fiscalYear: input.fiscalYear, ...goalsSnapshot(before) },
      after: isEmpty(after) ? null : { fiscalYear: input.fiscalYear, ...goalsSnapshot(after) },
    });
  });
  return getYearGoals(db, clientRef, input.fiscalYear);
}

/** The organisation's changes of settings and goals, newest first (at most `limit`). */
export async function goalHistory(
  db: DbOrTx,
  clientRef: number,
  limit = 50,
): Promise<GoalHistoryItem[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.clientRef, clientRef), inArray(auditLog.entity, ['settings', 'goals'])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    actorName: r.actorName,
    actorEmail: r.actorEmail,
    entity: r.entity as 'settings' | 'goals',
    entityId: r.entityId,
    before: r.before,
    after: r.after,
  }));
}
