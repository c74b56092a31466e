/**
 * Tier 2 endpoints. The buyer's: invite a prime, the status list, a prime's report,
 * the figures next to Tier 1. The prime's: the buyers' requests to accept or decline, the buyers
 * it reports to, its report per buyer and quarter (form or template upload). Every prime route is
 * scoped to the caller's organisation as the prime, every buyer route to it as the buyer: anyone
 * else's report answers 404, and so does a link the prime has not accepted.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import { ACCESS } from '@spotzcity/shared/permissions';
import {
  TIER2_MESSAGES,
  tier2BreakdownSchema,
  tier2BuyerSchema,
  tier2FiguresRequestSchema,
  tier2FiguresSchema,
  tier2InviteSchema,
  tier2PrimeParams,
  tier2PrimeSchema,
  tier2QuarterSchema,
  tier2ReportInputSchema,
  tier2ReportSchema,
  tier2RequestSchema,
} from '@spotzcity/shared/tier2';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import { registerOrganisationRead } from '../../platform/organisation-routes.ts';
import { ok } from '../../platform/http.ts';
import { withUploadedSheet } from '../../platform/xlsx/sheet-import.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import {
  answerRequest,
  changeBreakdown,
  getReport,
  invitePrime,
  listBuyers,
  listPrimes,
  listRequests,
  primeForReporting,
  saveReport,
  tier2Figures,
  uploadReport,
} from './service.ts';
import { TIER2_TEMPLATE_FILE_NAME, tier2Template } from './template.ts';
import { multipartForm } from '../../platform/validate.ts';
import { overduePrimes } from './attention.ts';

export interface Tier2RouteOptions {
  appName: string;
  publicUrl: string;
  maxFileBytes: number;
  limits: XlsxLimits;
}

const reportQuery = tier2PrimeParams.extend(tier2QuarterSchema.shape);

export const tier2Routes: FastifyPluginAsyncZod<Tier2RouteOptions> = async (app, opts) => {
  app.attention.provide('tier2', overduePrimes);
  const tags = ['tier 2'];
  const inviters = app.guard(ACCESS.supplierAndSpend.tier2Invite);
  const readers = app.guard(ACCESS.supplierAndSpend.dashboards);
  // A prime's routes: the supplier role (TIER2_REPORT); the service answers only the caller's
  // own links.
  const primes = app.guard(ACCESS.tier2.report);

  app.post(
    '/api/tier2/primes/invite',
    {
      onRequest: inviters,
      schema: {
        tags,
        description:
          'Invites a prime supplier to report Tier 2 spend each quarter from `firstYear`/' +
          '`firstQuarter`, optionally per project or cost centre (`breakdown`). An address ' +
          'that signs in to a supplier organisation asks that organisation; any other gets a ' +
          'new supplier organisation and an invitation to choose a password. The link is ' +
          '`PENDING` until the prime accepts it. The mail is the product text with the ' +
          "organisation's name; no field of the request is mailed, and a `message` is ignored.",
        body: tier2InviteSchema,
        response: { 200: envelopeOf(tier2PrimeSchema), ...alsoAnswers(409) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const prime = await app.db.transaction((tx) =>
        invitePrime(
          tx,
          {
            invitations: app.invitations,
            mailer: app.mailer,
            appName: opts.appName,
            publicUrl: opts.publicUrl,
          },
          principal,
          request.body,
        ),
      );
      return ok(prime, TIER2_MESSAGES.invited(prime.contactEmail));
    },
  );

  app.put(
    '/api/tier2/primes/breakdown',
    {
      onRequest: inviters,
      schema: {
        tags,
        description:
          'Changes what the organisation asks of one of its primes (`primeId`): the whole ' +
          'buyer, or direct spend per project or cost centre from the list in `segments`. ' +
          'Reports already made keep their lines; the prime is told by mail.',
        querystring: tier2PrimeParams,
        body: tier2BreakdownSchema,
        response: { 200: envelopeOf(tier2PrimeSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const prime = await app.db.transaction((tx) =>
        changeBreakdown(
          tx,
          { mailer: app.mailer, appName: opts.appName, publicUrl: opts.publicUrl },
          principal,
          request.query.primeId,
          request.body,
        ),
      );
      return ok(prime, TIER2_MESSAGES.breakdownSaved(prime.companyName));
    },
  );

  registerOrganisationRead(app, {
    url: '/api/tier2/primes',
    onRequest: readers,
    tags,
    description: "The organisation's primes and, per quarter, who has reported.",
    reply: z.array(tier2PrimeSchema),
    read: listPrimes,
  });

  app.get(
    '/api/tier2/primes/report',
    {
      onRequest: readers,
      schema: {
        tags,
        description: "One of the organisation's primes' report for a quarter, with the allocation.",
        querystring: reportQuery,
        response: { 200: envelopeOf(tier2ReportSchema) },
      },
    },
    async (request) => {
      const { primeId, year, quarter } = request.query;
      return ok(
        await getReport(app.db, { buyer: principalOf(request).clientRef }, primeId, {
          year,
          quarter,
        }),
      );
    },
  );

  app.post(
    '/api/tier2/figures',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          'A calendar year (`year`, the latest reported by default) of Tier 2 direct and ' +
          'indirect spend per diversity type next to Tier 1 diverse spend of the selected files.',
        body: tier2FiguresRequestSchema.optional(),
        response: { 200: envelopeOf(tier2FiguresSchema) },
      },
    },
    async (request) => {
      const input = request.body ?? tier2FiguresRequestSchema.parse({});
      return ok(await tier2Figures(app.db, principalOf(request).clientRef, input));
    },
  );

  /* ---------- The prime's side ---------- */

  registerOrganisationRead(app, {
    url: '/api/tier2/buyers/requests',
    onRequest: primes,
    tags,
    description:
      "The buyers' requests the caller's organisation has not answered: accepting one lets the " +
      'buyer see the reports made to it; declining ends it.',
    reply: z.array(tier2RequestSchema),
    read: listRequests,
  });

  for (const [answer, path] of [
    ['ACCEPTED', 'accept'],
    ['DECLINED', 'decline'],
  ] as const) {
    app.put(
      `/api/tier2/buyers/${path}`,
      {
        onRequest: primes,
        schema: {
          tags,
          description:
            `${answer === 'ACCEPTED' ? 'Accepts' : 'Declines'} a buyer's request (\`primeId\`) ` +
            "for the caller's organisation. Only a pending request: an answered one is 409.",
          querystring: tier2PrimeParams,
          response: { 200: envelopeOf(tier2RequestSchema), ...alsoAnswers(409) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const answered = await app.db.transaction((tx) =>
          answerRequest(tx, principal, request.query.primeId, answer),
        );
        return ok(
          answered,
          answer === 'ACCEPTED'
            ? TIER2_MESSAGES.accepted(answered.buyerName)
            : TIER2_MESSAGES.declined(answered.buyerName),
        );
      },
    );
  }

  registerOrganisationRead(app, {
    url: '/api/tier2/buyers',
    onRequest: primes,
    tags,
    description: 'The buyers the caller reports Tier 2 spend to, each with its quarters.',
    reply: z.array(tier2BuyerSchema),
    read: listBuyers,
  });

  app.get(
    '/api/tier2/buyers/report',
    {
      onRequest: primes,
      schema: {
        tags,
        description: "The caller's report to one buyer (`primeId`) for a quarter.",
        querystring: reportQuery,
        response: { 200: envelopeOf(tier2ReportSchema) },
      },
    },
    async (request) => {
      const { primeId, year, quarter } = request.query;
      return ok(
        await getReport(app.db, { prime: principalOf(request).clientRef }, primeId, {
          year,
          quarter,
        }),
      );
    },
  );

  app.put(
    '/api/tier2/buyers/report',
    {
      onRequest: primes,
      schema: {
        tags,
        description:
          "Saves (or replaces) the caller's report to one buyer (`primeId` in the query) for " +
          'the quarter in the body.',
        querystring: tier2PrimeParams,
        body: tier2ReportInputSchema,
        response: { 200: envelopeOf(tier2ReportSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const report = await app.db.transaction((tx) =>
        saveReport(tx, principal, request.query.primeId, request.body, 'FORM'),
      );
      return ok(report, TIER2_MESSAGES.saved);
    },
  );

  app.get(
    '/api/tier2/buyers/template',
    {
      onRequest: primes,
      schema: {
        tags,
        description: 'The Tier 2 report template (.xlsx) for one buyer (`primeId`).',
        querystring: tier2PrimeParams,
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const prime = await primeForReporting(app.db, principal.clientRef, request.query.primeId);
      const buyers = await listBuyers(app.db, principal.clientRef);
      const buyerName = buyers.find((b) => b.primeId === prime.id)?.buyerName ?? '';
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${TIER2_TEMPLATE_FILE_NAME}"`)
        .send(await tier2Template(prime, buyerName));
    },
  );

  app.post(
    '/api/tier2/buyers/upload',
    {
      onRequest: primes,
      schema: {
        tags,
        ...multipartForm({}, { file: 'required' }),
        description:
          'Multipart `file` (.xlsx, the template) with `primeId`, `year` and `quarter` in the ' +
          'query. All-or-nothing: a bad row answers 400 with `errors: [{row, column, message}]` ' +
          'and saves nothing.',
        querystring: reportQuery,
        response: { 200: envelopeOf(tier2ReportSchema) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { primeId, year, quarter } = request.query;
      // Another organisation's link answers 404 before the file is read.
      await primeForReporting(app.db, principal.clientRef, primeId);
      const report = await withUploadedSheet(
        request,
        { maxBytes: opts.maxFileBytes, label: 'Tier 2 workbook' },
        (path, onUnreadable) =>
          uploadReport(
            app.db,
            principal,
            primeId,
            { year, quarter },
            {
              path,
              limits: opts.limits,
              onUnreadable,
            },
          ),
      );
      return ok(report, TIER2_MESSAGES.uploaded);
    },
  );
};
