/**
 * The spreadsheet reader's worker (see sheet.ts): checks the zip, then streams the first worksheet
 * (reader.ts) and posts its rows to the parent in batches, as plain cells in the order of the
 * requested columns, or checked by a row module. Check-then-write (a COPY file) goes to
 * parallel-check.ts instead, which starts checking threads from the same script. It runs under
 * resource limits, off the request thread. sheet.ts bundles it with its row module into one
 * script (`runWorker(rowModule)`).
 */
import { closeSync, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { Cell } from '@spotzcity/shared/cells';
import type { RowError } from '@spotzcity/shared/validation';
import { OutOfMemory, checkToCopyFile, isCheckerThread, runChecker } from './parallel-check.ts';
import { isWorksheetPart, readFirstWorksheet } from './reader.ts';
import { ZipProblem, inspectXlsx } from './zip-guard.ts';
import {
  XLSX_MESSAGES,
  headerKey,
  type ParentMessage,
  type RowModule,
  type WorkerInput,
  type WorkerMessage,
} from './protocol.ts';

const input = workerData as WorkerInput;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);

let credit = input.prefetch;
let stopped = false;
let wake: (() => void) | undefined;
/** Buffers the parent handed back, to write the next batches' COPY text into. */
const spareBuffers: ArrayBuffer[] = [];
port.on('message', (message: ParentMessage) => {
  if (message.type === 'more') {
    credit += 1;
    if (message.buffer) spareBuffers.push(message.buffer);
  } else stopped = true;
  wake?.();
});

/** The smallest buffer made for COPY text: a batch of 5,000 spend rows takes about 2 MB. */
const MIN_COPY_BUFFER = 4 * 1024 * 1024;

/** `text` as UTF-8 in a spare buffer when one is large enough, else in a new one. */
function encodeCopy(text: string): { buffer: ArrayBuffer; length: number } {
  const length = Buffer.byteLength(text);
  let buffer = spareBuffers.pop();
  if (!buffer || buffer.byteLength < length) {
    buffer = new ArrayBuffer(Math.max(MIN_COPY_BUFFER, Math.ceil(length * 1.25)));
  }
  Buffer.from(buffer, 0, length).write(text);
  return { buffer, length };
}

async function waitForCredit() {
  while (credit <= 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
  credit -= 1;
}

/** A cell as text for an error report: what the user typed, at most 1,000 characters. */
function cellForReport(cell: Cell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  const text = String(cell);
  if (text.trim() === '') return undefined;
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

async function run(rowModule: RowModule | undefined) {
  if (input.format === 'csv') {
    if (input.copyFile === undefined || rowModule?.copyLine === undefined) {
      throw new Error('a CSV file is read only to be checked into a COPY file');
    }
    const fd = openSync(input.copyFile, 'wx');
    try {
      await checkToCopyFile({
        input,
        rowModule,
        date1904: false,
        fd,
        post: (message, transfer) => port.postMessage(message, transfer ?? []),
      });
    } finally {
      closeSync(fd);
    }
    return;
  }
  const inspection = await inspectXlsx(input.path, input.limits, { streamed: isWorksheetPart });
  if (input.copyFile !== undefined && rowModule?.copyLine !== undefined) {
    // Check-then-write: the rows checked on every core into the COPY file (parallel-check.ts).
    const fd = openSync(input.copyFile, 'wx');
    try {
      await checkToCopyFile({
        input,
        rowModule,
        date1904: inspection.date1904,
        fd,
        post: (message, transfer) => port.postMessage(message, transfer ?? []),
      });
    } finally {
      closeSync(fd);
    }
    return;
  }
  await read(rowModule, inspection.date1904);
}

/** The rows to the parent in batches, as they are read (uploads saved batch by batch). */
async function read(rowModule: RowModule | undefined, date1904: boolean) {
  const inspection = { date1904 };

  const wanted = new Map<string, number>();
  // Header names and aliases, squashed; the first column to claim a name keeps it.
  input.columns.forEach((column, index) => {
    for (const name of [column.header, ...(column.aliases ?? [])]) {
      const key = headerKey(name);
      if (!wanted.has(key)) wanted.set(key, index);
    }
  });

  const copyLine = input.copyPrefix !== undefined ? rowModule?.copyLine : undefined;
  const copyPrefix = input.copyPrefix ?? '';
  const keys = input.columns.map((c) => c.key);
  const templateHeader = Object.fromEntries(input.columns.map((c) => [c.key, c.header]));
  const headers: Record<string, string> = {};
  let mapping: number[] | undefined;
  let rowCount = 0;
  const errors: RowError[] = [];
  let badRows = 0;
  let problems = 0;

  let lines: number[] = [];
  let raw: Cell[][] = [];
  let columns: Record<string, unknown[]> = {};
  let copyText = '';
  const flush = async () => {
    if (lines.length === 0 || badRows > 0) return;
    await waitForCredit();
    if (stopped) return;
    if (copyLine) {
      const copy = encodeCopy(copyText);
      port.postMessage({ type: 'batch', lines, copy } satisfies WorkerMessage, [copy.buffer]);
    } else {
      post(rowModule ? { type: 'batch', lines, columns } : { type: 'batch', lines, rows: raw });
    }
    lines = [];
    raw = [];
    columns = {};
    copyText = '';
  };

  sheet: for await (const sheetRows of readFirstWorksheet(input.path, input.strings)) {
    for (const row of sheetRows) {
      const values = row.cells;
      if (!mapping) {
        const found = Array.from(values, (v) => cellHeader(v));
        if (found.every((h) => h === '')) continue;
        mapping = new Array<number>(input.columns.length).fill(0);
        found.forEach((header, fileIndex) => {
          const index = wanted.get(headerKey(header));
          if (index === undefined || mapping![index] !== 0) return;
          mapping![index] = fileIndex;
          headers[keys[index]!] = header;
        });
        const missing = input.columns.filter((c, i) => c.required && mapping![i] === 0);
        if (missing.length > 0) {
          post({
            type: 'rejected',
            status: 400,
            message: XLSX_MESSAGES.missingColumns(missing.map((c) => c.header)),
            errors: missing.map((c) => ({
              row: row.number,
              column: c.header,
              message: XLSX_MESSAGES.missingColumn,
            })),
          });
          return;
        }
        post({ type: 'header', row: row.number, headers, date1904: inspection.date1904 });
        continue;
      }

      const cells = mapping.map((fileIndex) => (fileIndex ? (values[fileIndex] ?? null) : null));
      if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) continue;
      rowCount += 1;
      if (rowCount > input.maxRows) {
        post({ type: 'rejected', status: 413, message: XLSX_MESSAGES.tooManyRows(input.maxRows) });
        return;
      }

      if (!rowModule) {
        raw.push(cells);
        lines.push(row.number);
      } else {
        const record: Record<string, Cell> = {};
        for (let k = 0; k < keys.length; k += 1) record[keys[k]!] = cells[k] ?? null;
        const result = rowModule.parseRow(record, { date1904: inspection.date1904 });
        if (result.ok) {
          // After the first bad row nothing will be saved: stop collecting good ones.
          if (badRows === 0) {
            lines.push(row.number);
            if (copyLine) copyText += `${copyPrefix}${row.number}\t${copyLine(result.row)}\n`;
            else for (const key in result.row) (columns[key] ??= []).push(result.row[key]);
          }
        } else {
          badRows += 1;
          problems += result.problems.length;
          for (const p of result.problems) {
            if (errors.length >= input.maxProblems) break;
            const value = cellForReport(record[p.column]);
            errors.push({
              row: row.number,
              column: headers[p.column] ?? templateHeader[p.column] ?? p.column,
              message: p.message,
              ...(value !== undefined ? { value } : {}),
            });
          }
          if (errors.length >= input.maxProblems) break sheet;
        }
      }
      if (lines.length >= input.batchSize) await flush();
      if (stopped) return;
    }
  }

  if (!mapping) {
    post({ type: 'rejected', status: 400, message: XLSX_MESSAGES.noRows });
    return;
  }
  if (badRows > 0) {
    post({
      type: 'rejected',
      status: 400,
      message: XLSX_MESSAGES.rowsRejected(
        problems,
        badRows,
        errors.length,
        errors.length < input.maxProblems,
      ),
      errors,
    });
    return;
  }
  await flush();
  if (stopped) return;
  post({ type: 'done', rowCount });
}

function cellHeader(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

/** Reads the workbook of `workerData`, checking rows with `rowModule` when there is one. */
export function runWorker(rowModule: RowModule | undefined) {
  if (isCheckerThread()) runChecker(rowModule!);
  else run(rowModule).catch(refuse);
}

function refuse(error: unknown) {
  if (error instanceof OutOfMemory) {
    post({ type: 'rejected', status: 413, message: XLSX_MESSAGES.tooMuchMemory });
    return;
  }
  if (error instanceof ZipProblem) {
    post({
      type: 'rejected',
      status: error.kind === 'too-large' ? 413 : 400,
      message: error.message,
    });
    return;
  }
  // Reader failures on a zip that passed the checks (bad XML, a bad entry): a damaged workbook.
  post({
    type: 'rejected',
    status: 400,
    message: input.format === 'csv' ? XLSX_MESSAGES.csvUnreadable : XLSX_MESSAGES.unreadable,
    detail: error instanceof Error ? error.message : String(error),
  });
}
