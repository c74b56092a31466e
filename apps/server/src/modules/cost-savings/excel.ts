/**
 * The cost savings workbook (`POST /api/excel/cost`): the dashboard's figures recomputed with the
 * dashboard's own queries, plus the cases they come from. The browser only names the years and
 * sends the analysis text it shows.
 */
import { savingsKey } from '@spotzcity/shared/cost-savings';
import { MULTI_TYPE_NOTE, diversityLabel } from '@spotzcity/shared/diversity';
import type { DbOrTx } from '../../db/client.ts';
import { summary, type Sheet, type WorkbookMeta } from '../../platform/exports.ts';
import {
  allCostSavings,
  savingPerCategory,
  savingPerDiversity,
  totalCostSaving,
} from './service.ts';

export const COST_REPORT_TITLE = 'Cost Savings Dashboard';

export async function costSavingWorkbook(
  db: DbOrTx,
  clientRef: number,
  parameters: { years: number[]; analysis?: string | undefined },
): Promise<{ meta: WorkbookMeta; sheets: Sheet[] }> {
  const { years } = parameters;
  const [perYear, perCategory, perDiversity, cases] = await Promise.all([
    totalCostSaving(db, clientRef, years),
    savingPerCategory(db, clientRef, years),
    savingPerDiversity(db, clientRef, years),
    allCostSavings(db, clientRef, years),
  ]);
  const covered = perYear.map((y) => y.year);
  const caseYears = [...new Set(cases.flatMap((c) => c.yearsOfContract))].sort((a, b) => a - b);

  const meta: WorkbookMeta = {
    title: COST_REPORT_TITLE,
    parameters: [
      [
        'Years',
        years.length
          ? years.join(', ')
          : covered.length
            ? `All years (${covered[0]}–${covered.at(-1)})`
            : 'All years',
      ],
      [
        'Total Cost Savings',
        summary.money(perYear.reduce((sum, y) => sum + Math.round(y.totalSaving * 100), 0) / 100),
      ],
      [
        years.length ? 'Cost saving cases saving in these years' : 'Cost saving cases',
        summary.integer(cases.length),
      ],
      ['Generated', summary.date(new Date().toISOString().slice(0, 10))],
      ['Savings by Diversity', MULTI_TYPE_NOTE],
    ],
    analysis: parameters.analysis,
  };

  const sheets: Sheet[] = [
    {
      name: 'Total Cost Savings',
      columns: [
        { header: 'Year', key: 'year', kind: 'year', width: 10 },
        { header: 'Total Savings', key: 'totalSaving', kind: 'money', width: 18 },
      ],
      rows: perYear,
    },
    {
      name: 'Savings Per Category',
      columns: [
        { header: 'Category', key: 'category', width: 32 },
        { header: 'Total Savings', key: 'totalSaving', kind: 'money', width: 18 },
        ...covered.map((year) => ({
          header: String(year),
          key: `y${year}`,
          kind: 'money' as const,
          width: 16,
        })),
      ],
      rows: perCategory.map((c) => ({
        category: c.category,
        totalSaving: c.totalSaving,
        ...Object.fromEntries(covered.map((year) => [`y${year}`, c.yearlySaving[year] ?? 0])),
      })),
    },
    {
      name: 'Savings by Diversity',
      columns: [
        { header: 'Diversity', key: 'diversity', width: 16 },
        { header: 'Direct %', key: 'directShare', kind: 'percent', width: 12 },
        { header: 'Indirect %', key: 'indirectShare', kind: 'percent', width: 12 },
        { header: 'Direct Savings', key: 'direct', kind: 'money', width: 18 },
        { header: 'Indirect Savings', key: 'indirect', kind: 'money', width: 18 },
      ],
      rows: perDiversity.map((d) => ({
        diversity: diversityLabel(d.ethnicity),
        directShare: d.data.Direct,
        indirectShare: d.data.Indirect,
        direct: d.amounts.Direct,
        indirect: d.amounts.Indirect,
      })),
    },
    {
      name: 'Cost Saving Cases',
      columns: [
        { header: 'RFx or Opportunity Name', key: 'rfxOrOpportunityName', width: 24 },
        { header: 'Winner Vendor Name', key: 'winnerVandorName', width: 28 },
        { header: 'Business Category', key: 'businessCategory', width: 26 },
        { header: 'Procurement', key: 'precurementDirOrIndir', width: 12 },
        { header: 'Current or New Supplier', key: 'currentOrNewSuppliers', width: 20 },
        { header: 'Vendor Diversity', key: 'diversity', width: 18 },
        { header: 'Vendor Ethnicity', key: 'vendorEthnicityCategory', width: 20 },
        { header: 'Contract Amount', key: 'currentContractAmount', kind: 'money', width: 18 },
        { header: 'Current Spend Per Item', key: 'currentSpendPerItem', kind: 'money', width: 18 },
        {
          header: 'Newly Quoted Contract Amount',
          key: 'newlyQuotedCotractAmount',
          kind: 'money',
          width: 20,
        },
        {
          header: 'Newly Quoted Amount Per Time',
          key: 'newlyQuotedAmountPerTime',
          kind: 'money',
          width: 20,
        },
        { header: 'Contract Years', key: 'contractYears', kind: 'integer', width: 10 },
        { header: 'Start Date', key: 'startDate', kind: 'date', width: 12 },
        { header: 'End Date', key: 'endDate', kind: 'date', width: 12 },
        { header: 'Total Savings', key: 'totalSavings', kind: 'money', width: 18 },
        ...caseYears.map((year) => ({
          header: `Savings ${year}`,
          key: savingsKey(year),
          kind: 'money' as const,
          width: 16,
        })),
      ],
      rows: cases.map((c) => ({
        ...c,
        ...c.yearlySavings,
        diversity: c.vendorDiversityCategory.map(diversityLabel).join(', '),
        vendorEthnicityCategory: c.vendorEthnicityCategory ?? '',
      })),
    },
  ];
  return { meta, sheets };
}
