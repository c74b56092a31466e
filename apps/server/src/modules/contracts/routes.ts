/** Contract routes (spec 02 point 7): paths and field names as the spec spells them. */
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
  contractExcelDataSchema,
  contractIdSchema,
  contractMonthsSchema,
  contractRecordSchema,
  contractSchema,
  contractYearSchema,
  newContractSchema,
  percentageContractSchema,
  topNewContractRequestSchema,
  totalDiverseSchema,
} from '@spotzcity/shared/contracts';
import type { Permission } from '@spotzcity/shared/permissions';
import { MESSAGES } from '@spotzcity/shared/validation';
import { excelRequestSchema } from '@spotzcity/shared/reports';
import { principalOf } from '../../platform/auth.ts';
import { MIME, buildWorkbook, safeFileName, sendFile } from '../../platform/exports.ts';
import { ValidationError } from '../../platform/errors.ts';
import { ok, paged } from '../../platform/http.ts';
import { parseInput } from '../../platform/validate.ts';
import { contractDashboardWorkbook, contractListSheets } from './excel.ts';
import {
  allContracts,
  allNewContracts,
  contractsPerMonth,
  deleteContract,
  getContract,
  listContracts,
  newContracts,
  percentageContract,
  saveContract,
  totalDiverse,
} from './service.ts';

/** Anyone who may open the Contracts section may read its records. */
export const CONTRACT_SECTION: Permission[] = [
  'CONTRACT_VIEW',
  'ADD_EDIT_CONTRACT',
  'DELETE_CONTRACT',
  'CREATE_CONTRACT_REPORT',
];

const anyBody = z.record(z.string(), z.unknown());

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contracts'];
  const recordReply = envelopeOf(contractRecordSchema);
  const clientRef = (request: FastifyRequest) => principalOf(request).clientRef;

  app.post(
    '/api/contract/list',
    {
      onRequest: app.guard(...CONTRACT_SECTION),
      schema: {
        tags,
        body: pageRequestSchema.optional(),
        response: { 200: pagedOf(contractRecordSchema) },
      },
    },
    async (request) => {
      const page = pageRequestSchema.parse(request.body ?? {});
      const { rows, total } = await listContracts(app.db, {
        clientRef: clientRef(request),
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.get(
    '/api/contract/detail/:id',
    {
      onRequest: app.guard(...CONTRACT_SECTION),
      schema: { tags, params: contractIdSchema, response: { 200: recordReply } },
    },
    async (request) =>
      ok(await getContract(app.db, { clientRef: clientRef(request), id: request.params.id })),
  );

  // POST adds, PUT (with id) updates; a POST that carries an id updates too.
  const saveOptions = {
    onRequest: app.guard('ADD_EDIT_CONTRACT'),
    schema: {
      tags,
      description:
        'Body: the contract fields with awardeeVendorInfo, vendorAccount and divisionInfo sections. Dates: YYYY-MM-DD or wall time with its offset.',
      body: anyBody,
      response: { 200: recordReply },
    },
  };
  const save = async (request: FastifyRequest, update: boolean) => {
    const input = parseInput(contractSchema, request.body);
    if (update && input.id === undefined) throw ValidationError.field('id', MESSAGES.required);
    const principal = principalOf(request);
    const record = await saveContract(
      app.db,
      { clientRef: principal.clientRef, userId: principal.id },
      input,
    );
    return ok(record, input.id === undefined ? SUCCESS.created : SUCCESS.updated);
  };
  app.post('/api/contract/create', saveOptions, (request) => save(request, false));
  app.put('/api/contract/create', saveOptions, (request) => save(request, true));

  app.delete(
    '/api/contract/delete',
    {
      onRequest: app.guard('DELETE_CONTRACT'),
      schema: {
        tags,
        description: '`id` in the body or the query.',
        response: { 200: messageReplySchema },
      },
    },
    async (request) => {
      const { id } = parseInput(contractIdSchema, {
        ...(request.query as object),
        ...((request.body as object | undefined) ?? {}),
      });
      await deleteContract(app.db, { clientRef: clientRef(request), id });
      return { message: SUCCESS.deleted };
    },
  );

  const report = { onRequest: app.guard('CREATE_CONTRACT_REPORT') };

  app.post(
    '/api/contract/topNewContract',
    {
      ...report,
      schema: {
        tags,
        description: 'Contracts starting in the year, largest value first (paged).',
        body: anyBody,
        response: { 200: pagedOf(newContractSchema) },
      },
    },
    async (request) => {
      const { year, ...page } = parseInput(topNewContractRequestSchema, request.body);
      const { rows, total } = await newContracts(app.db, {
        clientRef: clientRef(request),
        year,
        ...page,
      });
      return paged(rows, total, page);
    },
  );

  app.post(
    '/api/contract/totalDiverseSupplier',
    {
      ...report,
      schema: {
        tags,
        description: 'Contracts in force during the year with a diverse awardee.',
        body: anyBody,
        response: { 200: envelopeOf(totalDiverseSchema) },
      },
    },
    async (request) => {
      const { year } = parseInput(contractYearSchema, request.body);
      return ok(await totalDiverse(app.db, { clientRef: clientRef(request), year }));
    },
  );

  app.post(
    '/api/contract/percentageContract',
    {
      ...report,
      schema: {
        tags,
        description: 'Diverse vs non-diverse percentage of the contracts in force during the year.',
        body: anyBody,
        response: { 200: envelopeOf(percentageContractSchema) },
      },
    },
    async (request) => {
      const { year } = parseInput(contractYearSchema, request.body);
      return ok(await percentageContract(app.db, { clientRef: clientRef(request), year }));
    },
  );

  app.post(
    '/api/contract/contractPerDiversityMom',
    {
      ...report,
      schema: {
        tags,
        description:
          'Per month: contracts completing (ending) in it, diverse and not, and the diverse contract value.',
        body: anyBody,
        response: { 200: envelopeOf(contractMonthsSchema) },
      },
    },
    async (request) => {
      const { year } = parseInput(contractYearSchema, request.body);
      return ok(await contractsPerMonth(app.db, { clientRef: clientRef(request), year }));
    },
  );

  app.get(
    '/api/excel/list/contract',
    {
      onRequest: app.guard(...CONTRACT_SECTION),
      schema: { tags, description: 'The contract list as an Excel workbook.' },
    },
    async (request, reply) => {
      const records = await allContracts(app.db, { clientRef: clientRef(request) });
      const workbook = await buildWorkbook(
        {
          title: 'Contract List',
          parameters: [
            ['Contracts', String(records.length)],
            ['Exported', new Date().toISOString().slice(0, 10)],
          ],
        },
        contractListSheets(records),
      );
      return sendFile(reply, workbook, safeFileName('Contract List', 'xlsx'), MIME.xlsx);
    },
  );

  app.post(
    '/api/excel/contract',
    {
      ...report,
      schema: {
        tags,
        description:
          'The contract dashboard as Excel: body {excel: true, spendData: {year, analysis}}. Every figure is recomputed here.',
        body: anyBody,
      },
    },
    async (request, reply) => {
      const { spendData } = parseInput(excelRequestSchema, request.body);
      const { analysis, year } = parseInput(contractExcelDataSchema, spendData);
      const scope = { clientRef: clientRef(request), year };
      const [months, total, percentage, fresh] = await Promise.all([
        contractsPerMonth(app.db, scope),
        totalDiverse(app.db, scope),
        percentageContract(app.db, scope),
        allNewContracts(app.db, scope),
      ]);
      const { meta, sheets } = contractDashboardWorkbook({
        year,
        months,
        total,
        percentage,
        newContracts: fresh,
        analysis,
      });
      const workbook = await buildWorkbook(meta, sheets);
      return sendFile(reply, workbook, safeFileName(meta.title, 'xlsx'), MIME.xlsx);
    },
  );
};
