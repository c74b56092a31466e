/** What the spreadsheet reader (sheet.ts) and its worker (worker.ts) say to each other. */
import type { Cell, FileColumn } from '@spotzcity/shared/cells';
import type { RowError } from '@spotzcity/shared/validation';
import type { CsvDelimiter, CsvEncoding } from '../csv/detect.ts';
import type { StringTableLimits } from './shared-strings.ts';
import type { ZipLimits } from './zip-guard.ts';

/**
 * A module the worker loads to check and convert each row (runs off the request thread). Its
 * rows must be flat objects of primitives; they travel to the parent column by column.
 */
export interface RowModule {
  parseRow(
    cells: Record<string, Cell>,
    context: { date1904: boolean },
  ):
    | { ok: true; row: Record<string, unknown> }
    | { ok: false; problems: { column: string; message: string }[] };
  /**
   * A checked row as the fields of a line in PostgreSQL's COPY text format (tab-separated, no
   * line end). With it and a `copyPrefix`, the worker sends COPY text instead of columns.
   */
  copyLine?(row: Record<string, unknown>): string;
  /**
   * What identifies a row for the overlap check (a 53-bit hash, exact as a double) and its amount
   * in cents: with `keys` the worker hands both back for every row when the file is clean.
   */
  rowKey?(row: Record<string, unknown>): number;
  rowCents?(row: Record<string, unknown>): number;
}

export interface WorkerInput {
  path: string;
  /** A CSV file (check-then-write only; ../csv/): read as text, not as a workbook. */
  format?: 'xlsx' | 'csv';
  columns: readonly FileColumn[];
  /**
   * With a row module that has `copyLine`: batches carry COPY text, a line per row made of this
   * prefix, the row's sheet row number, a tab and `copyLine(row)`.
   */
  copyPrefix?: string;
  /**
   * Check-then-write: the worker appends the COPY text to this file itself (created, never
   * overwritten) and posts `progress` instead of batches; the caller writes once it is clean.
   */
  copyFile?: string;
  /** With copyFile: collect each row's rowKey and rowCents (see RowModule). */
  keys?: boolean;
  /**
   * With copyFile: how many checking threads read the sheet's pieces (parallel-check.ts; fewer
   * than 2 reads it in one pass), the worker's own script to start them with, their heap, and
   * the pieces' size (bytes of XML; tests make it small).
   */
  threads?: number;
  script?: string;
  workerMemoryMb?: number;
  /** The checking threads' young generation (XlsxLimits.checkerYoungMb). */
  checkerYoungMb?: number;
  pieceBytes?: number;
  /** Problems listed before reading stops (the file is refused either way). */
  maxProblems: number;
  limits: ZipLimits;
  /** How large the shared string table may grow. */
  strings: StringTableLimits;
  maxRows: number;
  batchSize: number;
  /** Batches the worker may post before the parent asks for more. */
  prefetch: number;
}

export type WorkerMessage =
  | { type: 'header'; row: number; headers: Record<string, string>; date1904: boolean }
  /** How a CSV file is written, as detected, before its rows are read. */
  | { type: 'source'; format: 'csv'; encoding: CsvEncoding; delimiter: CsvDelimiter }
  | {
      type: 'batch';
      lines: number[];
      /** Raw cells in the order of `columns` (without a row module). */
      rows?: Cell[][];
      /** Converted rows, column by column (with a row module). */
      columns?: Record<string, unknown[]>;
      /** COPY text (with `copyPrefix`): the first `length` bytes of `buffer`, transferred. */
      copy?: { buffer: ArrayBuffer; length: number };
    }
  | {
      type: 'progress';
      /** Data rows read so far (blank ones not counted). */
      rows: number;
      /** Bytes of the sheet's XML read so far, and its whole size (0 until known). */
      bytes: number;
      totalBytes: number;
      /** The last row the sheet's dimension declares, when it has one. */
      lastRow: number | null;
    }
  | {
      type: 'done';
      rowCount: number;
      /** With `keys`: each row's key and cents, in row order (Float64Array buffers). */
      keys?: ArrayBuffer;
      cents?: ArrayBuffer;
      /** With copyFile: the checking threads that read pieces (0: read in one pass). */
      threads?: number;
    }
  | {
      type: 'rejected';
      status: 400 | 413;
      message: string;
      errors?: RowError[];
      detail?: string;
    };

/** `more` hands back the buffer of the batch just used, for the worker to fill again. */
export type ParentMessage = { type: 'more'; buffer?: ArrayBuffer } | { type: 'stop' };

export const XLSX_MESSAGES = {
  missingColumn: 'Missing required column',
  missingColumns: (headers: string[]) =>
    `The file is missing the required ${headers.length === 1 ? 'column' : 'columns'} ` +
    `${headers.join(', ')}. Download the template to see the expected columns.`,
  noRows: 'The file has no rows.',
  noDataRows: 'The file has a header row but no data rows.',
  tooManyRows: (max: number) =>
    `The file has more than ${max.toLocaleString('en-US')} rows. Split it into smaller files.`,
  unreadable: 'The workbook could not be read. Open it in Excel, save it as .xlsx and try again.',
  csvUnreadable: 'The CSV file could not be read. Save it again as CSV (or .xlsx) and try again.',
  tooMuchMemory:
    'The workbook is too large to read within the memory allowed. Split it into smaller files.',
  /** `complete` is false when reading stopped once `listed` problems were found. */
  rowsRejected: (problems: number, rows: number, listed: number, complete: boolean) =>
    complete
      ? `The file was not imported: ${problems} ${problems === 1 ? 'problem' : 'problems'} in ` +
        `${rows} ${rows === 1 ? 'row' : 'rows'}. Nothing was saved.`
      : `The file was not imported: at least ${problems} problems; the first ${listed} are ` +
        `listed. Nothing was saved.`,
  tooSlow: (seconds: number) =>
    `Reading the workbook took longer than ${seconds} seconds. Split it into smaller files.`,
} as const;

/** Header cells match ignoring case, spaces and punctuation ("State/Province" = "stateprovince"). */
export const headerKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '');
