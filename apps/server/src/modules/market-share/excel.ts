/**
 * The market share workbook (`POST /api/excel/market`): the dashboard's figures recomputed with the
 * dashboard's own queries for the parameters the browser names, plus its analysis text.
 */
import { SPAN_LABELS } from '@spotzcity/shared/market-share';
import { percentShares } from '@spotzcity/shared/percent';
import type { DbOrTx } from '../../db/client.ts';
import { summary, type Sheet, type WorkbookMeta } from '../../platform/exports.ts';
import { categoryGraph, revenueTree, type MarketScope } from './service.ts';

export const MARKET_REPORT_TITLE = 'Market Share Dashboard';

function treeSheet(
  name: string,
  spanLabel: string,
  tree: { name: string; value: number }[],
): Sheet {
  const shares = percentShares(tree.map((node) => node.value.toFixed(2)));
  return {
    name,
    columns: [
      { header: spanLabel, key: 'name', width: 28 },
      { header: 'Spend', key: 'value', kind: 'money', width: 18 },
      { header: 'Share %', key: 'share', kind: 'percent', width: 12 },
    ],
    rows: tree.map((node, i) => ({ ...node, share: shares[i] ?? 0 })),
  };
}

export async function marketShareWorkbook(
  db: DbOrTx,
  scope: MarketScope,
  analysis: string | undefined,
): Promise<{ meta: WorkbookMeta; sheets: Sheet[] }> {
  const [graph, diverse, nonDiverse] = await Promise.all([
    categoryGraph(db, scope),
    revenueTree(db, scope, true),
    revenueTree(db, scope, false),
  ]);
  const spanLabel = SPAN_LABELS[scope.span];
  const meta: WorkbookMeta = {
    title: MARKET_REPORT_TITLE,
    parameters: [
      ['Span', spanLabel],
      [`${spanLabel} values`, scope.spanKeys.length ? scope.spanKeys.join(', ') : 'All'],
      [
        'Period',
        scope.fromDate || scope.toDate
          ? `${scope.fromDate ?? '…'} to ${scope.toDate ?? '…'}`
          : 'All payment dates',
      ],
      ['Overall Spend', summary.money(graph.overallTotal)],
      ['Total Diverse Spend', summary.money(graph.diverseTotal)],
      ['Total Non Diverse Spend', summary.money(graph.nonDiverseTotal)],
      ['Total Diverse Market Share', summary.percent(graph.diverseShare)],
      ['Total Non Diverse Market Share', summary.percent(graph.nonDiverseShare)],
      ['Generated', summary.date(new Date().toISOString().slice(0, 10))],
      ['Diverse', 'Spend with suppliers holding any diversity type other than NON_DIVERSE.'],
    ],
    analysis,
  };
  const sheets: Sheet[] = [
    {
      name: 'Market Share',
      columns: [
        { header: 'Measure', key: 'measure', width: 34 },
        { header: 'Spend', key: 'spend', kind: 'money', width: 20 },
        { header: 'Market Share %', key: 'share', kind: 'percent', width: 16 },
      ],
      rows: [
        { measure: 'Overall Spend', spend: graph.overallTotal, share: null },
        { measure: 'Total Diverse Spend', spend: graph.diverseTotal, share: graph.diverseShare },
        {
          measure: 'Total Non Diverse Spend',
          spend: graph.nonDiverseTotal,
          share: graph.nonDiverseShare,
        },
      ],
    },
    {
      name: 'By Category',
      columns: [
        { header: 'Category', key: 'category', width: 32 },
        { header: 'Diverse Spend', key: 'diverse', kind: 'money', width: 18 },
        { header: 'Non Diverse Spend', key: 'nonDiverse', kind: 'money', width: 18 },
      ],
      rows: graph.data,
    },
    treeSheet(`Diverse Revenue By ${spanLabel}`, spanLabel, diverse),
    treeSheet(`Non-Diverse Revenue By ${spanLabel}`, spanLabel, nonDiverse),
  ];
  return { meta, sheets };
}
