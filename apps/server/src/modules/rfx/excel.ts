/**
 * The RFx workbooks: the list download and the dashboard's Excel export, built from records and
 * figures the server computed (never from numbers the browser sent).
 */
import { DIVERSITY_NAMES, MULTI_TYPE_NOTE, diversityLabel } from '@spotzcity/shared/diversity';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import {
  rfxPeriodTitle,
  type RfxPeriod,
  type RfxRecord,
  type Sourcing,
} from '@spotzcity/shared/rfx';
import { excelDate, summary, type Sheet, type WorkbookMeta } from '../../platform/exports.ts';

const reasonOf = (s: RfxRecord['rfxSupplier'][number]) =>
  s.reasonForLoss === 'Other' && s.reasonForLossOther
    ? `Other: ${s.reasonForLossOther}`
    : (s.reasonForLoss ?? '');

const types = (list: string[]) => list.map(diversityLabel).join(', ');

export function rfxListSheets(records: RfxRecord[]): Sheet[] {
  return [
    {
      name: 'RFx',
      columns: [
        { header: 'RFx Number', key: 'rfxNumber', width: 16 },
        { header: 'RFx Name', key: 'rfxName', width: 36 },
        { header: 'Type', key: 'type', width: 8 },
        { header: 'Category', key: 'category', width: 22 },
        { header: 'Category Manager POC', key: 'categoryManager', width: 22 },
        { header: 'Start Date', key: 'startDate', kind: 'date', width: 12 },
        { header: 'Date Submitted', key: 'submitDate', kind: 'date', width: 15 },
        { header: 'Contract Value', key: 'contractValue', kind: 'money', width: 16 },
        { header: 'Completed', key: 'rfxCompleted', width: 11 },
        { header: 'Status', key: 'status', width: 13 },
        { header: 'Suppliers', key: 'supplierCount', kind: 'integer', width: 10 },
      ],
      rows: records.map((r) => ({
        ...r,
        categoryManager: r.categoryManager ?? '',
        startDate: excelDate(r.startDate),
        submitDate: excelDate(r.submitDate),
      })),
    },
    {
      name: "Supplier's Data",
      columns: [
        { header: 'RFx Number', key: 'rfxNumber', width: 16 },
        { header: 'Supplier', key: 'supplier', width: 32 },
        { header: 'Diversity Category', key: 'diversity', width: 22 },
        { header: 'Ethnicity Category', key: 'ethnicity', width: 20 },
        { header: 'Deals', key: 'deals', width: 8 },
        { header: 'Point of Contact', key: 'pointOfContact', width: 22 },
        { header: 'Reason for Loss', key: 'reason', width: 40 },
      ],
      rows: records.flatMap((r) =>
        r.rfxSupplier.map((s) => ({
          rfxNumber: r.rfxNumber,
          supplier: s.supplierIncluded,
          diversity: types(s.diversityCategory),
          ethnicity: s.ethenicityCategory ?? '',
          deals: s.deals ?? '',
          pointOfContact: s.pointOfContact ?? '',
          reason: reasonOf(s),
        })),
      ),
    },
  ];
}

export interface RfxDashboardFigures {
  period: RfxPeriod;
  rows: RfxRecord[];
  graph: Record<string, number>;
  sourcing: Sourcing;
  analysis?: string | undefined;
}

export function rfxDashboardWorkbook(figures: RfxDashboardFigures): {
  meta: WorkbookMeta;
  sheets: Sheet[];
} {
  const { period, rows, graph, sourcing } = figures;
  const sourcingRow = (label: string, r: Omit<Sourcing['rows'][number], 'diversityType'>) => ({
    label,
    invited: r.invited,
    invitedShare: r.invitedShare,
    won: r.won,
    wonShare: r.wonShare,
    wonValue: r.wonValue,
    wonValueShare: r.wonValueShare,
  });
  return {
    meta: {
      title: rfxPeriodTitle(period),
      parameters: [
        ['Period', `${period.quaters.join('-')} ${period.year} (by RFx start date)`],
        ['RFx in period', summary.integer(rows.length)],
        ['Suppliers invited', summary.integer(sourcing.totals.invited)],
        ['Deals won', summary.integer(sourcing.totals.won)],
        ['Contract value won', summary.money(sourcing.totals.wonValue)],
        ['Contract value won by diverse suppliers', summary.money(sourcing.diverse.wonValue)],
        ['Diversity types', MULTI_TYPE_NOTE],
      ],
      analysis: figures.analysis,
    },
    sheets: [
      {
        name: 'RFx',
        columns: [
          { header: 'RFx', key: 'rfxName', width: 36 },
          { header: 'RFx Number', key: 'rfxNumber', width: 16 },
          { header: 'RFx Type', key: 'type', width: 9 },
          { header: 'Start Date', key: 'startDate', kind: 'date', width: 12 },
          { header: 'Submitted', key: 'submited', kind: 'date', width: 12 },
          { header: 'Number of Suppliers', key: 'supplierCount', kind: 'integer', width: 19 },
          { header: 'Status', key: 'status', width: 13 },
          { header: 'Contract Value', key: 'contractValue', kind: 'money', width: 16 },
        ],
        rows: rows.map((r) => ({
          ...r,
          startDate: excelDate(r.startDate),
          submited: excelDate(r.submited),
        })),
      },
      {
        name: 'Contract Value',
        columns: [
          { header: 'Diversity Type', key: 'label', width: 16 },
          { header: 'Meaning', key: 'name', width: 40 },
          { header: 'Contract Value (won deals)', key: 'value', kind: 'money', width: 26 },
        ],
        rows: DIVERSITY_TYPES.map((type) => ({
          label: diversityLabel(type),
          name: DIVERSITY_NAMES[type],
          value: graph[type] ?? 0,
        })),
      },
      {
        name: 'Diversity in Sourcing',
        columns: [
          { header: 'Suppliers', key: 'label', width: 26 },
          { header: 'Invitations', key: 'invited', kind: 'integer', width: 12 },
          { header: '% of Invitations', key: 'invitedShare', kind: 'percent', width: 16 },
          { header: 'Deals Won', key: 'won', kind: 'integer', width: 11 },
          { header: '% of Deals Won', key: 'wonShare', kind: 'percent', width: 15 },
          { header: 'Contract Value Won', key: 'wonValue', kind: 'money', width: 20 },
          { header: '% of Value Won', key: 'wonValueShare', kind: 'percent', width: 15 },
        ],
        rows: [
          sourcingRow('All diverse suppliers', sourcing.diverse),
          ...sourcing.rows.map((r) => sourcingRow(diversityLabel(r.diversityType), r)),
          sourcingRow('All suppliers', {
            invited: sourcing.totals.invited,
            invitedShare: sourcing.totals.invited ? 100 : 0,
            won: sourcing.totals.won,
            wonShare: sourcing.totals.won ? 100 : 0,
            wonValue: sourcing.totals.wonValue,
            wonValueShare: sourcing.totals.wonValue ? 100 : 0,
          }),
        ],
      },
    ],
  };
}
