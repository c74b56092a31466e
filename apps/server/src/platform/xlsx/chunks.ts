/**
 * The pieces of the parallel check (parallel-check.ts), each testable without a thread:
 *  - RowCutter cuts the sheet's inflated XML into pieces of about a megabyte, each ending right
 *    after a row's end tag;
 *  - ChunkChecker reads one piece (sheet-parser.ts), checks its rows with the row module and
 *    writes their COPY text, row keys and problems — what the single-threaded worker did per
 *    row, for a piece;
 *  - CheckMerge takes the pieces' results in sheet order and decides exactly as one pass over
 *    the rows would: the row limit, the first `maxProblems` problems in row order, the counts
 *    of the refusal message, and the COPY text of a clean file in order.
 */
import { isAscii } from 'node:buffer';
import type { Cell, FileColumn } from '@spotzcity/shared/cells';
import type { RowError } from '@spotzcity/shared/validation';
import { XLSX_MESSAGES, headerKey, type RowModule } from './protocol.ts';
import { CSV_MESSAGES, MalformedCsv, parsePiece } from '../csv/pieces.ts';
import type { CsvDelimiter } from '../csv/detect.ts';
import type { SharedStrings } from './shared-strings.ts';
import type { SheetParser, SheetRow } from './sheet-parser.ts';
import { ZipProblem, type ZipProblemKind } from './zip-guard.ts';

const LT = 60; // <
const SLASH = 47;
const COLON = 58;
const ROW_END = Buffer.from('row>');

/**
 * Where the last row end tag (`</row>`, or `</x:row>` with a prefix) of `bytes` ends, or -1.
 * A match inside a comment or CDATA is possible; the piece then does not end between rows and
 * the check falls back to one pass (parallel-check.ts).
 */
export function lastRowEnd(bytes: Uint8Array, before = bytes.length): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = buffer.lastIndexOf(ROW_END, before - ROW_END.length);
  while (at > 0) {
    const c = buffer[at - 1];
    if (c === SLASH && buffer[at - 2] === LT) return at + ROW_END.length;
    if (c === COLON) {
      // A prefix: letters, digits, '-', '_' or '.' back to '</'.
      let i = at - 2;
      while (i > 0 && i > at - 40 && isNameByte(buffer[i]!)) i -= 1;
      if (i > 0 && i < at - 2 && buffer[i] === SLASH && buffer[i - 1] === LT) {
        return at + ROW_END.length;
      }
    }
    at = buffer.lastIndexOf(ROW_END, at - 1);
  }
  return -1;
}

const isNameByte = (c: number) =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95;

/**
 * Collects inflated bytes and hands out pieces of at least `target` bytes that end right after
 * a row end tag, each in an ArrayBuffer of its own (to be transferred). A piece with no row end
 * in `limit` bytes is handed out as it is (it will not end between rows).
 */
export class RowCutter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly target = 1024 * 1024,
    private readonly limit = 64 * 1024 * 1024,
  ) {}

  push(chunk: Buffer): Uint8Array[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.target) return [];
    const all = Buffer.concat(this.pending, this.pendingBytes);
    let cut = lastRowEnd(all);
    if (cut === -1 && all.length >= this.limit) cut = all.length;
    if (cut === -1) {
      this.pending = [all];
      return [];
    }
    const piece = new Uint8Array(cut);
    piece.set(all.subarray(0, cut));
    this.pending = cut < all.length ? [Buffer.from(all.subarray(cut))] : [];
    this.pendingBytes = all.length - cut;
    return [piece];
  }

  /** What is left once the sheet is inflated: the last piece (its end tags), maybe empty. */
  finish(): Uint8Array {
    const piece = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const chunk of this.pending) {
      piece.set(chunk, at);
      at += chunk.length;
    }
    this.pending = [];
    this.pendingBytes = 0;
    return piece;
  }
}

/** What every checking thread needs to know, the same for each piece. */
export interface CheckSetup {
  columns: readonly FileColumn[];
  /** Each COPY line starts with this, then the row's sheet row number and a tab. */
  copyPrefix: string;
  /** Collect each row's key and cents (RowModule.rowKey / rowCents). */
  keys: boolean;
  maxProblems: number;
  date1904: boolean;
  /** A CSV file's delimiter: its pieces are CSV text (../csv/pieces.ts), not sheet XML. */
  csvDelimiter?: CsvDelimiter;
}

export interface SheetHeader {
  row: number;
  /** Column key → the header as written in the file. */
  headers: Record<string, string>;
  /** Column index (in `columns`) → the file's column number, 0 when absent. */
  mapping: number[];
  /** How many columns the header row has (a CSV record must have as many). */
  fields: number;
  /** The required columns the header lacks: the file is refused with these. */
  missing?: RowError[];
  message?: string;
}

/** A row that failed its check: its place among the piece's data rows and its problems. */
export interface BadRow {
  ordinal: number;
  /** All its problems count, even past those listed. */
  problems: number;
  errors: RowError[];
}

export interface ChunkResult {
  index: number;
  /** Data rows checked (blank rows not counted). */
  rows: number;
  /** The good rows' COPY text (UTF-8): only while the piece has no bad row and copy was asked. */
  copy?: ArrayBuffer;
  /** With `keys`: each data row's key and cents (Float64Array buffers). */
  keys?: ArrayBuffer;
  cents?: ArrayBuffer;
  bad: BadRow[];
  /** The header row, when this piece held it. */
  header?: SheetHeader;
  /** Whether the piece ended between two rows in `<sheetData>` (see SheetParser). */
  clean: boolean;
  /** The part could not be read past this piece's rows. */
  failure?: { kind: ZipProblemKind | 'xml'; message: string };
  /** A CSV line that is not valid CSV: the file is refused there. */
  malformed?: { line: number; message: string };
}

/** A cell as text for an error report: what the user typed, at most 1,000 characters. */
function cellForReport(cell: Cell | undefined): string | undefined {
  if (cell === null || cell === undefined) return undefined;
  const text = String(cell);
  if (text.trim() === '') return undefined;
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text;
}

function cellHeader(cell: Cell | undefined): string {
  return cell === null || cell === undefined ? '' : String(cell).trim();
}

/** A Float64Array that grows as values are pushed. */
export class Doubles {
  values: Float64Array;
  length = 0;
  constructor(capacity = 1 << 12) {
    this.values = new Float64Array(capacity);
  }
  push(value: number) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }
  append(values: Float64Array) {
    while (this.length + values.length > this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values.subarray(0, this.length));
      this.values = bigger;
    }
    this.values.set(values, this.length);
    this.length += values.length;
  }
  /** The pushed values in a buffer of their own, to transfer. */
  take(): ArrayBuffer {
    return this.values.slice(0, this.length).buffer;
  }
}

/** Characters of a piece parsed before its rows are checked. */
const TEXT_SLICE = 64 * 1024;

interface PieceState {
  result: ChunkResult;
  copy: boolean;
  copyText: string;
  /** Problems listed in this piece. */
  listed: number;
  keys: Doubles | undefined;
  cents: Doubles | undefined;
  /** Reading this piece stopped (a refused header, or enough problems listed). */
  done: boolean;
}

/** Checks the rows of pieces of one sheet; the header comes from the piece that holds it. */
export class ChunkChecker {
  header: SheetHeader | undefined;
  private readonly wanted = new Map<string, number>();
  private readonly keys: string[];
  private readonly templateHeader: Record<string, string>;
  private readonly context: { date1904: boolean };
  private readonly decoder = new TextDecoder('utf-8');

  constructor(
    private readonly setup: CheckSetup,
    private readonly rowModule: RowModule,
    readonly strings: SharedStrings,
  ) {
    // Header names and aliases, squashed; the first column to claim a name keeps it.
    setup.columns.forEach((column, index) => {
      for (const name of [column.header, ...(column.aliases ?? [])]) {
        const key = headerKey(name);
        if (!this.wanted.has(key)) this.wanted.set(key, index);
      }
    });
    this.keys = setup.columns.map((c) => c.key);
    this.templateHeader = Object.fromEntries(setup.columns.map((c) => [c.key, c.header]));
    this.context = { date1904: setup.date1904 };
  }

  /**
   * Reads `bytes` with `parser` (a fresh one between rows for a piece of a checked sheet, or the
   * sheet's one parser when read in one pass) and checks its rows. `last`: the part ends here.
   * `copy`: write COPY text (not once the file is known to be refused). `sequential`: the
   * pieces go through one parser in order (a character may then be cut between two).
   */
  check(
    bytes: Uint8Array,
    parser: SheetParser,
    piece: { index: number; last: boolean; copy: boolean; sequential?: boolean },
  ): ChunkResult {
    const result: ChunkResult = { index: piece.index, rows: 0, bad: [], clean: false };
    const rowModule = this.rowModule;
    const rowKey = this.setup.keys ? rowModule.rowKey : undefined;
    const state: PieceState = {
      result,
      copy: piece.copy && rowModule.copyLine !== undefined,
      copyText: '',
      listed: 0,
      keys: rowKey ? new Doubles(4096) : undefined,
      cents: rowKey && rowModule.rowCents ? new Doubles(4096) : undefined,
      done: false,
    };
    try {
      const text = this.decode(bytes, piece);
      // Fed a slice at a time, its rows checked after each: few rows alive at once, so the young
      // generation's collections have little to copy.
      for (let at = 0; at < text.length && !state.done; at += TEXT_SLICE) {
        parser.write(
          at === 0 && text.length <= TEXT_SLICE ? text : text.slice(at, at + TEXT_SLICE),
        );
        this.checkRows(parser, state);
      }
      if (piece.last && !state.done) {
        parser.end();
        this.checkRows(parser, state);
      }
    } catch (error) {
      if (error instanceof ZipProblem)
        result.failure = { kind: error.kind, message: error.message };
      else {
        result.failure = {
          kind: 'xml',
          message: error instanceof Error ? error.message : String(error),
        };
      }
      this.checkRows(parser, state);
    }
    result.clean =
      result.failure === undefined && parser.endedBetweenRows() && !parser.needsSequence;
    if (result.bad.length === 0) {
      if (state.copy && state.copyText.length > 0) {
        result.copy = ownBuffer(Buffer.from(state.copyText));
      }
      if (state.keys) result.keys = state.keys.take();
      if (state.cents) result.cents = state.cents.take();
    }
    return result;
  }

  /**
   * Checks a piece of CSV text that starts and ends between two records (../csv/pieces.ts), its
   * first record on line `firstLine`. A record with more or fewer values than the header (not a
   * blank line) is a bad row; a line that is not valid CSV refuses the file there.
   */
  checkCsv(
    bytes: Uint8Array,
    piece: { index: number; copy: boolean; firstLine: number },
  ): ChunkResult {
    const result: ChunkResult = { index: piece.index, rows: 0, bad: [], clean: true };
    const rowKey = this.setup.keys ? this.rowModule.rowKey : undefined;
    const state: PieceState = {
      result,
      copy: piece.copy && this.rowModule.copyLine !== undefined,
      copyText: '',
      listed: 0,
      keys: rowKey ? new Doubles(4096) : undefined,
      cents: rowKey && this.rowModule.rowCents ? new Doubles(4096) : undefined,
      done: false,
    };
    const pending: { rows: SheetRow[] } = { rows: [] };
    const flush = () => {
      if (pending.rows.length > 0) this.checkRows(pending, state);
    };
    try {
      parsePiece(bytes, piece.firstLine, this.setup.csvDelimiter!, (rows) => {
        if (state.done) return;
        for (const row of rows) {
          const header = this.header;
          if (
            header &&
            row.fields !== header.fields &&
            !(row.fields === 1 && row.cells[1] === null)
          ) {
            flush();
            if (state.done) return;
            this.badLine(state, row.number, CSV_MESSAGES.fieldCount(row.fields, header.fields));
            if (state.done) return;
            continue;
          }
          pending.rows.push(row);
          // The header decides how the rows after it are read.
          if (!header) flush();
        }
        flush();
      });
    } catch (error) {
      if (!(error instanceof MalformedCsv)) throw error;
      result.malformed = { line: error.line, message: error.message };
    }
    if (result.bad.length === 0 && result.malformed === undefined) {
      if (state.copy && state.copyText.length > 0) {
        result.copy = ownBuffer(Buffer.from(state.copyText));
      }
      if (state.keys) result.keys = state.keys.take();
      if (state.cents) result.cents = state.cents.take();
    }
    return result;
  }

  /** A record refused as a whole (not a row module's problem): a bad row with one problem. */
  private badLine(state: PieceState, line: number, message: string) {
    const { result } = state;
    const ordinal = result.rows;
    result.rows += 1;
    state.copy = false;
    state.copyText = '';
    result.bad.push({ ordinal, problems: 1, errors: [{ row: line, column: '', message }] });
    state.listed += 1;
    if (state.listed >= this.setup.maxProblems) state.done = true;
  }

  private decode(bytes: Uint8Array, piece: { last: boolean; sequential?: boolean }): string {
    if (piece.sequential) return this.decoder.decode(bytes, { stream: !piece.last });
    // Sheets are mostly ASCII: then one byte a character, decoded at memory speed.
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return isAscii(buffer) ? buffer.toString('latin1') : this.decoder.decode(bytes);
  }

  /** Checks the rows the parser has closed since the last call. */
  private checkRows(parser: { rows: SheetRow[] }, state: PieceState) {
    const rows = parser.rows;
    parser.rows = [];
    if (state.done) return;
    const { result } = state;
    const { rowModule, keys } = this;
    const copyLine = rowModule.copyLine;
    const rowKey = rowModule.rowKey;
    const rowCents = rowModule.rowCents;
    const prefix = this.setup.copyPrefix;

    for (let r = 0; r < rows.length; r += 1) {
      const row = rows[r]!;
      const values = row.cells;
      if (!this.header) {
        this.header = this.findHeader(row.number, values);
        if (!this.header) continue;
        result.header = this.header;
        if (this.header.missing) {
          state.done = true;
          return;
        }
        continue;
      }
      const mapping = this.header.mapping;
      const record: Record<string, Cell> = {};
      let blank = true;
      for (let k = 0; k < keys.length; k += 1) {
        const fileIndex = mapping[k]!;
        const cell = fileIndex ? (values[fileIndex] ?? null) : null;
        record[keys[k]!] = cell;
        if (blank && cell !== null && !(typeof cell === 'string' && cell.trim() === '')) {
          blank = false;
        }
      }
      if (blank) continue;
      const ordinal = result.rows;
      result.rows += 1;
      const checked = rowModule.parseRow(record, this.context);
      if (checked.ok) {
        if (result.bad.length > 0) continue;
        if (state.keys) state.keys.push(rowKey!(checked.row));
        if (state.cents) state.cents.push(rowCents!(checked.row));
        if (state.copy) state.copyText += `${prefix}${row.number}\t${copyLine!(checked.row)}\n`;
        continue;
      }
      // Nothing of a piece with a bad row will be saved.
      state.copy = false;
      state.copyText = '';
      const errors: RowError[] = [];
      for (const p of checked.problems) {
        const value = cellForReport(record[p.column]);
        errors.push({
          row: row.number,
          column: this.header.headers[p.column] ?? this.templateHeader[p.column] ?? p.column,
          message: p.message,
          ...(value !== undefined ? { value } : {}),
        });
      }
      result.bad.push({ ordinal, problems: checked.problems.length, errors });
      state.listed += errors.length;
      // One pass would stop here at the latest: the rows after it do not matter.
      if (state.listed >= this.setup.maxProblems) {
        state.done = true;
        return;
      }
    }
  }

  private findHeader(row: number, values: Cell[]): SheetHeader | undefined {
    const found = Array.from(values, (v) => cellHeader(v));
    if (found.every((h) => h === '')) return undefined;
    const { columns } = this.setup;
    const mapping = new Array<number>(columns.length).fill(0);
    const headers: Record<string, string> = {};
    found.forEach((header, fileIndex) => {
      const index = this.wanted.get(headerKey(header));
      if (index === undefined || mapping[index] !== 0) return;
      mapping[index] = fileIndex;
      headers[this.keys[index]!] = header;
    });
    const missing = columns.filter((c, i) => c.required && mapping[i] === 0);
    const fields = Math.max(0, values.length - 1);
    if (missing.length === 0) return { row, headers, mapping, fields };
    return {
      row,
      headers,
      mapping,
      fields,
      message: XLSX_MESSAGES.missingColumns(missing.map((c) => c.header)),
      missing: missing.map((c) => ({
        row,
        column: c.header,
        message: XLSX_MESSAGES.missingColumn,
      })),
    };
  }
}

/** The bytes of `buffer` in an ArrayBuffer of their own (transferable). */
function ownBuffer(buffer: Buffer): ArrayBuffer {
  if (buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength) {
    return buffer.buffer as ArrayBuffer;
  }
  return buffer.buffer.slice(
    buffer.byteOffset,
    buffer.byteOffset + buffer.byteLength,
  ) as ArrayBuffer;
}

export type CheckOutcome =
  | { type: 'rejected'; status: 400 | 413; message: string; errors?: RowError[] }
  | { type: 'failed'; failure: NonNullable<ChunkResult['failure']> }
  | { type: 'done'; rowCount: number };

/**
 * The pieces' results, taken in sheet order, decided as one pass over the rows decides: a row
 * past `maxRows` refuses the file (413) there; problems are listed in row order until
 * `maxProblems`, where reading stops; the COPY text and keys of a file with no bad row so far
 * are handed on in order.
 */
export class CheckMerge {
  rowCount = 0;
  badRows = 0;
  problems = 0;
  errors: RowError[] = [];
  header: SheetHeader | undefined;
  readonly keys: Doubles | undefined;
  readonly cents: Doubles | undefined;

  constructor(
    private readonly limits: { maxRows: number; maxProblems: number; keys: boolean },
    private readonly write: (copy: Uint8Array) => void,
  ) {
    this.keys = limits.keys ? new Doubles(1 << 16) : undefined;
    this.cents = limits.keys ? new Doubles(1 << 16) : undefined;
  }

  /** Takes the next piece's result: an outcome when reading stops here, else undefined. */
  add(result: ChunkResult): CheckOutcome | undefined {
    const { maxRows, maxProblems } = this.limits;
    if (result.header) {
      this.header = result.header;
      if (result.header.missing) {
        return {
          type: 'rejected',
          status: 400,
          message: result.header.message!,
          errors: result.header.missing,
        };
      }
    }
    for (const bad of result.bad) {
      if (this.rowCount + bad.ordinal + 1 > maxRows) return this.tooManyRows();
      this.badRows += 1;
      this.problems += bad.problems;
      for (const error of bad.errors) {
        if (this.errors.length >= maxProblems) break;
        this.errors.push(error);
      }
      if (this.errors.length >= maxProblems) return this.refused();
    }
    if (this.rowCount + result.rows > maxRows) return this.tooManyRows();
    this.rowCount += result.rows;
    if (this.badRows === 0) {
      if (result.copy) this.write(new Uint8Array(result.copy));
      if (result.keys) this.keys?.append(new Float64Array(result.keys));
      if (result.cents) this.cents?.append(new Float64Array(result.cents));
    }
    if (result.failure) return { type: 'failed', failure: result.failure };
    if (result.malformed) {
      const { line, message } = result.malformed;
      const errors = [...this.errors, { row: line, column: '', message }].slice(0, maxProblems);
      return {
        type: 'rejected',
        status: 400,
        message: CSV_MESSAGES.lineRefused(line),
        errors,
      };
    }
    return undefined;
  }

  /** After the last piece: the file's outcome. */
  finish(): CheckOutcome {
    if (!this.header) return { type: 'rejected', status: 400, message: XLSX_MESSAGES.noRows };
    if (this.badRows > 0) return this.refused();
    return { type: 'done', rowCount: this.rowCount };
  }

  private tooManyRows(): CheckOutcome {
    return {
      type: 'rejected',
      status: 413,
      message: XLSX_MESSAGES.tooManyRows(this.limits.maxRows),
    };
  }

  private refused(): CheckOutcome {
    const { maxProblems } = this.limits;
    return {
      type: 'rejected',
      status: 400,
      message: XLSX_MESSAGES.rowsRejected(
        this.problems,
        this.badRows,
        this.errors.length,
        this.errors.length < maxProblems,
      ),
      errors: this.errors,
    };
  }
}
