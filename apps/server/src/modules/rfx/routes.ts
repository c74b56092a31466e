/** RFx routes: paths and field names as the spec spells them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pagedOf } from '@spotzcity/shared/api';
import {
  rfxDashboardListSchema,
  rfxExcelDataSchema,
  rfxGraphSchema,
  rfxIdSchema,
  rfxPeriodSchema,
  rfxRecordSchema,
  rfxSchema,
  sourcingSchema,
} from '@spotzcity/shared/rfx';
import { ACCESS } from '@spotzcity/shared/permissions';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok, paged } from '../../platform/http.ts';
import {
  clientRefOf,
  registerListWorkbook,
  registerRecordRoutes,
} from '../../platform/record-routes.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { rfxDashboardWorkbook, rfxListSheets } from './excel.ts';
import { RFX_REPORT, rfxReportName } from './report.ts';
import {
  allDashboardRows,
  allRfx,
  contractValueGraph,
  dashboardList,
  deleteRfx,
  getRfx,
  listRfx,
  saveRfx,
  sourcing,
} from './service.ts';

export const rfxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rfx'];

  registerReport(app, RFX_REPORT);

  registerRecordRoutes(app, {
    tags,
    access: ACCESS.rfx,
    paths: {
      list: '/api/rfx/list',
      detail: '/api/rfx/detail/:id',
      save: '/api/rfx/create',
      delete: '/api/rfx/delete',
    },
    recordSchema: rfxRecordSchema,
    idSchema: rfxIdSchema,
    inputSchema: rfxSchema,
    // A number already used in the organisation.
    saveAlsoAnswers: [409],
    saveDescription:
      'Dates: YYYY-MM-DD, or wall time with its offset (start 00:00:00, submit 23:59:59).',
    list: listRfx,
    get: getRfx,
    save: saveRfx,
    remove: deleteRfx,
  });

  app.post(
    '/api/rfx/dashboard/list',
    {
      onRequest: app.guard(ACCESS.rfx.createReport),
      schema: {
        tags,
        body: rfxDashboardListSchema,
        response: { 200: pagedOf(rfxRecordSchema) },
      },
    },
    async (request) => {
      const { quaters, year, ...page } = request.body;
      const { rows, total } = await dashboardList(app.db, {
        clientRef: clientRefOf(request),
        period: { quaters, year },
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.post(
    '/api/rfx/dashboard/graph',
    {
      onRequest: app.guard(ACCESS.rfx.createReport),
      schema: {
        tags,
        body: rfxPeriodSchema,
        response: { 200: envelopeOf(rfxGraphSchema) },
      },
    },
    async (request) => {
      const period = request.body;
      return ok(await contractValueGraph(app.db, { clientRef: clientRefOf(request), period }));
    },
  );

  app.post(
    '/api/rfx/dashboard/sourcing',
    {
      onRequest: app.guard(ACCESS.rfx.createReport),
      schema: {
        tags,
        description:
          'Diversity in sourcing: per diversity type, the share of invited suppliers, of won deals and of won contract value.',
        body: rfxPeriodSchema,
        response: { 200: envelopeOf(sourcingSchema) },
      },
    },
    async (request) => {
      const period = request.body;
      return ok(await sourcing(app.db, { clientRef: clientRefOf(request), period }));
    },
  );

  registerListWorkbook(app, {
    path: '/api/excel/list/rfx',
    tags,
    access: ACCESS.rfx.allowed,
    description: 'The RFx list and its suppliers as an Excel workbook.',
    title: 'RFx List',
    countLabel: 'RFx',
    all: allRfx,
    sheets: rfxListSheets,
  });

  registerDashboardWorkbook(app, {
    path: '/api/excel/rfx',
    tags,
    access: ACCESS.rfx.createReport,
    description:
      'The RFx dashboard as Excel: body {excel: true, spendData: {period: {quaters, year}, analysis}}. Every figure is recomputed here.',
    parameters: rfxExcelDataSchema,
    build: async (db, clientRef, { analysis, ...period }) => {
      const scope = { clientRef, period };
      const [rows, graph, view] = await Promise.all([
        allDashboardRows(db, scope),
        contractValueGraph(db, scope),
        sourcing(db, scope),
      ]);
      const workbook = rfxDashboardWorkbook({ period, rows, graph, sourcing: view, analysis });
      return { ...workbook, fileName: rfxReportName(period) };
    },
  });
};
