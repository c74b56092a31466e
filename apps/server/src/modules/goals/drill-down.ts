/**
 * A goal's actual on the Goals Dashboard opened onto the vendors behind it: the fiscal year's
 * addressable spend of the selected files that counts for the goal, per vendor, with why it
 * counts under the goal's class —
 * - overall, a diversity type, a spend category: the diversity reported in the file, or under the
 *   verified rule the certificates that qualified the vendor's payments (their dates overlapping
 *   the year; for a type, that type's);
 * - a program category: the category's rule as it is today (size standard, local rule …).
 * The vendors add up to the goal's actual, read from the same rollups as the dashboard (docs/goals.md).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DrillDown, DrillReason, GoalDrillRequest } from '@spotzcity/shared/drill-down';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { categoryKey, fiscalMonths, fiscalYearLabel } from '@spotzcity/shared/goals';
import { programRuleLabel } from '@spotzcity/shared/programs';
import { COUNTING_RULE_LABELS, type CountingRule } from '@spotzcity/shared/verified-diversity';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import {
  goalVendorYears,
  spendRollups,
  supplierCertificates,
  vendorMatches,
  verifiedRollupCertificates,
  verifiedRollups,
} from '../../db/schema/index.ts';
import { NotFound } from '../../platform/errors.ts';
import { inScope, type FileScope } from '../../platform/sql.ts';
import { categoriesOf, categoryQualifiers } from '../../domain/program-categories.ts';
import { certain, getPolicy } from '../../domain/verified-spend.ts';
import { refreshVerifiedRollups } from '../../domain/verified-rollups.ts';
import {
  centsOf,
  certificateReason,
  drillDownOf,
  drillDownWorkbook,
  typesInWords,
  withPayments,
  type PaymentRule,
  type SupplierPart,
} from '../../domain/drill-down.ts';
import { figureSettings, getYearGoals } from './service.ts';

type Goal = Omit<GoalDrillRequest, 'selectedIds' | 'supplierKey'>;

const group = z.object({
  supplier_key: z.string(),
  category: z.string(),
  diversity: z.array(z.string()),
  spend: z.string(),
  payments: z.number(),
});
type Group = z.infer<typeof group>;

/** The parts of `groups` that count (`counts`), added up per vendor, with the reasons given. */
function partsOf(
  groups: Group[],
  counts: (g: Group) => boolean,
  reasons: (key: string, diversity: Set<string>) => DrillReason[],
): SupplierPart[] {
  const by = new Map<string, { cents: number; payments: number; diversity: Set<string> }>();
  for (const g of groups) {
    if (!counts(g)) continue;
    const part = by.get(g.supplier_key) ?? { cents: 0, payments: 0, diversity: new Set() };
    part.cents += centsOf(g.spend);
    part.payments += Number(g.payments);
    g.diversity.forEach((d) => part.diversity.add(d));
    by.set(g.supplier_key, part);
  }
  return [...by].map(([supplierKey, p]) => ({
    supplierKey,
    cents: p.cents,
    payments: p.payments,
    reasons: reasons(supplierKey, p.diversity),
  }));
}

async function goalDrill(db: DbOrTx, scope: FileScope, goal: Goal) {
  const settings = await figureSettings(db, scope.clientRef);
  const goals = await getYearGoals(db, scope.clientRef, goal.fiscalYear);
  const rule: CountingRule =
    goal.countingRule ?? (await getPolicy(db, scope.clientRef)).countingRule;
  const months = fiscalMonths(goal.fiscalYear, settings.fiscalYearStartMonth);
  const from = `${months[0]}-01`;
  const to = `${months[11]}-01`;
  const excluded = new Set(settings.nonAddressableCategories.map(categoryKey));
  const addressable = (category: string) => !excluded.has(categoryKey(category));
  const wanted = categoryKey(goal.name);
  const year = fiscalYearLabel(goal.fiscalYear, settings.fiscalYearStartMonth);
  const missing = () => new NotFound('Goal not found');

  // The payments of the year, addressable ones only (the categories' key as the goals compare it).
  const excludedKeys = [...excluded];
  const ofYear: SQL = sql`r.payment_date >= ${from}::date
    and r.payment_date < (${to}::date + interval '1 month')
    and lower(trim(r.category)) <> all(${sql.param(excludedKeys)}::text[])`;

  if (goal.kind === 'program') {
    const category = (await categoriesOf(db, scope.clientRef)).find(
      (c) => c.enabled && c.name === goal.name,
    );
    if (!category || !goals.programs.some((p) => p.categoryId === category.id)) throw missing();
    const reasons = await categoryQualifiers(db, scope.clientRef, category);
    const ids = [...reasons.keys()];
    const v = goalVendorYears;
    const rows = ids.length
      ? rowsOf(
          await db.execute(sql`
            select ${v.supplierKey} as supplier_key, m.supplier_ref, ${v.category} as category,
              sum(${v.spend})::text as spend, sum(${v.rowCount})::int as payments
            from ${v}
            join ${vendorMatches} m on m.client_ref = ${v.clientRef} and m.supplier_key = ${v.supplierKey}
            where ${inScope(scope, v.clientRef, v.fileId)} and ${certain}
              and ${v.fiscalYear} = ${goal.fiscalYear}
              and m.supplier_ref = any(${sql.param(ids)}::int[])
            group by 1, 2, 3
          `),
          group.omit({ diversity: true }).extend({ supplier_ref: z.number() }),
        ).map((r) => ({ ...r, diversity: [] as string[] }))
      : [];
    const supplierOf = new Map(rows.map((r) => [r.supplier_key, Number(r.supplier_ref)]));
    const parts = partsOf(
      rows,
      (g) => addressable(g.category),
      (key) => reasons.get(supplierOf.get(key)!) ?? [],
    );
    const drill = await drillDownOf(
      db,
      scope.clientRef,
      {
        title: `${year} · ${category.name} (program)`,
        rule: `${programRuleLabel(category.kinds, category.match)} — the year's addressable spend to the category's suppliers`,
      },
      parts,
    );
    const payments: PaymentRule = { where: ofYear, countsFor: () => category.name };
    return { drill, payments };
  }

  // Overall, a diversity type, a spend category: which of a group's types the goal counts.
  let counts: (g: Group) => boolean;
  let what: string;
  let paymentWhere: (types: SQL) => SQL;
  if (goal.kind === 'overall') {
    if (goals.overall === null) throw missing();
    counts = (g) => addressable(g.category) && g.diversity.length > 0;
    what = 'diverse spend in addressable categories';
    paymentWhere = (types) => sql`cardinality(${types}) > 0`;
  } else if (goal.kind === 'diversity') {
    if (!goals.diversity.some((d) => d.diversity === goal.name)) throw missing();
    const type = goal.name;
    counts = (g) => addressable(g.category) && g.diversity.includes(type);
    what = `${diversityLabel(type)} spend in addressable categories`;
    paymentWhere = (types) => sql`${type}::text = any(${types})`;
  } else {
    const target = goals.categories.find((c) => categoryKey(c.category) === wanted);
    if (!target || excluded.has(wanted)) throw missing();
    counts = (g) => categoryKey(g.category) === wanted && g.diversity.length > 0;
    what = `diverse spend in the category ${target.category}`;
    paymentWhere = (types) =>
      sql`cardinality(${types}) > 0 and lower(trim(r.category)) = ${wanted}`;
  }
  const title = `${year} · ${goal.kind === 'overall' ? 'Overall' : goal.kind === 'diversity' ? diversityLabel(goal.name) : `${goal.name} (category)`}`;
  const heading = { title, rule: `${COUNTING_RULE_LABELS[rule]} — ${what}` };

  if (rule === 'REPORTED') {
    const r = spendRollups;
    // The reported diversity as counted: NON_DIVERSE is no type.
    const groups = rowsOf(
      await db.execute(sql`
        select ${r.supplierKey} as supplier_key, ${r.category} as category,
          case when ${r.isDiverse} then ${r.diversity} else '{}'::text[] end as diversity,
          sum(${r.spend})::text as spend, sum(${r.rowCount})::int as payments
        from ${r}
        where ${inScope(scope, r.clientRef, r.fileId)}
          and ${r.month} between ${from}::date and ${to}::date
        group by 1, 2, 3
      `),
      group,
    );
    const parts = partsOf(groups, counts, (_, diversity) => [
      { kind: 'REPORTED', text: `Diversity in the file: ${typesInWords([...diversity])}` },
    ]);
    const payments: PaymentRule = {
      where: sql`${ofYear} and r.is_diverse and ${paymentWhere(sql`r.diversity`)}`,
      countsFor: (p) => typesInWords(p.diversity),
    };
    return { drill: await drillDownOf(db, scope.clientRef, heading, parts), payments };
  }

  await refreshVerifiedRollups(db, scope.clientRef);
  const policy = await getPolicy(db, scope.clientRef);
  const r = verifiedRollups;
  const groups = rowsOf(
    await db.execute(sql`
      select ${r.supplierKey} as supplier_key, ${r.category} as category,
        ${r.types} as diversity, sum(${r.spend})::text as spend, sum(${r.rowCount})::int as payments
      from ${r}
      where ${inScope(scope, r.clientRef, r.fileId)}
        and ${r.month} between ${from}::date and ${to}::date
      group by 1, 2, 3
    `),
    group,
  );
  const keys = [...new Set(groups.filter(counts).map((g) => g.supplier_key))];
  const certificates = await certificatesOf(db, scope, keys, {
    from,
    to: lastDay(months[11]!),
    graceMonths: policy.graceMonths,
    type: goal.kind === 'diversity' ? goal.name : null,
  });
  const parts = partsOf(groups, counts, (key) => certificates.get(key) ?? []);
  const payments: PaymentRule = {
    where: sql`${ofYear} and ${paymentWhere(sql`v.types`)}`,
    verified: policy,
    countsFor: (p) => typesInWords(p.types),
  };
  return { drill: await drillDownOf(db, scope.clientRef, heading, parts), payments };
}

/** The last day of a month 'YYYY-MM'. */
function lastDay(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

const certificateRow = z.object({
  supplier_key: z.string(),
  id: z.number(),
  diversity_type: z.string(),
  agency: z.string(),
  certificate_number: z.string().nullable(),
  issue_date: z.string(),
  expiry_date: z.string(),
  from_directory: z.boolean(),
});

/**
 * The certificates that qualified payments of the vendors `keys` in the selected files (the
 * verified rollups keep which), those whose dates (with the policy's grace) overlap the year,
 * of one type when the goal is a type's.
 */
async function certificatesOf(
  db: DbOrTx,
  scope: FileScope,
  keys: string[],
  within: { from: string; to: string; graceMonths: number; type: string | null },
): Promise<Map<string, DrillReason[]>> {
  if (keys.length === 0) return new Map();
  const h = verifiedRollupCertificates;
  const c = supplierCertificates;
  const rows = rowsOf(
    await db.execute(sql`
      select distinct ${h.supplierKey} as supplier_key, ${c.id} as id,
        ${c.diversityType} as diversity_type, ${c.agency} as agency,
        ${c.certificateNumber} as certificate_number, ${c.issueDate}::text as issue_date,
        ${c.expiryDate}::text as expiry_date, ${c.clientRef} is null as from_directory
      from ${h} join ${c} on ${c.id} = ${h.certificateRef}
      where ${inScope(scope, h.clientRef, h.fileId)}
        and ${h.supplierKey} = any(${sql.param(keys)}::text[])
        and ${c.issueDate} <= ${within.to}::date
        and (${c.expiryDate} + ${within.graceMonths} * interval '1 month')::date >= ${within.from}::date
        ${within.type ? sql`and ${c.diversityType} = ${within.type}` : sql``}
      order by 1, 2
    `),
    certificateRow,
  );
  const reasons = new Map<string, DrillReason[]>();
  for (const row of rows) {
    const list = reasons.get(row.supplier_key) ?? [];
    list.push(
      certificateReason({
        diversityType: row.diversity_type,
        agency: row.agency,
        certificateNumber: row.certificate_number,
        issueDate: row.issue_date,
        expiryDate: row.expiry_date,
        fromDirectory: row.from_directory,
      }),
    );
    reasons.set(row.supplier_key, list);
  }
  return reasons;
}

/** POST /api/drillDown/goal */
export async function goalDrillDown(
  db: DbOrTx,
  scope: FileScope,
  request: GoalDrillRequest,
): Promise<DrillDown> {
  const { drill, payments } = await goalDrill(db, scope, request);
  return withPayments(db, scope, drill, request.supplierKey, payments);
}

/** POST /api/excel/drillDown/goal */
export async function goalDrillWorkbook(db: DbOrTx, scope: FileScope, goal: Goal) {
  const { drill, payments } = await goalDrill(db, scope, goal);
  return drillDownWorkbook(db, scope, drill, payments);
}
