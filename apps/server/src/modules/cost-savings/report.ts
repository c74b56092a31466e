/** The cost savings dashboard as a server-built report, from the dashboard's own queries. */
import { z } from 'zod';
import {
  COST_WORDS,
  costDiversityLabel,
  savingsByDiversityOption,
  totalCostSavingsOption,
} from '@spotzcity/shared/charts/cost-savings';
import { CHART_COLORS } from '@spotzcity/shared/charts/common';
import { costSavingReportSchema } from '@spotzcity/shared/cost-savings';
import { MULTI_TYPE_NOTE } from '@spotzcity/shared/diversity';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/reports';
import { reportRequestShape, type ReportDefinition } from '../../platform/reports/register.ts';
import { savingPerCategory, savingPerDiversity, totalCostSaving } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const costReportBody = z.object({ ...costSavingReportSchema.shape, ...reportRequestShape });

/** 'Cost Savings Dashboard - 2024, 2025' or '- All years'. */
export const costReportName = (years: number[]) =>
  `${COST_WORDS.title} - ${years.length ? years.join(', ') : COST_WORDS.allYears}`;

export const COST_REPORT: ReportDefinition<typeof costReportBody> = {
  key: 'cost',
  description: 'The cost savings dashboard (body {years?, locale?, analysis?}; none = every year)',
  access: ACCESS.costSaving.createReport,
  body: costReportBody,
  async build({ db, clientRef }, { years }) {
    const [perYear, perCategory, perDiversity] = await Promise.all([
      totalCostSaving(db, clientRef, years),
      savingPerCategory(db, clientRef, years),
      savingPerDiversity(db, clientRef, years),
    ]);
    const covered = perYear.map((y) => y.year);
    const period = years.length
      ? years.join(', ')
      : covered.length
        ? `${COST_WORDS.allYears} (${covered[0]}–${covered.at(-1)})`
        : COST_WORDS.allYears;
    const total = perYear.reduce((sum, y) => sum + Math.round(y.totalSaving * 100), 0) / 100;
    return {
      title: COST_WORDS.title,
      filters: [[COST_WORDS.years, period]],
      fileName: costReportName(years),
      figures: [{ label: COST_WORDS.totalCostSavings, value: formatMoney(total) }],
      sections: [
        {
          kind: 'chart',
          title: COST_WORDS.totalCostSavings,
          option: totalCostSavingsOption(perYear),
          height: 240,
          native: {
            type: 'line',
            categories: covered.map(String),
            series: [
              { name: COST_WORDS.totalCostSavings, values: perYear.map((y) => y.totalSaving) },
            ],
            format: 'money',
          },
          table: {
            columns: [
              { header: 'Year', kind: 'year' },
              { header: COST_WORDS.totalCostSavings, kind: 'money', width: 2 },
            ],
            rows: perYear.map((y) => [y.year, y.totalSaving]),
          },
        },
        {
          kind: 'chart',
          title: COST_WORDS.byDiversity,
          note: MULTI_TYPE_NOTE,
          option: savingsByDiversityOption(perDiversity),
          height: Math.max(180, perDiversity.length * 26 + 50),
          native: {
            type: 'bar',
            direction: 'bar',
            stacked: true,
            categories: perDiversity.map((d) => costDiversityLabel(d.ethnicity)),
            series: [
              { name: COST_WORDS.direct, values: perDiversity.map((d) => d.data.Direct) },
              { name: COST_WORDS.indirect, values: perDiversity.map((d) => d.data.Indirect) },
            ],
            format: 'percent',
            max: 100,
            colors: [CHART_COLORS[0], CHART_COLORS[1]],
          },
          table: {
            columns: [
              { header: 'Diversity', width: 1.2 },
              { header: `${COST_WORDS.direct} %`, kind: 'percent' },
              { header: `${COST_WORDS.indirect} %`, kind: 'percent' },
              { header: `${COST_WORDS.direct} Savings`, kind: 'money', width: 1.4 },
              { header: `${COST_WORDS.indirect} Savings`, kind: 'money', width: 1.4 },
            ],
            rows: perDiversity.map((d) => [
              costDiversityLabel(d.ethnicity),
              d.data.Direct,
              d.data.Indirect,
              d.amounts.Direct,
              d.amounts.Indirect,
            ]),
          },
        },
        {
          kind: 'table',
          title: COST_WORDS.perCategory,
          subtitle: `${COST_WORDS.savingsPerYear}: ${period}`,
          table: {
            columns: [
              { header: COST_WORDS.category, width: 2.4 },
              { header: COST_WORDS.savings, kind: 'money', width: 1.4 },
              ...covered.map((year) => ({
                header: String(year),
                kind: 'money' as const,
                width: 1.2,
              })),
            ],
            rows: perCategory.map((c) => [
              c.category,
              c.totalSaving,
              ...covered.map((year) => c.yearlySaving[year] ?? 0),
            ]),
          },
        },
      ],
      analysis: { title: COST_WORDS.analysis, reportKey: reportKey('costSaving', { years }) },
    };
  },
};
