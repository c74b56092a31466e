/** The RFx dashboard as a server-built report (PPTX and PDF), from the dashboard's own queries. */
import { z } from 'zod';
import { RFX_WORDS, contractValueOption } from '@spotzcity/shared/charts/rfx';
import { DIVERSITY_LABELS, MULTI_TYPE_NOTE, NON_DIVERSE } from '@spotzcity/shared/diversity';
import { DIVERSITY_TYPES } from '@spotzcity/shared/enums';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/reports';
import { rfxPeriodSchema, rfxPeriodTitle, type RfxPeriod } from '@spotzcity/shared/rfx';
import { reportRequestShape, type ReportDefinition } from '../../platform/reports/register.ts';
import { allDashboardRows, contractValueGraph, sourcing } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const rfxReportBody = z.object({ ...rfxPeriodSchema.shape, ...reportRequestShape });

/** 'RFx Dashboard - Q1-Q2 2025': what file names and titles call the period. */
export const rfxReportName = (period: RfxPeriod) =>
  `RFx Dashboard - ${period.quaters.join('-')} ${period.year}`;

export const RFX_REPORT: ReportDefinition<typeof rfxReportBody> = {
  key: 'rfx',
  description:
    'The RFx dashboard for quarters and a year (body {quaters, year, locale?, analysis?})',
  access: ACCESS.rfx.createReport,
  body: rfxReportBody,
  async build({ db, clientRef }, { quaters, year }) {
    const period = { quaters, year };
    const scope = { clientRef, period };
    const [rows, graph, view] = await Promise.all([
      allDashboardRows(db, scope),
      contractValueGraph(db, scope),
      sourcing(db, scope),
    ]);
    const share = (part: number, of: number) => (of > 0 ? ` (${part} diverse)` : '');
    return {
      title: rfxPeriodTitle(period),
      filters: [['Period', `${quaters.join('-')} ${year} (by RFx start date)`]],
      fileName: rfxReportName(period),
      figures: [
        { label: 'RFx in period', value: String(view.totals.rfxCount) },
        {
          label: 'Supplier invitations',
          value: `${view.totals.invited}${share(view.diverse.invited, view.totals.invited)}`,
        },
        {
          label: 'Deals won',
          value: `${view.totals.won}${share(view.diverse.won, view.totals.won)}`,
        },
        { label: 'Contract value won', value: formatMoney(view.totals.wonValue) },
        { label: 'Won by diverse suppliers', value: formatMoney(view.diverse.wonValue) },
      ],
      sections: [
        {
          kind: 'table',
          title: RFX_WORDS.tableTitle,
          subtitle: `RFx whose start date falls in ${quaters.join(', ')} of ${year}`,
          table: {
            columns: [
              { header: RFX_WORDS.rfx, width: 3 },
              { header: 'RFx Number', width: 1.4 },
              { header: RFX_WORDS.rfxType, width: 0.9 },
              { header: RFX_WORDS.startDate, kind: 'date', width: 1.1 },
              { header: RFX_WORDS.submitted, kind: 'date', width: 1.1 },
              { header: RFX_WORDS.suppliers, kind: 'integer', width: 1.3 },
              { header: RFX_WORDS.status, width: 1.2 },
            ],
            rows: rows.map((r) => [
              r.rfxName,
              r.rfxNumber,
              r.type,
              r.startDate,
              r.submited,
              r.supplierCount,
              r.status,
            ]),
          },
        },
        {
          kind: 'chart',
          title: RFX_WORDS.chartTitle,
          subtitle: 'Won deals by diversity type of the winning supplier',
          note: MULTI_TYPE_NOTE,
          option: contractValueOption(graph),
          height: 260,
          native: {
            type: 'bar',
            categories: DIVERSITY_TYPES.map((t) => DIVERSITY_LABELS[t]),
            series: [
              { name: RFX_WORDS.chartTitle, values: DIVERSITY_TYPES.map((t) => graph[t] ?? 0) },
            ],
            format: 'money',
            // As on the screen: Non-Diverse grey, every diversity type indigo.
            colors: DIVERSITY_TYPES.map((t) => (t === NON_DIVERSE ? '#94a3b8' : '#4f46e5')),
          },
        },
        {
          kind: 'table',
          title: 'Diversity in Sourcing',
          subtitle:
            'Share of diverse suppliers at each step of sourcing: invited, deals won, contract value won',
          table: {
            columns: [
              { header: 'Suppliers', width: 1.6 },
              { header: 'Invitations', kind: 'integer' },
              { header: '% of Invitations', kind: 'percent' },
              { header: 'Deals Won', kind: 'integer' },
              { header: '% of Deals Won', kind: 'percent' },
              { header: 'Contract Value Won', kind: 'money', width: 1.4 },
              { header: '% of Value Won', kind: 'percent' },
            ],
            rows: [
              [
                'All diverse suppliers',
                view.diverse.invited,
                view.diverse.invitedShare,
                view.diverse.won,
                view.diverse.wonShare,
                view.diverse.wonValue,
                view.diverse.wonValueShare,
              ],
              ...view.rows.map((r) => [
                DIVERSITY_LABELS[r.diversityType],
                r.invited,
                r.invitedShare,
                r.won,
                r.wonShare,
                r.wonValue,
                r.wonValueShare,
              ]),
            ],
          },
        },
      ],
      analysis: {
        title: RFX_WORDS.analysisTitle,
        reportKey: reportKey('rfx', { quaters, year }),
      },
    };
  },
};
