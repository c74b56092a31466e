/**
 * A dashboard's Excel download (`POST /api/excel/<name>`): the body is
 * `{ excel: true, spendData }`, the dashboard's own parameters are read from `spendData`, and every
 * figure is recomputed here by the module's service for the caller's organisation (any figures the
 * browser sends along are ignored). The module keeps its path (the spec's), permission, parameters
 * and sheets; this file only wires them the same way for every dashboard.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from '@spotzcity/shared/permissions';
import { excelRequestSchema } from '@spotzcity/shared/reports';
import type { Db } from '../db/client.ts';
import { principalOf } from './auth.ts';
import {
  MIME,
  buildWorkbook,
  safeFileName,
  sendFile,
  type Sheet,
  type WorkbookMeta,
} from './exports.ts';
import { parseInput } from './validate.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

export interface DashboardWorkbookContent {
  meta: WorkbookMeta;
  sheets: Sheet[];
  /** The report's name (the dashboard and its filters), without '.xlsx'. */
  fileName: string;
}

export interface DashboardWorkbook<Parameters> {
  /** '/api/excel/rfx' */
  path: string;
  tags: string[];
  /** Who may download it: the dashboard's report permission. */
  access: Access;
  description: string;
  /** The dashboard's parameters inside `spendData` (its filters and the analysis text). */
  parameters: z.ZodType<Parameters>;
  build(db: Db, clientRef: number, parameters: Parameters): Promise<DashboardWorkbookContent>;
}

/** POST `path`: the dashboard's figures, recomputed, as an Excel workbook. */
export function registerDashboardWorkbook<Parameters>(
  app: App,
  workbook: DashboardWorkbook<Parameters>,
) {
  app.post(
    workbook.path,
    {
      onRequest: app.guard(workbook.access),
      schema: { tags: workbook.tags, description: workbook.description, body: excelRequestSchema },
    },
    async (request, reply) => {
      const parameters = parseInput(workbook.parameters, request.body.spendData);
      const { clientRef } = principalOf(request);
      const { meta, sheets, fileName } = await workbook.build(app.db, clientRef, parameters);
      const file = await buildWorkbook(meta, sheets);
      return sendFile(reply, file, safeFileName(fileName, 'xlsx'), MIME.xlsx);
    },
  );
}
