/**
 * The record part of a record module (RFx, Contracts): the paged list, one record for its edit
 * form, add/update on one path, delete with `id` in the body or the query, and the whole list as
 * an Excel workbook. The module keeps its own paths (the spec's), permissions, schemas and
 * service; this file only wires them the same way for both.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  SUCCESS,
  envelopeOf,
  messageReplySchema,
  pageRequestSchema,
  pagedOf,
} from '@spotzcity/shared/api';
import type { Access } from '@spotzcity/shared/permissions';
import { MESSAGES } from '@spotzcity/shared/validation';
import type { Db, DbOrTx } from '../db/client.ts';
import { alsoAnswers, type ErrorStatus } from './api-document.ts';
import { principalOf } from './auth.ts';
import { ValidationError } from './errors.ts';
import { MIME, buildWorkbook, safeFileName, sendFile, summary, type Sheet } from './exports.ts';
import { ok, paged } from './http.ts';
import { fieldsInQueryOrBody, parseInput, queryAndBody } from './validate.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

interface Scope {
  clientRef: number;
}

/** The caller's organisation: every record query is scoped to it. */
export const clientRefOf = (request: FastifyRequest) => principalOf(request).clientRef;

export interface RecordRoutes<Input extends { id?: number }, Row> {
  tags: string[];
  /**
   * The module's entry of ACCESS: `allowed` reads the records (the list, one record, the list's
   * Excel), `addEdit` saves, `deleteFile` deletes.
   */
  access: { allowed: Access; addEdit: Access; deleteFile: Access };
  paths: { list: string; detail: string; save: string; delete: string };
  recordSchema: z.ZodType;
  idSchema: z.ZodObject<{ id: z.ZodType<number, unknown> }>;
  inputSchema: z.ZodType<Input, unknown>;
  saveDescription: string;
  /** What saving answers besides the statuses every route declares (a duplicate number: 409). */
  saveAlsoAnswers?: ErrorStatus[];
  list(
    db: DbOrTx,
    scope: Scope & { pageNumber: number; pageSize: number },
  ): Promise<{ rows: Row[]; total: number }>;
  get(db: DbOrTx, scope: Scope & { id: number }): Promise<Row>;
  save(db: Db, actor: Scope & { userId: number }, input: Input): Promise<Row>;
  remove(db: DbOrTx, scope: Scope & { id: number }): Promise<unknown>;
}

export function registerRecordRoutes<Input extends { id?: number }, Row>(
  app: App,
  module: RecordRoutes<Input, Row>,
) {
  const { tags, paths } = module;
  const recordReply = envelopeOf(module.recordSchema);

  app.post(
    paths.list,
    {
      // A list: an API token with the `read` scope may read it too.
      onRequest: app.guard(module.access.allowed, { scopes: ['read'] }),
      schema: {
        tags,
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(module.recordSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, total } = await module.list(app.db, {
        clientRef: clientRefOf(request),
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.get(
    paths.detail,
    {
      onRequest: app.guard(module.access.allowed),
      schema: { tags, params: module.idSchema, response: { 200: recordReply } },
    },
    async (request) =>
      ok(await module.get(app.db, { clientRef: clientRefOf(request), id: request.params.id })),
  );

  // POST adds, PUT (with id) updates; a POST that carries an id updates too, as the spec's
  // client sends the same body to one path for both.
  const saveOptions = {
    onRequest: app.guard(module.access.addEdit),
    schema: {
      tags,
      description: module.saveDescription,
      body: module.inputSchema,
      response: { 200: recordReply, ...alsoAnswers(...(module.saveAlsoAnswers ?? [])) },
    },
  };
  const save = async (request: FastifyRequest, update: boolean) => {
    const input = request.body as Input;
    if (update && input.id === undefined) throw ValidationError.field('id', MESSAGES.required);
    const principal = principalOf(request);
    const record = await module.save(
      app.db,
      { clientRef: principal.clientRef, userId: principal.id },
      input,
    );
    return ok(record, input.id === undefined ? SUCCESS.created : SUCCESS.updated);
  };
  app.post(paths.save, saveOptions, (request) => save(request, false));
  app.put(paths.save, saveOptions, (request) => save(request, true));

  app.delete(
    paths.delete,
    {
      onRequest: app.guard(module.access.deleteFile),
      schema: {
        tags,
        description: '`id` in the body or the query.',
        ...fieldsInQueryOrBody(module.idSchema),
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const { id } = parseInput(module.idSchema, queryAndBody(request));
      await module.remove(app.db, { clientRef: clientRefOf(request), id });
      return { message: SUCCESS.deleted };
    },
  );
}

export interface ListWorkbook<Record> {
  path: string;
  tags: string[];
  /** Who may download it: the module's ACCESS entry `allowed`. */
  access: Access;
  description: string;
  /** The workbook's title and file name ('RFx List'). */
  title: string;
  /** The parameter row that counts the records ('RFx', 'Contracts'). */
  countLabel: string;
  all(db: DbOrTx, scope: Scope): Promise<Record[]>;
  sheets(records: Record[]): Sheet[];
}

/** GET `path`: every record of the caller's organisation as an Excel workbook. */
export function registerListWorkbook<Record>(app: App, workbook: ListWorkbook<Record>) {
  app.get(
    workbook.path,
    {
      onRequest: app.guard(workbook.access),
      schema: { tags: workbook.tags, description: workbook.description },
    },
    async (request, reply) => {
      const records = await workbook.all(app.db, { clientRef: clientRefOf(request) });
      const file = await buildWorkbook(
        {
          title: workbook.title,
          parameters: [
            [workbook.countLabel, summary.integer(records.length)],
            ['Exported', summary.date(new Date().toISOString().slice(0, 10))],
          ],
        },
        workbook.sheets(records),
      );
      return sendFile(reply, file, safeFileName(workbook.title, 'xlsx'), MIME.xlsx);
    },
  );
}
