/**
 * The market share dashboard as a server-built report: the totals and shares, the per-category
 * chart, and each treemap as a picture beside every one of its values (labels that do not fit a
 * cell are hidden in the picture, never cut).
 */
import { z } from 'zod';
import {
  MARKET_COLORS,
  MARKET_WORDS,
  byCategoryOption,
  treemapFit,
  treemapOption,
  treemapRects,
} from '@spotzcity/shared/charts/market-share';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import {
  MARKET_SHARE_MESSAGES,
  SPAN_LABELS,
  marketExcelDataSchema,
  type RevenueTree,
} from '@spotzcity/shared/market-share';
import { percentShares } from '@spotzcity/shared/percent';
import { reportKey } from '@spotzcity/shared/reports';
import type { PictureSection } from '../../platform/reports/document.ts';
import { reportRequestShape, type ReportDefinition } from '../../platform/reports/register.ts';
import { categoryGraph, revenueTree, type MarketScope } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

/** The report parameters of the Excel export (span, spanKeys, fromDate, toDate, analysis). */
const parameters = marketExcelDataSchema.shape;

export const marketReportBody = z
  .object({ ...parameters, ...reportRequestShape })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    path: ['toDate'],
    error: MARKET_SHARE_MESSAGES.invalidPeriod,
  });

type Params = Pick<MarketScope, 'span' | 'spanKeys' | 'fromDate' | 'toDate'>;

/** 'Market Share Dashboard - State TX, CA - 2025-01-01 to 2025-12-31'. */
export function marketReportName(params: Params) {
  const keys = params.spanKeys.length
    ? params.spanKeys.length > 4
      ? `${params.spanKeys.slice(0, 4).join(', ')} and ${params.spanKeys.length - 4} more`
      : params.spanKeys.join(', ')
    : 'All';
  const period =
    params.fromDate || params.toDate
      ? ` - ${params.fromDate ?? 'start'} to ${params.toDate ?? 'today'}`
      : '';
  return `${MARKET_WORDS.title} - ${SPAN_LABELS[params.span]} ${keys}${period}`;
}

function treemapSection(
  title: string,
  spanLabel: string,
  tree: RevenueTree,
  shades: readonly string[],
): PictureSection {
  const shares = percentShares(tree.map((node) => node.value.toFixed(2)));
  return {
    kind: 'picture',
    title,
    subtitle: 'A value whose name does not fit its cell is in the table only',
    option: treemapOption(tree, shades, title),
    relayout: (chart) =>
      treemapOption(tree, shades, title, treemapFit(tree, treemapRects(chart, tree))),
    table: {
      columns: [
        { header: spanLabel, width: 2 },
        { header: 'Spend', kind: 'money', width: 1.6 },
        { header: 'Share %', kind: 'percent' },
      ],
      rows: tree.map((node, i) => [node.name, node.value, shares[i] ?? 0]),
    },
  };
}

export const MARKET_REPORT: ReportDefinition<typeof marketReportBody> = {
  key: 'market',
  description:
    'The market share dashboard for report parameters (body {span, spanKeys, fromDate?, toDate?, locale?, analysis?})',
  access: ACCESS.marketShare.createReport,
  body: marketReportBody,
  async build({ db, clientRef }, params) {
    const { span, spanKeys, fromDate, toDate } = params;
    const scope: MarketScope = { clientRef, span, spanKeys, fromDate, toDate };
    const [graph, diverse, nonDiverse] = await Promise.all([
      categoryGraph(db, scope),
      revenueTree(db, scope, true),
      revenueTree(db, scope, false),
    ]);
    const spanLabel = SPAN_LABELS[span];
    const period =
      fromDate || toDate
        ? `${fromDate ? formatDate(fromDate) : '…'} – ${toDate ? formatDate(toDate) : '…'}`
        : 'All payment dates';
    return {
      title: MARKET_WORDS.title,
      filters: [
        [spanLabel, spanKeys.length ? spanKeys.join(', ') : 'All'],
        ['Period', period],
      ],
      fileName: marketReportName(scope),
      figures: [
        { label: MARKET_WORDS.overallSpend, value: formatMoney(graph.overallTotal) },
        { label: MARKET_WORDS.diverseSpend, value: formatMoney(graph.diverseTotal) },
        { label: MARKET_WORDS.nonDiverseSpend, value: formatMoney(graph.nonDiverseTotal) },
        { label: MARKET_WORDS.diverseShare, value: `${graph.diverseShare.toFixed(2)}%` },
        { label: MARKET_WORDS.nonDiverseShare, value: `${graph.nonDiverseShare.toFixed(2)}%` },
      ],
      sections: [
        {
          kind: 'chart',
          title: MARKET_WORDS.byCategory,
          option: byCategoryOption(graph.data),
          height: 280,
          native: {
            type: 'bar',
            categories: graph.data.map((d) => d.category),
            series: [
              { name: MARKET_WORDS.diverse, values: graph.data.map((d) => d.diverse) },
              { name: MARKET_WORDS.nonDiverse, values: graph.data.map((d) => d.nonDiverse) },
            ],
            format: 'money',
            colors: [MARKET_COLORS.diverse, MARKET_COLORS.nonDiverse],
          },
          table: {
            columns: [
              { header: 'Category', width: 2 },
              { header: 'Diverse Spend', kind: 'money', width: 1.4 },
              { header: 'Non Diverse Spend', kind: 'money', width: 1.4 },
            ],
            rows: graph.data.map((d) => [d.category, d.diverse, d.nonDiverse]),
          },
        },
        treemapSection(
          MARKET_WORDS.diverseRevenue.replace('{{span}}', spanLabel),
          spanLabel,
          diverse,
          MARKET_COLORS.diverseShades,
        ),
        treemapSection(
          MARKET_WORDS.nonDiverseRevenue.replace('{{span}}', spanLabel),
          spanLabel,
          nonDiverse,
          MARKET_COLORS.nonDiverseShades,
        ),
      ],
      analysis: {
        title: MARKET_WORDS.analysis,
        reportKey: reportKey('marketShare', {
          span,
          spanKeys,
          fromDate: fromDate ?? '',
          toDate: toDate ?? '',
        }),
      },
    };
  },
};
