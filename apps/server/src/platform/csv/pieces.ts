/**
 * A CSV file as pieces of about a megabyte of UTF-8 that each end right after a record (a line
 * end outside quotes), so that each can be parsed on its own by a checking thread
 * (xlsx/parallel-check.ts), with the line each piece starts on; and the parse of one piece
 * (csv-parse, RFC 4180) into rows numbered by the line each record starts on.
 *
 * In RFC 4180 text a quote only opens, closes or doubles inside a quoted field, so a line end
 * after an even number of quotes ends a record. A stray quote (`12" pipe`) breaks that count:
 * the piece holding it is cut elsewhere, but the parse of that piece meets the quote and refuses
 * the file at its line, before any later piece counts.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse/sync';
import type { Cell } from '@spotzcity/shared/cells';
import {
  Utf8Check,
  detectDelimiter,
  encodingFromBom,
  type CsvDelimiter,
  type CsvEncoding,
} from './detect.ts';

const QUOTE = 34;
const LF = 10;

export interface CsvPiece {
  bytes: Uint8Array;
  /** The line (1-based) the piece's first record starts on. */
  firstLine: number;
}

/**
 * Cuts UTF-8 text into pieces of at least `target` bytes ending right after a record; a piece
 * with no record end in `limit` bytes (an unclosed quote) is handed out as it is.
 */
export class CsvCutter {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** Scan state over the pending bytes: inside quotes, line ends seen, the last record end. */
  private quoted = false;
  private lines = 0;
  private cut = 0;
  private linesAtCut = 0;
  private nextLine = 1;

  constructor(
    private readonly target = 1024 * 1024,
    private readonly limit = 64 * 1024 * 1024,
  ) {}

  push(chunk: Buffer): CsvPiece[] {
    let quoted = this.quoted;
    let lines = this.lines;
    const base = this.pendingBytes;
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i];
      if (c === QUOTE) quoted = !quoted;
      else if (c === LF) {
        lines += 1;
        if (!quoted) {
          this.cut = base + i + 1;
          this.linesAtCut = lines;
        }
      }
    }
    this.quoted = quoted;
    this.lines = lines;
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes < this.target) return [];
    if (this.cut === 0) {
      if (this.pendingBytes < this.limit) return [];
      return [this.takeAll()];
    }
    const all = Buffer.concat(this.pending, this.pendingBytes);
    const bytes = new Uint8Array(this.cut);
    bytes.set(all.subarray(0, this.cut));
    const piece = { bytes, firstLine: this.nextLine };
    this.nextLine += this.linesAtCut;
    const rest = all.length - this.cut;
    this.pending = rest > 0 ? [Buffer.from(all.subarray(this.cut))] : [];
    this.pendingBytes = rest;
    this.lines -= this.linesAtCut;
    this.cut = 0;
    this.linesAtCut = 0;
    return [piece];
  }

  /** What is left at the end of the file: the last piece, maybe empty. */
  finish(): CsvPiece {
    return this.takeAll();
  }

  private takeAll(): CsvPiece {
    const bytes = new Uint8Array(this.pendingBytes);
    let at = 0;
    for (const chunk of this.pending) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    const piece = { bytes, firstLine: this.nextLine };
    this.nextLine += this.lines;
    this.pending = [];
    this.pendingBytes = 0;
    this.lines = 0;
    this.cut = 0;
    this.linesAtCut = 0;
    return piece;
  }
}

/** How a CSV file is written, as detected. */
export interface CsvFormat {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

const CHUNK = 1024 * 1024;

/**
 * Opens a CSV file: its encoding (a byte-order mark, else UTF-8 when every byte is valid UTF-8,
 * else Windows-1252; this reads the file once at memory speed) and its delimiter (from the first
 * lines), then `text()` streams it as UTF-8 without the mark.
 */
export async function openCsv(file: string): Promise<{
  format: CsvFormat;
  size: number;
  /** The text as UTF-8; `onRead` hears how many of the file's bytes each chunk came from. */
  text: (onRead: (bytes: number) => void) => AsyncGenerator<Buffer>;
}> {
  let head = Buffer.alloc(0);
  const check = new Utf8Check();
  let bom: ReturnType<typeof encodingFromBom>;
  let first = true;
  for await (const chunk of createReadStream(file, {
    highWaterMark: CHUNK,
  }) as AsyncIterable<Buffer>) {
    if (first) {
      bom = encodingFromBom(chunk);
      first = false;
    }
    if (head.length < 64 * 1024) head = Buffer.concat([head, chunk.subarray(0, 64 * 1024)]);
    if (bom) break;
    check.push(chunk);
    if (!check.valid) break;
  }
  const encoding: CsvEncoding = bom?.encoding ?? (check.finish() ? 'utf-8' : 'windows-1252');
  const skip = bom?.bom ?? 0;
  const sample =
    encoding === 'utf-8'
      ? head.subarray(skip).toString('utf8')
      : new TextDecoder(encoding).decode(head.subarray(skip, head.length - (head.length % 2)));
  const delimiter = detectDelimiter(sample);

  async function* text(onRead: (bytes: number) => void): AsyncGenerator<Buffer> {
    const stream = createReadStream(file, { highWaterMark: CHUNK, start: skip });
    if (encoding === 'utf-8') {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        onRead(chunk.length);
        yield chunk;
      }
      return;
    }
    // Transcoded to UTF-8 as it is read: the checking threads take UTF-8 only.
    const decoder = new TextDecoder(encoding, { ignoreBOM: true });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      onRead(chunk.length);
      const decoded = decoder.decode(chunk, { stream: true });
      if (decoded.length > 0) yield Buffer.from(decoded, 'utf8');
    }
    const rest = decoder.decode();
    if (rest.length > 0) yield Buffer.from(rest, 'utf8');
  }
  return { format: { encoding, delimiter }, size: (await stat(file)).size - skip, text };
}

/** A record as the row checks read it: its start line and cells (1-based, empty as null). */
export interface CsvRow {
  number: number;
  cells: Cell[];
  /** How many fields the record has (a blank line has one, empty). */
  fields: number;
}

/** A line that is not RFC 4180 CSV: where, and why in the user's words. */
export class MalformedCsv extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

export const CSV_MESSAGES = {
  quoteNotClosed: 'A quoted value is not closed: its closing quote (") is missing.',
  closingQuote:
    'A quoted value goes on after its closing quote: a quote inside a quoted value must be doubled ("").',
  openingQuote:
    'A value has a quote (") inside it without being quoted: put the whole value in quotes and double the quote.',
  unreadable: (reason: string) => `The line could not be read as CSV: ${reason}`,
  lineRefused: (line: number) =>
    `The file was not imported: line ${line} is not valid CSV. Nothing was saved.`,
  fieldCount: (found: number, expected: number) =>
    `The line has ${found} ${found === 1 ? 'value' : 'values'} where the header has ${expected}: ` +
    'a value holding the delimiter must be in quotes.',
} as const;

/**
 * Parses one piece (whole records, UTF-8) with csv-parse and hands its rows to `take` in slices.
 * A record's line is counted from the piece's line ends up to where it starts (csv-parse's own
 * line count takes a CR inside a quoted value for a line of its own). A line that is not valid
 * CSV throws MalformedCsv with its line number in the file.
 */
export function parsePiece(
  bytes: Uint8Array,
  firstLine: number,
  delimiter: CsvDelimiter,
  take: (rows: CsvRow[]) => void,
  slice = 2048,
): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Where the record being read starts, and its line.
  let start = 0;
  let line = firstLine;
  const linesUpTo = (end: number) => {
    let count = 0;
    for (
      let at = buffer.indexOf(LF, start);
      at !== -1 && at < end;
      at = buffer.indexOf(LF, at + 1)
    ) {
      count += 1;
    }
    return count;
  };
  let rows: CsvRow[] = [];
  try {
    parse(buffer, {
      delimiter,
      record_delimiter: ['\r\n', '\n'],
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (record: string[], context: { bytes: number }) => {
        const cells: Cell[] = new Array<Cell>(record.length + 1);
        cells[0] = null;
        for (let f = 0; f < record.length; f += 1) {
          const value = record[f]!;
          cells[f + 1] = value === '' ? null : value;
        }
        rows.push({ number: line, cells, fields: record.length });
        line += linesUpTo(context.bytes);
        start = context.bytes;
        if (rows.length >= slice) {
          take(rows);
          rows = [];
        }
        // Nothing is kept by the parser: the rows went to `take`.
        return null;
      },
    });
  } catch (error) {
    if (rows.length > 0) take(rows);
    if (error instanceof CsvError) throw malformed(error, line, firstLine);
    throw error;
  }
  if (rows.length > 0) take(rows);
}

/**
 * The user's words for csv-parse's error, at the line of the record it was reading (`line`), or
 * the line it names within the record.
 */
function malformed(error: CsvError, recordLine: number, firstLine: number): MalformedCsv {
  const where = error as CsvError & { lines?: number };
  const named = where.lines !== undefined ? firstLine + where.lines - 1 : recordLine;
  const line = Math.max(recordLine, named);
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      // It is noticed at the end of the piece: the value opens on the record's first line.
      return new MalformedCsv(recordLine, CSV_MESSAGES.quoteNotClosed);
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new MalformedCsv(line, CSV_MESSAGES.closingQuote);
    case 'INVALID_OPENING_QUOTE':
      return new MalformedCsv(line, CSV_MESSAGES.openingQuote);
    default:
      return new MalformedCsv(line, CSV_MESSAGES.unreadable(error.message));
  }
}
