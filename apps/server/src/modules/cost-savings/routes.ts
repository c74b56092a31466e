/**
 * Cost Savings HTTP wiring: the record routes (list, one case, add/update,
 * delete) on the shared helpers, then the graphs and the Excel export.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  categorySavingSchema,
  costExcelDataSchema,
  costSavingIdSchema,
  costSavingReportSchema,
  costSavingSaveSchema,
  costSavingSchema,
  diversitySavingSchema,
  yearSavingSchema,
} from '@spotzcity/shared/cost-savings';
import { principalOf } from '../../platform/auth.ts';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok } from '../../platform/http.ts';
import { registerRecordRoutes } from '../../platform/record-routes.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { costSavingWorkbook } from './excel.ts';
import { COST_REPORT, costReportName } from './report.ts';
import {
  deleteCostSaving,
  getCostSaving,
  listCostSavings,
  saveCostSaving,
  savingPerCategory,
  savingPerDiversity,
  totalCostSaving,
} from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const costSavingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cost savings'];

  registerReport(app, COST_REPORT);

  registerRecordRoutes(app, {
    tags,
    access: ACCESS.costSaving,
    paths: {
      list: '/api/costSaving/list',
      detail: '/api/costSaving/detail/:id',
      save: '/api/costSaving/create',
      delete: '/api/costSaving/delete',
    },
    recordSchema: costSavingSchema,
    idSchema: costSavingIdSchema,
    inputSchema: costSavingSaveSchema,
    saveDescription:
      'The case with yearsOfContract and yearlySavings; with its `id` it updates that case.',
    list: async (db, scope) => {
      const { rows, totalCount } = await listCostSavings(db, scope);
      return { rows, total: totalCount };
    },
    get: getCostSaving,
    save: saveCostSaving,
    remove: (db, { clientRef, id }) => deleteCostSaving(db, clientRef, id),
  });

  const graph = <T extends z.ZodType>(
    path: string,
    description: string,
    item: T,
    compute: (clientRef: number, years: number[]) => Promise<z.output<T>[]>,
  ) =>
    app.post(
      path,
      {
        onRequest: app.guard(ACCESS.costSaving.createReport),
        schema: {
          tags,
          description,
          body: costSavingReportSchema.optional(),
          response: { 200: envelopeOf(z.array(item)) },
        },
      },
      async (request) => {
        const { years } = costSavingReportSchema.parse(request.body ?? {});
        return ok(await compute(principalOf(request).clientRef, years));
      },
    );

  graph(
    '/api/costSaving/graph/totalCostSaving',
    "'Total Cost Savings': savings per calendar year. Body {years?} (none = every year).",
    yearSavingSchema,
    (clientRef, years) => totalCostSaving(app.db, clientRef, years),
  );
  graph(
    '/api/costSaving/graph/savingPerCategory',
    "'Savings Per Category': total and per-year savings per business category.",
    categorySavingSchema,
    (clientRef, years) => savingPerCategory(app.db, clientRef, years),
  );
  graph(
    '/api/costSaving/graph/savingPerDiversity',
    "'Savings by Diversity': per diversity type the Direct and Indirect share (0–100%).",
    diversitySavingSchema,
    (clientRef, years) => savingPerDiversity(app.db, clientRef, years),
  );

  registerDashboardWorkbook(app, {
    path: '/api/excel/cost',
    tags,
    access: ACCESS.costSaving.createReport,
    description:
      'The cost savings dashboard as a workbook: body {excel: true, spendData: {years?, analysis?}}; every figure is recomputed here.',
    parameters: costExcelDataSchema,
    build: async (db, clientRef, parameters) => ({
      ...(await costSavingWorkbook(db, clientRef, parameters)),
      fileName: costReportName(parameters.years),
    }),
  });
};
