/**
 * The worksheet's XML turned into rows of cells (reader.ts feeds it a whole sheet; the parallel
 * check, chunks.ts, feeds it row-aligned pieces of one). A parser either starts at the top of the
 * part, or — for a piece cut right after a `</row>` — inside `<sheetData>` between two rows, and
 * says at the end whether the piece ended there too (`endedBetweenRows`): only then was the cut
 * where it seemed, and the next piece's parse is the one a single pass would have made.
 */
import type { Cell } from '@spotzcity/shared/cells';
import {
  DQ,
  GT,
  SLASH,
  SQ,
  XmlScanner,
  attribute,
  decodeXmlText,
  isNameEnd,
  isXmlSpace,
  type XmlHandler,
} from './xml-scanner.ts';
import type { SharedStrings } from './shared-strings.ts';
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
  /**
   * Read plain rows on the short path (plainRows below); false sends every row through the
   * generic scanner — for the test that compares the two.
   */
  plainRows?: boolean;
}

/** plainTag's answers besides the index of the tag's `>`. */
const MORE = -1;
const ODD = -2;

/** A row not yet whole is held for the next text up to this size, then left to the scanner. */
const MAX_PENDING_ROW = 256 * 1024;

const LT = 60; // <
const EQUALS = 61;
const AMP = 38;
const LOWER_C = 99;
const LOWER_R = 114;
const LOWER_T = 116;

/** Whether text[from, to) holds a reference, which only the scanner decodes. */
function hasAmpersand(text: string, from: number, to: number) {
  for (let i = from; i < to; i += 1) if (text.charCodeAt(i) === AMP) return true;
  return false;
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
  /** Text of a row not yet whole, held by the short path until the rest arrives. */
  private pending = '';
  /** plainTag's findings: the `r` and `t` values' ranges (-1: absent) and a closing `/>`. */
  private refFrom = -1;
  private refTo = -1;
  private typeFrom = -1;
  private typeTo = -1;
  private selfClosing = false;

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
    if (this.pending === '' && !this.betweenRows()) {
      this.scanner.write(text);
      return;
    }
    const buf = this.pending === '' ? text : this.pending + text;
    this.pending = '';
    const { at, more } = this.plainRows(buf);
    if (at === buf.length) return;
    if (more && buf.length - at <= MAX_PENDING_ROW) this.pending = buf.slice(at);
    else this.scanner.write(at === 0 ? buf : buf.slice(at));
  }

  /** After the last text of the part: refuses a truncated part. */
  end() {
    if (this.pending !== '') this.scanner.write(this.pending);
    this.pending = '';
    this.scanner.end();
  }

  /** Whether everything written so far ended between two rows inside `<sheetData>`. */
  endedBetweenRows(): boolean {
    return this.pending === '' && this.betweenRows();
  }

  private betweenRows(): boolean {
    return this.scanner.idle() && this.inSheetData && this.row === null && !this.inCell;
  }

  /**
   * The short path for what Excel and most writers put in `<sheetData>`: rows of cells that
   * hold at most one `<v>` — `<row r="2" …><c r="A2" s="1" t="s"><v>19</v></c>…</row>` — read
   * with a few searches per cell instead of an event per tag (the check spent most of its
   * parsing time in the scanner's events). Starting between two rows, it takes whole rows
   * and answers where it stopped: at a row the text does not yet hold whole (`more`), or at
   * anything else — a formula, an inline string, a comment, a prefix, single quotes, an
   * entity in `r` or `t`, `</sheetData>` — which the scanner then reads from that row's start
   * exactly as before. A value is decoded by the scanner's own decodeXmlText (its errors
   * included). It reads every row it takes as the scanner would (sheet-parser.unit.test.ts reads
   * the same sheets both ways, cut everywhere).
   */
  private plainRows(buf: string): { at: number; more: boolean } {
    if (this.options.plainRows === false) return { at: 0, more: false };
    const length = buf.length;
    const strings = this.options.strings;
    let pos = 0;
    for (;;) {
      // Text between rows is not read (the scanner passes it by too).
      const start = buf.indexOf('<', pos);
      if (start === -1) return { at: length, more: false };
      if (length - start < 5) return { at: start, more: true };
      if (!buf.startsWith('<row', start) || !isNameEnd(buf.charCodeAt(start + 4))) {
        return { at: start, more: false };
      }
      let i = this.plainTag(buf, start + 4);
      if (i === MORE) return { at: start, more: true };
      if (i === ODD || this.selfClosing) return { at: start, more: false };
      const r = this.refFrom === -1 ? undefined : buf.slice(this.refFrom, this.refTo);
      const number = r ? parseInt(r, 10) : this.lastRow + 1;
      const cells: Cell[] = [];
      let lastCol = 0;
      for (;;) {
        const lt = buf.indexOf('<', i + 1);
        if (lt === -1 || length - lt < 6) return { at: start, more: true };
        if (buf.charCodeAt(lt + 1) === SLASH) {
          if (!buf.startsWith('</row>', lt)) return { at: start, more: false };
          i = lt + 5;
          break;
        }
        if (buf.charCodeAt(lt + 1) !== LOWER_C || !isNameEnd(buf.charCodeAt(lt + 2))) {
          return { at: start, more: false };
        }
        i = this.plainTag(buf, lt + 2);
        if (i === MORE) return { at: start, more: true };
        if (i === ODD) return { at: start, more: false };
        const col =
          this.refTo > this.refFrom ? columnAt(buf, this.refFrom, this.refTo) : lastCol + 1;
        lastCol = col;
        if (this.selfClosing) continue;
        const type = cellTypeOf(
          this.typeFrom === -1 ? undefined : buf.slice(this.typeFrom, this.typeTo),
        );
        // `</c>` (no value) or `<v>…</v></c>`; text between tags is not read.
        let next = buf.indexOf('<', i + 1);
        if (next === -1 || length - next < 4) return { at: start, more: true };
        if (buf.startsWith('</c>', next)) {
          i = next + 3;
          continue;
        }
        if (!buf.startsWith('<v>', next)) return { at: start, more: false };
        const valueEnd = buf.indexOf('<', next + 3);
        if (valueEnd === -1 || length - valueEnd < 4) return { at: start, more: true };
        if (!buf.startsWith('</v>', valueEnd)) return { at: start, more: false };
        const raw = buf.slice(next + 3, valueEnd);
        // Past Excel's limit the scanner refuses the cell, with its message.
        if (raw.length > MAX_CELL_TEXT) return { at: start, more: false };
        next = buf.indexOf('<', valueEnd + 4);
        if (next === -1 || length - next < 4) return { at: start, more: true };
        if (!buf.startsWith('</c>', next)) return { at: start, more: false };
        i = next + 3;
        const cell = cellValue(type, decodeXmlText(raw), false, strings);
        if (cell !== null) cells[col] = cell;
      }
      // The whole row was read: now it counts, as the scanner's row would.
      if (!r && this.lastRow < 0) this.needsSequence = true;
      this.lastRow = number;
      this.lastCol = lastCol;
      this.rows.push({ number, cells });
      pos = i + 1;
    }
  }

  /**
   * Reads the attributes of a start tag from `at` (right after its name) in the one form the
   * short path takes — `name="value"` pairs, no entity in `r` or `t` — noting where `r` and
   * `t` are and whether the tag closes itself. Answers the index of its `>`, MORE when the text
   * ends first, ODD for any other form (the scanner reads it, or refuses it).
   */
  private plainTag(buf: string, at: number): number {
    const length = buf.length;
    this.refFrom = this.refTo = this.typeFrom = this.typeTo = -1;
    this.selfClosing = false;
    let i = at;
    for (;;) {
      let c = buf.charCodeAt(i);
      while (isXmlSpace(c)) c = buf.charCodeAt(++i);
      if (i >= length) return MORE;
      if (c === GT) return i;
      if (c === SLASH) {
        if (i + 1 >= length) return MORE;
        if (buf.charCodeAt(i + 1) !== GT) return ODD;
        this.selfClosing = true;
        return i + 1;
      }
      const name = i;
      while (
        i < length &&
        !isXmlSpace(c) &&
        c !== EQUALS &&
        c !== GT &&
        c !== SLASH &&
        c !== LT &&
        c !== DQ &&
        c !== SQ
      ) {
        c = buf.charCodeAt(++i);
      }
      if (i + 1 >= length) return MORE;
      if (c !== EQUALS || i === name || buf.charCodeAt(i + 1) !== DQ) return ODD;
      const from = i + 2;
      const to = buf.indexOf('"', from);
      if (to === -1) return MORE;
      if (i - name === 1) {
        const n = buf.charCodeAt(name);
        if (n === LOWER_R && this.refFrom === -1) {
          if (hasAmpersand(buf, from, to)) return ODD;
          this.refFrom = from;
          this.refTo = to;
        } else if (n === LOWER_T && this.typeFrom === -1) {
          if (hasAmpersand(buf, from, to)) return ODD;
          this.typeFrom = from;
          this.typeTo = to;
        }
      }
      i = to + 1;
    }
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
