/**
 * The Supplier, Spend and Category Dashboards as server-built reports (PPTX and PDF): the same
 * queries as the graph endpoints, the same charts (@spotzcity/shared/charts/spend), every table
 * row, and the analysis text saved for the same selection.
 */
import { z } from 'zod';
import {
  SPEND_WORDS,
  categoryBarOption,
  categoryPieOption,
  diverseByYearOption,
  momTotals,
  quarterLabel,
  spendDiversityLabel,
  spendMomOption,
  spendPerDiversityOption,
  supplierMapOption,
  suppliersPerMonthOption,
  suppliersPerQuarterOption,
} from '@spotzcity/shared/charts/spend';
import { monthLabel } from '@spotzcity/shared/charts/common';
import { US_MAP } from '@spotzcity/shared/charts/us-map';
import { MULTI_TYPE_NOTE } from '@spotzcity/shared/diversity';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/reports';
import {
  DASHBOARD_TITLES,
  DIVERSE_LABEL,
  NON_DIVERSE_LABEL,
  SPEND_BASE_WORDS,
  spendBaseLine,
  spendBaseSchema,
  spendBaseText,
  type DashboardKind,
} from '@spotzcity/shared/spend-dashboards';
import {
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  PROGRAMS_RULE_NOTE,
  countingRuleLine,
  countingRuleSchema,
  type CountingRule,
} from '@spotzcity/shared/verified-diversity';
import type { DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import { selectedIdsSchema } from '@spotzcity/shared/spend';
import {
  reportRequestShape,
  type ReportContent,
  type ReportDefinition,
} from '../../platform/reports/register.ts';
import { selectedFileNames } from '../../domain/spend-file-names.ts';
import { REPORTED_ONLY, countingExport, ruleInWords } from '../../domain/verified-spend.ts';
import { PROGRAM_CATEGORIES_TITLE, programNote } from '@spotzcity/shared/programs';
import { tier2Section } from './tier2-export.ts';
import * as figures from './service.ts';
import { resolveBase, type Scope } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const spendReportBody = z.object({
  selectedIds: selectedIdsSchema,
  /** The counting rule chosen on screen; absent, the organisation's default. */
  countingRule: countingRuleSchema.optional(),
  /** The percentages' base; all spend without it. */
  base: spendBaseSchema.default('all'),
  ...reportRequestShape,
});
type Body = z.output<typeof spendReportBody>;

const ANALYSIS_TITLES: Record<DashboardKind, string> = {
  supplier: SPEND_WORDS.supplierAnalysis,
  spend: SPEND_WORDS.spendAnalysis,
  category: SPEND_WORDS.categoryAnalysis,
};

/** The selected files by name; an id that is not one of the organisation's files is a 404. */
async function selection(db: DbOrTx, scope: Scope) {
  const names = await selectedFileNames(db, scope);
  if (scope.selectedIds.length > 0 && names.length < new Set(scope.selectedIds).size) {
    throw new NotFound('Spend file not found');
  }
  return names;
}

/** 'Spend Dashboard - All files', 'Spend Dashboard - spend-2024, spend-2025'. */
export function spendReportName(kind: DashboardKind, names: string[], all: boolean) {
  const bare = names.map((n) => n.replace(/\.xlsx$/i, ''));
  const files = all
    ? 'All files'
    : bare.length > 3
      ? `${bare.slice(0, 3).join(', ')} and ${bare.length - 3} more`
      : bare.join(', ');
  return `${DASHBOARD_TITLES[kind]} - ${files}`;
}

/** The base's line under a share, as the dashboard writes it. */
const baseLine = (scope: Scope) =>
  spendBaseLine(scope.base?.kind ?? 'all', scope.base?.listed ?? []);

async function common(db: DbOrTx, scope: Scope, kind: DashboardKind, rule: string = REPORTED_ONLY) {
  const names = await selection(db, scope);
  const all = scope.selectedIds.length === 0;
  const filters: [string, string][] = [
    ['Files', all ? `All files (${names.length})` : names.join(', ')],
  ];
  // The Supplier Dashboard has no percentage of spend: no base to state.
  if (kind !== 'supplier') {
    const base = spendBaseText(scope.base?.kind ?? 'all', scope.base?.listed ?? []);
    filters.push([SPEND_BASE_WORDS.filter, base]);
  }
  return {
    title: DASHBOARD_TITLES[kind],
    filters: [...filters, ['Counting rule', rule]] as [string, string][],
    fileName: spendReportName(kind, names, all),
    analysis: {
      title: ANALYSIS_TITLES[kind],
      reportKey: reportKey(kind, { files: scope.selectedIds }),
    },
  };
}

/**
 * The Spend Dashboard under the counting rule chosen on screen, as the dashboard shows it: the
 * headline diverse spend and every chart of diverse spend follow it and say so, both figures
 * stand side by side per type (as the dashboard's counting-rule card shows them), 'verified' adds
 * the suppliers and certificates behind it; program categories count the same under either rule,
 * and Tier 2 as the primes reported it, and each says so.
 */
async function spendReport(
  db: DbOrTx,
  scope: Scope,
  requested?: CountingRule,
): Promise<ReportContent> {
  // First: it brings the verified rollups up to date, which the figures below then read.
  const counting = await countingExport(db, scope, requested);
  const { rule } = counting;
  const ruled: Scope = { ...scope, rule };
  const [perType, mom, years, base, programs] = await Promise.all([
    figures.spendPerDiversity(db, ruled),
    figures.spendPerDiversityMom(db, ruled),
    figures.spendDiversityOverNonDiversity(db, ruled),
    common(db, scope, 'spend', ruleInWords(rule)),
    figures.programCategoryFigures(db, scope),
  ]);
  const tier2 = await tier2Section(db, scope, rule);
  const types = mom.series.filter((s) => s.diversity !== 'NON_DIVERSE');
  const ruleLine = countingRuleLine(rule);
  const ruleLabel = COUNTING_RULE_LABELS[rule];
  return {
    ...base,
    figures: [
      { label: SPEND_WORDS.totalSpend, value: formatMoney(perType.totalSpend) },
      { label: `${DIVERSE_LABEL} (${ruleLabel})`, value: formatMoney(counting.diverse) },
      {
        label: `${NON_DIVERSE_LABEL} (${ruleLabel})`,
        value: formatMoney(perType.totalSpend - counting.diverse),
      },
    ],
    sections: [
      {
        kind: 'table',
        title: `Counting rule: ${ruleLabel}`,
        subtitle: COUNTING_RULE_TEXT[rule],
        note: MULTI_TYPE_NOTE,
        table: {
          columns: [
            { header: SPEND_WORDS.diversity, width: 2 },
            { header: COUNTING_RULE_LABELS.REPORTED, kind: 'money', width: 2 },
            { header: COUNTING_RULE_LABELS.VERIFIED, kind: 'money', width: 2 },
          ],
          rows: counting.rows,
        },
      },
      ...(rule === 'VERIFIED'
        ? [
            {
              kind: 'table' as const,
              title: 'Behind the verified figure',
              subtitle:
                'Each supplier with verified spend, how its vendor was matched and the certificates that qualified its payments',
              table: {
                columns: [
                  { header: 'Supplier', width: 2.2 },
                  { header: 'Matched by', width: 1.4 },
                  { header: 'Certificates', width: 3.2 },
                  { header: COUNTING_RULE_LABELS.REPORTED, kind: 'money' as const, width: 1.4 },
                  { header: COUNTING_RULE_LABELS.VERIFIED, kind: 'money' as const, width: 1.4 },
                ],
                rows: counting.suppliers.map((s) => [
                  s.supplier,
                  s.matchedBy,
                  s.certificates,
                  s.reported,
                  s.verified,
                ]),
              },
            },
          ]
        : []),
      {
        kind: 'table',
        title: PROGRAM_CATEGORIES_TITLE,
        subtitle: baseLine(scope),
        note: `${programNote(programs)} ${PROGRAMS_RULE_NOTE}`,
        table: {
          columns: [
            { header: 'Category', width: 2 },
            { header: 'Rule', width: 2.6 },
            { header: SPEND_WORDS.spendAmount, kind: 'money', width: 1.6 },
            { header: SPEND_WORDS.spendShare, kind: 'percent' },
            { header: 'Suppliers', kind: 'integer' },
          ],
          rows: programs.categories.map((c) => [c.name, c.rule, c.spend, c.share, c.suppliers]),
        },
      },
      {
        kind: 'chart',
        title: SPEND_WORDS.spendPerDiversity,
        subtitle: `${baseLine(scope)} · ${ruleLine}`,
        note: MULTI_TYPE_NOTE,
        option: spendPerDiversityOption(perType),
        height: Math.max(160, perType.types.length * 26 + 30),
        native: {
          type: 'bar',
          direction: 'bar',
          categories: perType.types.map((t) => spendDiversityLabel(t.diversity)),
          series: [{ name: '% Of Spend', values: perType.types.map((t) => t.percentage) }],
          format: 'percent',
        },
        table: {
          columns: [
            { header: SPEND_WORDS.diversity, width: 2 },
            { header: SPEND_WORDS.spendAmount, kind: 'money', width: 2 },
            { header: SPEND_WORDS.spendShare, kind: 'percent' },
          ],
          rows: perType.types.map((t) => [spendDiversityLabel(t.diversity), t.spend, t.percentage]),
        },
      },
      {
        kind: 'chart',
        title: SPEND_WORDS.spendMom,
        subtitle: `The 12 months to the latest payment, ${DIVERSE_LABEL} types (${NON_DIVERSE_LABEL} in the totals) · ${ruleLine}`,
        option: spendMomOption(mom),
        height: 260,
        native: {
          type: 'line',
          categories: mom.months.map(monthLabel),
          series: types.map((s) => ({ name: spendDiversityLabel(s.diversity), values: s.values })),
          format: 'money',
        },
        table: {
          columns: [
            { header: SPEND_WORDS.diversity, width: 2 },
            { header: SPEND_WORDS.twelveMonthTotal, kind: 'money', width: 2 },
          ],
          rows: momTotals(mom).map((t) => [t.title, t.total]),
        },
      },
      {
        kind: 'chart',
        title: SPEND_WORDS.diverseByYear,
        subtitle: `${baseLine(scope)} · ${ruleLine}`,
        option: diverseByYearOption(years, false),
        height: Math.ceil(Math.max(1, years.length) / 3) * 200 + 48,
        native: years.map((y) => ({
          type: 'doughnut',
          title: `${y.year}: ${y.diversePercentage.toFixed(2)}% ${DIVERSE_LABEL}`,
          categories: [DIVERSE_LABEL, NON_DIVERSE_LABEL],
          series: [{ name: String(y.year), values: [y.diverse, y.nonDiverse] }],
          format: 'money',
        })),
        table: {
          columns: [
            { header: 'Year', kind: 'year' },
            { header: DIVERSE_LABEL, kind: 'money', width: 2 },
            { header: NON_DIVERSE_LABEL, kind: 'money', width: 2 },
            { header: 'Total', kind: 'money', width: 2 },
            { header: `% ${DIVERSE_LABEL}`, kind: 'percent' },
          ],
          rows: years.map((y) => [y.year, y.diverse, y.nonDiverse, y.total, y.diversePercentage]),
        },
      },
      ...(tier2 ? [tier2.section] : []),
    ],
  };
}

async function supplierReport(db: DbOrTx, scope: Scope): Promise<ReportContent> {
  const [quarters, count, states, base] = await Promise.all([
    figures.supplierDataPerQuater(db, scope),
    figures.supplierCount(db, scope),
    figures.supplierLocationData(db, scope),
    common(db, scope, 'supplier'),
  ]);
  const partial = quarters.some((q) => q.partial);
  return {
    ...base,
    figures: [
      { label: 'Suppliers', value: count.totalSuppliers.toLocaleString('en-US') },
      {
        label: SPEND_WORDS.diverseSuppliers,
        value: count.diverseSuppliers.toLocaleString('en-US'),
      },
    ],
    sections: [
      {
        kind: 'chart',
        title: SPEND_WORDS.diversePerQuarter,
        ...(partial ? { note: SPEND_WORDS.partialNote } : {}),
        option: suppliersPerQuarterOption(quarters),
        height: 240,
        native: {
          type: 'line',
          categories: quarters.map(quarterLabel),
          series: [
            { name: SPEND_WORDS.diverseSuppliers, values: quarters.map((q) => q.diverseSuppliers) },
          ],
          format: 'integer',
        },
      },
      {
        kind: 'chart',
        title: SPEND_WORDS.diversePerMonth,
        option: suppliersPerMonthOption(count),
        height: 240,
        native: {
          type: 'bar',
          categories: count.months.map((m) => monthLabel(m.month)),
          series: [
            {
              name: SPEND_WORDS.diverseSuppliers,
              values: count.months.map((m) => m.diverseSuppliers),
            },
          ],
          format: 'integer',
          colors: ['#10b981'],
        },
      },
      {
        kind: 'picture',
        title: SPEND_WORDS.supplierMap,
        subtitle: 'The mainland shaded by diverse spend; every state in the table',
        option: supplierMapOption(states, US_MAP),
        table: {
          columns: [
            { header: SPEND_WORDS.state, width: 2 },
            { header: SPEND_WORDS.diverseSuppliers, kind: 'integer', width: 1.6 },
            { header: SPEND_WORDS.diverseSpend, kind: 'money', width: 1.8 },
          ],
          rows: states.map((s) => [s.stateName, s.diverseSuppliers, s.diverseSpend]),
        },
      },
    ],
  };
}

async function categoryReport(db: DbOrTx, scope: Scope): Promise<ReportContent> {
  const [bars, pie, top, base] = await Promise.all([
    figures.categoryPerDiversity(db, scope),
    figures.categoryPercentage(db, scope),
    figures.topCategoriesStatatics(db, scope),
    common(db, scope, 'category'),
  ]);
  return {
    ...base,
    figures: [
      ...(pie.max
        ? [
            {
              label: `${SPEND_WORDS.maxCategory} Category`,
              value: `${pie.max.category} (${pie.max.percentage.toFixed(2)}%)`,
            },
          ]
        : []),
      ...(pie.min
        ? [
            {
              label: `${SPEND_WORDS.minCategory} Category`,
              value: `${pie.min.category} (${pie.min.percentage.toFixed(2)}%)`,
            },
          ]
        : []),
    ],
    sections: [
      {
        kind: 'chart',
        title: SPEND_WORDS.categoryBar,
        option: categoryBarOption(bars, false),
        height: Math.max(200, bars.length * 24 + 50),
        native: {
          type: 'bar',
          direction: 'bar',
          stacked: true,
          categories: bars.map((c) => c.category),
          series: [
            { name: DIVERSE_LABEL, values: bars.map((c) => c.diverse) },
            { name: NON_DIVERSE_LABEL, values: bars.map((c) => c.nonDiverse) },
          ],
          format: 'money',
        },
      },
      {
        kind: 'chart',
        title: SPEND_WORDS.categoryPie,
        subtitle: baseLine(scope),
        option: categoryPieOption(pie, false),
        height: 300,
        native: {
          type: 'pie',
          categories: pie.categories.map((c) => c.category),
          series: [{ name: SPEND_WORDS.spendAmount, values: pie.categories.map((c) => c.spend) }],
          format: 'money',
        },
      },
      {
        kind: 'table',
        title: SPEND_WORDS.topCategories,
        subtitle: baseLine(scope),
        ...(scope.base?.kind === 'addressable' && scope.base.excluded.length
          ? { note: SPEND_WORDS.notAddressableShare }
          : {}),
        table: {
          columns: [
            { header: SPEND_WORDS.categoryName, width: 2.4 },
            { header: SPEND_WORDS.totalSuppliers, kind: 'integer' },
            { header: SPEND_WORDS.supplierShare, kind: 'percent' },
            { header: SPEND_WORDS.spendAmount, kind: 'money', width: 1.4 },
            { header: SPEND_WORDS.spendShare, kind: 'percent' },
          ],
          rows: top.map((c) => [
            c.category,
            c.supplierCount,
            c.supplierPercentage,
            c.spend,
            c.spendPercentage,
          ]),
        },
      },
    ],
  };
}

const BUILDERS: Record<
  DashboardKind,
  (db: DbOrTx, scope: Scope, rule?: CountingRule) => Promise<ReportContent>
> = { spend: spendReport, supplier: supplierReport, category: categoryReport };

export const SPEND_REPORTS: ReportDefinition<typeof spendReportBody>[] = (
  ['supplier', 'spend', 'category'] as const
).map((kind) => ({
  key: kind,
  description: `The ${DASHBOARD_TITLES[kind]} of the selected files (body {selectedIds, base?: 'all' | 'addressable', locale?, analysis?}; ids of other organisations answer 404)`,
  access: ACCESS.supplierAndSpend.createReport,
  body: spendReportBody,
  build: async ({ db, clientRef }, params: Body) =>
    BUILDERS[kind](
      db,
      {
        clientRef,
        selectedIds: [...new Set(params.selectedIds)],
        base: await resolveBase(db, clientRef, params.base),
      },
      params.countingRule,
    ),
}));
