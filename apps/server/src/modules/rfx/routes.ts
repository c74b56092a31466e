/** RFx routes (spec 02 point 7): paths and field names as the spec spells them. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUCCESS,
  envelopeOf,
  messageReplySchema,
  pageRequestSchema,
  pagedOf,
} from '@spotzcity/shared/api';
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
import type { Permission } from '@spotzcity/shared/permissions';
import { MESSAGES } from '@spotzcity/shared/validation';
import { excelRequestSchema } from '@spotzcity/shared/reports';
import { principalOf } from '../../platform/auth.ts';
import { MIME, buildWorkbook, safeFileName, sendFile } from '../../platform/exports.ts';
import { ValidationError } from '../../platform/errors.ts';
import { ok, paged } from '../../platform/http.ts';
import { parseInput } from '../../platform/validate.ts';
import { rfxDashboardWorkbook, rfxListSheets } from './excel.ts';
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

/** Anyone who may open the RFx section may read its records. */
export const RFX_SECTION: Permission[] = [
  'RFX_VIEW',
  'ADD_EDIT_RFX',
  'DELETE_RFX',
  'CREATE_RFX_REPORT',
];

export const rfxRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['rfx'];
  const recordReply = envelopeOf(rfxRecordSchema);

  app.post(
    '/api/rfx/list',
    {
      onRequest: app.guard(...RFX_SECTION),
      schema: {
        tags,
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(rfxRecordSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, total } = await listRfx(app.db, {
        clientRef: principalOf(request).clientRef,
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.get(
    '/api/rfx/detail/:id',
    {
      onRequest: app.guard(...RFX_SECTION),
      schema: { tags, params: rfxIdSchema, response: { 200: recordReply } },
    },
    async (request) =>
      ok(
        await getRfx(app.db, { clientRef: principalOf(request).clientRef, id: request.params.id }),
      ),
  );

  // POST adds, PUT (with id) updates; a POST that carries an id updates too, as the spec's
  // client sends the same body to one path for both.
  const saveOptions = {
    onRequest: app.guard('ADD_EDIT_RFX'),
    schema: {
      tags,
      description:
        'Dates: YYYY-MM-DD, or wall time with its offset (start 00:00:00, submit 23:59:59).',
      body: z.record(z.string(), z.unknown()),
      response: { 200: recordReply },
    },
  };
  const save = async (request: FastifyRequest, update: boolean) => {
    const input = parseInput(rfxSchema, request.body);
    if (update && input.id === undefined) throw ValidationError.field('id', MESSAGES.required);
    const principal = principalOf(request);
    const record = await saveRfx(
      app.db,
      { clientRef: principal.clientRef, userId: principal.id },
      input,
    );
    return ok(record, input.id === undefined ? SUCCESS.created : SUCCESS.updated);
  };
  app.post('/api/rfx/create', saveOptions, (request) => save(request, false));
  app.put('/api/rfx/create', saveOptions, (request) => save(request, true));

  app.delete(
    '/api/rfx/delete',
    {
      onRequest: app.guard('DELETE_RFX'),
      schema: {
        tags,
        description: '`id` in the body or the query.',
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const { id } = parseInput(rfxIdSchema, {
        ...(request.query as object),
        ...((request.body as object | undefined) ?? {}),
      });
      await deleteRfx(app.db, { clientRef: principalOf(request).clientRef, id });
      return { message: SUCCESS.deleted };
    },
  );

  app.post(
    '/api/rfx/dashboard/list',
    {
      onRequest: app.guard('CREATE_RFX_REPORT'),
      schema: {
        tags,
        body: z.record(z.string(), z.unknown()),
        response: { 200: pagedOf(rfxRecordSchema) },
      },
    },
    async (request) => {
      const { quaters, year, ...page } = parseInput(rfxDashboardListSchema, request.body);
      const { rows, total } = await dashboardList(app.db, {
        clientRef: principalOf(request).clientRef,
        period: { quaters, year },
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.post(
    '/api/rfx/dashboard/graph',
    {
      onRequest: app.guard('CREATE_RFX_REPORT'),
      schema: {
        tags,
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelopeOf(rfxGraphSchema) },
      },
    },
    async (request) => {
      const period = parseInput(rfxPeriodSchema, request.body);
      return ok(
        await contractValueGraph(app.db, { clientRef: principalOf(request).clientRef, period }),
      );
    },
  );

  app.post(
    '/api/rfx/dashboard/sourcing',
    {
      onRequest: app.guard('CREATE_RFX_REPORT'),
      schema: {
        tags,
        description:
          'Diversity in sourcing: per diversity type, the share of invited suppliers, of won deals and of won contract value.',
        body: z.record(z.string(), z.unknown()),
        response: { 200: envelopeOf(sourcingSchema) },
      },
    },
    async (request) => {
      const period = parseInput(rfxPeriodSchema, request.body);
      return ok(await sourcing(app.db, { clientRef: principalOf(request).clientRef, period }));
    },
  );

  app.get(
    '/api/excel/list/rfx',
    {
      onRequest: app.guard(...RFX_SECTION),
      schema: { tags, description: 'The RFx list and its suppliers as an Excel workbook.' },
    },
    async (request, reply) => {
      const records = await allRfx(app.db, { clientRef: principalOf(request).clientRef });
      const workbook = await buildWorkbook(
        {
          title: 'RFx List',
          parameters: [
            ['RFx', String(records.length)],
            ['Exported', new Date().toISOString().slice(0, 10)],
          ],
        },
        rfxListSheets(records),
      );
      return sendFile(reply, workbook, safeFileName('RFx List', 'xlsx'), MIME.xlsx);
    },
  );

  app.post(
    '/api/excel/rfx',
    {
      onRequest: app.guard('CREATE_RFX_REPORT'),
      schema: {
        tags,
        description:
          'The RFx dashboard as Excel: body {excel: true, spendData: {period: {quaters, year}, analysis}}. Every figure is recomputed here.',
        body: z.record(z.string(), z.unknown()),
      },
    },
    async (request, reply) => {
      const { spendData } = parseInput(excelRequestSchema, request.body);
      const { analysis, ...period } = parseInput(rfxExcelDataSchema, spendData);
      const scope = { clientRef: principalOf(request).clientRef, period };
      const [rows, graph, view] = await Promise.all([
        allDashboardRows(app.db, scope),
        contractValueGraph(app.db, scope),
        sourcing(app.db, scope),
      ]);
      const { meta, sheets } = rfxDashboardWorkbook({
        period,
        rows,
        graph,
        sourcing: view,
        analysis,
      });
      const workbook = await buildWorkbook(meta, sheets);
      return sendFile(
        reply,
        workbook,
        safeFileName(meta.title.replace(':', ''), 'xlsx'),
        MIME.xlsx,
      );
    },
  );
};
