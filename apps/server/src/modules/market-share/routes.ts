/** Market Share HTTP wiring: the supplier list, the graphs and Excel. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pageRequestSchema, pagedOf } from '@spotzcity/shared/api';
import {
  categoryGraphSchema,
  marketExcelDataSchema,
  marketShareRecordSchema,
  marketShareReportSchema,
  revenueTreeSchema,
  spanValueSchema,
  spanValuesRequestSchema,
} from '@spotzcity/shared/market-share';
import { principalOf } from '../../platform/auth.ts';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok, paged } from '../../platform/http.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { marketShareWorkbook } from './excel.ts';
import { MARKET_REPORT, marketReportName } from './report.ts';
import { categoryGraph, listMarketShare, revenueTree, spanValues } from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';

export const marketShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['market share'];

  registerReport(app, MARKET_REPORT);

  app.post(
    '/api/marketShare/list',
    {
      onRequest: app.guard(ACCESS.marketShare.allowed, { scopes: ['read'] }),
      schema: {
        tags,
        description: "Paged suppliers of the organisation's spend, largest total spend first.",
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(marketShareRecordSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, totalCount } = await listMarketShare(app.db, {
        clientRef: principalOf(request).clientRef,
        ...page,
      });
      return paged(rows, totalCount, page);
    },
  );

  app.post(
    '/api/marketShare/spanValues',
    {
      onRequest: app.guard(ACCESS.marketShare.createReport),
      schema: {
        tags,
        description:
          'The values of a span (city, state or zip) present in the period, with their spend: the report dialog offers them. Body {span, fromDate?, toDate?}.',
        body: spanValuesRequestSchema,
        response: { 200: envelopeOf(z.array(spanValueSchema)) },
      },
    },
    async (request) => {
      const input = request.body;
      return ok(await spanValues(app.db, { clientRef: principalOf(request).clientRef, ...input }));
    },
  );

  app.post(
    '/api/marketShare/graphPerCategories',
    {
      onRequest: app.guard(ACCESS.marketShare.createReport),
      schema: {
        tags,
        description:
          'Diverse vs non-diverse spend per category, the totals and the market share. Body: the report parameters {span, spanKeys, fromDate?, toDate?}.',
        body: marketShareReportSchema,
        response: { 200: envelopeOf(categoryGraphSchema) },
      },
    },
    async (request) => {
      const input = request.body;
      return ok(
        await categoryGraph(app.db, { clientRef: principalOf(request).clientRef, ...input }),
      );
    },
  );

  for (const [side, diverse] of [
    ['diverse', true],
    ['non_diverse', false],
  ] as const) {
    app.post(
      `/api/marketShare/graphRevenueCityStateZip/${side}`,
      {
        onRequest: app.guard(ACCESS.marketShare.createReport),
        schema: {
          tags,
          description: `${diverse ? 'Diverse' : 'Non-diverse'} spend per span value (treemap). Body: the report parameters plus isForDiversity (the path decides).`,
          body: marketShareReportSchema,
          response: { 200: envelopeOf(revenueTreeSchema) },
        },
      },
      async (request) => {
        const input = request.body;
        const scope = { clientRef: principalOf(request).clientRef, ...input };
        return ok(await revenueTree(app.db, scope, diverse));
      },
    );
  }

  registerDashboardWorkbook(app, {
    path: '/api/excel/market',
    tags,
    access: ACCESS.marketShare.createReport,
    description:
      'The market share dashboard as a workbook: body {excel: true, spendData: {span, spanKeys, fromDate?, toDate?, analysis?}}; every figure is recomputed here.',
    parameters: marketExcelDataSchema,
    build: async (db, clientRef, { analysis, ...parameters }) => ({
      ...(await marketShareWorkbook(db, { clientRef, ...parameters }, analysis)),
      fileName: marketReportName(parameters),
    }),
  });
};
