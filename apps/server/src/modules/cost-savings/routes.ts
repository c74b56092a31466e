/** Cost Savings HTTP wiring (spec 02 point 7): list, add/update, delete, graphs and Excel. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUCCESS, envelopeOf, pageRequestSchema, pagedOf } from '@spotzcity/shared/api';
import {
  categorySavingSchema,
  costExcelDataSchema,
  costSavingIdSchema,
  costSavingInputSchema,
  costSavingReportSchema,
  costSavingSchema,
  costSavingUpdateSchema,
  diversitySavingSchema,
  yearSavingSchema,
} from '@spotzcity/shared/cost-savings';
import { excelRequestSchema } from '@spotzcity/shared/reports';
import { principalOf } from '../../platform/auth.ts';
import { MIME, buildWorkbook, safeFileName, sendFile } from '../../platform/exports.ts';
import { ok, paged } from '../../platform/http.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { parseInput } from '../../platform/validate.ts';
import { costSavingWorkbook } from './excel.ts';
import { COST_REPORT, costReportName } from './report.ts';
import {
  createCostSaving,
  deleteCostSaving,
  listCostSavings,
  savingPerCategory,
  savingPerDiversity,
  totalCostSaving,
  updateCostSaving,
} from './service.ts';

const loose = z.record(z.string(), z.unknown());
const VIEW = [
  'COST_SAVING_VIEW',
  'ADD_EDIT_COST_SAVING',
  'DELETE_COST_SAVING',
  'CREATE_COST_SAVING_REPORT',
] as const;

export const costSavingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['cost savings'];

  registerReport(app, COST_REPORT);

  app.post(
    '/api/costSaving/list',
    {
      onRequest: app.guard(...VIEW),
      schema: {
        tags,
        description: 'Paged cost-saving cases of the organisation, newest first.',
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(costSavingSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, totalCount } = await listCostSavings(app.db, {
        clientRef: principalOf(request).clientRef,
        ...page,
      });
      return paged(rows, totalCount, page);
    },
  );

  app.post(
    '/api/costSaving/create',
    {
      onRequest: app.guard('ADD_EDIT_COST_SAVING'),
      schema: {
        tags,
        description: 'Adds a case. Body: the case with yearsOfContract and yearlySavings.',
        body: loose,
        response: { 200: envelopeOf(costSavingSchema) },
      },
    },
    async (request) => {
      const { clientRef, id: userId } = principalOf(request);
      const input = parseInput(costSavingInputSchema, request.body);
      return ok(await createCostSaving(app.db, { clientRef, userId, input }), SUCCESS.created);
    },
  );

  app.put(
    '/api/costSaving/create',
    {
      onRequest: app.guard('ADD_EDIT_COST_SAVING'),
      schema: {
        tags,
        description: 'Updates a case: the same body as the add, with its id.',
        body: loose,
        response: { 200: envelopeOf(costSavingSchema) },
      },
    },
    async (request) => {
      const input = parseInput(costSavingUpdateSchema, request.body);
      const saved = await updateCostSaving(app.db, {
        clientRef: principalOf(request).clientRef,
        input,
      });
      return ok(saved, SUCCESS.updated);
    },
  );

  app.delete(
    '/api/costSaving/delete',
    {
      onRequest: app.guard('DELETE_COST_SAVING'),
      schema: {
        tags,
        description: 'Deletes a case: `{id}` in the body or the query.',
        response: { 200: envelopeOf(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const body = (request.body ?? {}) as object;
      const { id } = parseInput(costSavingIdSchema, { ...(request.query as object), ...body });
      return ok(
        await deleteCostSaving(app.db, principalOf(request).clientRef, id),
        SUCCESS.deleted,
      );
    },
  );

  const graph = <T extends z.ZodType>(
    path: string,
    description: string,
    item: T,
    compute: (clientRef: number, years: number[]) => Promise<z.output<T>[]>,
  ) =>
    app.post(
      path,
      {
        onRequest: app.guard('CREATE_COST_SAVING_REPORT'),
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

  app.post(
    '/api/excel/cost',
    {
      onRequest: app.guard('CREATE_COST_SAVING_REPORT'),
      schema: {
        tags,
        description:
          'The cost savings dashboard as a workbook: body {excel: true, spendData: {years?, analysis?}}; every figure is recomputed here.',
        body: loose,
      },
    },
    async (request, reply) => {
      const { spendData } = parseInput(excelRequestSchema, request.body);
      const parameters = parseInput(costExcelDataSchema, spendData);
      const { meta, sheets } = await costSavingWorkbook(
        app.db,
        principalOf(request).clientRef,
        parameters,
      );
      return sendFile(
        reply,
        await buildWorkbook(meta, sheets),
        safeFileName(costReportName(parameters.years), 'xlsx'),
        MIME.xlsx,
      );
    },
  );
};
