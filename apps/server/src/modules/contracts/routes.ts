/** Contract routes: paths and field names as the spec spells them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pagedOf } from '@spotzcity/shared/api';
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
import { ACCESS } from '@spotzcity/shared/permissions';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok, paged } from '../../platform/http.ts';
import {
  clientRefOf,
  registerListWorkbook,
  registerRecordRoutes,
} from '../../platform/record-routes.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { contractDashboardWorkbook, contractListSheets } from './excel.ts';
import { CONTRACT_REPORT } from './report.ts';
import {
  allContracts,
  contractDashboardFigures,
  contractsPerMonth,
  deleteContract,
  getContract,
  listContracts,
  newContracts,
  percentageContract,
  saveContract,
  totalDiverse,
} from './service.ts';

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['contracts'];

  registerReport(app, CONTRACT_REPORT);

  registerRecordRoutes(app, {
    tags,
    access: ACCESS.contract,
    paths: {
      list: '/api/contract/list',
      detail: '/api/contract/detail/:id',
      save: '/api/contract/create',
      delete: '/api/contract/delete',
    },
    recordSchema: contractRecordSchema,
    idSchema: contractIdSchema,
    inputSchema: contractSchema,
    // A number already used in the organisation.
    saveAlsoAnswers: [409],
    saveDescription:
      'Body: the contract fields with awardeeVendorInfo, vendorAccount and divisionInfo sections. Dates: YYYY-MM-DD or wall time with its offset.',
    list: listContracts,
    get: getContract,
    save: saveContract,
    remove: deleteContract,
  });

  const report = { onRequest: app.guard(ACCESS.contract.createReport) };

  app.post(
    '/api/contract/topNewContract',
    {
      ...report,
      schema: {
        tags,
        description: 'Contracts starting in the year, largest value first (paged).',
        body: topNewContractRequestSchema,
        response: { 200: pagedOf(newContractSchema) },
      },
    },
    async (request) => {
      const { year, ...page } = request.body;
      const { rows, total } = await newContracts(app.db, {
        clientRef: clientRefOf(request),
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
        body: contractYearSchema,
        response: { 200: envelopeOf(totalDiverseSchema) },
      },
    },
    async (request) => {
      const { year } = request.body;
      return ok(await totalDiverse(app.db, { clientRef: clientRefOf(request), year }));
    },
  );

  app.post(
    '/api/contract/percentageContract',
    {
      ...report,
      schema: {
        tags,
        description: 'Diverse vs non-diverse percentage of the contracts in force during the year.',
        body: contractYearSchema,
        response: { 200: envelopeOf(percentageContractSchema) },
      },
    },
    async (request) => {
      const { year } = request.body;
      return ok(await percentageContract(app.db, { clientRef: clientRefOf(request), year }));
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
        body: contractYearSchema,
        response: { 200: envelopeOf(contractMonthsSchema) },
      },
    },
    async (request) => {
      const { year } = request.body;
      return ok(await contractsPerMonth(app.db, { clientRef: clientRefOf(request), year }));
    },
  );

  registerListWorkbook(app, {
    path: '/api/excel/list/contract',
    tags,
    access: ACCESS.contract.allowed,
    description: 'The contract list as an Excel workbook.',
    title: 'Contract List',
    countLabel: 'Contracts',
    all: allContracts,
    sheets: contractListSheets,
  });

  registerDashboardWorkbook(app, {
    path: '/api/excel/contract',
    tags,
    access: ACCESS.contract.createReport,
    description:
      'The contract dashboard as Excel: body {excel: true, spendData: {year, analysis}}. Every figure is recomputed here.',
    parameters: contractExcelDataSchema,
    build: async (db, clientRef, { analysis, year }) => {
      const figures = await contractDashboardFigures(db, { clientRef, year });
      const workbook = contractDashboardWorkbook({ year, ...figures, analysis });
      return { ...workbook, fileName: workbook.meta.title };
    },
  });
};
