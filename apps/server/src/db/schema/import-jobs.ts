import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, clientRefColumn, timestamps } from './columns.ts';

/**
 * An upload being imported, or one that failed or waits for the user. Kept in the
 * database, not in the process, so that a restart can tell what was interrupted and so that any
 * process may later run queued jobs from PostgreSQL: a job is claimed by setting its
 * `owner`, keeps `heartbeat_at` fresh while it runs, and one whose heartbeat stops is failed.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    /** What is imported: 'spend' (supplier lists and events may follow). */
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** queued | running | held | done | failed | cancelled (packages/shared spend-imports.ts). */
    status: text('status').notNull(),
    /** checking | saving | building: what a running job does, or where a failed one stopped. */
    phase: text('phase').notNull(),
    /** The phase's progress (bytes while checking and saving, statements while building). */
    phaseDone: bigint('phase_done', { mode: 'number' }).notNull().default(0),
    phaseTotal: bigint('phase_total', { mode: 'number' }).notNull().default(0),
    rowsChecked: integer('rows_checked').notNull().default(0),
    /** The rows the sheet declares (its dimension): an estimate while checking. */
    rowsExpected: integer('rows_expected'),
    /** Rows of the checked file. */
    rowCount: integer('row_count'),
    message: text('message'),
    /** Problems stored in import_job_errors. */
    errorCount: integer('error_count').notNull().default(0),
    /** SHA-256 of the upload: the same bytes are not imported twice, nor twice at once. */
    contentHash: text('content_hash').notNull(),
    /** The id the file gets (taken before the check), a spend_files id once done. */
    fileId: integer('file_id'),
    /** Rows overlapping earlier files, while held (shared ImportOverlap). */
    overlap: jsonb('overlap').$type<Record<string, unknown>>(),
    /** How a CSV upload is written, as detected (shared ImportSource); null for a workbook. */
    source: jsonb('source').$type<Record<string, unknown>>(),
    /** The job's files (the upload, the checked rows) in its owner's DATA_DIR. */
    workDir: text('work_dir').notNull(),
    /**
     * On PostgreSQL, the id under which the job's files are in the shared storage
     * (`import-jobs/<id>.xlsx`, `.rows`, `.keys`), so that any process can run it; null on the
     * embedded database, where they stay in `work_dir`.
     */
    storageId: uuid('storage_id'),
    /** A held job's choice (import | replace) waiting for a process to save it. */
    choice: text('choice'),
    /** The process running it (host, pid and a random id of that start). */
    owner: text('owner'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    ...timestamps(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Taken off the files list by the user. */
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_client_idx').on(t.clientRef, t.createdAt),
    // What a restart or a runner looks for: the jobs not yet finished.
    index('import_jobs_open_idx')
      .on(t.status, t.heartbeatAt)
      .where(sql`${t.status} in ('queued', 'running', 'held')`),
  ],
);

/** Every problem of a refused import, in the order found: the error workbook lists them all. */
export const importJobErrors = pgTable(
  'import_job_errors',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    value: text('value'),
    message: text('message').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);
