/**
 * Suppliers & Spend Report endpoints: files (template, list, delete; the upload
 * and its import jobs are in import-routes.ts),
 * the Suppliers & Spend panel, the All Suppliers list and the table view's spend rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, pagedOf, type PageRequest } from '@spotzcity/shared/api';
import { ACCESS } from '@spotzcity/shared/permissions';
import {
  SPEND_MESSAGES,
  fileDeleteFieldsSchema,
  fileDeleteSchema,
  fileListRequestSchema,
  selectionSchema,
  spendRowSchema,
  spendRowsRequestSchema,
  spendTotalsSchema,
  supplierListItemSchema,
  supplierListRequestSchema,
  supplierSpendSchema,
  topSuppliersRequestSchema,
  uploadedFileSchema,
} from '@spotzcity/shared/spend';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { fieldsInQueryOrBody, parseInput, queryAndBody } from '../../platform/validate.ts';
import {
  deleteFile,
  listFiles,
  listSpendRows,
  listSuppliers,
  spendTotals,
  topSuppliers,
} from './service.ts';
import { TEMPLATE_FILE_NAME, spendTemplate } from './template.ts';
import { importsToLookAt } from './attention.ts';

const pageOf = (input: PageRequest) => ({
  pageNumber: input.pageNumber,
  pageSize: input.pageSize,
});

export const spendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.attention.provide('imports', importsToLookAt);
  const tags = ['supplier spend'];
  const readers = app.guard(ACCESS.supplierAndSpend.allowed);
  /** The lists and totals: an API token with the `read` scope may call them too. */
  const listReaders = app.guard(ACCESS.supplierAndSpend.allowed, { scopes: ['read'] });

  app.get(
    '/api/file/template',
    { onRequest: readers, schema: { tags, description: 'The spend template (.xlsx).' } },
    async (_request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
        .send(await spendTemplate()),
  );

  app.post(
    '/api/file/list',
    {
      onRequest: listReaders,
      schema: {
        tags,
        body: fileListRequestSchema.optional(),
        response: { 200: pagedOf(uploadedFileSchema) },
      },
    },
    async (request) => {
      const input = request.body ?? fileListRequestSchema.parse({});
      const { rows, total } = await listFiles(app.db, principalOf(request).clientRef, input);
      return paged(rows, total, pageOf(input));
    },
  );

  app.delete(
    '/api/file/delete',
    {
      onRequest: app.guard(ACCESS.supplierAndSpend.deleteFile),
      schema: {
        tags,
        description: '`fileId` (or `id`) in the body or the query.',
        ...fieldsInQueryOrBody(fileDeleteFieldsSchema),
        response: { 200: envelopeOf(uploadedFileSchema) },
      },
    },
    async (request) => {
      const input = parseInput(fileDeleteSchema, queryAndBody(request));
      const file = await deleteFile(app.db, principalOf(request).clientRef, input.fileId);
      return ok(file, SPEND_MESSAGES.deleted);
    },
  );

  app.post(
    '/api/supplier/topSuppliers',
    {
      onRequest: listReaders,
      schema: {
        tags,
        body: topSuppliersRequestSchema.optional(),
        response: { 200: envelopeOf(z.array(supplierSpendSchema)) },
      },
    },
    async (request) => {
      const input = request.body ?? topSuppliersRequestSchema.parse({});
      const scope = { clientRef: principalOf(request).clientRef, selectedIds: input.selectedIds };
      return ok(await topSuppliers(app.db, scope, input.limit));
    },
  );

  app.post(
    '/api/supplier/spends',
    {
      onRequest: listReaders,
      schema: {
        tags,
        description: 'Totals of the selected files (all files when none is selected).',
        body: selectionSchema.optional(),
        response: { 200: envelopeOf(spendTotalsSchema) },
      },
    },
    async (request) => {
      const input = request.body ?? selectionSchema.parse({});
      const scope = { clientRef: principalOf(request).clientRef, selectedIds: input.selectedIds };
      return ok(await spendTotals(app.db, scope));
    },
  );

  app.post(
    '/api/supplier/list',
    {
      onRequest: listReaders,
      schema: {
        tags,
        body: supplierListRequestSchema.optional(),
        response: { 200: pagedOf(supplierListItemSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const input = request.body ?? supplierListRequestSchema.parse({});
      const scope = { clientRef: principal.clientRef, selectedIds: input.selectedIds };
      const { rows, total } = await listSuppliers(app.db, scope, input, principal.id);
      return paged(rows, total, pageOf(input));
    },
  );

  app.post(
    '/api/supplier/spendRows',
    {
      onRequest: listReaders,
      schema: {
        tags,
        description:
          'Table view: spend rows of the selected files; `sortOn: "spend"` with `sortOrder` ' +
          'ASC or DESC, otherwise in file order.',
        body: spendRowsRequestSchema.optional(),
        response: { 200: pagedOf(spendRowSchema) },
      },
    },
    async (request) => {
      const input = request.body ?? spendRowsRequestSchema.parse({});
      const scope = { clientRef: principalOf(request).clientRef, selectedIds: input.selectedIds };
      const { rows, total } = await listSpendRows(app.db, scope, input);
      return paged(rows, total, pageOf(input));
    },
  );
};
