/** The contract dashboard for a year as a server-built report, from the dashboard's own queries. */
import { z } from 'zod';
import {
  CONTRACT_COLORS,
  CONTRACT_WORDS,
  completedOption,
  diverseValueOption,
  percentOption,
} from '@spotzcity/shared/charts/contracts';
import { contractDashboardTitle, contractYearSchema } from '@spotzcity/shared/contracts';
import { DIVERSITY_LABELS } from '@spotzcity/shared/diversity';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/reports';
import { reportRequestShape, type ReportDefinition } from '../../platform/reports/register.ts';
import { contractDashboardFigures } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const contractReportBody = z.object({ ...contractYearSchema.shape, ...reportRequestShape });

const types = (list: string[]) =>
  list.map((t) => DIVERSITY_LABELS[t as keyof typeof DIVERSITY_LABELS] ?? t).join(', ');

export const CONTRACT_REPORT: ReportDefinition<typeof contractReportBody> = {
  key: 'contract',
  description: 'The contract dashboard for a year (body {year, locale?, analysis?})',
  access: ACCESS.contract.createReport,
  body: contractReportBody,
  async build({ db, clientRef }, { year }) {
    const {
      months,
      total,
      percentage,
      newContracts: fresh,
    } = await contractDashboardFigures(db, { clientRef, year });
    const diverseValue = months.reduce((sum, m) => sum + Math.round(m.diverseValue * 100), 0) / 100;
    return {
      title: contractDashboardTitle(year),
      filters: [['Year', `${year} (contracts in force, completing and starting in ${year})`]],
      fileName: contractDashboardTitle(year),
      figures: [
        {
          label: CONTRACT_WORDS.totalDiverse,
          value: `${total.totalDiverseContracts} of ${total.totalContracts}`,
        },
        { label: CONTRACT_WORDS.percent, value: `${percentage.diverse.toFixed(2)}%` },
        { label: CONTRACT_WORDS.diverseValue, value: formatMoney(diverseValue) },
        { label: CONTRACT_WORDS.newContracts, value: String(fresh.length) },
      ],
      sections: [
        {
          kind: 'chart',
          title: CONTRACT_WORDS.completedTitle,
          subtitle: CONTRACT_WORDS.completedSubtitle,
          option: completedOption(months),
          height: 240,
          native: {
            type: 'bar',
            stacked: true,
            categories: months.map((m) => m.month),
            series: [
              { name: CONTRACT_WORDS.diverse, values: months.map((m) => m.completedDiverse) },
              { name: CONTRACT_WORDS.nonDiverse, values: months.map((m) => m.completedNonDiverse) },
            ],
            format: 'integer',
            colors: [CONTRACT_COLORS.diverse, CONTRACT_COLORS.nonDiverse],
          },
        },
        {
          kind: 'chart',
          title: CONTRACT_WORDS.percentTitle,
          subtitle: CONTRACT_WORDS.percentSubtitle,
          option: percentOption(percentage),
          height: 240,
          native: {
            type: 'doughnut',
            categories: [CONTRACT_WORDS.diverse, CONTRACT_WORDS.nonDiverse],
            series: [
              {
                name: CONTRACT_WORDS.contracts,
                values: [percentage.diverseCount, percentage.nonDiverseCount],
              },
            ],
            format: 'integer',
            colors: [CONTRACT_COLORS.diverse, CONTRACT_COLORS.nonDiverse],
          },
          table: {
            columns: [
              { header: 'Awardee', width: 1.4 },
              { header: CONTRACT_WORDS.contracts, kind: 'integer' },
              { header: 'Percent', kind: 'percent' },
            ],
            rows: [
              [CONTRACT_WORDS.diverse, percentage.diverseCount, percentage.diverse],
              [CONTRACT_WORDS.nonDiverse, percentage.nonDiverseCount, percentage.nonDiverse],
            ],
          },
        },
        {
          kind: 'chart',
          title: CONTRACT_WORDS.valueTitle,
          subtitle: CONTRACT_WORDS.valueSubtitle,
          option: diverseValueOption(months),
          height: 240,
          native: {
            type: 'bar',
            categories: months.map((m) => m.month),
            series: [
              { name: CONTRACT_WORDS.valueTitle, values: months.map((m) => m.diverseValue) },
            ],
            format: 'money',
            colors: ['#10b981'],
          },
        },
        {
          kind: 'table',
          title: CONTRACT_WORDS.newTitle,
          subtitle: `Starting in ${year}, largest first`,
          table: {
            columns: [
              { header: CONTRACT_WORDS.supplierName, width: 2.4 },
              { header: CONTRACT_WORDS.diversity, width: 1.4 },
              { header: CONTRACT_WORDS.contractValue, kind: 'money', width: 1.3 },
              { header: 'Contract Number', width: 1.3 },
              { header: 'Start Date', kind: 'date' },
            ],
            rows: fresh.map((c) => [
              c.supplierName,
              types(c.diversity),
              c.contractValue,
              c.contractNumber,
              c.startDate,
            ]),
          },
        },
      ],
      analysis: {
        title: CONTRACT_WORDS.analysisTitle,
        reportKey: reportKey('contracts', { year }),
      },
    };
  },
};
