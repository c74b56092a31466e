/**
 * The Goals Dashboard as a server-built report (PPTX and PDF, `POST /api/report/goals/…`) and as
 * a workbook (`POST /api/excel/goals`): the same figures as `POST /api/graph/goals`, the same
 * chart (@spotzcity/shared/charts/goals), every row.
 */
import {
  GOAL_COLORS,
  GOALS_WORDS,
  goalProgressOption,
  goalRowLabel,
  goalsTableRows,
} from '@spotzcity/shared/charts/goals';
import { monthLabel } from '@spotzcity/shared/charts/common';
import { formatMoney } from '@spotzcity/shared/format';
import {
  GOALS_TITLE,
  GOAL_STATUS_LABELS,
  goalsDashboardRequestSchema,
  type GoalsDashboard,
} from '@spotzcity/shared/goals';
import { reportKey } from '@spotzcity/shared/reports';
import type { CountingRule } from '@spotzcity/shared/verified-diversity';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { NotFound } from '../../platform/errors.ts';
import { summary, type Sheet, type SummaryValue } from '../../platform/exports.ts';
import {
  reportRequestShape,
  type ReportContent,
  type ReportDefinition,
} from '../../platform/reports/register.ts';
import { selectedFileNames } from '../../domain/spend-file-names.ts';
import { getPolicy, ruleInWords } from '../../domain/verified-spend.ts';
import { goalsDashboard, type GoalScope } from './figures.ts';
import { currentFiscalYear, figureSettings, getYearGoals } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const goalsReportBody = goalsDashboardRequestSchema.extend(reportRequestShape);

/** The dashboard of a fiscal year (today's when none is given) for the selection. */
export async function dashboardFor(
  db: DbOrTx,
  scope: GoalScope,
  fiscalYear: number | undefined,
  countingRule?: CountingRule,
): Promise<GoalsDashboard> {
  const settings = await figureSettings(db, scope.clientRef);
  const year = fiscalYear ?? currentFiscalYear(settings);
  const goals = await getYearGoals(db, scope.clientRef, year);
  // Without a rule asked for, the organisation's default (its certificate policy).
  const rule = countingRule ?? (await getPolicy(db, scope.clientRef)).countingRule;
  return goalsDashboard(db, scope, settings, goals, rule);
}

/** Names of the selected files; an id that is not one of the organisation's files is a 404. */
async function fileNames(db: DbOrTx, scope: GoalScope) {
  const names = await selectedFileNames(db, scope);
  if (names.length < new Set(scope.selectedIds).size) throw new NotFound('Spend file not found');
  return names;
}

function filesInWords(names: string[], all: boolean) {
  const bare = names.map((n) => n.replace(/\.xlsx$/i, ''));
  if (all) return 'All files';
  return bare.length > 3
    ? `${bare.slice(0, 3).join(', ')} and ${bare.length - 3} more`
    : bare.join(', ');
}

/** 'Goals Dashboard FY2026 - All files'. */
const reportName = (d: GoalsDashboard, names: string[], all: boolean) =>
  `${GOALS_TITLE} FY${d.fiscalYear} - ${filesInWords(names, all)}`;

const baseInWords = (d: GoalsDashboard) =>
  d.nonAddressableCategories.length === 0
    ? 'Addressable spend (all spend: no category is marked non-addressable)'
    : `Addressable spend (all spend except ${d.nonAddressableCategories.join(', ')})`;

function headline(d: GoalsDashboard) {
  const o = d.overall;
  return [
    { label: GOALS_WORDS.addressable, value: formatMoney(d.addressableSpend) },
    { label: GOALS_WORDS.nonAddressable, value: formatMoney(d.nonAddressableSpend) },
    ...(o
      ? [
          { label: GOALS_WORDS.overallTarget, value: `${o.target.toFixed(2)}%` },
          {
            label: GOALS_WORDS.diverseShare,
            value: o.share === null ? '—' : `${o.share.toFixed(2)}%`,
          },
          { label: GOALS_WORDS.stillNeeded, value: formatMoney(o.stillNeeded) },
          { label: GOALS_WORDS.status, value: GOAL_STATUS_LABELS[o.status] },
        ]
      : [{ label: GOALS_WORDS.overallTarget, value: GOALS_WORDS.noTarget }]),
  ];
}

export async function goalsReport(
  db: DbOrTx,
  scope: GoalScope,
  fiscalYear: number | undefined,
  countingRule?: CountingRule,
): Promise<ReportContent> {
  const [d, names] = await Promise.all([
    dashboardFor(db, scope, fiscalYear, countingRule),
    fileNames(db, scope),
  ]);
  const all = scope.selectedIds.length === 0;
  const tableRows = goalsTableRows(d);
  return {
    title: GOALS_TITLE,
    filters: [
      ['Fiscal year', d.label],
      ['Files', all ? `All files (${names.length})` : names.join(', ')],
      ['Base', baseInWords(d)],
      ['Counting rule', ruleInWords(d.countingRule)],
    ],
    fileName: reportName(d, names, all),
    figures: headline(d),
    analysis: {
      title: GOALS_WORDS.analysis,
      reportKey: reportKey('goals', { files: scope.selectedIds, year: d.fiscalYear }),
    },
    sections: [
      {
        kind: 'chart',
        title: GOALS_WORDS.progress,
        subtitle: `${d.label}: ${GOALS_WORDS.progressSubtitle(d.monthsElapsed)}`,
        option: goalProgressOption(d),
        height: 260,
        native: {
          type: 'line',
          categories: d.months.map(monthLabel),
          series: [
            { name: GOALS_WORDS.actual, values: d.cumulativeActual },
            ...(d.overall ? [{ name: GOALS_WORDS.goal, values: d.cumulativeGoal }] : []),
            { name: GOALS_WORDS.projection, values: d.projection },
          ],
          format: 'money',
          colors: [
            GOAL_COLORS.actual,
            ...(d.overall ? [GOAL_COLORS.goal] : []),
            GOAL_COLORS.projection,
          ],
        },
      },
      {
        kind: 'table',
        title: GOALS_WORDS.targets,
        subtitle: baseInWords(d),
        table: {
          columns: [
            { header: GOALS_WORDS.target, width: 3 },
            { header: GOALS_WORDS.goalPercent, kind: 'percent' },
            { header: GOALS_WORDS.actualPercent, kind: 'percent' },
            { header: GOALS_WORDS.actual, kind: 'money', width: 1.5 },
            { header: GOALS_WORDS.projectedYearEnd, kind: 'money', width: 1.5 },
            { header: GOALS_WORDS.goalYearEnd, kind: 'money', width: 1.5 },
            { header: GOALS_WORDS.stillNeeded, kind: 'money', width: 1.5 },
            { header: GOALS_WORDS.status, width: 1.1 },
          ],
          rows: tableRows.map((r) => [
            goalRowLabel(r),
            r.target,
            r.share ?? '',
            r.actual,
            r.projectedActual,
            r.goalAtYearEnd,
            r.stillNeeded,
            GOAL_STATUS_LABELS[r.status],
          ]),
        },
      },
    ],
  };
}

export const GOALS_REPORT: ReportDefinition<typeof goalsReportBody> = {
  key: 'goals',
  description:
    'The Goals Dashboard of a fiscal year for the selected files (body {selectedIds, fiscalYear?, countingRule?, locale?, analysis?}; ids of other organisations answer 404)',
  access: ACCESS.supplierAndSpend.createReport,
  body: goalsReportBody,
  build: ({ db, clientRef }, params) =>
    goalsReport(
      db,
      { clientRef, selectedIds: [...new Set(params.selectedIds)] },
      params.fiscalYear,
      params.countingRule,
    ),
};

export const goalsExcelParams = goalsDashboardRequestSchema.extend({
  analysis: z.string().optional(),
});

/** The workbook: the targets, the months, and the parameters with the base in words. */
export async function goalsWorkbook(
  db: DbOrTx,
  scope: GoalScope,
  fiscalYear: number | undefined,
  countingRule?: CountingRule,
): Promise<{
  title: string;
  fileName: string;
  parameters: [string, SummaryValue][];
  sheets: Sheet[];
}> {
  const [d, names] = await Promise.all([
    dashboardFor(db, scope, fiscalYear, countingRule),
    fileNames(db, scope),
  ]);
  const all = scope.selectedIds.length === 0;
  const o = d.overall;
  return {
    title: GOALS_TITLE,
    fileName: reportName(d, names, all),
    parameters: [
      ['Fiscal year', d.label],
      ['Files', all ? `All files (${names.length})` : names.join(', ')],
      ['Generated', summary.date(new Date().toISOString().slice(0, 10))],
      ['Base', baseInWords(d)],
      ['Counting rule', ruleInWords(d.countingRule)],
      ['Total Spend', summary.money(d.totalSpend)],
      [GOALS_WORDS.nonAddressable, summary.money(d.nonAddressableSpend)],
      [GOALS_WORDS.addressable, summary.money(d.addressableSpend)],
      ['Months paid', summary.integer(d.monthsElapsed)],
      ...(o
        ? ([
            [GOALS_WORDS.overallTarget, summary.percent(o.target)],
            [GOALS_WORDS.diverseShare, summary.percent(o.share ?? 0)],
            [GOALS_WORDS.stillNeeded, summary.money(o.stillNeeded)],
            [GOALS_WORDS.status, GOAL_STATUS_LABELS[o.status]],
          ] as [string, SummaryValue][])
        : []),
    ],
    sheets: [
      {
        name: 'Targets',
        columns: [
          { header: 'Kind', key: 'kind', width: 12 },
          { header: GOALS_WORDS.target, key: 'name', width: 26 },
          { header: GOALS_WORDS.goalPercent, key: 'target', kind: 'percent' },
          { header: GOALS_WORDS.actualPercent, key: 'share', kind: 'percent' },
          { header: GOALS_WORDS.actual, key: 'actual', kind: 'money', width: 18 },
          { header: 'Base', key: 'base', kind: 'money', width: 18 },
          {
            header: GOALS_WORDS.projectedYearEnd,
            key: 'projectedActual',
            kind: 'money',
            width: 18,
          },
          { header: GOALS_WORDS.goalYearEnd, key: 'goalAtYearEnd', kind: 'money', width: 18 },
          { header: GOALS_WORDS.stillNeeded, key: 'stillNeeded', kind: 'money', width: 18 },
          { header: GOALS_WORDS.status, key: 'status', width: 14 },
        ],
        rows: goalsTableRows(d).map((r) => ({
          ...r,
          kind:
            r.kind === 'overall'
              ? 'Overall'
              : r.kind === 'diversity'
                ? 'Diversity'
                : r.kind === 'program'
                  ? 'Program'
                  : 'Category',
          name: goalRowLabel(r),
          share: r.share,
          status: GOAL_STATUS_LABELS[r.status],
        })),
      },
      {
        name: 'Month by Month',
        columns: [
          { header: 'Month', key: 'month', width: 12 },
          { header: `${GOALS_WORDS.actual} (cumulative)`, key: 'actual', kind: 'money', width: 22 },
          { header: `${GOALS_WORDS.goal} (cumulative)`, key: 'goal', kind: 'money', width: 22 },
          { header: GOALS_WORDS.projection, key: 'projection', kind: 'money', width: 22 },
        ],
        rows: d.months.map((m, i) => ({
          month: m,
          actual: d.cumulativeActual[i],
          goal: d.cumulativeGoal[i],
          projection: d.projection[i],
        })),
      },
    ],
  };
}
