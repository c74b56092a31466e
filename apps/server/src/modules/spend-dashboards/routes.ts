/**
 * Graph endpoints of the Supplier, Spend and Category Dashboards and their Excel exports
 * (spec 01 points 2, 7; DESIGN.md §6, §7). Paths are the spec's, spelling included.
 *
 * Guards: the graphs answer whoever may see the spend figures or make a report of them
 * (SUPPLIER_SPEND_VIEW or CREATE_SUPPLIER_SPEND_REPORT); an Excel export is a report, so it needs
 * CREATE_SUPPLIER_SPEND_REPORT (docs/spend.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '@spotzcity/shared/api';
import { selectionSchema } from '@spotzcity/shared/spend';
import {
  SPEND_GRAPHS,
  dashboardExcelSchema,
  spendBaseQuerySchema,
  spendRuleQuerySchema,
  type SpendGraphs,
} from '@spotzcity/shared/spend-dashboards';
import type { CountingRule } from '@spotzcity/shared/verified-diversity';
import type { DbOrTx } from '../../db/client.ts';
import { principalOf } from '../../platform/auth.ts';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok } from '../../platform/http.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { categoryWorkbook, spendWorkbook, supplierWorkbook } from './excel.ts';
import { SPEND_REPORTS } from './report.ts';
import * as figures from './service.ts';
import { resolveBase, type Scope } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

/** Each graph's description and figures; its reply's shape is SPEND_GRAPHS's. */
const GRAPHS: {
  [K in keyof SpendGraphs]: {
    description: string;
    compute: (db: DbOrTx, scope: Scope) => Promise<SpendGraphs[K]>;
    /** The figure counts diverse spend per type: it takes `?rule=reported|verified`. */
    rule?: true;
  };
} = {
  spendPerDiversity: {
    description: 'Spend and % of spend per diversity type (a row counts under each of its types).',
    compute: figures.spendPerDiversity,
    rule: true,
  },
  spendPerDiversityMom: {
    description:
      'Spend per diversity type per month, 12 months to the latest payment, with totals.',
    compute: figures.spendPerDiversityMom,
    rule: true,
  },
  spendDiversityOverNonDiversity: {
    description: 'Diverse vs non-diverse spend per payment year.',
    compute: figures.spendDiversityOverNonDiversity,
    rule: true,
  },
  categoryPerDiversity: {
    description: 'Diverse and non-diverse spend per category.',
    compute: figures.categoryPerDiversity,
  },
  categoryPercentage: {
    description: 'Spend and % of spend per category, with the largest and smallest category.',
    compute: figures.categoryPercentage,
  },
  topCategoriesStatatics: {
    description: 'Top Categories: suppliers, % of suppliers, spend, % of spend per category.',
    compute: figures.topCategoriesStatatics,
  },
  supplierCount: {
    description:
      'Suppliers and diverse suppliers, and diverse suppliers paid per month (12 months).',
    compute: figures.supplierCount,
  },
  supplierDataPerQuater: {
    description: 'Distinct diverse suppliers per quarter.',
    compute: figures.supplierDataPerQuater,
  },
  supplierLocationData: {
    description: 'Diverse suppliers and diverse spend per US state.',
    compute: figures.supplierLocationData,
  },
};

const EXCELS: {
  path: string;
  build: (db: DbOrTx, scope: Scope, rule?: CountingRule) => ReturnType<typeof spendWorkbook>;
}[] = [
  { path: 'spend', build: spendWorkbook },
  { path: 'supplier', build: supplierWorkbook },
  { path: 'categories', build: categoryWorkbook },
];

export const spendDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['spend dashboards'];
  const readers = app.guard(ACCESS.supplierAndSpend.dashboards, { scopes: ['read'] });

  for (const [name, graph] of Object.entries(GRAPHS)) {
    app.post(
      `/api/graph/${name}`,
      {
        onRequest: readers,
        schema: {
          tags,
          description: `${graph.description} \`?base=addressable\` makes its percentages shares of addressable spend (all spend without it).${graph.rule ? ' `?rule=verified` counts diverse spend under the verified rule (as reported in the file without it).' : ''}`,
          querystring: graph.rule ? spendRuleQuerySchema : spendBaseQuerySchema,
          body: selectionSchema,
          response: { 200: envelopeOf(SPEND_GRAPHS[name as keyof SpendGraphs]) },
        },
      },
      async (request) => {
        const { clientRef } = principalOf(request);
        const { base } = request.query;
        const rule = 'rule' in request.query ? request.query.rule : undefined;
        return ok(
          await graph.compute(app.db, {
            clientRef,
            selectedIds: request.body.selectedIds,
            ...(rule === 'verified' ? { rule: 'VERIFIED' as const } : {}),
            // All spend needs no look-up: its queries read every row.
            ...(base === 'addressable' ? { base: await resolveBase(app.db, clientRef, base) } : {}),
          }),
        );
      },
    );
  }

  for (const report of SPEND_REPORTS) registerReport(app, report);

  for (const excel of EXCELS) {
    registerDashboardWorkbook(app, {
      path: `/api/excel/${excel.path}`,
      tags,
      access: ACCESS.supplierAndSpend.createReport,
      description:
        "The dashboard as a workbook: body {excel: true, spendData: {selectedIds, base?: 'all' | 'addressable', analysis?, countingRule?}}; every figure recomputed here, the base and the counting rule stated in the Summary.",
      parameters: dashboardExcelSchema,
      build: async (db, clientRef, params) => {
        const { title, fileName, parameters, sheets } = await excel.build(
          db,
          {
            clientRef,
            selectedIds: params.selectedIds,
            base: await resolveBase(db, clientRef, params.base ?? 'all'),
          },
          params.countingRule,
        );
        return { meta: { title, parameters, analysis: params.analysis }, sheets, fileName };
      },
    });
  }
};
