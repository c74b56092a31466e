/**
 * Check-then-write on every core (docs/import.md). The reading worker (worker.ts) inflates the
 * sheet and cuts its XML into pieces of about a megabyte that end right after a row
 * (chunks.ts RowCutter); it reads the pieces up to the header row itself, then hands the rest to
 * `threads` checking threads, at most two pieces each in flight. Each checker parses its piece
 * from "between two rows" and checks its rows (ChunkChecker); the reading worker takes the
 * results back in sheet order (CheckMerge), which decides as one pass would, and appends each
 * piece's COPY text to the COPY file in order.
 *
 * A cut is only trusted once the piece before it is known to end between two rows: a `</row>`
 * inside a comment or CDATA, a row without `r` first in a piece or anything else that leaves a
 * piece elsewhere sends the whole check back to one pass in the reading worker (the COPY file
 * starts over). Excel never writes such sheets; hostile ones cost at most a second pass.
 */
import { ftruncateSync, writeSync } from 'node:fs';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import {
  CheckMerge,
  ChunkChecker,
  RowCutter,
  type CheckOutcome,
  type CheckSetup,
  type ChunkResult,
  type SheetHeader,
} from './chunks.ts';
import { XLSX_MESSAGES, type RowModule, type WorkerInput, type WorkerMessage } from './protocol.ts';
import { CsvCutter, openCsv, type CsvPiece } from '../csv/pieces.ts';
import { openFirstWorksheet, type OpenWorksheet } from './reader.ts';
import { SharedStrings, type PackedStrings } from './shared-strings.ts';
import { SheetParser } from './sheet-parser.ts';
import { MalformedXml } from './xml-scanner.ts';
import { ZipProblem } from './zip-guard.ts';

/** What the reading worker says to a checking thread. */
type ToChecker =
  | { type: 'init'; setup: CheckSetup; strings: PackedStrings; header: SheetHeader }
  | {
      type: 'piece';
      index: number;
      bytes: ArrayBuffer;
      last: boolean;
      copy: boolean;
      /** A CSV piece: the line its first record starts on. */
      firstLine?: number;
    };

/** Marks a checking thread's workerData. */
export interface CheckerData {
  role: 'checker';
}

/** A checking thread: checks the pieces it is sent and posts their results back. */
export function runChecker(rowModule: RowModule) {
  const port = parentPort!;
  let checker: ChunkChecker | undefined;
  port.on('message', (message: ToChecker) => {
    if (message.type === 'init') {
      checker = new ChunkChecker(message.setup, rowModule, SharedStrings.from(message.strings));
      checker.header = message.header;
      return;
    }
    const bytes = new Uint8Array(message.bytes);
    const result =
      message.firstLine !== undefined
        ? checker!.checkCsv(bytes, { ...message, firstLine: message.firstLine })
        : checker!.check(
            bytes,
            new SheetParser({ strings: checker!.strings, betweenRows: true }),
            message,
          );
    const transfer = [result.copy, result.keys, result.cents].filter(
      (b): b is ArrayBuffer => b !== undefined,
    );
    port.postMessage(result, transfer);
  });
}

export const isCheckerThread = () => (workerData as Partial<CheckerData>)?.role === 'checker';

/** How often the check tells the parent how far it has got. */
const PROGRESS_MS = 200;

/** A sheet of fewer pieces is read in one pass: starting the threads would cost more. */
const POOL_MIN_PIECES = 8;

/**
 * A checking thread's young generation, unless the limits say (XLSX_CHECKER_YOUNG_MB). A larger
 * one spends less time collecting for tens of MB more resident; 16, as the reading worker. The
 * server's default is 8 (config.ts): the check's peak is a running server's import peak
 * (docs/import.md).
 */
const YOUNG_MB = 16;

/** Pieces a checking thread may hold (one being checked, one waiting). */
const IN_FLIGHT_PER_THREAD = 2;

interface CheckContext {
  input: WorkerInput;
  rowModule: RowModule;
  date1904: boolean;
  /** The COPY file, created empty. */
  fd: number;
  post: (message: WorkerMessage, transfer?: ArrayBuffer[]) => void;
}

/** Reads and checks the sheet into the COPY file; posts `done` or `rejected` (or throws). */
export async function checkToCopyFile(context: CheckContext): Promise<void> {
  const threads = context.input.threads ?? 1;
  if (context.input.format === 'csv') {
    await attemptCsv(context, threads);
    return;
  }
  let outcome = await attempt(context, threads);
  if (outcome === 'again') outcome = await attempt(context, 1);
  if (outcome === 'again') throw new Error('a one-pass check cannot need another pass');
}

/** One read of the sheet: 'again' when a cut turned out not to be between two rows. */
async function attempt(context: CheckContext, threads: number): Promise<'again' | 'posted'> {
  const { input, fd } = context;
  ftruncateSync(fd, 0);
  const sheet = await openFirstWorksheet(input.path, input.strings);
  const pool = new Pool(context, threads);
  try {
    const outcome = await readPieces(context, sheet, pool);
    if (outcome === 'again') return 'again';
    if (outcome.type === 'failed') {
      const { kind, message } = outcome.failure;
      throw kind === 'xml' ? new MalformedXml(message) : new ZipProblem(kind, message);
    }
    postOutcome(context, pool, outcome);
    return 'posted';
  } finally {
    await pool.close();
    sheet.close();
  }
}

/** Tells the parent how the check ended: refused, or done with the rows' keys. */
function postOutcome(
  { post }: CheckContext,
  pool: Pool,
  outcome: Exclude<CheckOutcome, { type: 'failed' }>,
) {
  if (outcome.type === 'rejected') {
    post({
      type: 'rejected',
      status: outcome.status,
      message: outcome.message,
      ...(outcome.errors ? { errors: outcome.errors } : {}),
    });
    return;
  }
  const { merge } = pool;
  pool.progress(true);
  const threadsUsed = pool.started;
  if (merge.keys) {
    const keys = merge.keys.take();
    const cents = merge.cents?.take();
    post(
      {
        type: 'done',
        rowCount: outcome.rowCount,
        threads: threadsUsed,
        keys,
        ...(cents ? { cents } : {}),
      },
      cents ? [keys, cents] : [keys],
    );
  } else post({ type: 'done', rowCount: outcome.rowCount, threads: threadsUsed });
}

/**
 * A CSV file (../csv/pieces.ts): its encoding and delimiter told to the parent, then its text
 * cut into pieces between records and checked as a sheet's pieces are. Every cut is between two
 * records (quotes counted), so a CSV check never needs a second pass.
 */
async function attemptCsv(context: CheckContext, threads: number): Promise<void> {
  const { input, post } = context;
  ftruncateSync(context.fd, 0);
  const csv = await openCsv(input.path);
  post({ type: 'source', format: 'csv', ...csv.format });
  const pool = new Pool(context, threads);
  try {
    pool.totalBytes = csv.size;
    const setup: CheckSetup = {
      columns: input.columns,
      copyPrefix: input.copyPrefix ?? '',
      keys: input.keys === true && context.rowModule.rowKey !== undefined,
      maxProblems: input.maxProblems,
      date1904: false,
      csvDelimiter: csv.format.delimiter,
    };
    const strings = new SharedStrings().finish();
    const local = new ChunkChecker(setup, context.rowModule, strings);
    const pieceBytes = input.pieceBytes ?? 1024 * 1024;
    const cutter = new CsvCutter(pieceBytes);
    let index = 0;
    let pooled = false;
    const take = async (piece: CsvPiece, last: boolean) => {
      const at = index++;
      const copy = pool.merge.badRows === 0;
      if (!pooled) {
        const result = local.checkCsv(piece.bytes, { index: at, copy, firstLine: piece.firstLine });
        pool.deliver(result, last);
        if (
          !last &&
          pool.size > 0 &&
          csv.size >= POOL_MIN_PIECES * pieceBytes &&
          local.header &&
          !local.header.missing
        ) {
          pooled = true;
          pool.start(setup, strings, local.header);
        }
        return;
      }
      await pool.send(at, piece.bytes, last, copy, piece.firstLine);
    };
    const onRead = (bytes: number) => {
      pool.inflated += bytes;
      pool.progress();
    };
    for await (const chunk of csv.text(onRead)) {
      for (const piece of cutter.push(chunk)) {
        await take(piece, false);
        if (pool.settled) break;
      }
      if (pool.settled) break;
    }
    if (!pool.settled) await take(cutter.finish(), true);
    await pool.drained();
    const outcome = pool.outcome ?? pool.merge.finish();
    if (outcome.type === 'failed') throw new Error(outcome.failure.message);
    postOutcome(context, pool, outcome);
  } finally {
    await pool.close();
  }
}

async function readPieces(
  context: CheckContext,
  sheet: OpenWorksheet,
  pool: Pool,
): Promise<CheckOutcome | 'again'> {
  const { input } = context;
  if (!sheet.sheet) return pool.merge.finish();
  pool.totalBytes = sheet.sheet.uncompressedSize;
  const setup: CheckSetup = {
    columns: input.columns,
    copyPrefix: input.copyPrefix ?? '',
    keys: input.keys === true && context.rowModule.rowKey !== undefined,
    maxProblems: input.maxProblems,
    date1904: context.date1904,
  };
  // Up to the header row (and whenever the pool is not used) the pieces are read here, in order,
  // through one parser.
  const local = new ChunkChecker(setup, context.rowModule, sheet.strings);
  const parser = new SheetParser({
    strings: sheet.strings,
    onDimension: (lastRow) => (pool.lastRow = lastRow),
  });
  const pieceBytes = input.pieceBytes ?? 1024 * 1024;
  const cutter = new RowCutter(pieceBytes);
  let index = 0;
  let pooled = false;

  const take = async (piece: Uint8Array, last: boolean) => {
    const at = index++;
    const copy = pool.merge.badRows === 0;
    if (!pooled) {
      const result = local.check(piece, parser, { index: at, last, copy, sequential: true });
      // A local piece is never checked for its cut: the parser carries on over it.
      pool.deliver({ ...result, clean: true }, last);
      if (
        !last &&
        pool.size > 0 &&
        sheet.sheet!.uncompressedSize >= POOL_MIN_PIECES * pieceBytes &&
        local.header &&
        !local.header.missing &&
        result.clean
      ) {
        pooled = true;
        pool.start(setup, sheet.strings, local.header);
      }
      return;
    }
    await pool.send(at, piece, last, copy);
  };

  let inflateError: unknown;
  try {
    for await (const chunk of sheet.bytes()) {
      pool.inflated += chunk.length;
      pool.progress();
      for (const piece of cutter.push(chunk)) {
        await take(piece, false);
        if (pool.settled) break;
      }
      if (pool.settled) break;
    }
  } catch (error) {
    inflateError = error;
  }
  if (!pool.settled) {
    // After a bad part the rows inflated before it are still checked, as one pass would.
    await take(cutter.finish(), inflateError === undefined);
  }
  await pool.drained();
  if (pool.again) return 'again';
  if (pool.outcome) return pool.outcome;
  if (inflateError !== undefined) throw inflateError;
  return pool.merge.finish();
}

/** The checking threads, the pieces in flight and the merge of their results in order. */
class Pool {
  readonly merge: CheckMerge;
  outcome: CheckOutcome | undefined;
  /** A cut was not between two rows: the read starts over in one pass. */
  again = false;
  inflated = 0;
  totalBytes = 0;
  lastRow: number | null = null;
  private workers: Worker[] = [];
  /** How many checking threads were started. */
  get started() {
    return this.workers.length;
  }
  private load: number[] = [];
  private waiting = new Map<number, { result: ChunkResult; last: boolean }>();
  private lastIndex = -1;
  private next = 0;
  private inFlight = 0;
  private wake: (() => void) | undefined;
  private failure: unknown;
  private progressAt = 0;
  private written = 0;

  constructor(
    private readonly context: CheckContext,
    readonly size: number,
  ) {
    this.merge = new CheckMerge(
      {
        maxRows: context.input.maxRows,
        maxProblems: context.input.maxProblems,
        keys: context.input.keys === true && context.rowModule.rowKey !== undefined,
      },
      (copy) => {
        for (let at = 0; at < copy.length;) {
          at += writeSync(context.fd, copy, at, copy.length - at, this.written + at);
        }
        this.written += copy.length;
      },
    );
    if (size < 2) this.size = 0;
  }

  /** Whether reading may stop: decided, or starting over. */
  get settled() {
    return this.outcome !== undefined || this.again || this.failure !== undefined;
  }

  /** Starts the checking threads, with what every piece needs. */
  start(setup: CheckSetup, strings: SharedStrings, header: SheetHeader) {
    const { input } = this.context;
    const packed = strings.packed();
    for (let t = 0; t < this.size; t += 1) {
      const worker = new Worker(input.script!, {
        eval: true,
        workerData: { role: 'checker' } satisfies CheckerData,
        resourceLimits: {
          maxOldGenerationSizeMb: input.workerMemoryMb ?? 1024,
          maxYoungGenerationSizeMb: input.checkerYoungMb ?? YOUNG_MB,
          stackSizeMb: 4,
        },
      });
      worker.on('message', (result: ChunkResult) => {
        this.load[t]! -= 1;
        this.inFlight -= 1;
        this.deliver(result, result.index === this.lastIndex);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a checking thread stopped (exit code ${code})`));
      });
      worker.postMessage({ type: 'init', setup, strings: packed, header } satisfies ToChecker);
      this.workers.push(worker);
      this.load.push(0);
    }
  }

  private closing = false;

  /** Sends a piece to the least busy thread, once one has room. */
  async send(index: number, piece: Uint8Array, last: boolean, copy: boolean, firstLine?: number) {
    while (this.inFlight >= this.workers.length * IN_FLIGHT_PER_THREAD && !this.settled) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (this.settled) return;
    if (last) this.lastIndex = index;
    let t = 0;
    for (let i = 1; i < this.load.length; i += 1) if (this.load[i]! < this.load[t]!) t = i;
    this.load[t]! += 1;
    this.inFlight += 1;
    const bytes = piece.buffer as ArrayBuffer;
    const message: ToChecker = {
      type: 'piece',
      index,
      bytes,
      last,
      copy,
      ...(firstLine !== undefined ? { firstLine } : {}),
    };
    this.workers[t]!.postMessage(message, [bytes]);
  }

  /** A piece's result, merged once every piece before it is. */
  deliver(result: ChunkResult, last: boolean) {
    this.waiting.set(result.index, { result, last });
    while (!this.settled) {
      const ready = this.waiting.get(this.next);
      if (!ready) break;
      this.waiting.delete(this.next);
      this.next += 1;
      // This piece started where it should (the one before ended between rows): its rows count.
      const outcome = this.merge.add(ready.result);
      if (outcome) this.outcome = outcome;
      else {
        if (ready.result.header) {
          const { row, headers } = ready.result.header;
          this.context.post({ type: 'header', row, headers, date1904: this.context.date1904 });
        }
        // The next piece only starts between two rows if this one ended there.
        if (!ready.last && !ready.result.clean) this.again = true;
      }
    }
    this.progress();
    this.wake?.();
  }

  /** Resolves once every piece sent is back (or reading stopped). */
  async drained() {
    while (this.inFlight > 0 && !this.settled) {
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
    if (this.failure !== undefined) throw this.failure;
  }

  progress(force = false) {
    const now = Date.now();
    if (!force && now - this.progressAt < PROGRESS_MS) return;
    this.progressAt = now;
    this.context.post({
      type: 'progress',
      rows: this.merge.rowCount,
      bytes: this.inflated,
      totalBytes: this.totalBytes,
      lastRow: this.lastRow,
    });
  }

  private fail(error: unknown) {
    if (this.failure !== undefined) return;
    this.failure =
      (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new OutOfMemory(XLSX_MESSAGES.tooMuchMemory)
        : error;
    this.wake?.();
  }

  async close() {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** A checking thread ran out of memory: the file is refused as too large to read. */
export class OutOfMemory extends Error {}
