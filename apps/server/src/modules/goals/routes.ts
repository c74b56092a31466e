/**
 * Goals against actuals: the organisation's settings for its figures, its targets per
 * fiscal year, their history, the Goals Dashboard and its exports.
 *
 * Guards: whoever may see the spend figures reads them (SUPPLIER_SPEND_VIEW or
 * CREATE_SUPPLIER_SPEND_REPORT); only an organisation admin changes them
 * (BUYER_ORG_USER_MANAGEMENT, which a Buyer Admin holds and a Buyer User does not); the exports
 * are reports (CREATE_SUPPLIER_SPEND_REPORT). Every query is the signed-in user's organisation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  GOAL_MESSAGES,
  goalHeadlineSchema,
  goalHistoryItemSchema,
  goalsDashboardRequestSchema,
  goalsDashboardSchema,
  goalsExcelSchema,
  goalsRequestSchema,
  goalsSaveSchema,
  goalYearsSchema,
  settingsSaveSchema,
  settingsSchema,
  yearGoalsSchema,
} from '@spotzcity/shared/goals';
import { principalOf } from '../../platform/auth.ts';
import { registerOrganisationRead } from '../../platform/organisation-routes.ts';
import { registerDashboardWorkbook } from '../../platform/dashboard-workbook.ts';
import { ok } from '../../platform/http.ts';
import { registerReport } from '../../platform/reports/register.ts';
import { GOALS_REPORT, dashboardFor, goalsWorkbook } from './report.ts';
import {
  getSettings,
  getYearGoals,
  goalHistory,
  goalYears,
  saveSettings,
  saveYearGoals,
} from './service.ts';
import { ACCESS } from '@spotzcity/shared/permissions';
import { yearGoal } from './attention.ts';
import {
  drillDownSchema,
  goalDrillExcelSchema,
  goalDrillRequestSchema,
} from '@spotzcity/shared/drill-down';
import { alsoAnswers } from '../../platform/api-document.ts';
import { goalDrillDown, goalDrillWorkbook } from './drill-down.ts';

export const goalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.attention.provide('goal', yearGoal);
  const tags = ['goals'];
  const readers = app.guard(ACCESS.supplierAndSpend.dashboards);
  /** The targets and the figures against them: an API token with the `read` scope too. */
  const figureReaders = app.guard(ACCESS.supplierAndSpend.dashboards, { scopes: ['read'] });
  const admins = app.guard(ACCESS.supplierAndSpend.goalsEdit);

  registerOrganisationRead(app, {
    url: '/api/organisation/settings',
    onRequest: readers,
    tags,
    description:
      "The organisation's fiscal-year start month and non-addressable spend categories, with the categories its spend uses.",
    reply: settingsSchema,
    read: getSettings,
  });

  app.put(
    '/api/organisation/settings',
    {
      onRequest: admins,
      schema: {
        tags,
        description: 'Saves the settings (recorded in the audit log).',
        body: settingsSaveSchema,
        response: { 200: envelopeOf(settingsSchema) },
      },
    },
    async (request) =>
      ok(
        await saveSettings(app.db, principalOf(request), request.body),
        GOAL_MESSAGES.settingsSaved,
      ),
  );

  registerOrganisationRead(app, {
    url: '/api/goals/years',
    onRequest: figureReaders,
    tags,
    description: 'Fiscal years with targets, and the fiscal year today falls in.',
    reply: goalYearsSchema,
    read: goalYears,
  });

  app.get(
    '/api/goals',
    {
      onRequest: figureReaders,
      schema: {
        tags,
        description: 'The targets of one fiscal year (?fiscalYear=2026).',
        querystring: goalsRequestSchema,
        response: { 200: envelopeOf(yearGoalsSchema) },
      },
    },
    async (request) =>
      ok(await getYearGoals(app.db, principalOf(request).clientRef, request.query.fiscalYear)),
  );

  app.put(
    '/api/goals',
    {
      onRequest: admins,
      schema: {
        tags,
        description:
          'Replaces every target of one fiscal year: overall, per diversity type, per category (recorded in the audit log).',
        body: goalsSaveSchema,
        response: { 200: envelopeOf(yearGoalsSchema) },
      },
    },
    async (request) =>
      ok(await saveYearGoals(app.db, principalOf(request), request.body), GOAL_MESSAGES.goalsSaved),
  );

  registerOrganisationRead(app, {
    url: '/api/goals/history',
    onRequest: figureReaders,
    tags,
    description:
      'Who changed the settings and the goals, when, before and after (newest first, 50).',
    reply: z.array(goalHistoryItemSchema),
    read: goalHistory,
  });

  app.post(
    '/api/graph/goals',
    {
      onRequest: figureReaders,
      schema: {
        tags,
        description:
          "The Goals Dashboard of a fiscal year (today's by default) for the selected files under a counting rule (the organisation's default when absent): cumulative actual against the goal, the projection, and every target's row.",
        body: goalsDashboardRequestSchema,
        response: { 200: envelopeOf(goalsDashboardSchema) },
      },
    },
    async (request) => {
      const { clientRef } = principalOf(request);
      const { selectedIds, fiscalYear, countingRule } = request.body;
      return ok(await dashboardFor(app.db, { clientRef, selectedIds }, fiscalYear, countingRule));
    },
  );

  app.get(
    '/api/goals/headline',
    {
      onRequest: figureReaders,
      schema: {
        tags,
        description: "The current fiscal year's overall goal and where it stands (every file).",
        response: { 200: envelopeOf(goalHeadlineSchema) },
      },
    },
    async (request) => {
      const { clientRef } = principalOf(request);
      const d = await dashboardFor(app.db, { clientRef, selectedIds: [] }, undefined);
      return ok({
        fiscalYear: d.fiscalYear,
        label: d.label,
        overall: d.overall,
        monthsElapsed: d.monthsElapsed,
      });
    },
  );

  registerReport(app, GOALS_REPORT);

  registerDashboardWorkbook(app, {
    path: '/api/excel/goals',
    tags,
    access: ACCESS.supplierAndSpend.createReport,
    description:
      'The Goals Dashboard as a workbook: body {excel: true, spendData: {selectedIds, fiscalYear?, countingRule?, analysis?}}; every figure recomputed here.',
    parameters: goalsExcelSchema,
    build: async (db, clientRef, params) => {
      const { title, fileName, parameters, sheets } = await goalsWorkbook(
        db,
        { clientRef, selectedIds: params.selectedIds },
        params.fiscalYear,
        params.countingRule,
      );
      return { meta: { title, parameters, analysis: params.analysis }, sheets, fileName };
    },
  });

  app.post(
    '/api/drillDown/goal',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "A goal's actual on the Goals Dashboard (its row's kind and name, the fiscal year, the counting rule) opened onto its vendors: per vendor its part and why it counts under the goal's class, adding up to the actual; with `supplierKey`, that vendor's payments (latest first, at most 500). 404 when the year has no such goal.",
        body: goalDrillRequestSchema,
        response: { 200: envelopeOf(drillDownSchema), ...alsoAnswers(404) },
      },
    },
    async (request) => {
      const { selectedIds } = request.body;
      const scope = { clientRef: principalOf(request).clientRef, selectedIds };
      return ok(await goalDrillDown(app.db, scope, request.body));
    },
  );

  registerDashboardWorkbook(app, {
    path: '/api/excel/drillDown/goal',
    tags,
    access: ACCESS.supplierAndSpend.createReport,
    description:
      "A goal's drill-down as a workbook: body {excel: true, spendData: {selectedIds, fiscalYear, kind, name, countingRule?, analysis?}}; Suppliers and Payments sheets.",
    parameters: goalDrillExcelSchema,
    build: async (db, clientRef, params) => {
      const { analysis, selectedIds, ...goal } = params;
      const { parameters, sheets, fileName } = await goalDrillWorkbook(
        db,
        { clientRef, selectedIds },
        goal,
      );
      return { meta: { title: fileName, parameters, analysis }, sheets, fileName };
    },
  });
};
