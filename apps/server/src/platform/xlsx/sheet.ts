/**
 * Reads the first worksheet of an uploaded .xlsx as a stream of row batches (DESIGN.md §5), for
 * every upload kind (spend files, supplier lists, events). The work happens in a worker thread
 * with memory and time limits: it checks the zip (zip-guard.ts), matches the header row to the
 * expected columns ignoring case, spaces and punctuation, and streams rows with our own reader
 * (reader.ts); with a row module it also checks and converts every row there. The caller
 * pulls batches; the worker parses at most `prefetch` batches ahead, so memory stays flat
 * whatever the file's size.
 *
 *   for await (const batch of readSheet(path, { columns, limits, onHeader })) { … }
 *
 * A refused file throws FileRejected (400, or 413 when it is too large to read).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Cell, FileColumn } from '@spotzcity/shared/cells';
import { FileRejected } from '../errors.ts';
import { bundleScript, cachedScript } from '../worker-scripts.ts';
import {
  XLSX_MESSAGES,
  type ParentMessage,
  type WorkerInput,
  type WorkerMessage,
} from './protocol.ts';
import type { ZipLimits } from './zip-guard.ts';
import type { CsvDelimiter, CsvEncoding } from '../csv/detect.ts';

export { XLSX_MESSAGES, type RowModule } from './protocol.ts';

export interface XlsxLimits extends ZipLimits {
  /** Data rows (blank rows are not counted). */
  maxRows: number;
  /** Characters of the shared strings' texts together, and their number. */
  maxSharedStringChars: number;
  maxSharedStrings: number;
  /** Old-generation heap of the reading worker. */
  workerMemoryMb: number;
  /**
   * Young generation of the reading worker and of each checking thread (parallel-check.ts), MB:
   * less memory for more collections. Unset: 16.
   */
  checkerYoungMb?: number;
  /** Wall-clock limit of one read. */
  timeoutMs: number;
}

export interface SheetHeader {
  /** The header's row number in the sheet. */
  row: number;
  /** Column key → the header text as written in the file, for the columns found. */
  headers: Record<string, string>;
  /** Whether date serials count from 1904 (workbooks saved by old Mac Excel). */
  date1904: boolean;
}

export interface SheetBatch {
  /** Sheet row number of each row. */
  lines: number[];
  /** Without a row module: cells in the order of `columns` (null where absent). */
  rows?: Cell[][];
  /** With a row module: its converted rows, column by column. */
  columns?: Record<string, unknown[]>;
  /**
   * With `copyPrefix` and a row module that has `copyLine`: the rows as COPY text (UTF-8). Valid
   * until the next batch is asked for: its buffer then goes back to the worker.
   */
  copy?: Uint8Array;
}

export interface ReadSheetOptions {
  columns: readonly FileColumn[];
  /**
   * A module (its URL) exporting `parseRow` (see RowModule): the worker checks and converts each
   * row with it and refuses the file with the first `maxProblems` problems if any row is bad.
   */
  rowModule?: URL;
  maxProblems?: number;
  /**
   * Have the worker write the rows as COPY text (see SheetBatch.copy), each line starting with
   * this prefix and the row's sheet row number: the parent then only passes bytes to COPY, and
   * the buffers go back and forth instead of becoming garbage.
   */
  copyPrefix?: string;
  limits: XlsxLimits;
  onHeader?: (header: SheetHeader) => void;
  batchSize?: number;
  /** Called with the worker's explanation when a workbook cannot be parsed at all. */
  onUnreadable?: (detail: string) => void;
}

/** At most this many workbooks are read at once; further uploads wait for a slot. */
const MAX_CONCURRENT_READS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function acquireSlot() {
  if (running < MAX_CONCURRENT_READS) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot() {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/**
 * Bundles the worker's script for `rowModule` now, so that the first upload after the server
 * starts does not wait for it (~1 s of esbuild); a failure is left for that upload to meet.
 */
export async function prepareWorkerScript(rowModule: URL): Promise<void> {
  await workerScript(rowModule).catch(() => {});
}

/**
 * The worker's script (exported for the test that keeps it small): worker.ts and the row module
 * bundled into one script, once per row module and process (platform/worker-scripts.ts).
 */
export function workerScript(rowModule: URL | undefined): Promise<string> {
  const worker = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const contents = [
    `import { runWorker } from ${JSON.stringify(worker)};`,
    rowModule
      ? `import * as rowModule from ${JSON.stringify(fileURLToPath(rowModule))};`
      : 'const rowModule = undefined;',
    'runWorker(rowModule);',
  ].join('\n');
  return cachedScript(`xlsx:${rowModule?.href ?? ''}`, () =>
    bundleScript(contents, path.dirname(worker)),
  );
}

function workerInput(file: string, options: ReadSheetOptions): WorkerInput {
  const { limits } = options;
  return {
    path: file,
    columns: options.columns.map((c) => ({
      key: c.key,
      header: c.header,
      ...(c.aliases ? { aliases: [...c.aliases] } : {}),
      ...(c.required ? { required: true } : {}),
    })),
    ...(options.copyPrefix !== undefined ? { copyPrefix: options.copyPrefix } : {}),
    maxProblems: options.maxProblems ?? 100,
    limits: {
      maxEntries: limits.maxEntries,
      maxEntryBytes: limits.maxEntryBytes,
      maxTotalBytes: limits.maxTotalBytes,
      maxRatio: limits.maxRatio,
    },
    strings: { maxChars: limits.maxSharedStringChars, maxStrings: limits.maxSharedStrings },
    maxRows: limits.maxRows,
    batchSize: options.batchSize ?? 5000,
    prefetch: 2,
  };
}

type Event = WorkerMessage | { type: 'error'; error: Error } | { type: 'exit'; code: number };

/**
 * A running worker as a queue of its events, with the time limit armed. `stop()` ends it and
 * frees its slot; every caller must call it once, whatever happened.
 */
async function startWorker(script: string, input: WorkerInput, limits: XlsxLimits) {
  await acquireSlot();
  const worker = new Worker(script, {
    eval: true,
    workerData: input,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.workerMemoryMb,
      // 16 MB rather than 64: far less resident for a few percent of reading time; the limits
      // give it the checking threads' (8 MB by default, docs/import.md).
      maxYoungGenerationSizeMb: limits.checkerYoungMb ?? 16,
      stackSizeMb: 4,
    },
  });
  const queue: Event[] = [];
  let notify: (() => void) | undefined;
  const push = (event: Event) => {
    queue.push(event);
    notify?.();
  };
  worker.on('message', (message: WorkerMessage) => push(message));
  worker.on('error', (error) => push({ type: 'error', error }));
  worker.on('exit', (code) => push({ type: 'exit', code }));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void worker.terminate();
  }, limits.timeoutMs);
  let stopped = false;

  return {
    async next(): Promise<Event> {
      while (queue.length === 0) await new Promise<void>((resolve) => (notify = resolve));
      return queue.shift()!;
    },
    /** Ends the read as if the worker had failed with `error` (an abort). */
    interrupt(error: Error) {
      push({ type: 'error', error });
    },
    send(message: ParentMessage, transfer: ArrayBuffer[] = []) {
      worker.postMessage(message, transfer);
    },
    /** The error a refusal, a crash or the end of the worker means (see ReadSheetOptions). */
    failure(event: Event, options: { onUnreadable?: (detail: string) => void }): Error {
      switch (event.type) {
        case 'rejected':
          if (event.detail) options.onUnreadable?.(event.detail);
          return new FileRejected(event.message, event.errors ?? [], event.status);
        case 'error':
          if ((event.error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
            return new FileRejected(XLSX_MESSAGES.tooMuchMemory, [], 413);
          }
          return event.error;
        case 'exit':
          if (timedOut) {
            return new FileRejected(
              XLSX_MESSAGES.tooSlow(Math.round(limits.timeoutMs / 1000)),
              [],
              413,
            );
          }
          return new Error(`The spreadsheet worker stopped unexpectedly (exit code ${event.code})`);
        default:
          return new Error(`Unexpected message from the spreadsheet worker: ${event.type}`);
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(timer);
      worker.postMessage({ type: 'stop' } satisfies ParentMessage);
      await worker.terminate();
      releaseSlot();
    },
  };
}

export async function* readSheet(
  file: string,
  options: ReadSheetOptions,
): AsyncGenerator<SheetBatch, number> {
  const script = await workerScript(options.rowModule);
  const worker = await startWorker(script, workerInput(file, options), options.limits);
  try {
    for (;;) {
      const event = await worker.next();
      switch (event.type) {
        case 'header':
          options.onHeader?.({ row: event.row, headers: event.headers, date1904: event.date1904 });
          break;
        case 'progress':
          break;
        case 'batch': {
          const { copy } = event;
          yield {
            lines: event.lines,
            ...(event.rows ? { rows: event.rows } : {}),
            ...(event.columns ? { columns: event.columns } : {}),
            ...(copy ? { copy: new Uint8Array(copy.buffer, 0, copy.length) } : {}),
          };
          if (copy) worker.send({ type: 'more', buffer: copy.buffer }, [copy.buffer]);
          else worker.send({ type: 'more' });
          break;
        }
        case 'done':
          if (event.rowCount === 0) throw new FileRejected(XLSX_MESSAGES.noDataRows);
          return event.rowCount;
        default:
          throw worker.failure(event, options);
      }
    }
  } finally {
    await worker.stop();
  }
}

export interface CheckProgress {
  /** Data rows read and checked so far. */
  rows: number;
  /** Bytes of the sheet's XML read so far, of `totalBytes` (0 until the sheet is opened). */
  bytes: number;
  totalBytes: number;
  /** The sheet's declared last row, when it declares one (an estimate of the rows to come). */
  lastRow: number | null;
}

export interface CheckSheetOptions extends Omit<ReadSheetOptions, 'copyPrefix' | 'onHeader'> {
  rowModule: URL;
  /** Each line of COPY text starts with this, then the row's sheet row number. */
  copyPrefix: string;
  /** Where the COPY text of the rows goes: created by the worker, never overwritten. */
  copyFile: string;
  /** Collect each row's key and cents (RowModule.rowKey / rowCents) for the overlap check. */
  keys?: boolean;
  /** Once a reading slot is free and the worker starts (it may wait for other reads). */
  onStart?: () => void;
  /** Stops the read: it throws the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: CheckProgress) => void;
  /** Bytes of XML per piece checked by one thread (parallel-check.ts); tests make it small. */
  pieceBytes?: number;
  /** Checking threads (one per core, at most 4, unless told); fewer than 2 reads in one pass. */
  threads?: number;
  /** 'csv': the file is CSV text (platform/csv/), its encoding and delimiter detected. */
  format?: 'xlsx' | 'csv';
  /** Hears how a CSV file is written, once detected (before its rows are read). */
  onSource?: (source: CsvSource) => void;
}

/** How a CSV file is written, as detected. */
export interface CsvSource {
  format: 'csv';
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

/** Checking threads of one check: one per core, at most four. */
const CHECK_THREADS = Math.min(4, availableParallelism());

export interface CheckedSheet {
  rowCount: number;
  /** The checking threads that read the sheet's pieces (0: it was read in one pass). */
  threads: number;
  /** With `keys`: every row's key and cents, in row order. */
  keys?: Float64Array;
  cents?: Float64Array;
}

/**
 * Check, then write (DESIGN.md §5): the worker reads and checks the whole sheet and writes the
 * rows as COPY text to `copyFile`, telling how far it has got; nothing touches the database.
 * Resolves once the file is known to be clean; a refused file throws FileRejected (the caller
 * removes whatever `copyFile` holds).
 */
export async function checkSheet(file: string, options: CheckSheetOptions): Promise<CheckedSheet> {
  const script = await workerScript(options.rowModule);
  const input: WorkerInput = {
    ...workerInput(file, options),
    copyPrefix: options.copyPrefix,
    copyFile: options.copyFile,
    ...(options.keys ? { keys: true } : {}),
    threads: options.threads ?? CHECK_THREADS,
    script,
    workerMemoryMb: options.limits.workerMemoryMb,
    ...(options.limits.checkerYoungMb ? { checkerYoungMb: options.limits.checkerYoungMb } : {}),
    ...(options.pieceBytes ? { pieceBytes: options.pieceBytes } : {}),
    ...(options.format === 'csv' ? { format: 'csv' as const } : {}),
  };
  options.signal?.throwIfAborted();
  const worker = await startWorker(script, input, options.limits);
  const onAbort = () => worker.interrupt(options.signal!.reason as Error);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) onAbort();
  options.onStart?.();
  try {
    for (;;) {
      const event = await worker.next();
      switch (event.type) {
        case 'header':
          break;
        case 'source':
          options.onSource?.({
            format: event.format,
            encoding: event.encoding,
            delimiter: event.delimiter,
          });
          break;
        case 'progress':
          options.onProgress?.({
            rows: event.rows,
            bytes: event.bytes,
            totalBytes: event.totalBytes,
            lastRow: event.lastRow,
          });
          break;
        case 'done':
          if (event.rowCount === 0) throw new FileRejected(XLSX_MESSAGES.noDataRows);
          return {
            rowCount: event.rowCount,
            threads: event.threads ?? 0,
            ...(event.keys ? { keys: new Float64Array(event.keys) } : {}),
            ...(event.cents ? { cents: new Float64Array(event.cents) } : {}),
          };
        default:
          throw worker.failure(event, options);
      }
    }
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await worker.stop();
  }
}
