/**
 * The spend upload and its import jobs: `POST /api/file/upload` answers 202 with the
 * job; `GET /api/file/imports` lists the organisation's imports still running, held or failed
 * (until dismissed); `GET /api/file/imports/:id` reads one with its first problems;
 * `GET /api/file/imports/:id/events` follows it as server-sent events until it ends;
 * `DELETE /api/file/imports/:id` dismisses a finished one. Another organisation's id is a 404.
 */
import { PassThrough } from 'node:stream';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '@spotzcity/shared/api';
import {
  IMPORT_MESSAGES,
  importDecisionSchema,
  importIdParamsSchema,
  importJobDetailSchema,
  importJobSchema,
  isFinalImport,
  type ImportJob,
  SPEND_FILE_EXTENSIONS,
} from '@spotzcity/shared/spend-imports';
import { importJobs } from '../../db/schema/index.ts';
import { alsoAnswers } from '../../platform/api-document.ts';
import { principalOf } from '../../platform/auth.ts';
import { contentDisposition } from '../../platform/downloads.ts';
import { Conflict, Forbidden, NotFound } from '../../platform/errors.ts';
import { errorReportName, errorWorkbook } from '../../platform/xlsx/errors-workbook.ts';
import { sha256OfFile } from '../../platform/file-hash.ts';
import { ok } from '../../platform/http.ts';
import {
  detailOf,
  jobOf,
  presentJob,
  uploaderNames,
  type ImportJobRow,
} from '../../platform/import-jobs.ts';
import { receiveFileToDisk } from '../../platform/uploads.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import { SPEND_JOB, decideSpendImport, spendJobHandler, startSpendImport } from './jobs.ts';
import { ACCESS } from '@spotzcity/shared/permissions';
import { multipartForm } from '../../platform/validate.ts';

export interface SpendImportRouteOptions {
  maxFileBytes: number;
  limits: XlsxLimits;
  maxErrors: number;
}

/** Imports the files list shows: at most this many, newest first. */
const LISTED_IMPORTS = 50;
/** A comment line that keeps an event stream's connection open through idle proxies. */
const KEEP_ALIVE_MS = 15_000;
/** How often a stream re-reads a job this process does not run (another process, held). */
const POLL_MS = 1_000;
/** How often a follower of a queued import looks whether this process has started it. */
const LIVE_CHECK_MS = 100;

export const spendImportRoutes: FastifyPluginAsyncZod<SpendImportRouteOptions> = async (
  app,
  opts,
) => {
  const tags = ['supplier spend'];
  // A system's API token may upload with `spend:upload` and follow its imports with either scope.
  const readers = app.guard(ACCESS.supplierAndSpend.allowed, { scopes: ['spend:upload', 'read'] });
  const uploaders = app.guard(ACCESS.supplierAndSpend.uploadFile);
  const tokenUploaders = app.guard(ACCESS.supplierAndSpend.uploadFile, {
    scopes: ['spend:upload'],
  });
  const deps = {
    db: app.db,
    jobs: app.importJobs,
    limits: opts.limits,
    maxErrors: opts.maxErrors,
    log: app.log,
  };
  // Queued spend jobs of any process's uploads, when this process claims from the queue.
  app.importJobs.handle(SPEND_JOB, spendJobHandler(deps));

  /** The freshest state of a job: live in this process, else as recorded. */
  const current = (row: ImportJobRow) => app.importJobs.liveState(row.id) ?? row;
  const nameOf = async (row: ImportJobRow) =>
    row.uploadedBy === null
      ? null
      : ((await uploaderNames(app.db, [row])).get(row.uploadedBy) ?? null);

  app.post(
    '/api/file/upload',
    {
      onRequest: tokenUploaders,
      schema: {
        tags,
        ...multipartForm({}, { file: 'required' }),
        description:
          "Multipart: `file` (.xlsx, or .csv / .txt text with the template's columns: comma, " +
          'semicolon, tab or pipe delimited, UTF-8, UTF-16 or Windows-1252, all detected) and an ' +
          'optional `category` ' +
          '(ignored). Answers 202 with the import job at once; follow it at ' +
          '`/api/file/imports/{id}` or `/api/file/imports/{id}/events`. All-or-nothing: a file ' +
          'with bad rows ends `failed` with its problems and saves nothing. The ' +
          "organisation's second upload of the same bytes answers 409.",
        response: { 202: envelopeOf(importJobSchema), ...alsoAnswers(409) },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const upload = await receiveFileToDisk(request, {
        field: 'file',
        maxBytes: opts.maxFileBytes,
        extensions: SPEND_FILE_EXTENSIONS,
      });
      let job: ImportJobRow;
      try {
        job = await startSpendImport(deps, {
          clientRef: principal.clientRef,
          uploadedBy: { id: principal.id, name: principal.name },
          upload,
          contentHash: await sha256OfFile(upload.path),
        });
      } finally {
        // The job moved the file into its own folder; what is left goes before the answer.
        await upload.discard();
      }
      return reply.code(202).send(ok(app.importJobs.present(job), IMPORT_MESSAGES.received));
    },
  );

  app.get(
    '/api/file/imports',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "The organisation's spend imports still queued, running, held or failed (until " +
          'dismissed), newest first.',
        response: { 200: envelopeOf(z.array(importJobSchema)) },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(importJobs)
        .where(
          and(
            eq(importJobs.clientRef, principalOf(request).clientRef),
            eq(importJobs.kind, SPEND_JOB),
            isNull(importJobs.dismissedAt),
            inArray(importJobs.status, ['queued', 'running', 'held', 'failed']),
          ),
        )
        .orderBy(desc(importJobs.createdAt), desc(importJobs.id))
        .limit(LISTED_IMPORTS);
      const names = await uploaderNames(app.db, rows);
      return ok(
        rows
          .map(current)
          .filter((row) => row.status !== 'done' && row.status !== 'cancelled')
          .map((row) =>
            presentJob(row, row.uploadedBy ? (names.get(row.uploadedBy) ?? null) : null),
          ),
      );
    },
  );

  app.get(
    '/api/file/imports/:id',
    {
      onRequest: readers,
      schema: {
        tags,
        description: 'One import, with the first 100 problems of a refused file.',
        params: importIdParamsSchema,
        response: { 200: envelopeOf(importJobDetailSchema) },
      },
    },
    async (request) => {
      const row = await jobOf(app.db, principalOf(request).clientRef, request.params.id, SPEND_JOB);
      return ok(await detailOf(app.db, current(row), await nameOf(row)));
    },
  );

  app.get(
    '/api/file/imports/:id/events',
    {
      onRequest: readers,
      // A compressor would hold the events back until its buffer fills.
      compress: false,
      schema: {
        tags,
        description:
          'Server-sent events: `data:` lines with the import (as `GET /api/file/imports/{id}`) ' +
          'each time it moves on, ending once it is done, failed, cancelled or held.',
        params: importIdParamsSchema,
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const clientRef = principalOf(request).clientRef;
      const row = await jobOf(app.db, clientRef, id, SPEND_JOB);
      const name = await nameOf(row);
      const stream = new PassThrough();
      const send = (state: ImportJob) => stream.write(`data: ${JSON.stringify(state)}\n\n`);
      let unsubscribe: (() => void) | undefined;
      let timer: NodeJS.Timeout | undefined;
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      let ended = false;
      const end = async () => {
        if (ended) return;
        ended = true;
        unsubscribe?.();
        clearInterval(keepAlive);
        clearTimeout(timer);
        // The last state as recorded, with a refused file's first problems.
        const last = await jobOf(app.db, clientRef, id, SPEND_JOB).catch(() => undefined);
        if (last) send(await detailOf(app.db, last, name));
        stream.end();
      };
      const resting = (state: { status: string }) =>
        state.status === 'held' || isFinalImport(state.status as ImportJob['status']);
      request.raw.on('close', () => {
        if (ended) return;
        ended = true;
        unsubscribe?.();
        clearInterval(keepAlive);
        clearTimeout(timer);
        stream.end();
      });

      // Run here: hear every step as it happens (the database hears progress once a second).
      const followHere = () => {
        const live = app.importJobs.liveState(id);
        if (!live || resting(live)) return false;
        send(presentJob(live, name));
        unsubscribe = app.importJobs.subscribe(id, (state) => {
          if (resting(state) || !app.importJobs.isLive(id)) void end();
          else send(state);
        });
        // The job may have ended between reading its state and subscribing.
        if (!unsubscribe) void end();
        return true;
      };
      if (!followHere()) {
        if (resting(current(row))) {
          void end();
        } else {
          // Queued, or run by another process: follow what it records, and live as soon as this
          // process claims it (on PostgreSQL any process may; the one that took the upload often
          // does, and then its short phases would fall between two reads of the database).
          send(presentJob(row, name));
          let lastRead = Date.now();
          const poll = async () => {
            if (ended || followHere()) return;
            if (Date.now() - lastRead >= POLL_MS) {
              lastRead = Date.now();
              const now = await jobOf(app.db, clientRef, id, SPEND_JOB).catch(() => undefined);
              if (ended) return;
              if (!now || resting(now)) return void end();
              send(presentJob(now, name));
            }
            timer = setTimeout(() => void poll(), LIVE_CHECK_MS);
          };
          timer = setTimeout(() => void poll(), LIVE_CHECK_MS);
        }
      }
      return reply
        .header('Content-Type', 'text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-cache, no-transform')
        .header('X-Accel-Buffering', 'no')
        .send(stream);
    },
  );

  app.get(
    '/api/file/imports/:id/errors',
    {
      onRequest: readers,
      schema: {
        tags,
        description:
          "A refused import's error report (.xlsx): every problem kept, with its row, column, " +
          "the cell's value and the message. 404 when the import has no problems.",
        params: importIdParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await jobOf(app.db, principalOf(request).clientRef, request.params.id, SPEND_JOB);
      if (row.errorCount === 0) throw new NotFound(IMPORT_MESSAGES.noProblems);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          contentDisposition('attachment', errorReportName(row.fileName)),
        )
        .send(await errorWorkbook(app.db, row));
    },
  );

  app.post(
    '/api/file/imports/:id/decision',
    {
      onRequest: uploaders,
      schema: {
        tags,
        description:
          'For an import held because its rows overlap earlier files: `import` saves it anyway ' +
          '(the overlapping rows then count twice), `replace` deletes the earlier files it ' +
          'overlaps and saves it in the same transaction (needs the delete permission), ' +
          '`cancel` drops it. Answers the import (queued again, or cancelled); 409 when it is ' +
          'not waiting for a choice.',
        params: importIdParamsSchema,
        body: importDecisionSchema,
        response: { 200: envelopeOf(importJobSchema), ...alsoAnswers(409) },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const { choice } = request.body;
      const row = await jobOf(app.db, principal.clientRef, request.params.id, SPEND_JOB);
      if (choice === 'replace' && !principal.permissions.has('DELETE_SUPPLIER_SPEND_FILE')) {
        throw new Forbidden('Replacing earlier files needs the permission to delete files.');
      }
      const decided = await decideSpendImport(deps, current(row), choice);
      return ok(presentJob(decided, await nameOf(row)), IMPORT_MESSAGES.decided[choice]);
    },
  );

  app.delete(
    '/api/file/imports/:id',
    {
      onRequest: uploaders,
      schema: {
        tags,
        description:
          'Takes a finished import off the files list (a held one is cancelled; a running one ' +
          'answers 409).',
        params: importIdParamsSchema,
        response: { 200: envelopeOf(importJobSchema), ...alsoAnswers(409) },
      },
    },
    async (request) => {
      const clientRef = principalOf(request).clientRef;
      const row = current(await jobOf(app.db, clientRef, request.params.id, SPEND_JOB));
      if (row.status === 'queued' || row.status === 'running') {
        throw new Conflict(IMPORT_MESSAGES.stillRunning);
      }
      // Dismissing a held import drops it, as Cancel would.
      if (row.status === 'held') await decideSpendImport(deps, row, 'cancel');
      const [dismissed] = await app.db
        .update(importJobs)
        .set({ dismissedAt: sql`coalesce(${importJobs.dismissedAt}, now())` as never })
        .where(and(eq(importJobs.id, row.id), eq(importJobs.clientRef, clientRef)))
        .returning();
      return ok(presentJob(dismissed!, await nameOf(row)), IMPORT_MESSAGES.dismissed);
    },
  );
};
