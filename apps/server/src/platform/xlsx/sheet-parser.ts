/**
 * The worksheet's XML turned into rows of cells (reader.ts feeds it a whole sheet; the parallel
 * check, chunks.ts, feeds it row-aligned pieces of one). A parser either starts at the top of the
 * part, or — for a piece cut right after a `</row>` — inside `<sheetData>` between two rows, and
 * says at the end whether the piece ended there too (`endedBetweenRows`): only then was the cut
 * where it seemed, and the next piece's parse is the one a single pass would have made.
 */
import type { Cell } from '@spotzcity/shared/cells';
import { XmlScanner, attribute, type XmlHandler } from './xml-scanner.ts';
import { MAX_CELL_TEXT, ZIP_MESSAGES, ZipProblem } from './zip-guard.ts';

export interface SheetRow {
  /** The row's number in the sheet. */
  number: number;
  /** Cells by column number (1 = A); holes where a cell is empty. */
  cells: Cell[];
}

/** Text of one cell or shared string, refused as soon as it passes Excel's own limit. */
export function appendText(text: string | null, more: string): string {
  const joined = text === null ? more : text + more;
  if (joined.length > MAX_CELL_TEXT) throw new ZipProblem('too-large', ZIP_MESSAGES.textTooLong);
  return joined;
}

/** The shared string table as it travels to the checking threads. */
export interface PackedStrings {
  all: string;
  ends: Int32Array<ArrayBuffer>;
}

/**
 * The shared string table, packed: every string in one, and where each ends. A million-row
 * spend file has ~520,000 shared strings; as separate strings they held ~37 MB of the worker's
 * heap. A cell's text is a slice of the one string.
 */
export class SharedStrings {
  private chunks: string[] = [];
  private pending: string[] = [];
  private length = 0;
  /** End offset of each string, or -1 - end for an item with no text. */
  private ends: number[] = [];
  private all = '';
  private packedEnds = new Int32Array(0);

  static from(packed: PackedStrings): SharedStrings {
    const strings = new SharedStrings();
    strings.all = packed.all;
    strings.packedEnds = packed.ends;
    return strings;
  }

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

  packed(): PackedStrings {
    return { all: this.all, ends: this.packedEnds };
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

/** The column number of a cell reference's letters ("AB12" → 28), read in place. */
function columnAt(tag: string, from: number, to: number): number {
  let col = 0;
  for (let i = from; i < to; i += 1) {
    const c = tag.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return col;
}

/** A cell's type attribute, as a small number (no string kept per cell). */
const enum CellType {
  Number,
  Shared,
  Text,
  Boolean,
}

function cellTypeOf(t: string | undefined): CellType {
  switch (t) {
    case 's':
      return CellType.Shared;
    case 'str':
    case 'inlineStr':
    case 'e':
      return CellType.Text;
    case 'b':
      return CellType.Boolean;
    default:
      return CellType.Number;
  }
}

function cellValue(
  type: CellType,
  value: string | null,
  formula: boolean,
  strings: SharedStrings,
): Cell {
  if (value === null) return null;
  switch (type) {
    case CellType.Shared: {
      const s = strings.get(parseInt(value, 10));
      return s === undefined ? null : s;
    }
    case CellType.Text:
      return value;
    case CellType.Boolean:
      return parseInt(value, 10) !== 0;
    default: {
      if (!formula && value === '') return null;
      const n = parseFloat(value);
      return Number.isNaN(n) ? null : n;
    }
  }
}

export interface SheetParserOptions {
  strings: SharedStrings;
  /**
   * Start inside `<sheetData>` between two rows (a piece cut after a `</row>`), rather than at
   * the top of the part. The row number before the piece is then unknown: a first row without
   * `r` makes the piece one that must be read in sequence (`needsSequence`).
   */
  betweenRows?: boolean;
  /** The sheet's `<dimension ref="A1:R1001">`: the last row number it declares. */
  onDimension?: (lastRow: number) => void;
}

/** Rows of one worksheet part (or piece of one), pushed into `rows` as they close. */
export class SheetParser {
  rows: SheetRow[] = [];
  /** A row without `r` came first in a piece whose previous row number is unknown. */
  needsSequence = false;
  private readonly scanner: XmlScanner;
  private inSheetData: boolean;
  private row: SheetRow | null = null;
  private lastRow: number;
  private lastCol = 0;
  private inCell = false;
  private col = 0;
  private type = CellType.Number;
  private formula = false;
  private value: string | null = null;
  private inInline = false;
  private phonetic = 0;

  constructor(private readonly options: SheetParserOptions) {
    const between = options.betweenRows === true;
    this.inSheetData = between;
    this.lastRow = between ? -1 : 0;
    const handler: XmlHandler = {
      wantsText: false,
      open: (name, tag, from, to) => this.open(handler, name, tag, from, to),
      close: (name) => this.close(handler, name),
      text: (chunk) => {
        this.value = appendText(this.value, chunk);
      },
    };
    this.scanner = new XmlScanner(handler, between);
  }

  write(text: string) {
    this.scanner.write(text);
  }

  /** After the last text of the part: refuses a truncated part. */
  end() {
    this.scanner.end();
  }

  /** Whether everything written so far ended between two rows inside `<sheetData>`. */
  endedBetweenRows(): boolean {
    return this.scanner.idle() && this.inSheetData && this.row === null && !this.inCell;
  }

  private open(handler: XmlHandler, name: string, tag: string, from: number, to: number) {
    if (this.inCell) {
      if (name === 'v') {
        this.value = '';
        handler.wantsText = true;
      } else if (name === 'f') this.formula = true;
      else if (name === 'is') {
        this.inInline = true;
        this.value = '';
      } else if (name === 'rPh') this.phonetic += 1;
      else if (name === 't' && this.inInline && this.phonetic === 0) handler.wantsText = true;
    } else if (name === 'c') {
      if (!this.row) return;
      this.inCell = true;
      const ref = attribute(tag, from, to, 'r');
      this.col = ref ? columnAt(ref, 0, ref.length) : this.lastCol + 1;
      this.lastCol = this.col;
      this.type = cellTypeOf(attribute(tag, from, to, 't'));
      this.formula = false;
      this.value = null;
      this.inInline = false;
      this.phonetic = 0;
    } else if (name === 'row') {
      if (!this.inSheetData) return;
      const r = attribute(tag, from, to, 'r');
      if (!r && this.lastRow < 0) this.needsSequence = true;
      const number = r ? parseInt(r, 10) : this.lastRow + 1;
      this.lastRow = number;
      this.lastCol = 0;
      this.row = { number, cells: [] };
    } else if (name === 'sheetData') this.inSheetData = true;
    else if (name === 'dimension' && this.options.onDimension) {
      const last = /(\d+)$/.exec(attribute(tag, from, to, 'ref') ?? '');
      if (last) this.options.onDimension(parseInt(last[1]!, 10));
    }
  }

  private close(handler: XmlHandler, name: string) {
    if (this.inCell) {
      if (name === 'v' || name === 't') handler.wantsText = false;
      else if (name === 'is') this.inInline = false;
      else if (name === 'rPh') this.phonetic -= 1;
      else if (name === 'c') {
        this.inCell = false;
        handler.wantsText = false;
        const cell = cellValue(this.type, this.value, this.formula, this.options.strings);
        if (cell !== null) this.row!.cells[this.col] = cell;
      }
    } else if (name === 'row') {
      if (this.row) this.rows.push(this.row);
      this.row = null;
    } else if (name === 'sheetData') this.inSheetData = false;
  }
}
