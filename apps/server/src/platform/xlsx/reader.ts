/**
 * Streams the cells of a workbook's first worksheet (used by worker.ts, after zip-guard.ts
 * has checked the zip). The zip is read by random access (yauzl), so the shared strings are
 * read before the sheet whatever the order of the parts, and the sheet's XML is scanned as it
 * inflates (xml-scanner.ts), one chunk at a time.
 *
 * Cells come out as exceljs's WorkbookReader gives them with `styles: 'ignore'` once flattened
 * (the test compares the two on fixtures and generated workbooks): text, numbers (dates are their
 * serials), booleans, error codes as text, a formula's cached result, rich text joined. Where
 * exceljs is wrong this reader is not: inline rich text keeps every run (exceljs keeps the last),
 * phonetic guides (`rPh`) are not mixed into the text, text is not XML-decoded twice, a formula's
 * cached boolean or error stays one (exceljs makes them 1/0 and NaN), a character split across
 * two inflated chunks stays whole, and "the first worksheet" is the first the workbook lists
 * (exceljs takes the first in the zip).
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Cell } from '@spotzcity/shared/cells';
import { XmlScanner, attribute, type XmlHandler } from './xml-scanner.ts';
import { CrcCheck, MAX_CELL_TEXT, ZIP_MESSAGES, ZipProblem, sizeProblem } from './zip-guard.ts';

/** Worksheet parts: zip-guard.ts leaves their inflating to this reader. */
export const isWorksheetPart = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);

export interface SheetRow {
  /** The row's number in the sheet. */
  number: number;
  /** Cells by column number (1 = A); holes where a cell is empty. */
  cells: Cell[];
}

interface Part {
  zip: ZipFile;
  entries: Map<string, Entry>;
}

async function openZip(path: string): Promise<Part> {
  const zip = await yauzl.openPromise(path, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
    decodeStrings: true,
    strictFileNames: false,
  });
  const entries = new Map<string, Entry>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  return { zip, entries };
}

/**
 * A part's inflated chunks; a part larger or smaller than it declares, or whose bytes do not
 * match its CRC-32, is refused.
 */
async function* inflated(stream: Readable, entry: Entry): AsyncGenerator<Buffer> {
  const check = new CrcCheck(entry.crc32);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      check.update(chunk);
      yield chunk;
    }
    check.verify();
  } catch (error) {
    throw sizeProblem(error) ?? error;
  }
}

/** Text of one cell or shared string, refused as soon as it passes Excel's own limit. */
function appendText(text: string | null, more: string): string {
  const joined = text === null ? more : text + more;
  if (joined.length > MAX_CELL_TEXT) throw new ZipProblem('too-large', ZIP_MESSAGES.textTooLong);
  return joined;
}

/** Scans one part through `handler`; nothing when the part is absent. */
async function scanPart(part: Part, name: string, handler: XmlHandler): Promise<boolean> {
  const entry = part.entries.get(name);
  if (!entry) return false;
  const stream: Readable = await part.zip.openReadStreamPromise(entry);
  const scanner = new XmlScanner(handler);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of inflated(stream, entry)) {
      scanner.write(decoder.decode(chunk, { stream: true }));
    }
    scanner.write(decoder.decode());
    scanner.end();
  } finally {
    stream.destroy();
  }
  return true;
}

/** Where the workbook's first listed sheet and its shared strings live. */
async function locateParts(part: Part) {
  let firstSheetRel: string | undefined;
  let inSheets = false;
  await scanPart(part, 'xl/workbook.xml', {
    wantsText: false,
    open(name, tag, from, to) {
      if (name === 'sheets') inSheets = true;
      else if (name === 'sheet' && inSheets && firstSheetRel === undefined) {
        firstSheetRel = attribute(tag, from, to, 'r:id') ?? attribute(tag, from, to, 'id');
      }
    },
    close(name) {
      if (name === 'sheets') inSheets = false;
    },
    text() {},
  });
  const targets = new Map<string, string>();
  let sharedStrings: string | undefined;
  await scanPart(part, 'xl/_rels/workbook.xml.rels', {
    wantsText: false,
    open(name, tag, from, to) {
      if (name !== 'Relationship') return;
      const id = attribute(tag, from, to, 'Id');
      const target = attribute(tag, from, to, 'Target');
      const type = attribute(tag, from, to, 'Type') ?? '';
      if (!id || !target) return;
      const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
      targets.set(id, path);
      if (type.endsWith('/sharedStrings')) sharedStrings = path;
    },
    close() {},
    text() {},
  });
  let sheet = firstSheetRel ? targets.get(firstSheetRel) : undefined;
  if (!sheet || !part.entries.has(sheet)) {
    // No usable workbook listing: the first sheet part in the zip, as exceljs would take it.
    sheet = [...part.entries.values()]
      .filter((e) => isWorksheetPart(e.fileName))
      .sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader)[0]?.fileName;
  }
  return {
    sheet,
    sharedStrings:
      sharedStrings && part.entries.has(sharedStrings) ? sharedStrings : 'xl/sharedStrings.xml',
  };
}

/**
 * The shared string table, packed: every string in one, and where each ends. A million-row
 * spend file has ~520,000 shared strings; as separate strings they held ~37 MB of the worker's
 * heap. A cell's text is a slice of the one string.
 */
class SharedStrings {
  private chunks: string[] = [];
  private pending: string[] = [];
  private length = 0;
  /** End offset of each string, or -1 - end for an item with no text. */
  private ends: number[] = [];
  private all = '';
  private packedEnds = new Int32Array(0);

  add(text: string | null) {
    if (text !== null) {
      this.pending.push(text);
      this.length += text.length;
    }
    this.ends.push(text === null ? -1 - this.length : this.length);
    if (this.pending.length >= 10_000) this.chunks.push(this.pending.splice(0).join(''));
  }

  finish() {
    this.chunks.push(this.pending.splice(0).join(''));
    this.all = this.chunks.join('');
    this.chunks = [];
    this.packedEnds = Int32Array.from(this.ends);
    this.ends = [];
    return this;
  }

  /** The string at `index`: null for an item with no text, undefined past the end. */
  get(index: number): string | null | undefined {
    if (!(index >= 0 && index < this.packedEnds.length)) return undefined;
    const end = this.packedEnds[index]!;
    if (end < 0) return null;
    const before = index === 0 ? 0 : this.packedEnds[index - 1]!;
    return this.all.slice(before < 0 ? -1 - before : before, end);
  }
}

/** The shared string table: plain or rich text (runs joined), phonetic guides left out. */
async function readSharedStrings(part: Part, name: string): Promise<SharedStrings> {
  const strings = new SharedStrings();
  let text: string | null = null;
  let phonetic = 0;
  const handler: XmlHandler = {
    wantsText: false,
    open(tag) {
      if (tag === 'si') text = null;
      else if (tag === 'rPh') phonetic += 1;
      else if (tag === 't' && phonetic === 0) handler.wantsText = true;
    },
    close(tag) {
      if (tag === 't') handler.wantsText = false;
      else if (tag === 'rPh') phonetic -= 1;
      else if (tag === 'si') strings.add(text);
    },
    text(value) {
      text = appendText(text, value);
    },
  };
  await scanPart(part, name, handler);
  return strings.finish();
}

function columnOf(ref: string): number {
  let col = 0;
  for (let i = 0; i < ref.length; i += 1) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

function cellValue(
  type: string | undefined,
  value: string | null,
  formula: boolean,
  strings: SharedStrings,
): Cell {
  if (value === null) return null;
  switch (type) {
    case 's': {
      const s = strings.get(parseInt(value, 10));
      return s === undefined ? null : s;
    }
    case 'str':
    case 'inlineStr':
    case 'e':
      return value;
    case 'b':
      return parseInt(value, 10) !== 0;
    default: {
      if (!formula && value === '') return null;
      const n = parseFloat(value);
      return Number.isNaN(n) ? null : n;
    }
  }
}

/** What a reader may want to know on the way, to show how far it has got. */
export interface SheetProgress {
  /** The sheet part's uncompressed size (its XML, bytes), once it is opened. */
  onSheet?(info: { bytes: number }): void;
  /** The sheet's `<dimension ref="A1:R1001">`: the last row number it declares. */
  onDimension?(lastRow: number): void;
  /** Bytes of the sheet's XML inflated so far. */
  onInflated?(bytes: number): void;
}

/**
 * The first worksheet's rows, in batches (one per inflated chunk or so). Rows without cells are
 * yielded too, with no cells. Throws MalformedXml / ZipProblem on a damaged or refused part.
 */
export async function* readFirstWorksheet(
  path: string,
  progress: SheetProgress = {},
): AsyncGenerator<SheetRow[], void> {
  const part = await openZip(path);
  try {
    const { sheet, sharedStrings } = await locateParts(part);
    if (!sheet) return;
    const strings = await readSharedStrings(part, sharedStrings);

    let batch: SheetRow[] = [];
    let inSheetData = false;
    let row: SheetRow | null = null;
    let lastRow = 0;
    let lastCol = 0;
    let inCell = false;
    let col = 0;
    let type: string | undefined;
    let formula = false;
    let value: string | null = null;
    let inInline = false;
    let phonetic = 0;

    const handler: XmlHandler = {
      wantsText: false,
      open(name, tag, from, to) {
        if (inCell) {
          if (name === 'v') {
            value = '';
            handler.wantsText = true;
          } else if (name === 'f') formula = true;
          else if (name === 'is') {
            inInline = true;
            value = '';
          } else if (name === 'rPh') phonetic += 1;
          else if (name === 't' && inInline && phonetic === 0) handler.wantsText = true;
        } else if (name === 'c') {
          if (!row) return;
          inCell = true;
          const ref = attribute(tag, from, to, 'r');
          col = ref ? columnOf(ref) : lastCol + 1;
          lastCol = col;
          type = attribute(tag, from, to, 't');
          formula = false;
          value = null;
          inInline = false;
          phonetic = 0;
        } else if (name === 'row') {
          if (!inSheetData) return;
          const r = attribute(tag, from, to, 'r');
          const number = r ? parseInt(r, 10) : lastRow + 1;
          lastRow = number;
          lastCol = 0;
          row = { number, cells: [] };
        } else if (name === 'sheetData') inSheetData = true;
        else if (name === 'dimension' && progress.onDimension) {
          const last = /(\d+)$/.exec(attribute(tag, from, to, 'ref') ?? '');
          if (last) progress.onDimension(parseInt(last[1]!, 10));
        }
      },
      close(name) {
        if (inCell) {
          if (name === 'v' || name === 't') handler.wantsText = false;
          else if (name === 'is') inInline = false;
          else if (name === 'rPh') phonetic -= 1;
          else if (name === 'c') {
            inCell = false;
            handler.wantsText = false;
            const cell = cellValue(type, value, formula, strings);
            if (cell !== null) row!.cells[col] = cell;
          }
        } else if (name === 'row') {
          if (row) batch.push(row);
          row = null;
        } else if (name === 'sheetData') inSheetData = false;
      },
      text(chunk) {
        value = appendText(value, chunk);
      },
    };

    const entry = part.entries.get(sheet)!;
    progress.onSheet?.({ bytes: entry.uncompressedSize });
    const stream: Readable = await part.zip.openReadStreamPromise(entry);
    const scanner = new XmlScanner(handler);
    const decoder = new TextDecoder('utf-8');
    let inflatedBytes = 0;
    try {
      for await (const chunk of inflated(stream, entry)) {
        inflatedBytes += chunk.length;
        progress.onInflated?.(inflatedBytes);
        scanner.write(decoder.decode(chunk, { stream: true }));
        if (batch.length > 0) {
          const out = batch;
          batch = [];
          yield out;
        }
      }
      scanner.write(decoder.decode());
      scanner.end();
      if (batch.length > 0) yield batch;
    } finally {
      stream.destroy();
    }
  } finally {
    part.zip.close();
  }
}
