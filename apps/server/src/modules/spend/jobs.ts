/**
 * A spend upload as an import job (issue #16): the upload is received, refused at once when the
 * organisation already has the same bytes, then recorded as a job and answered; the job checks
 * the whole workbook (import.ts step 1, the database untouched), then saves it in one
 * transaction (step 2) that also marks the job done. Its followers hear: queued (waiting for a
 * reading slot), checking rows n of N, saving, building dashboards, done — or failed, with every
 * problem kept for the error report.
 */
import { copyFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { IMPORT_MESSAGES } from '@spotzcity/shared/spend-imports';
import { SPEND_MESSAGES } from '@spotzcity/shared/spend';
import type { Db } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, Conflict, FileRejected } from '../../platform/errors.ts';
import type { ImportJobRow, ImportJobs, JobContext } from '../../platform/import-jobs.ts';
import type { ReceivedFile } from '../../platform/uploads.ts';
import type { XlsxLimits } from '../../platform/xlsx.ts';
import { checkSpendFile, reserveFileId, saveSpendFile } from './import.ts';
import { alreadyUploaded, sameContentAs } from './service.ts';

export const SPEND_JOB = 'spend';

export interface SpendJobDeps {
  db: Db;
  jobs: ImportJobs;
  limits: XlsxLimits;
  /** Problems a refused file lists (config IMPORT_MAX_ERRORS). */
  maxErrors: number;
  log: FastifyBaseLogger;
}

const UPLOAD = 'upload.xlsx';
const ROWS = 'rows.copy';

/** Moves the received upload into the job's folder (a copy when it is on another disk). */
async function moveInto(from: string, to: string) {
  try {
    await rename(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * Refuses bytes the organisation already imported or is importing now, records the job and
 * starts it. Answers the job as recorded (queued).
 */
export async function startSpendImport(
  deps: SpendJobDeps,
  input: {
    clientRef: number;
    uploadedBy: { id: number; name: string };
    upload: ReceivedFile;
    contentHash: string;
  },
): Promise<ImportJobRow> {
  const { db, jobs } = deps;
  const { clientRef, contentHash } = input;
  const same = await sameContentAs(db, clientRef, contentHash);
  if (same) throw alreadyUploaded(same);
  const [running] = await db
    .select({ fileName: importJobs.fileName })
    .from(importJobs)
    .where(
      and(
        eq(importJobs.clientRef, clientRef),
        eq(importJobs.contentHash, contentHash),
        inArray(importJobs.status, ['queued', 'running', 'held']),
      ),
    )
    .limit(1);
  if (running) throw new Conflict(IMPORT_MESSAGES.beingImported(running.fileName));

  const job = await jobs.create(db, {
    clientRef,
    kind: SPEND_JOB,
    fileName: input.upload.fileName,
    uploadedBy: input.uploadedBy.id,
    contentHash,
    fileId: await reserveFileId(db),
  });
  await moveInto(input.upload.path, path.join(job.workDir, UPLOAD));
  jobs.nameUploader(job.id, input.uploadedBy.name);
  jobs.run(
    job,
    (ctx) => runSpendImport(deps, ctx),
    (error, ctx) => failure(deps, error, ctx),
  );
  return job;
}

/** Check, then save. The job's folder goes once the job ends, whatever the end. */
async function runSpendImport(deps: SpendJobDeps, ctx: JobContext) {
  const job = ctx.job;
  const workbook = path.join(job.workDir, UPLOAD);
  const rows = path.join(job.workDir, ROWS);
  try {
    const checked = await checkSpendFile({
      clientRef: job.clientRef,
      fileId: job.fileId!,
      path: workbook,
      copyFile: rows,
      limits: deps.limits,
      maxProblems: deps.maxErrors,
      signal: ctx.signal,
      onStart: () => ctx.update({ status: 'running', phase: 'checking' }),
      onProgress: (p) =>
        ctx.update({
          phaseDone: p.bytes,
          phaseTotal: p.totalBytes,
          rowsChecked: p.rows,
          // The header is (nearly always) the sheet's first row.
          ...(p.lastRow !== null ? { rowsExpected: Math.max(p.rows, p.lastRow - 1) } : {}),
        }),
      onUnreadable: (detail) => deps.log.warn({ detail, job: job.id }, 'unreadable spend workbook'),
    });
    await rm(workbook, { force: true });
    ctx.update({
      rowsChecked: checked.rowCount,
      rowsExpected: checked.rowCount,
      rowCount: checked.rowCount,
      phaseDone: ctx.job.phaseTotal,
    });

    await saveSpendFile(deps.db, {
      clientRef: job.clientRef,
      fileId: job.fileId!,
      fileName: job.fileName,
      uploadedBy: job.uploadedBy,
      copyFile: rows,
      contentHash: job.contentHash,
      signal: ctx.signal,
      onProgress: (phase, done, total) =>
        ctx.update({ status: 'running', phase, phaseDone: done, phaseTotal: total }),
      // Done in the file's own transaction: a saved file's job is never left unfinished.
      after: (tx, file) =>
        ctx.persist(
          {
            status: 'done',
            phase: 'building',
            rowCount: file.rowCount,
            message: SPEND_MESSAGES.uploaded,
            fileId: file.fileId,
          },
          tx,
        ),
    });
  } finally {
    await rm(job.workDir, { recursive: true, force: true });
  }
}

/** The message (and problems) a failed spend import keeps. */
async function failure(deps: SpendJobDeps, error: unknown, ctx: JobContext) {
  if (ctx.signal.aborted) return { message: IMPORT_MESSAGES.interrupted, errors: [] };
  if (error instanceof FileRejected) return { message: error.message, errors: error.rowErrors };
  if (isUniqueViolation(error)) {
    // The same bytes saved meanwhile by another upload of the organisation.
    const same = await sameContentAs(deps.db, ctx.job.clientRef, ctx.job.contentHash);
    if (same) return { message: alreadyUploaded(same).message, errors: [] };
  }
  if (error instanceof AppError && error.statusCode < 500) {
    return { message: error.message, errors: [] };
  }
  deps.log.error({ err: error, job: ctx.job.id }, 'spend import failed');
  return { message: 'The import failed unexpectedly, nothing was saved.', errors: [] };
}
