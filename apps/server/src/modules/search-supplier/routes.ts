/**
 * Search Supplier endpoints: the directory search, the supplier-list upload and
 * its template. Ratings are the ratings module's (`/api/supplier/rating…`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, messageReplySchema, pagedOf } from '@spotzcity/shared/api';
import {
  SEARCH_MESSAGES,
  supplierDetailSchema,
  supplierIdParamsSchema,
  supplierSizeInputSchema,
  supplierSearchRequestSchema,
  supplierUploadResultSchema,
} from '@spotzcity/shared/search-supplier';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { withUploadedSheet } from '../../platform/xlsx/sheet-import.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import { NotFound } from '../../platform/errors.ts';
import { importSuppliers, saveSupplierSize, searchSuppliers } from './service.ts';
import { SUPPLIER_TEMPLATE_FILE_NAME, suppliersTemplate } from './template.ts';
import { ACCESS } from '@spotzcity/shared/permissions';
import { multipartForm } from '../../platform/validate.ts';

export interface SearchSupplierRouteOptions {
  maxFileBytes: number;
  limits: XlsxLimits;
}

export const searchSupplierRoutes: FastifyPluginAsyncZod<SearchSupplierRouteOptions> = async (
  app,
  opts,
) => {
  const tags = ['search supplier'];
  const readers = app.guard(ACCESS.searchSupplier.allowed);
  const uploaders = app.guard(ACCESS.searchSupplier.uploadFile);

  app.post(
    '/api/searchSupplier/list',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          'The filter values (at least one): dbaName, duns, naics, industry, contact, ' +
          'certification, city, state, zip, country, validate (X). Text (dbaName, industry, city, ' +
          'country) matches anywhere in the value, ignoring case; digits (duns, naics, contact, ' +
          'zip) match from the start; dbaName matches the name or the DBA name.',
        body: supplierSearchRequestSchema,
        response: { 200: pagedOf(supplierDetailSchema) },
      },
    },
    async (request) => {
      const input = request.body;
      const { rows, total } = await searchSuppliers(app.db, input, input, principalOf(request).id);
      return paged(rows, total, { pageNumber: input.pageNumber, pageSize: input.pageSize });
    },
  );

  app.get(
    '/api/searchSupplier/template',
    { onRequest: uploaders, schema: { tags, description: 'The supplier-list template (.xlsx).' } },
    async (_request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${SUPPLIER_TEMPLATE_FILE_NAME}"`)
        .send(await suppliersTemplate()),
  );

  app.post(
    '/api/searchSupplier/upload',
    {
      onRequest: uploaders,
      schema: {
        tags,
        ...multipartForm({}, { file: 'required' }),
        description:
          'Multipart `file` (.xlsx, the template columns); upserts by DUNS and keeps each ' +
          "row's certificate (optional columns) as the directory's, read by every organisation " +
          'under its own qualification policy. All-or-nothing: ' +
          'a bad row answers 400 with `errors: [{row, column, message}]` and saves nothing.',
        response: { 200: envelopeOf(supplierUploadResultSchema) },
      },
    },
    async (request) => {
      const result = await withUploadedSheet(
        request,
        { maxBytes: opts.maxFileBytes, label: 'suppliers workbook' },
        (path, onUnreadable) =>
          importSuppliers(app.db, {
            path,
            limits: opts.limits,
            onUnreadable,
          }),
      );
      return ok(result, SEARCH_MESSAGES.uploaded);
    },
  );

  app.put(
    '/api/searchSupplier/:id/size',
    {
      onRequest: uploaders,
      schema: {
        tags,
        description:
          "Sets a directory supplier's average annual receipts (dollars) and average number of " +
          'employees, which the small-business rule of program categories reads (null clears ' +
          'one). Who may upload the supplier list may set them; 404 for an unknown supplier.',
        params: supplierIdParamsSchema,
        body: supplierSizeInputSchema,
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      if (!(await saveSupplierSize(app.db, request.params.id, request.body))) {
        throw new NotFound('Supplier not found');
      }
      return { message: SEARCH_MESSAGES.sizeSaved };
    },
  );
};
