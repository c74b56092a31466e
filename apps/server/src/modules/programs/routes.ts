/**
 * Program categories: the organisation's categories, sites and hand-marked suppliers,
 * and the Spend Dashboard's program card.
 *
 * Guards: whoever may see the spend figures reads them (ACCESS.supplierAndSpend.dashboards); only
 * an organisation admin changes them (ACCESS.supplierAndSpend.programsEdit). Every query is the
 * signed-in user's organisation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, messageReplySchema } from '@spotzcity/shared/api';
import { ACCESS } from '@spotzcity/shared/permissions';
import {
  PROGRAM_MESSAGES,
  markedSupplierSchema,
  programCategoryInputSchema,
  programCategorySchema,
  programCategoryUpdateSchema,
  programIdParamsSchema,
  programSpendSchema,
  programSupplierParamsSchema,
  siteInputSchema,
  siteSchema,
  supplierOptionSchema,
  supplierOptionsQuerySchema,
} from '@spotzcity/shared/programs';
import { selectionSchema } from '@spotzcity/shared/spend';
import { spendBaseQuerySchema } from '@spotzcity/shared/spend-dashboards';
import type { Db } from '../../db/client.ts';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import {
  registerOrganisationRead,
  registerOrganisationWrite,
} from '../../platform/organisation-routes.ts';
import { nonAddressableSpendCategories } from '../../domain/addressable.ts';
import { ok } from '../../platform/http.ts';
import { programSpend } from '../../domain/program-categories.ts';
import {
  drillDownSchema,
  programDrillExcelSchema,
  programDrillRequestSchema,
} from '@spotzcity/shared/drill-down';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { programDrillDown, programDrillWorkbook } from './drill-down.ts';
import {
  addSite,
  createCategory,
  deleteCategory,
  deleteSite,
  listCategories,
  listMarkedSuppliers,
  listSites,
  markSupplier,
  supplierOptions,
  unmarkSupplier,
  updateCategory,
} from './service.ts';

export const programRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['programs'];
  const readers = app.guard(ACCESS.supplierAndSpend.dashboards);
  const admins = app.guard(ACCESS.supplierAndSpend.programsEdit);

  /** DELETE `url` (`:id` one of the organisation's rows): the admins' delete, answered `message`. */
  const deleteById = (
    url: string,
    description: string,
    remove: (db: Db, clientRef: number, id: number) => Promise<void>,
    message: string,
  ) =>
    app.delete(
      url,
      {
        onRequest: admins,
        schema: {
          tags,
          description,
          params: programIdParamsSchema,
          response: { 200: messageReplySchema },
        },
      },
      async (request) => {
        await remove(app.db, principalOf(request).clientRef, request.params.id);
        return { message };
      },
    );

  registerOrganisationRead(app, {
    url: '/api/programs/categories',
    onRequest: readers,
    tags,
    description: "The organisation's program categories with their rules.",
    reply: z.array(programCategorySchema),
    read: listCategories,
  });

  registerOrganisationWrite(app, {
    method: 'POST',
    url: '/api/programs/categories',
    onRequest: admins,
    tags,
    description: 'Creates a category (409 when the name is taken).',
    body: programCategoryInputSchema,
    reply: programCategorySchema,
    write: createCategory,
    message: PROGRAM_MESSAGES.created,
    // A name taken, or the most categories an organisation may have.
    alsoAnswers: [409],
  });

  app.put(
    '/api/programs/categories/:id',
    {
      onRequest: admins,
      schema: {
        tags,
        description: 'Renames a category, switches it on or off, or changes a local rule.',
        params: programIdParamsSchema,
        body: programCategoryUpdateSchema,
        // A name taken.
        response: { 200: envelopeOf(programCategorySchema), ...alsoAnswers(409) },
      },
    },
    async (request) =>
      ok(
        await updateCategory(
          app.db,
          principalOf(request).clientRef,
          request.params.id,
          request.body,
        ),
        PROGRAM_MESSAGES.saved,
      ),
  );

  deleteById(
    '/api/programs/categories/:id',
    'Deletes a category, its marked suppliers and its goals.',
    deleteCategory,
    PROGRAM_MESSAGES.deleted,
  );

  app.get(
    '/api/programs/categories/:id/suppliers',
    {
      onRequest: readers,
      schema: {
        tags,
        description: 'The suppliers marked by hand for a MANUAL category.',
        params: programIdParamsSchema,
        response: { 200: envelopeOf(z.array(markedSupplierSchema)), ...alsoAnswers(409) },
      },
    },
    async (request) =>
      ok(await listMarkedSuppliers(app.db, principalOf(request).clientRef, request.params.id)),
  );

  app.get(
    '/api/programs/categories/:id/supplier-options',
    {
      onRequest: admins,
      schema: {
        tags,
        description:
          "The hand-marking picker of a MANUAL category: the suppliers the organisation's vendors " +
          'are certainly matched to whose name, DBA name or DUNS holds `q` (2–100 characters), ' +
          '20 at most, by name, each with whether it is marked already.',
        params: programIdParamsSchema,
        querystring: supplierOptionsQuerySchema,
        response: { 200: envelopeOf(z.array(supplierOptionSchema)), ...alsoAnswers(409) },
      },
    },
    async (request) =>
      ok(
        await supplierOptions(
          app.db,
          principalOf(request).clientRef,
          request.params.id,
          request.query.q,
        ),
      ),
  );

  app.put(
    '/api/programs/categories/:id/suppliers/:supplierId',
    {
      onRequest: admins,
      schema: {
        tags,
        description: 'Marks a directory supplier for a MANUAL category.',
        params: programSupplierParamsSchema,
        // 409: a category that is not MANUAL.
        response: { 200: messageReplySchema, ...alsoAnswers(409) },
      },
    },
    async (request) => {
      await markSupplier(app.db, { clientRef: principalOf(request).clientRef, ...request.params });
      return { message: PROGRAM_MESSAGES.supplierMarked };
    },
  );

  app.delete(
    '/api/programs/categories/:id/suppliers/:supplierId',
    {
      onRequest: admins,
      schema: {
        tags,
        description: 'Unmarks a supplier of a MANUAL category.',
        params: programSupplierParamsSchema,
        response: { 200: messageReplySchema, ...alsoAnswers(409) },
      },
    },
    async (request) => {
      await unmarkSupplier(app.db, {
        clientRef: principalOf(request).clientRef,
        ...request.params,
      });
      return { message: PROGRAM_MESSAGES.supplierUnmarked };
    },
  );

  registerOrganisationRead(app, {
    url: '/api/programs/sites',
    onRequest: readers,
    tags,
    description: "The organisation's sites (centres of a local category's radius).",
    reply: z.array(siteSchema),
    read: listSites,
  });

  registerOrganisationWrite(app, {
    method: 'POST',
    url: '/api/programs/sites',
    onRequest: admins,
    tags,
    description: 'Adds a site by its ZIP code (400 for a ZIP code the ZIP data does not know).',
    body: siteInputSchema,
    reply: siteSchema,
    write: addSite,
    message: PROGRAM_MESSAGES.siteAdded,
    // The most sites an organisation may have.
    alsoAnswers: [409],
  });

  deleteById(
    '/api/programs/sites/:id',
    'Deletes a site.',
    deleteSite,
    PROGRAM_MESSAGES.siteDeleted,
  );

  app.post(
    '/api/graph/programSpend',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          'Spend Dashboard: per switched-on program category, spend to qualifying matched suppliers, % of spend and supplier count. `?base=addressable` makes the shares of addressable spend.',
        querystring: spendBaseQuerySchema,
        body: selectionSchema,
        response: { 200: envelopeOf(programSpendSchema) },
      },
    },
    async (request) => {
      const { clientRef } = principalOf(request);
      const excluded =
        request.query.base === 'addressable'
          ? (await nonAddressableSpendCategories(app.db, clientRef)).categories
          : [];
      return ok(
        await programSpend(app.db, {
          clientRef,
          selectedIds: request.body.selectedIds,
          excluded,
        }),
      );
    },
  );

  app.post(
    '/api/drillDown/program',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "A switched-on program category's spend in the selected files opened onto its vendors: per vendor its spend and why its supplier counts (size standard and receipts, the local rule that matched …), adding up to the card's figure; with `supplierKey`, that vendor's payments (latest first, at most 500).",
        body: programDrillRequestSchema,
        response: { 200: envelopeOf(drillDownSchema) },
      },
    },
    async (request) => {
      const { selectedIds, ...rest } = request.body;
      const scope = { clientRef: principalOf(request).clientRef, selectedIds };
      return ok(await programDrillDown(app.db, scope, rest));
    },
  );

  registerDashboardWorkbook(app, {
    path: '/api/excel/drillDown/program',
    tags,
    access: ACCESS.supplierAndSpend.createReport,
    description:
      "A program category's drill-down as a workbook: body {excel: true, spendData: {selectedIds, categoryId, analysis?}}; Suppliers and Payments sheets.",
    parameters: programDrillExcelSchema,
    build: async (db, clientRef, params) => {
      const scope = { clientRef, selectedIds: params.selectedIds };
      const { parameters, sheets, fileName } = await programDrillWorkbook(
        db,
        scope,
        params.categoryId,
      );
      return { meta: { title: fileName, parameters, analysis: params.analysis }, sheets, fileName };
    },
  });
};
