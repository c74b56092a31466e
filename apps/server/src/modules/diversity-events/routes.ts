/** Diversity Events endpoints: the tab's list, the events upload and its template. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, pagedOf } from '@spotzcity/shared/api';
import {
  EVENT_MESSAGES,
  diversityEventSchema,
  eventListRequestSchema,
  eventUploadResultSchema,
} from '@spotzcity/shared/diversity-events';
import { principalOf } from '../../platform/auth.ts';
import { ok, paged } from '../../platform/http.ts';
import { withUploadedSheet } from '../../platform/xlsx/sheet-import.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import { importEvents, listEvents } from './service.ts';
import { EVENT_TEMPLATE_FILE_NAME, eventsTemplate } from './template.ts';
import { ACCESS } from '@spotzcity/shared/permissions';
import { multipartForm } from '../../platform/validate.ts';

export interface DiversityEventRouteOptions {
  maxFileBytes: number;
  limits: XlsxLimits;
}

export const diversityEventRoutes: FastifyPluginAsyncZod<DiversityEventRouteOptions> = async (
  app,
  opts,
) => {
  const tags = ['diversity events'];
  const readers = app.guard(ACCESS.diversityEvent.allowed);
  const uploaders = app.guard(ACCESS.diversityEvent.uploadEvent);

  app.post(
    '/api/diversity_events/list',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          'One tab (`eventType`: Trade, Conference or Consumers) with `filters` {category, ' +
          'eventName, city, state, fromDate, toDate}; `sortOn: "startDate"` (or `"date"`, the ' +
          'column it shows in) sorts on the start date (`sortOrder` ASC or DESC; ASC by default).',
        body: eventListRequestSchema.optional(),
        response: { 200: pagedOf(diversityEventSchema) },
      },
    },
    async (request) => {
      const input = request.body ?? eventListRequestSchema.parse({});
      const { rows, total } = await listEvents(app.db, input);
      return paged(rows, total, { pageNumber: input.pageNumber, pageSize: input.pageSize });
    },
  );

  app.get(
    '/api/diversity_events/template',
    { onRequest: uploaders, schema: { tags, description: 'The events-list template (.xlsx).' } },
    async (_request, reply) =>
      reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="${EVENT_TEMPLATE_FILE_NAME}"`)
        .send(await eventsTemplate()),
  );

  app.post(
    '/api/diversity_events/upload',
    {
      onRequest: uploaders,
      schema: {
        tags,
        ...multipartForm({}, { file: 'required' }),
        description:
          'Multipart `file` (.xlsx, the template columns). All-or-nothing: a bad row answers 400 ' +
          'with `errors: [{row, column, message}]` (the first 100) and saves nothing.',
        response: { 200: envelopeOf(eventUploadResultSchema) },
      },
    },
    async (request) => {
      const result = await withUploadedSheet(
        request,
        { maxBytes: opts.maxFileBytes, label: 'events workbook' },
        (path, onUnreadable) =>
          importEvents(app.db, {
            createdBy: principalOf(request).id,
            path,
            limits: opts.limits,
            onUnreadable,
          }),
      );
      return ok(result, EVENT_MESSAGES.uploaded);
    },
  );
};
