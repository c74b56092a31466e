/**
 * Imports a spend file all-or-nothing (DESIGN.md §5), in two steps:
 *  1. check (`checkSpendFile`): the reader's worker reads and checks every row and writes them as
 *     COPY text to a file next to the upload; the database is not touched, so on the embedded
 *     database (one connection) other requests go on while a large file is read. A bad row
 *     refuses the file with its problems and nothing was ever written.
 *  2. save (`saveSpendFile`): only a clean file is written: its record, not yet saved (no read
 *     sees it or its rows), its rows in parts of COPY text each in a short transaction of its own
 *     (db/copy.ts), other organisations' queries taking their turns between them; then one final
 *     transaction writes the rollups, the match of each new vendor to the supplier directory
 *     (domain/supplier-matching.ts) and the file's summary, and marks it saved. A save that fails
 *     removes what it wrote; one a crash cut short is removed when its job is found interrupted
 *     (`removeUnsavedFiles`).
 * Uploads run these as import jobs (jobs.ts); the demo seed and the benchmark call
 * `importSpendFile`, which does both in a row.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, getTableName, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { rowsOf, type Db, type Tx } from '../../db/client.ts';
import { copyFileInParts } from '../../db/copy.ts';
import {
  importJobs,
  spendFiles,
  spendRollupMonths,
  spendRows,
  users,
} from '../../db/schema/index.ts';
import { ROLLUP_STEPS, buildSpendRollup, loadSpendRollup } from '../../domain/spend-rollups.ts';
import { matchFileVendors } from '../../domain/supplier-matching.ts';
import { buildVerifiedRollup } from '../../domain/verified-rollups.ts';
import {
  checkSheet,
  prepareWorkerScript,
  type CheckProgress,
  type CsvSource,
  type XlsxLimits,
} from '../../platform/xlsx/sheet.ts';
import { saveFileKeys } from './overlap.ts';
import {
  ROLLUP_COPY_COLUMNS,
  prepareRollupTally,
  startRollupTally,
  type RunningTally,
  type TalliedRollup,
} from './rollup-tally.ts';
import { FIELD_COLUMNS } from './rows.ts';
import { dbNumber } from '../../platform/sql.ts';

const ROW_MODULE = new URL('./rows.ts', import.meta.url);

/** Problems a refused file lists when the caller does not say (the upload's reply shows 100). */
export const MAX_LISTED_PROBLEMS = 100;

/** spend_rows columns in the order of the worker's COPY lines (rows.ts copyLine). */
export const COPY_COLUMNS = [
  'client_ref',
  'file_id',
  'line_number',
  ...FIELD_COLUMNS.map(([, c]) => c),
];

/** A file's record as `toUploadedFile` takes it, without the uploader's name. */
export const fileRecord = {
  id: spendFiles.id,
  fileName: spendFiles.fileName,
  createdAt: spendFiles.createdAt,
  rowCount: spendFiles.rowCount,
  totalSpend: spendFiles.totalSpend,
  firstPaymentDate: spendFiles.firstPaymentDate,
  lastPaymentDate: spendFiles.lastPaymentDate,
};

type FileRow = Pick<typeof spendFiles.$inferSelect, keyof typeof fileRecord> & {
  uploadedBy: string | null;
};

const isoDate = (value: string | Date | null) =>
  value === null
    ? null
    : typeof value === 'string'
      ? value.slice(0, 10)
      : value.toISOString().slice(0, 10);

export function toUploadedFile(row: FileRow): UploadedFile {
  return {
    fileId: row.id,
    fileName: row.fileName,
    createdOn: new Date(row.createdAt).toISOString(),
    rowCount: Number(row.rowCount),
    totalSpends: Number(row.totalSpend),
    firstPaymentDate: isoDate(row.firstPaymentDate),
    lastPaymentDate: isoDate(row.lastPaymentDate),
    uploadedBy: row.uploadedBy,
  };
}

/**
 * The id the file will have, taken before its rows are checked: every COPY line carries it. An
 * id taken by an import that then fails is simply never used.
 */
export async function reserveFileId(db: Db): Promise<number> {
  const [row] = rowsOf(
    await db.execute(
      sql`select nextval(pg_get_serial_sequence(${getTableName(spendFiles)}, ${spendFiles.id.name})) as id`,
    ),
    z.object({ id: dbNumber }),
  );
  return Number(row!.id);
}

export interface CheckSpendOptions {
  clientRef: number;
  /** The id reserveFileId gave. */
  fileId: number;
  /** The workbook on disk. */
  path: string;
  /** Where the rows' COPY text goes (created; the caller removes it). */
  copyFile: string;
  limits: XlsxLimits;
  maxProblems?: number;
  /** Also collect every row's key and cents for the overlap check. */
  keys?: boolean;
  onStart?: () => void;
  onProgress?: (progress: CheckProgress) => void;
  onUnreadable?: ((detail: string) => void) | undefined;
  signal?: AbortSignal;
  /** 'csv': the file is CSV text, its encoding and delimiter told to `onSource`. */
  format?: 'xlsx' | 'csv';
  onSource?: (source: CsvSource) => void;
}

/**
 * Builds the scripts of step 1's worker and step 2's tally ahead of the first upload (the server,
 * once it listens).
 */
export const prepareSpendCheck = async () => {
  await Promise.all([prepareWorkerScript(ROW_MODULE), prepareRollupTally()]);
};

/** Step 1: reads and checks the whole workbook into `copyFile`; throws FileRejected if bad. */
export function checkSpendFile(options: CheckSpendOptions) {
  return checkSheet(options.path, {
    columns: SPEND_COLUMNS,
    rowModule: ROW_MODULE,
    maxProblems: options.maxProblems ?? MAX_LISTED_PROBLEMS,
    copyPrefix: `${options.clientRef}\t${options.fileId}\t`,
    copyFile: options.copyFile,
    limits: options.limits,
    ...(options.keys ? { keys: true } : {}),
    ...(options.onStart ? { onStart: options.onStart } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.format ? { format: options.format } : {}),
    ...(options.onSource ? { onSource: options.onSource } : {}),
  });
}

/** A .csv or .txt upload is CSV text (platform/csv/); anything else a workbook. */
export const spendFileFormat = (fileName: string): 'xlsx' | 'csv' =>
  /\.(csv|txt)$/i.test(fileName) ? 'csv' : 'xlsx';

export type SavePhase = 'saving' | 'building';

export interface SaveSpendOptions {
  clientRef: number;
  fileId: number;
  fileName: string;
  uploadedBy: number | null;
  /** The checked rows' COPY text (checkSpendFile). */
  copyFile: string;
  /** When the file counts as uploaded (the demo seed backdates its files). */
  createdAt?: Date;
  /** SHA-256 of the workbook: the organisation's next upload of the same bytes is refused. */
  contentHash?: string;
  /** The rows' keys, sorted (overlap.ts): kept for the overlap checks of later imports. */
  keys?: Float64Array;
  /**
   * Progress: bytes of COPY text saved, then rollup tables built. Between two parts of the rows
   * the save waits for the promise it answers, if any (tests read between them).
   */
  onProgress?: (phase: SavePhase, done: number, total: number) => void | Promise<void>;
  /** COPY text per part of the rows (db/copy.ts PART_BYTES by database unless told). */
  partBytes?: number;
  /** Runs first in the final transaction (replacing earlier files). */
  before?: (tx: Tx) => Promise<void>;
  /** Runs last in the final transaction, with the saved file (the job's own record). */
  after?: (tx: Tx, file: UploadedFile) => Promise<void>;
  /** Stops the saving (what was written is removed). */
  signal?: AbortSignal;
  /** Hears a failure to remove what a failed save wrote (the next sweep removes it). */
  onCleanupError?: (error: unknown) => void;
  /**
   * Hears where the finest rollup came from: the tally, or the rows grouped in SQL and why
   * (a log line for the operator; tests).
   */
  onRollup?: (source: 'tally' | 'rows', reason?: string) => void;
}

/**
 * Turns off, for the rest of the transaction, the row triggers of the statements that follow —
 * on spend_rows only the two foreign-key checks, one query each per row — when this connection
 * may: a superuser (PGlite always is one), or on PostgreSQL 15 and later a role granted
 * `SET ON PARAMETER session_replication_role`. Answers whether it did. Safe for a part of the
 * spend COPY only (docs/import.md): every row carries the organisation and file of the
 * `spend_files` row the same transaction has just locked as each row's check would
 * (`holdUnsavedFile`), and saveSpendFile counts the file's rows against the COPY's before the
 * file is saved.
 */
async function withoutRowTriggers(tx: Tx): Promise<boolean> {
  const [role] = rowsOf(
    await tx.execute(sql`
      select current_setting('is_superuser') = 'on' as superuser,
        current_setting('server_version_num')::int as version
    `),
    z.object({ superuser: z.boolean(), version: z.number() }),
  );
  let allowed = role?.superuser === true;
  if (!allowed && Number(role?.version) >= 150000) {
    // Its own statement: the function does not exist before PostgreSQL 15.
    const [granted] = rowsOf(
      await tx.execute(
        sql`select has_parameter_privilege('session_replication_role', 'SET') as allowed`,
      ),
      z.object({ allowed: z.boolean() }),
    );
    allowed = granted?.allowed === true;
  }
  if (!allowed) return false;
  await tx.execute(sql`set local session_replication_role = replica`);
  return true;
}

/**
 * Holds the file's record, not yet saved, against deletion until the transaction ends (as each
 * row's foreign-key check would); throws if it is gone (a sweep found the save's job interrupted).
 */
async function holdUnsavedFile(tx: Tx, clientRef: number, fileId: number) {
  const held = await tx.execute(sql`
    select 1 from ${spendFiles} where ${spendFiles.id} = ${fileId}
      and ${spendFiles.clientRef} = ${clientRef} and not ${spendFiles.saved}
    for key share`);
  if (rowsOf(held, z.unknown()).length !== 1) {
    throw new Error(`The spend file ${fileId} being saved was removed`);
  }
}

/**
 * Saves run one at a time in a process: each runs a tally thread (~70 MB while it runs) beside
 * its parts, and on the embedded database two saves would only share the one connection.
 */
let saving: Promise<unknown> = Promise.resolve();

function oneSaveAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = saving.then(work, work);
  saving = result.catch(() => {});
  return result;
}

/**
 * Step 2. The file's record first, not yet saved (no read sees it or its rows); its rows in parts
 * of COPY text, each in a short transaction of its own so that other organisations' queries run
 * between them; then one transaction marks it saved and writes its rollups and summary. While
 * the rows are COPYed, a thread of its own tallies their finest rollup from the same text
 * (rollup-tally.ts), which is then loaded instead of grouped from the rows; if it could not, the
 * rows are grouped in SQL as before. If anything fails, what was written is removed, in parts.
 */
export function saveSpendFile(db: Db, options: SaveSpendOptions): Promise<UploadedFile> {
  return oneSaveAtATime(async () => {
    savingHere.add(options.fileId);
    try {
      return await saveInParts(db, options);
    } finally {
      savingHere.delete(options.fileId);
    }
  });
}

/** The files this process is saving: never removed by its own sweep, with or without a job. */
const savingHere = new Set<number>();

async function saveInParts(db: Db, options: SaveSpendOptions): Promise<UploadedFile> {
  const { clientRef, fileId } = options;
  const { size: copyBytes } = await stat(options.copyFile);
  let tally: RunningTally | undefined;
  let created = false;
  try {
    options.signal?.throwIfAborted();
    tally = startRollupTally({
      copyFile: options.copyFile,
      prefix: `${clientRef}\t${fileId}\t`,
      columns: COPY_COLUMNS,
    });
    // The same content saved meanwhile by another upload (or being saved) fails here on the
    // unique index (spend_files_content_idx); the caller names the file that won (sameContentAs).
    await db.insert(spendFiles).values({
      id: fileId,
      clientRef,
      fileName: options.fileName,
      uploadedBy: options.uploadedBy,
      createdAt: options.createdAt ?? sql`now()`,
      contentHash: options.contentHash ?? null,
      saved: false,
    });
    created = true;
    options.onProgress?.('saving', 0, copyBytes);
    const copied = await copyFileInParts(
      db,
      getTableName(spendRows),
      COPY_COLUMNS,
      options.copyFile,
      {
        // The rows' own foreign keys (organisation, file) are not checked row by row when the
        // connection may say so: the file's record, locked first, stands for both.
        prepare: async (tx) => {
          await holdUnsavedFile(tx, clientRef, fileId);
          await withoutRowTriggers(tx);
        },
        // Each part's rows are this organisation's and this file's before any is written: a part
        // commits on its own, so a row of another file could not be taken back with the file.
        linePrefix: `${clientRef}\t${fileId}\t`,
        onProgress: (bytes) => options.onProgress?.('saving', bytes, copyBytes),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.partBytes ? { partBytes: options.partBytes } : {}),
      },
    );
    options.signal?.throwIfAborted();
    options.onProgress?.('building', 0, ROLLUP_STEPS);
    const onStep = (done: number) => {
      options.signal?.throwIfAborted();
      options.onProgress?.('building', done, ROLLUP_STEPS);
    };
    // The tally read the very lines the COPY loaded: the same count, each line of this file.
    let tallied: TalliedRollup | null = await tally.result;
    if (tallied && tallied.rows !== copied) {
      tally.unfit = `the tally read ${tallied.rows} lines, the COPY loaded ${copied}`;
      tallied = null;
    }
    options.onRollup?.(tallied ? 'tally' : 'rows', tally.unfit);
    // The rows' keys once the tally's thread has ended: on the embedded database what their
    // statements copy into PGlite's memory stays there, and beside the tally's ~70 MB it made a
    // running server's peak.
    await tally.stop();
    const saved = await db.transaction(async (tx) => {
      await options.before?.(tx);
      // Saved from this transaction's commit on, with everything below; first, because the
      // verified judgement reads saved files' rows only.
      const [marked] = await tx
        .update(spendFiles)
        .set({ saved: true })
        .where(
          and(
            eq(spendFiles.id, fileId),
            eq(spendFiles.clientRef, clientRef),
            not(spendFiles.saved),
          ),
        )
        .returning({ id: spendFiles.id });
      if (!marked) throw new Error(`The spend file ${fileId} being saved was removed`);
      if (options.keys) await saveFileKeys(tx, clientRef, fileId, options.keys);
      if (tallied) {
        await loadSpendRollup(tx, clientRef, fileId, ROLLUP_COPY_COLUMNS, tallied.copy, onStep);
      } else {
        await buildSpendRollup(tx, clientRef, fileId, onStep);
      }
      // Each new vendor of the file matched to the directory; earlier matches stay.
      await matchFileVendors(tx, clientRef, fileId, tallied?.vendors);
      // The file's payments as the 'verified' rule counts them, with the matches just made.
      await buildVerifiedRollup(tx, clientRef, fileId);
      options.signal?.throwIfAborted();
      const file = await summariseFile(tx, clientRef, fileId, tallied);
      // Every row copied is one of the file's: otherwise a row escaped its foreign keys' checks.
      if (file.rowCount !== copied) {
        throw new Error(`The file's COPY loaded ${copied} rows of which ${file.rowCount} are its`);
      }
      await options.after?.(tx, file);
      return file;
    });
    created = false;
    return saved;
  } catch (error) {
    if (created) {
      await removeUnsavedFile(db, clientRef, fileId).catch((cleanup: unknown) =>
        options.onCleanupError?.(cleanup),
      );
    }
    throw error;
  } finally {
    await tally?.stop();
  }
}

/** Rows a statement of `removeUnsavedFile` deletes: a short statement on either database. */
const REMOVE_ROWS = 20_000;

/**
 * Removes a file that was never saved and the rows its parts wrote, in short transactions of
 * their own (other organisations' queries run between them), the record last. Nothing else of it
 * exists: its rollups, keys and summary are written only in the transaction that saves it.
 */
export async function removeUnsavedFile(db: Db, clientRef: number, fileId: number) {
  const r = spendRows;
  for (;;) {
    const removed = await db.execute(sql`
      delete from ${r} where ${r.id} in (
        select ${r.id} from ${r} where ${r.clientRef} = ${clientRef} and ${r.fileId} = ${fileId}
          and exists (select 1 from ${spendFiles} where ${spendFiles.id} = ${fileId}
            and ${spendFiles.clientRef} = ${clientRef} and not ${spendFiles.saved})
        limit ${REMOVE_ROWS}
      )`);
    if (affectedRows(removed) < REMOVE_ROWS) break;
  }
  await db
    .delete(spendFiles)
    .where(
      and(eq(spendFiles.id, fileId), eq(spendFiles.clientRef, clientRef), not(spendFiles.saved)),
    );
}

const affectedRows = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
};

/**
 * Removes the files whose save no job runs any more (a crash cut it short): those not saved
 * whose import job is neither queued nor running, or that no job names (the demo seed and the
 * benchmark import without one), unless this process is saving them. Called by the import jobs'
 * sweep, after it has failed the jobs nobody runs. (A job-less save in another process on the
 * same PostgreSQL database would be removed too: the seed and the benchmark run alone.)
 */
export async function removeUnsavedFiles(db: Db) {
  const files = rowsOf(
    await db.execute(sql`
      select f.id, f.client_ref from ${spendFiles} f
      where not f.saved and not exists (
        select 1 from ${importJobs} j
        where j.file_id = f.id and j.status in ('queued', 'running')
      )`),
    z.object({ id: z.number(), client_ref: z.number() }),
  );
  const interrupted = files.filter((file) => !savingHere.has(file.id));
  for (const file of interrupted) await removeUnsavedFile(db, file.client_ref, file.id);
  return interrupted.length;
}

/**
 * The file's summary, written on its record: rows and spend from the rollup of months (every row
 * is in exactly one of its groups); the first and last payment dates from the tally, else in one
 * pass over the file's rows, just written and still in the cache (their index is in sheet
 * order).
 */
async function summariseFile(
  tx: Tx,
  clientRef: number,
  fileId: number,
  tallied: TalliedRollup | null,
): Promise<UploadedFile> {
  const rows = spendRows;
  const months = spendRollupMonths;
  const dates = tallied
    ? sql`select ${tallied.firstPaymentDate}::date as first, ${tallied.lastPaymentDate}::date as last`
    : sql`select min(${rows.paymentDate}) as first, max(${rows.paymentDate}) as last
        from ${rows} where ${rows.clientRef} = ${clientRef} and ${rows.fileId} = ${fileId}`;
  const [summary] = await tx
    .update(spendFiles)
    .set({
      rowCount: sql`s.row_count`,
      totalSpend: sql`s.total_spend`,
      firstPaymentDate: sql`d.first`,
      lastPaymentDate: sql`d.last`,
    })
    .from(
      sql`(
        select coalesce(sum(${months.rowCount}), 0)::int as row_count,
          coalesce(sum(${months.spend}), 0) as total_spend
        from ${months} where ${months.clientRef} = ${clientRef} and ${months.fileId} = ${fileId}
      ) s, (${dates}) d`,
    )
    .where(eq(spendFiles.id, fileId))
    .returning({
      ...fileRecord,
      uploadedBy: sql<
        string | null
      >`(select ${users.name} from ${users} where ${users.id} = ${spendFiles.uploadedBy})`,
    });
  if (!summary) throw new Error('Could not summarise the imported file');
  return toUploadedFile(summary);
}

export interface ImportSpendOptions {
  clientRef: number;
  uploadedBy: number | null;
  fileName: string;
  /** The workbook on disk. */
  path: string;
  limits: XlsxLimits;
  /** Where the COPY text is kept between the steps (the system's temporary folder unless told). */
  workDir?: string;
  createdAt?: Date;
  contentHash?: string;
  onUnreadable?: (detail: string) => void;
  /** Heard between the steps: every row checked, the transaction not yet open (the benchmark). */
  onChecked?: () => void;
  onRollup?: SaveSpendOptions['onRollup'];
}

/** Check, then save, in a row: for the demo seed and the benchmark. */
export async function importSpendFile(db: Db, options: ImportSpendOptions): Promise<UploadedFile> {
  const dir = path.join(options.workDir ?? tmpdir(), `spotzcity-import-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  try {
    const copyFile = path.join(dir, 'rows.copy');
    const fileId = await reserveFileId(db);
    const checked = await checkSpendFile({
      clientRef: options.clientRef,
      fileId,
      path: options.path,
      copyFile,
      limits: options.limits,
      keys: true,
      onUnreadable: options.onUnreadable,
      format: spendFileFormat(options.fileName),
    });
    options.onChecked?.();
    return await saveSpendFile(db, {
      clientRef: options.clientRef,
      fileId,
      fileName: options.fileName,
      uploadedBy: options.uploadedBy,
      copyFile,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...(options.contentHash ? { contentHash: options.contentHash } : {}),
      ...(checked.keys ? { keys: checked.keys.slice().sort() } : {}),
      ...(options.onRollup ? { onRollup: options.onRollup } : {}),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
