/**
 * One report builder for every dashboard (DESIGN.md §7): a dashboard gives a definition — its
 * parameters, who may make the report, and how its figures become a `ReportDocument` (with the
 * dashboard's own queries) — and gets `POST /api/report/<key>/pptx` and `/pdf`. Adding a
 * dashboard to the reports is adding one definition.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Access } from '@spotzcity/shared/permissions';
import { ANALYSIS_MAX } from '@spotzcity/shared/reports';
import { recordId } from '@spotzcity/shared/validation';
import type { DbOrTx } from '../../db/client.ts';
import { clients, reportAnalyses } from '../../db/schema/index.ts';
import { alsoAnswers, fieldNames } from '../api-document.ts';
import { principalOf } from '../auth.ts';
import { MIME, safeFileName, sendFile } from '../exports.ts';
import type { ReportDocument } from './document.ts';
import { renderPdf } from './pdf.ts';
import { renderPptx } from './pptx.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What every report request may add to the dashboard's own parameters. */
export const reportRequestShape = {
  /**
   * The reader's locale (BCP 47, e.g. en-US): US-style regions get Letter paper, others A4.
   * Without it the request's Accept-Language decides.
   */
  locale: z
    .string()
    .max(35)
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, { error: 'Invalid locale' })
    .optional(),
  /** The analysis text as the screen shows it; without it, the text saved for the report. */
  analysis: z.string().max(ANALYSIS_MAX).optional(),
};

/** A database id as a request may carry it: a positive 32-bit integer (the shared rule). */
export const idSchema = recordId();

export interface ReportContext {
  db: DbOrTx;
  clientRef: number;
}

/** What a definition builds; the builder adds the organisation, the date, the paper. */
export type ReportContent = Omit<
  ReportDocument,
  'organisation' | 'generated' | 'paper' | 'analysis'
> & {
  analysis: { title: string; reportKey: string };
};

export interface ReportDefinition<Body extends z.ZodType<Record<string, unknown>>> {
  /** The path segment: 'spend' → /api/report/spend/pptx. */
  key: string;
  description: string;
  /** Who may make the report: the dashboard's ACCESS entry (its `createReport`). */
  access: Access;
  /** The request body: the dashboard's filters plus `reportRequestShape`. */
  body: Body;
  build(context: ReportContext, params: z.output<Body>): Promise<ReportContent>;
}

/** Regions that print on US Letter; every other one uses A4. */
const LETTER_REGIONS = new Set([
  'US',
  'CA',
  'MX',
  'PH',
  'CL',
  'CO',
  'VE',
  'GT',
  'PR',
  'CR',
  'SV',
  'PA',
  'DO',
  'NI',
  'BZ',
]);

export function paperFor(locale: string | undefined): 'A4' | 'LETTER' {
  const region = locale
    ?.split(',')[0]
    ?.split(';')[0]
    ?.trim()
    .split('-')
    .slice(1)
    .find((part) => /^[A-Za-z]{2}$/.test(part));
  // A language without a region (or none at all) keeps the product's home, the US.
  if (!region) return 'LETTER';
  return LETTER_REGIONS.has(region.toUpperCase()) ? 'LETTER' : 'A4';
}

async function organisationName(db: DbOrTx, clientRef: number) {
  const [row] = await db
    .select({ companyName: clients.companyName, name: clients.name })
    .from(clients)
    .where(eq(clients.id, clientRef));
  return row?.companyName || row?.name || '';
}

async function savedAnalysis(db: DbOrTx, clientRef: number, reportKey: string) {
  const [row] = await db
    .select({ text: reportAnalyses.text })
    .from(reportAnalyses)
    .where(and(eq(reportAnalyses.clientRef, clientRef), eq(reportAnalyses.reportKey, reportKey)));
  return row?.text ?? '';
}

export async function buildReport<Body extends z.ZodType<Record<string, unknown>>>(
  definition: ReportDefinition<Body>,
  context: ReportContext,
  params: z.output<Body> & { locale?: string | undefined; analysis?: string | undefined },
  acceptLanguage?: string,
): Promise<ReportDocument> {
  const content = await definition.build(context, params);
  const [organisation, saved] = await Promise.all([
    organisationName(context.db, context.clientRef),
    params.analysis === undefined
      ? savedAnalysis(context.db, context.clientRef, content.analysis.reportKey)
      : Promise.resolve(params.analysis),
  ]);
  return {
    ...content,
    organisation,
    generated: new Date(),
    paper: paperFor(params.locale ?? acceptLanguage),
    analysis: { title: content.analysis.title, text: saved },
  };
}

export function registerReport<Body extends z.ZodType<Record<string, unknown>>>(
  app: App,
  definition: ReportDefinition<Body>,
) {
  const formats = [
    { format: 'pptx', render: renderPptx, mime: MIME.pptx, what: 'PowerPoint' },
    { format: 'pdf', render: renderPdf, mime: MIME.pdf, what: 'PDF' },
  ] as const;
  for (const { format, render, mime, what } of formats) {
    app.post(
      `/api/report/${definition.key}/${format}`,
      {
        onRequest: app.guard(definition.access),
        schema: {
          tags: ['reports'],
          description: `${definition.description} as ${what}, built on the server from the dashboard's own queries.`,
          body: definition.body,
          // A report of chosen files answers 404 for a file that is not the organisation's.
          response: fieldNames(definition.body).includes('selectedIds') ? alsoAnswers(404) : {},
        },
      },
      async (request, reply) => {
        const { clientRef } = principalOf(request);
        const document = await buildReport(
          definition,
          { db: app.db, clientRef },
          request.body as z.output<Body> & { locale?: string; analysis?: string },
          request.headers['accept-language'],
        );
        return sendFile(
          reply,
          await render(document),
          safeFileName(document.fileName, format),
          mime,
        );
      },
    );
  }
}
