/**
 * The workbooks of the three dashboards: one sheet per chart and one for the table, every figure
 * recomputed by the dashboard's own queries (DESIGN.md §7). Formula-like text is neutralised by
 * `buildWorkbook`.
 */
import {
  DASHBOARD_TITLES,
  DIVERSE_LABEL,
  NON_DIVERSE_LABEL,
  SPEND_BASE_WORDS,
  spendBaseText,
  type DashboardKind,
} from '@spotzcity/shared/spend-dashboards';
import { MULTI_TYPE_NOTE, diversityLabel } from '@spotzcity/shared/diversity';
import {
  COUNTING_RULE_LABELS,
  PROGRAMS_RULE_NOTE,
  type CountingRule,
} from '@spotzcity/shared/verified-diversity';
import type { DbOrTx } from '../../db/client.ts';
import { summary, type Sheet, type SummaryValue } from '../../platform/exports.ts';
import { selectedFileNames } from '../../domain/spend-file-names.ts';
import { REPORTED_ONLY, countingExport, ruleInWords } from '../../domain/verified-spend.ts';
import { PROGRAM_CATEGORIES_TITLE, programNote } from '@spotzcity/shared/programs';
import { spendReportName } from './report.ts';
import { tier2Section } from './tier2-export.ts';
import * as figures from './service.ts';
import type { Scope } from './service.ts';

export interface DashboardWorkbook {
  title: string;
  /** The dashboard and its files, as the PPT and PDF are named. */
  fileName: string;
  parameters: [string, SummaryValue][];
  sheets: Sheet[];
}

async function parametersOf(
  db: DbOrTx,
  scope: Scope,
  kind: DashboardKind,
  rule: string = REPORTED_ONLY,
): Promise<{ fileName: string; parameters: [string, SummaryValue][] }> {
  const names = await selectedFileNames(db, scope);
  const fileName = spendReportName(kind, names, scope.selectedIds.length === 0);
  const base = spendBaseText(scope.base?.kind ?? 'all', scope.base?.listed ?? []);
  return {
    fileName,
    parameters: [
      ['Files', scope.selectedIds.length === 0 ? `All files (${names.length})` : names.join(', ')],
      // The Supplier Dashboard has no percentage of spend: no base to state.
      ...(kind === 'supplier' ? [] : [[SPEND_BASE_WORDS.filter, base] as [string, SummaryValue]]),
      ['Generated', summary.date(new Date().toISOString().slice(0, 10))],
      ['Counting rule', rule],
    ],
  };
}

/**
 * The Spend Dashboard's workbook under the counting rule chosen on screen (absent: the
 * organisation's default): the Summary states the rule and its diverse spend; a Counting Rule
 * sheet holds both figures per type, and 'verified' a sheet of the suppliers behind it. The sheets
 * of diverse spend (per type, month over month, per year) and Tier 1 count under the rule too;
 * program categories count the same under either rule, Tier 2 as the primes reported it.
 */
export async function spendWorkbook(
  db: DbOrTx,
  scope: Scope,
  requested?: CountingRule,
): Promise<DashboardWorkbook> {
  // First: it brings the verified rollups up to date, which the figures below then read.
  const counting = await countingExport(db, scope, requested);
  const ruleLabel = COUNTING_RULE_LABELS[counting.rule];
  const ruled: Scope = { ...scope, rule: counting.rule };
  const [perType, mom, years, programs] = await Promise.all([
    figures.spendPerDiversity(db, ruled),
    figures.spendPerDiversityMom(db, ruled),
    figures.spendDiversityOverNonDiversity(db, ruled),
    figures.programCategoryFigures(db, scope),
  ]);
  const monthColumns = mom.months.map((m) => ({ header: m, key: m, kind: 'money' as const }));
  const momRow = (label: string, values: number[], total: number) => ({
    diversity: label,
    ...Object.fromEntries(mom.months.map((m, i) => [m, values[i] ?? 0])),
    total,
  });
  const files = await parametersOf(db, scope, 'spend', ruleInWords(counting.rule));
  const tier2 = await tier2Section(db, scope, counting.rule);
  return {
    title: DASHBOARD_TITLES.spend,
    fileName: files.fileName,
    parameters: [
      ...files.parameters,
      ['Total Spend', summary.money(perType.totalSpend)],
      [`${DIVERSE_LABEL} Spend (${ruleLabel})`, summary.money(counting.diverse)],
      [
        `${NON_DIVERSE_LABEL} Spend (${ruleLabel})`,
        summary.money(perType.totalSpend - counting.diverse),
      ],
      ['Note', MULTI_TYPE_NOTE],
      [
        'Sheets',
        `Spend per Diversity, Month over Month, Diverse vs Non Diverse and Tier 1 count under this rule (${ruleLabel}); ${PROGRAM_CATEGORIES_TITLE} count the same under either rule; Tier 2 counts as the prime suppliers reported it.`,
      ],
    ],
    sheets: [
      {
        name: 'Counting Rule',
        columns: [
          { header: 'Diversity', key: 'label', width: 18 },
          { header: COUNTING_RULE_LABELS.REPORTED, key: 'reported', kind: 'money', width: 24 },
          { header: COUNTING_RULE_LABELS.VERIFIED, key: 'verified', kind: 'money', width: 18 },
        ],
        rows: counting.rows.map(([label, reported, verified]) => ({ label, reported, verified })),
      },
      ...(counting.rule === 'VERIFIED'
        ? [
            {
              name: 'Verified Suppliers',
              columns: [
                { header: 'Supplier', key: 'supplier', width: 32 },
                { header: 'Matched by', key: 'matchedBy', width: 22 },
                { header: 'Certificates', key: 'certificates', width: 60 },
                {
                  header: COUNTING_RULE_LABELS.REPORTED,
                  key: 'reported',
                  kind: 'money' as const,
                  width: 24,
                },
                {
                  header: COUNTING_RULE_LABELS.VERIFIED,
                  key: 'verified',
                  kind: 'money' as const,
                  width: 18,
                },
              ],
              rows: counting.suppliers,
            },
          ]
        : []),
      {
        name: PROGRAM_CATEGORIES_TITLE,
        columns: [
          { header: 'Category', key: 'name', width: 24 },
          { header: 'Rule', key: 'rule', width: 40 },
          { header: 'Spend', key: 'spend', kind: 'money', width: 18 },
          { header: '% Of Spend', key: 'share', kind: 'percent' },
          { header: 'Suppliers', key: 'suppliers', kind: 'integer' },
        ],
        rows: [
          ...programs.categories,
          // The note travels with the figures: what counts, and the SBA table's date.
          { name: programNote(programs), rule: null, spend: null, share: null, suppliers: null },
          { name: PROGRAMS_RULE_NOTE, rule: null, spend: null, share: null, suppliers: null },
        ],
      },
      {
        name: 'Spend per Diversity',
        columns: [
          { header: 'Diversity', key: 'diversity', width: 16 },
          { header: 'Spend', key: 'spend', kind: 'money', width: 18 },
          { header: '% Of Spend', key: 'percentage', kind: 'percent' },
        ],
        rows: perType.types.map((t) => ({ ...t, diversity: diversityLabel(t.diversity) })),
      },
      {
        name: 'Month over Month',
        columns: [
          { header: 'Diversity', key: 'diversity', width: 16 },
          ...monthColumns,
          { header: '12-Month Total', key: 'total', kind: 'money', width: 18 },
        ],
        rows: [
          // The NON_DIVERSE type is the Non Diverse total: it is written once, after Diverse.
          ...mom.series
            .filter((s) => s.diversity !== 'NON_DIVERSE')
            .map((s) => momRow(diversityLabel(s.diversity), s.values, s.total)),
          momRow(DIVERSE_LABEL, mom.diverse.values, mom.diverse.total),
          momRow(NON_DIVERSE_LABEL, mom.nonDiverse.values, mom.nonDiverse.total),
        ],
      },
      {
        name: 'Diverse vs Non Diverse',
        columns: [
          { header: 'Year', key: 'year', kind: 'year' },
          { header: DIVERSE_LABEL, key: 'diverse', kind: 'money', width: 18 },
          { header: NON_DIVERSE_LABEL, key: 'nonDiverse', kind: 'money', width: 18 },
          { header: 'Total', key: 'total', kind: 'money', width: 18 },
          { header: `% ${DIVERSE_LABEL}`, key: 'diversePercentage', kind: 'percent' },
        ],
        rows: years,
      },
      ...(tier2 ? [tier2.sheet] : []),
    ],
  };
}

export async function supplierWorkbook(db: DbOrTx, scope: Scope): Promise<DashboardWorkbook> {
  const [quarters, count, states, suppliers] = await Promise.all([
    figures.supplierDataPerQuater(db, scope),
    figures.supplierCount(db, scope),
    figures.supplierLocationData(db, scope),
    figures.diverseSupplierList(db, scope),
  ]);
  const files = await parametersOf(db, scope, 'supplier');
  return {
    title: DASHBOARD_TITLES.supplier,
    fileName: files.fileName,
    parameters: [
      ...files.parameters,
      ['Suppliers', summary.integer(count.totalSuppliers)],
      [`${DIVERSE_LABEL} Suppliers`, summary.integer(count.diverseSuppliers)],
    ],
    sheets: [
      {
        name: 'Diverse Suppliers per Quarter',
        columns: [
          { header: 'Quarter', key: 'label' },
          { header: 'Diverse Suppliers', key: 'diverseSuppliers', kind: 'integer' },
        ],
        rows: quarters,
      },
      {
        name: 'Diverse Suppliers per Month',
        columns: [
          { header: 'Month', key: 'month' },
          { header: 'Diverse Suppliers', key: 'diverseSuppliers', kind: 'integer' },
        ],
        rows: count.months,
      },
      {
        name: 'States',
        columns: [
          { header: 'State', key: 'stateName', width: 20 },
          { header: 'Diverse Suppliers', key: 'diverseSuppliers', kind: 'integer' },
          { header: 'Diverse Spend', key: 'diverseSpend', kind: 'money', width: 18 },
        ],
        rows: states,
      },
      {
        name: 'Diverse Suppliers',
        columns: [
          { header: 'Supplier', key: 'name', width: 32 },
          { header: 'DUNS', key: 'duns', width: 12 },
          { header: 'State', key: 'states', width: 12 },
          { header: 'Diversity', key: 'types', width: 16 },
          { header: 'Spend', key: 'spend', kind: 'money', width: 18 },
        ],
        rows: suppliers,
      },
    ],
  };
}

export async function categoryWorkbook(db: DbOrTx, scope: Scope): Promise<DashboardWorkbook> {
  const [bars, pie, top] = await Promise.all([
    figures.categoryPerDiversity(db, scope),
    figures.categoryPercentage(db, scope),
    figures.topCategoriesStatatics(db, scope),
  ]);
  const files = await parametersOf(db, scope, 'category');
  return {
    title: DASHBOARD_TITLES.category,
    fileName: files.fileName,
    parameters: [
      ...files.parameters,
      ['Maximum Category', pie.max ? `${pie.max.category} (${pie.max.percentage}%)` : ''],
      ['Minimum Category', pie.min ? `${pie.min.category} (${pie.min.percentage}%)` : ''],
    ],
    sheets: [
      {
        name: 'Spend per Category',
        columns: [
          { header: 'Category', key: 'category', width: 28 },
          { header: DIVERSE_LABEL, key: 'diverse', kind: 'money', width: 18 },
          { header: NON_DIVERSE_LABEL, key: 'nonDiverse', kind: 'money', width: 18 },
          { header: 'Total', key: 'total', kind: 'money', width: 18 },
        ],
        rows: bars,
      },
      {
        name: 'Category Percentage',
        columns: [
          { header: 'Category', key: 'category', width: 28 },
          { header: 'Spend', key: 'spend', kind: 'money', width: 18 },
          { header: '% Of Spend', key: 'percentage', kind: 'percent' },
        ],
        rows: pie.categories,
      },
      {
        name: 'Top Categories',
        columns: [
          { header: 'Category', key: 'category', width: 28 },
          { header: 'Total # Suppliers', key: 'supplierCount', kind: 'integer' },
          { header: '% Of Suppliers', key: 'supplierPercentage', kind: 'percent' },
          { header: 'Spend', key: 'spend', kind: 'money', width: 18 },
          { header: '% Of Spend', key: 'spendPercentage', kind: 'percent' },
        ],
        rows: top,
      },
    ],
  };
}
