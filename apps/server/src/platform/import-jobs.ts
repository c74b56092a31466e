/**
 * Import jobs: an upload's import runs in the background while the client follows
 * its state. The state lives in `import_jobs` (db/schema/import-jobs.ts) so that it survives the
 * request, the browser tab and the process; this process also keeps the live state of the jobs
 * it runs in memory, so that its followers (server-sent events) hear every step even while the
 * embedded database is busy inside the job's own transaction.
 *
 *   const job = await app.importJobs.create(db, { clientRef, kind: 'spend', … });
 *   app.importJobs.run(job, async (ctx) => { ctx.update({ status: 'running' }); … });
 *
 * A job this process runs writes its progress at most once a second (one write in flight at a
 * time) and its heartbeat every HEARTBEAT_MS; its final state is written at once (a saved file's
 * job is marked done in the file's own transaction). At start, and then every SWEEP_MS,
 * unfinished jobs whose heartbeat has stopped are failed as interrupted: on the embedded
 * database every unfinished job at start (no other process can be running it). Closing the app
 * interrupts the jobs it runs and waits for them.
 *
 * On PostgreSQL a job is not tied to the process that received its upload: its
 * files go to the shared storage (`storageId`), the job is recorded with no owner, and every
 * process that runs imports (RUN_IMPORT_JOBS, the default) claims queued jobs of the kinds it
 * has a handler for, one at a time with `FOR UPDATE SKIP LOCKED`, up to CLAIMED_AT_ONCE, checking
 * every CLAIM_MS and at once after an upload or a choice of its own.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RowError } from '@spotzcity/shared/validation';
import {
  IMPORT_ERRORS_ON_SCREEN,
  IMPORT_MESSAGES,
  isFinalImport,
  type ImportJob,
  type ImportJobDetail,
  type ImportOverlap,
  type ImportSource,
  type ImportPhase,
  type ImportStatus,
} from '@spotzcity/shared/spend-imports';
import type { Db, DbOrTx } from '../db/client.ts';
import { copyRows } from '../db/copy.ts';
import { copyField } from '../db/copy-text.ts';
import { importJobErrors, importJobs, users } from '../db/schema/index.ts';
import { withoutQueryBudget } from '../db/turns.ts';
import { NotFound } from './errors.ts';
import type { Storage } from './storage.ts';

/** How often a running job tells the database it is alive. */
export const HEARTBEAT_MS = 10_000;
/**
 * A job whose heartbeat is older than this is taken for dead (PostgreSQL, several processes);
 * with the sweep every SWEEP_MS, another process fails it within STALE_MS + SWEEP_MS = 55 s of
 * its last beat (within a minute). Heartbeats go through the pool, never waiting
 * behind the job's own transaction.
 */
export const STALE_MS = 40_000;
const SWEEP_MS = 15_000;
/** Progress reaches the database at most this often (followers here hear every step). */
const PERSIST_MS = 1_000;
/** How often a process that runs imports looks for queued jobs (PostgreSQL). */
export const CLAIM_MS = 2_000;
/** Jobs one process runs at once; more wait queued for it or another process. */
const CLAIMED_AT_ONCE = 2;

/** The storage key of one of a shared job's files (`xlsx` the upload, `rows`, `keys`). */
export const jobFileKey = (storageId: string, file: 'xlsx' | 'rows' | 'keys') =>
  `import-jobs/${storageId}.${file}`;

export type ImportJobRow = typeof importJobs.$inferSelect;

/** A new job: whose upload of which file (by its content hash and file id), for which kind. */
interface NewJob {
  clientRef: number;
  kind: string;
  fileName: string;
  uploadedBy: number | null;
  contentHash: string;
  fileId: number;
}

/** The part of a job's state that changes while it runs. */
export interface JobPatch {
  status?: ImportStatus;
  phase?: ImportPhase;
  phaseDone?: number;
  phaseTotal?: number;
  rowsChecked?: number;
  rowsExpected?: number | null;
  rowCount?: number | null;
  message?: string | null;
  errorCount?: number;
  overlap?: ImportOverlap | null;
  source?: ImportSource | null;
  fileId?: number | null;
}

export interface JobContext {
  readonly job: ImportJobRow;
  /** Aborted when the app closes: the job should stop and leave nothing half-saved. */
  readonly signal: AbortSignal;
  /** Changes the live state; written to the database now and then (see `persist`). */
  update(patch: JobPatch): void;
  /** Writes the state now (awaited): a final state, or one a later reader must see. */
  persist(patch?: JobPatch, db?: DbOrTx): Promise<void>;
}

type Listener = (job: ImportJob) => void;

/** How a kind of job runs when a process claims it from the queue (PostgreSQL). */
export interface JobHandler {
  work: (ctx: JobContext) => Promise<void>;
  fail: FailHandler;
  /**
   * Removes what jobs of this kind wrote and no job will finish: run by every sweep (and at
   * start) after the jobs nobody runs have been failed.
   */
  recover?: () => Promise<void>;
}

interface LiveJob {
  row: ImportJobRow;
  listeners: Set<Listener>;
  controller: AbortController;
  done: Promise<void>;
  persistedAt: number;
  writing: boolean;
}

/** The job's working folder: DATA_DIR/imports/<its random name>. */
export const importsDir = (dataDir: string) => path.join(dataDir, 'imports');

/** A row as the API presents it (uploadedBy is the uploader's name, looked up by the caller). */
export function presentJob(row: ImportJobRow, uploadedBy: string | null = null): ImportJob {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ImportStatus,
    phase: row.phase as ImportPhase,
    progress: { done: Number(row.phaseDone), total: Number(row.phaseTotal) },
    rowsChecked: row.rowsChecked,
    rowsExpected: row.rowsExpected,
    rowCount: row.rowCount,
    message: row.message,
    errorCount: row.errorCount,
    overlap: (row.overlap as ImportOverlap | null) ?? null,
    source: (row.source as ImportSource | null) ?? null,
    fileId: row.status === 'done' ? row.fileId : null,
    uploadedBy,
    createdOn: new Date(row.createdAt).toISOString(),
    finishedOn: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}

const columnsOf = (patch: JobPatch) => {
  const values: Partial<typeof importJobs.$inferInsert> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  return values;
};

export class ImportJobs {
  /** This process, as written in a job's `owner`. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly live = new Map<number, LiveJob>();
  private names = new Map<number, string | null>();
  private sweeper: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private claimer: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, JobHandler>();
  private claiming: Promise<void> | undefined;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly kind: 'pglite' | 'postgres',
    readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
    readonly storage: Storage,
    /** Whether this process claims queued jobs (PostgreSQL; RUN_IMPORT_JOBS). */
    private readonly claims = true,
  ) {}

  /**
   * Whether jobs go through the queue (PostgreSQL): their files in the shared storage, run by
   * whichever process claims them. On the embedded database a job runs where it was received.
   */
  get shared() {
    return this.kind === 'postgres';
  }

  /** How a claimed job of `kind` runs. */
  handle(kind: string, handler: JobHandler) {
    this.handlers.set(kind, handler);
  }

  /**
   * Records a queued job with no owner whose files are in the shared storage under `storageId`
   * (they must be there already); a process that runs imports claims it (this one at once, if
   * it does).
   */
  async enqueue(db: DbOrTx, values: NewJob & { storageId: string }): Promise<ImportJobRow> {
    const [row] = await db
      .insert(importJobs)
      .values({ ...values, status: 'queued', phase: 'checking', workDir: '' })
      .returning();
    this.kick();
    return row!;
  }

  /** Looks for queued jobs now (after the request that queued one has answered). */
  kick() {
    if (!this.shared || !this.claims || this.closing) return;
    setImmediate(() => void withoutQueryBudget(() => this.claimQueued()));
  }

  /**
   * Claims queued jobs while this process has room for them. `FOR UPDATE SKIP LOCKED`: two
   * processes looking at once each take a different job, and neither waits for the other.
   */
  private async claimQueued() {
    if (this.claiming) return this.claiming;
    this.claiming = (async () => {
      try {
        while (!this.closing && this.live.size < CLAIMED_AT_ONCE && this.handlers.size > 0) {
          const workDir = path.join(importsDir(this.dataDir), randomUUID());
          const [row] = await this.db
            .update(importJobs)
            .set({ owner: this.owner, heartbeatAt: new Date(), updatedAt: new Date(), workDir })
            .where(
              sql`${importJobs.id} = (select id from ${importJobs}
                where status = 'queued' and owner is null
                  and kind = any(${sql.param([...this.handlers.keys()])}::text[])
                order by id limit 1 for update skip locked)`,
            )
            .returning();
          if (!row) return;
          const handler = this.handlers.get(row.kind)!;
          await mkdir(workDir, { recursive: true });
          this.run(row, handler.work, handler.fail);
        }
      } catch (error) {
        this.log.warn({ err: error }, 'could not claim import jobs');
      } finally {
        this.claiming = undefined;
      }
    })();
    return this.claiming;
  }

  /** Records a new job (queued, checking) with its own working folder, made here. */
  async create(db: DbOrTx, values: NewJob): Promise<ImportJobRow> {
    const workDir = path.join(importsDir(this.dataDir), randomUUID());
    await mkdir(workDir, { recursive: true });
    const [row] = await db
      .insert(importJobs)
      .values({
        ...values,
        status: 'queued',
        phase: 'checking',
        workDir,
        owner: this.owner,
        heartbeatAt: new Date(),
      })
      .returning();
    return row!;
  }

  /**
   * Runs `work` for `job` in the background (from the next turn of the event loop, after the
   * request that made the job has answered). A thrown error fails the job with its message.
   */
  run(job: ImportJobRow, work: (ctx: JobContext) => Promise<void>, fail: FailHandler) {
    const controller = new AbortController();
    const live: LiveJob = {
      row: job,
      listeners: new Set(),
      controller,
      done: Promise.resolve(),
      persistedAt: 0,
      writing: false,
    };
    this.live.set(job.id, live);
    const ctx: JobContext = {
      get job() {
        return live.row;
      },
      signal: controller.signal,
      update: (patch) => this.apply(live, patch),
      persist: async (patch = {}, db = this.db) => {
        // Not told to followers yet: in a transaction the state is true only once it commits.
        this.apply(live, patch, false);
        await this.write(db, live.row.id, {
          ...this.stateOf(live.row),
          ...columnsOf(patch),
        });
        live.persistedAt = Date.now();
      },
    };
    // A job outlives the request that started it: neither it nor its failure's bookkeeping runs
    // under that request's time limit (db/turns.ts).
    live.done = withoutQueryBudget(() =>
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => work(ctx))
        .catch(async (error: unknown) => {
          const failure = await fail(error, ctx).catch(() => ({
            message: 'The import failed unexpectedly, nothing was saved.',
            errors: [],
          }));
          await this.storeErrors(job.id, failure.errors).catch((error: unknown) =>
            this.log.error({ err: error, job: job.id }, 'could not store the import problems'),
          );
          await ctx
            .persist({
              status: 'failed',
              message: failure.message,
              errorCount: failure.errors.length,
            })
            .catch((error: unknown) =>
              this.log.error({ err: error, job: job.id }, 'could not record the failed import'),
            );
        })
        .finally(() => {
          // Followers hear the last state; later readers get it from the database.
          this.notify(live);
          this.live.delete(job.id);
          this.names.delete(job.id);
          this.ensureTimers();
          // Room for the next queued job.
          this.kick();
        }),
    );
    this.ensureTimers();
  }

  /** The live state of a job this process runs, if it runs it. */
  liveState(id: number): ImportJobRow | undefined {
    return this.live.get(id)?.row;
  }

  /**
   * Calls `listener` with every state of a job this process runs until it ends (then returns
   * false from `isLive`); answers the unsubscribe function, or undefined when not running here.
   */
  subscribe(id: number, listener: Listener): (() => void) | undefined {
    const live = this.live.get(id);
    if (!live) return undefined;
    live.listeners.add(listener);
    return () => live.listeners.delete(listener);
  }

  isLive(id: number) {
    return this.live.has(id);
  }

  /** Remembers who uploaded a live job (their name goes with every state sent). */
  nameUploader(id: number, name: string | null) {
    this.names.set(id, name);
  }

  present(row: ImportJobRow): ImportJob {
    return presentJob(row, this.names.get(row.id) ?? null);
  }

  private stateOf(row: ImportJobRow) {
    return {
      status: row.status,
      phase: row.phase,
      phaseDone: row.phaseDone,
      phaseTotal: row.phaseTotal,
      rowsChecked: row.rowsChecked,
      rowsExpected: row.rowsExpected,
      rowCount: row.rowCount,
      message: row.message,
      errorCount: row.errorCount,
      overlap: row.overlap,
      source: row.source,
      fileId: row.fileId,
    };
  }

  /** `live` = tell followers and write it soon; otherwise the caller writes it itself. */
  private apply(live: LiveJob, patch: JobPatch, isLive = true) {
    const final = patch.status !== undefined && isFinalImport(patch.status);
    live.row = {
      ...live.row,
      ...(columnsOf(patch) as Partial<ImportJobRow>),
      updatedAt: new Date(),
      ...(final ? { finishedAt: new Date() } : {}),
    };
    if (!isLive) return;
    this.notify(live);
    this.persistSoon(live);
  }

  private notify(live: LiveJob) {
    const state = this.present(live.row);
    for (const listener of live.listeners) listener(state);
  }

  /** Progress goes to the database at most once a second, one write at a time. */
  private persistSoon(live: LiveJob) {
    if (live.writing || Date.now() - live.persistedAt < PERSIST_MS) return;
    live.writing = true;
    live.persistedAt = Date.now();
    // Only while the job is still unfinished in the database: a late progress write never
    // overwrites a final state (on PGlite it may wait behind the job's own transaction).
    void this.db
      .update(importJobs)
      .set({ ...this.stateOf(live.row), updatedAt: new Date(), heartbeatAt: new Date() } as never)
      .where(and(eq(importJobs.id, live.row.id), inArray(importJobs.status, ['queued', 'running'])))
      .catch(() => {})
      .finally(() => (live.writing = false));
  }

  private async write(db: DbOrTx, id: number, values: Record<string, unknown>) {
    const final = typeof values.status === 'string' && isFinalImport(values.status as ImportStatus);
    await db
      .update(importJobs)
      .set({
        ...values,
        updatedAt: new Date(),
        heartbeatAt: new Date(),
        ...(final ? { finishedAt: new Date() } : {}),
      } as never)
      .where(eq(importJobs.id, id));
  }

  /** Stores a refused file's problems (all of them, in order) with one COPY. */
  private async storeErrors(jobId: number, errors: RowError[]) {
    if (errors.length === 0) return;
    const text = errors
      .map((e, i) =>
        [jobId, i, e.row, e.column, e.value ?? null, e.message].map(copyField).join('\t'),
      )
      .join('\n');
    await this.db.transaction((tx) =>
      copyRows(
        tx,
        getTableName(importJobErrors),
        ['job_id', 'position', '"row"', '"column"', 'value', 'message'],
        Buffer.from(`${text}\n`),
      ),
    );
  }

  private ensureTimers() {
    if (this.live.size > 0 && !this.heartbeat) {
      this.heartbeat = setInterval(() => void this.beat(), HEARTBEAT_MS);
      this.heartbeat.unref();
    } else if (this.live.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  private async beat() {
    const ids = [...this.live.keys()];
    if (ids.length === 0) return;
    await this.db
      .update(importJobs)
      .set({ heartbeatAt: new Date() })
      .where(and(inArray(importJobs.id, ids), inArray(importJobs.status, ['queued', 'running'])))
      .catch(() => {});
  }

  /**
   * Fails the unfinished jobs nobody runs any more ('interrupted, nothing was saved') and, at
   * start, removes working folders no unfinished job needs (only then: a job being created
   * makes its folder a moment before its row). On the embedded database no other process can
   * hold the data directory, so at start every unfinished job was interrupted.
   */
  async recover(atStart: boolean) {
    // A queued job nobody has claimed yet waits for a process (PostgreSQL): not stale.
    const stale =
      atStart && this.kind === 'pglite'
        ? sql`true`
        : sql`(${importJobs.owner} is not null and (${importJobs.heartbeatAt} is null or ${importJobs.heartbeatAt} < now() - ${`${STALE_MS / 1000} seconds`}::interval))`;
    const mine = [...this.live.keys()];
    const failed = await this.db
      .update(importJobs)
      .set({
        status: 'failed',
        message: IMPORT_MESSAGES.interrupted,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          inArray(importJobs.status, ['queued', 'running']),
          stale,
          mine.length > 0 ? sql`${importJobs.id} <> all(${sql.param(mine)}::int[])` : sql`true`,
        ),
      )
      .returning({ workDir: importJobs.workDir, storageId: importJobs.storageId });
    // Their folders, when they are this DATA_DIR's (another process's stay with it), and their
    // files in the shared storage.
    const root = path.resolve(importsDir(this.dataDir));
    for (const { workDir, storageId } of failed) {
      if (workDir && path.dirname(path.resolve(workDir)) === root) {
        await rm(workDir, { recursive: true, force: true });
      }
      if (storageId) await this.removeFiles(storageId);
    }
    for (const [kind, handler] of this.handlers) {
      await handler.recover?.().catch((error: unknown) => {
        this.log.warn({ err: error, kind }, 'could not remove what interrupted imports wrote');
      });
    }
    if (atStart) await this.sweepFolders();
  }

  private async sweepFolders() {
    const dir = importsDir(this.dataDir);
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      return;
    }
    // The partial index's own condition, so that it serves this read.
    const open = await this.db
      .select({ work_dir: importJobs.workDir })
      .from(importJobs)
      .where(sql`${importJobs.status} in ('queued', 'running', 'held')`);
    const keep = new Set(open.map((r) => path.resolve(r.work_dir)));
    for (const entry of entries) {
      const full = path.resolve(dir, entry);
      if (!keep.has(full)) await rm(full, { recursive: true, force: true });
    }
  }

  /** Removes a shared job's files from the storage (those it has). */
  async removeFiles(storageId: string) {
    for (const file of ['xlsx', 'rows', 'keys'] as const) {
      await this.storage
        .remove(jobFileKey(storageId, file))
        .catch((error: unknown) =>
          this.log.warn({ err: error, storageId }, 'could not remove an import file'),
        );
    }
  }

  start() {
    this.sweeper = setInterval(() => void this.recover(false).catch(() => {}), SWEEP_MS);
    this.sweeper.unref();
    if (this.shared && this.claims) {
      this.claimer = setInterval(() => void this.claimQueued(), CLAIM_MS);
      this.claimer.unref();
      this.kick();
    }
  }

  /** Interrupts the jobs this process runs and waits until each has stopped. */
  async close() {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.claimer) clearInterval(this.claimer);
    await this.claiming;
    for (const live of this.live.values()) live.controller.abort();
    await Promise.all([...this.live.values()].map((live) => live.done));
    if (this.heartbeat) clearInterval(this.heartbeat);
  }
}

/** What a failed job says and lists: turns whatever `work` threw into the job's failure. */
export type FailHandler = (
  error: unknown,
  ctx: JobContext,
) => Promise<{ message: string; errors: RowError[] }>;

/** A job of the organisation, or 404 (another organisation's id is a job that does not exist). */
export async function jobOf(db: DbOrTx, clientRef: number, id: number, kind: string) {
  const [row] = await db
    .select()
    .from(importJobs)
    .where(
      and(eq(importJobs.id, id), eq(importJobs.clientRef, clientRef), eq(importJobs.kind, kind)),
    )
    .limit(1);
  if (!row) throw new NotFound(IMPORT_MESSAGES.notFound);
  return row;
}

/** The uploader's name of each job. */
export async function uploaderNames(db: DbOrTx, rows: ImportJobRow[]) {
  const ids = [...new Set(rows.map((r) => r.uploadedBy).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, string>();
  const names = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(names.map((n) => [n.id, n.name]));
}

/** The first problems of a refused job, in the order found. */
export async function jobErrors(db: DbOrTx, jobId: number, limit = IMPORT_ERRORS_ON_SCREEN) {
  const rows = await db
    .select()
    .from(importJobErrors)
    .where(eq(importJobErrors.jobId, jobId))
    .orderBy(importJobErrors.position)
    .limit(limit);
  return rows.map((e) => ({
    row: e.row,
    column: e.column,
    message: e.message,
    ...(e.value !== null ? { value: e.value } : {}),
  }));
}

/** A job with its first problems, as `GET /api/file/imports/:id` answers it. */
export async function detailOf(
  db: DbOrTx,
  row: ImportJobRow,
  uploadedBy: string | null,
): Promise<ImportJobDetail> {
  const errors = row.errorCount > 0 ? await jobErrors(db, row.id) : [];
  return { ...presentJob(row, uploadedBy), errors };
}

declare module 'fastify' {
  interface FastifyInstance {
    importJobs: ImportJobs;
  }
}

/**
 * Decorates the app with its ImportJobs: recovery once the app is ready, the sweep every
 * SWEEP_MS, and on close the jobs interrupted (before the server waits for its connections, so
 * that their event streams end).
 */
export const importJobsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { kind: 'pglite' | 'postgres'; dataDir: string; claims: boolean },
  ) => {
    const jobs = new ImportJobs(app.db, opts.kind, opts.dataDir, app.log, app.storage, opts.claims);
    app.decorate('importJobs', jobs);
    app.addHook('onReady', async () => {
      await jobs.recover(true);
      jobs.start();
    });
    app.addHook('preClose', async () => {
      await jobs.close();
    });
  },
  { name: 'import-jobs', dependencies: ['db'] },
);
