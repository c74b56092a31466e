/**
 * A spend upload as an import job: the upload is received, refused at once when the
 * organisation already has the same bytes, then recorded as a job and answered; the job checks
 * the whole workbook (import.ts step 1, the database untouched), then saves it in one
 * transaction (step 2) that also marks the job done. Its followers hear: queued (waiting for a
 * reading slot), checking rows n of N, saving, building dashboards, done — or failed, with every
 * problem kept for the error report.
 *
 * On PostgreSQL the upload goes to the shared storage and the job to the queue:
 * whichever process claims it fetches the workbook into its own working folder; a held job's
 * checked rows and keys go back to the storage, so that the user's choice can be carried out by
 * any process too.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  IMPORT_MESSAGES,
  type ImportChoice,
  type ImportOverlap,
} from '@spotzcity/shared/spend-imports';
import { SPEND_MESSAGES } from '@spotzcity/shared/spend';
import type { Db, Tx } from '../../db/client.ts';
import { importJobs } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { AppError, Conflict, FileRejected } from '../../platform/errors.ts';
import {
  jobFileKey,
  type ImportJobRow,
  type ImportJobs,
  type JobContext,
} from '../../platform/import-jobs.ts';
import { keysFromBytes, keysToBytes } from './row-keys.ts';
import type { ReceivedFile } from '../../platform/uploads.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import {
  checkSpendFile,
  removeUnsavedFiles,
  reserveFileId,
  saveSpendFile,
  spendFileFormat,
} from './import.ts';
import { overlapWithSavedFiles } from './overlap.ts';
import { alreadyUploaded, deleteFileIn, sameContentAs } from './service.ts';

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
/** The rows' keys, sorted (row-keys.ts): what a held job needs to be saved after a restart. */
const KEYS = 'keys.bin';

/** Copies one of a shared job's files from the storage into its working folder. */
async function fetchFile(
  deps: SpendJobDeps,
  storageId: string,
  file: 'xlsx' | 'rows' | 'keys',
  to: string,
) {
  await pipeline(deps.jobs.storage.read(jobFileKey(storageId, file)), createWriteStream(to));
}

/** Stores one of a shared job's files (a failed write leaves nothing, storage.ts). */
async function storeFile(
  deps: SpendJobDeps,
  storageId: string,
  file: 'xlsx' | 'rows' | 'keys',
  from: string,
) {
  await deps.jobs.storage.putAs(jobFileKey(storageId, file), createReadStream(from));
}

/**
 * How a process runs a spend job it claimed from the queue (PostgreSQL): a new upload is
 * checked (then saved or held), a held one with the user's choice is saved.
 */
export function spendJobHandler(deps: SpendJobDeps) {
  return {
    work: (ctx: JobContext) =>
      ctx.job.choice ? saveDecided(deps, ctx) : runSpendImport(deps, ctx),
    fail: (error: unknown, ctx: JobContext) => failure(deps, error, ctx),
    // A save cut short by a crash left its file unsaved (invisible) with some of its rows.
    recover: async () => {
      const removed = await removeUnsavedFiles(deps.db);
      if (removed > 0) deps.log.warn({ files: removed }, 'removed spend files left half-saved');
    },
  };
}

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

  const newJob = {
    clientRef,
    kind: SPEND_JOB,
    fileName: input.upload.fileName,
    uploadedBy: input.uploadedBy.id,
    contentHash,
    fileId: await reserveFileId(db),
  };
  if (jobs.shared) {
    // The workbook first, then the job that points at it: a claimed job always finds it.
    const storageId = randomUUID();
    await storeFile(deps, storageId, 'xlsx', input.upload.path);
    try {
      const job = await jobs.enqueue(db, { ...newJob, storageId });
      jobs.nameUploader(job.id, input.uploadedBy.name);
      return job;
    } catch (error) {
      await jobs.removeFiles(storageId);
      throw error;
    }
  }

  const job = await jobs.create(db, newJob);
  await moveInto(input.upload.path, path.join(job.workDir, UPLOAD));
  jobs.nameUploader(job.id, input.uploadedBy.name);
  jobs.run(
    job,
    (ctx) => runSpendImport(deps, ctx),
    (error, ctx) => failure(deps, error, ctx),
  );
  return job;
}

/**
 * Check, then save — or hold, when rows overlap earlier files. The job's folder goes once the job
 * ends, whatever the end; a held job keeps its checked rows and keys for the user's choice.
 */
async function runSpendImport(deps: SpendJobDeps, ctx: JobContext) {
  const job = ctx.job;
  const workbook = path.join(job.workDir, UPLOAD);
  let held = false;
  try {
    if (job.storageId) await fetchFile(deps, job.storageId, 'xlsx', workbook);
    const checked = await checkSpendFile({
      clientRef: job.clientRef,
      fileId: job.fileId!,
      path: workbook,
      copyFile: path.join(job.workDir, ROWS),
      limits: deps.limits,
      maxProblems: deps.maxErrors,
      keys: true,
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
      format: spendFileFormat(job.fileName),
      onSource: (source) => ctx.update({ source }),
    });
    await rm(workbook, { force: true });
    const sorted = checked.keys!.slice().sort();
    await writeFile(path.join(job.workDir, KEYS), keysToBytes(sorted));
    ctx.update({
      rowsChecked: checked.rowCount,
      rowsExpected: checked.rowCount,
      rowCount: checked.rowCount,
      phaseDone: ctx.job.phaseTotal,
    });

    const overlap = await overlapWithSavedFiles(
      deps.db,
      job.clientRef,
      checked.keys!,
      checked.cents!,
    );
    ctx.signal.throwIfAborted();
    if (overlap) {
      if (job.storageId) {
        // Whichever process carries out the choice needs the checked rows and their keys.
        await storeFile(deps, job.storageId, 'rows', path.join(job.workDir, ROWS));
        await storeFile(deps, job.storageId, 'keys', path.join(job.workDir, KEYS));
        await deps.jobs.storage.remove(jobFileKey(job.storageId, 'xlsx'));
      }
      held = true;
      await ctx.persist({ status: 'held', overlap, message: IMPORT_MESSAGES.held });
      return;
    }
    await save(deps, ctx, sorted);
  } finally {
    // A held job's files stay: in its folder (embedded database) or in the storage.
    if (!held || job.storageId) await rm(job.workDir, { recursive: true, force: true });
    if (!held && job.storageId) await deps.jobs.removeFiles(job.storageId);
  }
}

/** A held job's choice, carried out by the process that claimed it (PostgreSQL). */
async function saveDecided(deps: SpendJobDeps, ctx: JobContext) {
  const job = ctx.job;
  try {
    ctx.update({ status: 'running', phase: 'saving' });
    await fetchFile(deps, job.storageId!, 'rows', path.join(job.workDir, ROWS));
    await fetchFile(deps, job.storageId!, 'keys', path.join(job.workDir, KEYS));
    const keys = keysFromBytes(await readFile(path.join(job.workDir, KEYS)));
    const replaced =
      job.choice === 'replace' ? ((job.overlap as ImportOverlap | null)?.files ?? []) : [];
    await save(deps, ctx, keys, async (tx) => {
      for (const file of replaced) await deleteFileIn(tx, job.clientRef, file.fileId);
    });
  } finally {
    await rm(job.workDir, { recursive: true, force: true });
    await deps.jobs.removeFiles(job.storageId!);
  }
}

/**
 * The save: the rows in parts, then one transaction: (earlier files deleted,) the file saved, the
 * job marked done.
 */
async function save(
  deps: SpendJobDeps,
  ctx: JobContext,
  keys: Float64Array,
  before?: (tx: Tx) => Promise<void>,
) {
  const job = ctx.job;
  await saveSpendFile(deps.db, {
    clientRef: job.clientRef,
    fileId: job.fileId!,
    fileName: job.fileName,
    uploadedBy: job.uploadedBy,
    copyFile: path.join(job.workDir, ROWS),
    contentHash: job.contentHash,
    keys,
    signal: ctx.signal,
    ...(before ? { before } : {}),
    onProgress: (phase, done, total) =>
      ctx.update({ status: 'running', phase, phaseDone: done, phaseTotal: total }),
    onCleanupError: (error) =>
      deps.log.warn({ err: error, job: job.id }, 'could not remove a failed save (the sweep will)'),
    onRollup: (source, reason) => {
      if (source === 'rows') {
        deps.log.warn({ job: job.id, reason }, 'spend rollup grouped from the rows');
      }
    },
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
}

/**
 * Carries out the user's choice for a held import: `import` saves it as it is, `replace` deletes
 * the earlier files it overlaps and saves it in the same transaction, `cancel` drops it. Only one
 * choice wins (the job leaves 'held' in one conditional write); a job not held is a 409.
 */
export async function decideSpendImport(
  deps: SpendJobDeps,
  row: ImportJobRow,
  choice: ImportChoice,
): Promise<ImportJobRow> {
  const queued = deps.jobs.shared && row.storageId !== null;
  const next =
    choice === 'cancel'
      ? {
          status: 'cancelled',
          message: IMPORT_MESSAGES.cancelled,
          finishedAt: new Date(),
          dismissedAt: new Date(),
        }
      : {
          status: 'queued',
          phase: 'saving',
          phaseDone: 0,
          phaseTotal: 0,
          message: null,
          // Shared: back in the queue with the choice, for any process to claim.
          ...(queued
            ? { owner: null, heartbeatAt: null, choice }
            : { owner: deps.jobs.owner, heartbeatAt: new Date() }),
        };
  const [claimed] = await deps.db
    .update(importJobs)
    .set({ ...next, updatedAt: new Date() })
    .where(
      and(
        eq(importJobs.id, row.id),
        eq(importJobs.clientRef, row.clientRef),
        eq(importJobs.status, 'held'),
      ),
    )
    .returning();
  if (!claimed) throw new Conflict(IMPORT_MESSAGES.notHeld);
  if (choice === 'cancel') {
    if (claimed.workDir) await rm(claimed.workDir, { recursive: true, force: true });
    if (claimed.storageId) await deps.jobs.removeFiles(claimed.storageId);
    return claimed;
  }
  if (queued) {
    deps.jobs.kick();
    return claimed;
  }

  const replaced = choice === 'replace' ? ((row.overlap as ImportOverlap | null)?.files ?? []) : [];
  deps.jobs.run(
    claimed,
    async (ctx) => {
      try {
        ctx.update({ status: 'running', phase: 'saving' });
        const keys = keysFromBytes(await readFile(path.join(claimed.workDir, KEYS)));
        await save(deps, ctx, keys, async (tx) => {
          // Files deleted meanwhile are simply not there to replace.
          for (const file of replaced) await deleteFileIn(tx, claimed.clientRef, file.fileId);
        });
      } finally {
        await rm(claimed.workDir, { recursive: true, force: true });
      }
    },
    (error, ctx) => failure(deps, error, ctx),
  );
  return claimed;
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
