/**
 * A workbook's shared string table (xl/sharedStrings.xml), packed: every string's text in one
 * block of shared memory, and where each ends. A million-row spend file has ~520,000 shared
 * strings; as separate strings they held ~37 MB of the worker's heap. Held once for the reading
 * worker and all its checking threads (a copy each cost ~8 MB per thread); a cell's
 * text is decoded from it when read.
 *
 * The table is written into that memory as the part is read, never held as strings first, and
 * is refused as soon as it passes its limits (config.ts): the part's size says little, since a
 * gigabyte of text inflates from an upload well under the file size limit.
 */
import { ZIP_MESSAGES, ZipProblem } from './zip-guard.ts';

/** The table as it travels to the checking threads: memory they share, not copies. */
export interface PackedStrings {
  /** Every string's text, one after another: Latin-1 bytes, or UTF-16 code units when `wide`. */
  text: SharedArrayBuffer;
  wide: boolean;
  /** End offset (in characters) of each string, or -1 - end for an item with no text. */
  ends: Int32Array<SharedArrayBuffer>;
}

/** How large a table may grow (XLSX_MAX_SHARED_STRING_CHARS, XLSX_MAX_SHARED_STRINGS). */
export interface StringTableLimits {
  /** Characters of every text together. */
  maxChars: number;
  /** Items, those with no text included. */
  maxStrings: number;
}

/** For tables built by tests and tools: as large as the offsets can say. */
const UNBOUNDED: StringTableLimits = { maxChars: 2 ** 30, maxStrings: 2 ** 28 };

/** How many decoded texts a table keeps (a power of two). */
const RECENT_STRINGS = 8192;
/**
 * The longest text kept decoded: the texts a sheet repeats (vendors, categories, states) are
 * short, and longer ones would let each thread hold a copy of much of the table.
 */
const RECENT_MAX_CHARS = 256;

/** What the table's memory grows by: growing reserves no more than is written. */
const GROW_BYTES = 1024 * 1024;

/** A character beyond Latin-1. */
const WIDE = /[\u0100-\uffff]/;

const NO_STRINGS: PackedStrings = {
  text: new SharedArrayBuffer(0),
  wide: false,
  ends: new Int32Array(new SharedArrayBuffer(0)),
};

/** Shared memory that can grow up to `max` bytes without moving: pages are taken as written. */
class Growing {
  readonly memory: SharedArrayBuffer;
  view: Buffer;

  constructor(max: number) {
    this.memory = new SharedArrayBuffer(0, { maxByteLength: max });
    this.view = Buffer.from(this.memory, 0, 0);
  }

  /** Makes at least `bytes` usable (never past the maximum the limits gave). */
  reserve(bytes: number) {
    if (bytes <= this.memory.byteLength) return;
    this.memory.grow(
      Math.min(this.memory.maxByteLength, Math.max(bytes, this.view.length + GROW_BYTES)),
    );
    this.view = Buffer.from(this.memory, 0, this.memory.byteLength);
  }
}

/** Characters of texts written to the table's memory at once (one call, not one a text). */
const BATCH_CHARS = 64 * 1024;

/** A table being read: its text and ends so far. */
interface Building {
  text: Growing;
  ends: Growing;
  /** The ends, as a view that grows with their memory. */
  endsArray: Int32Array<SharedArrayBuffer>;
  /** Characters of every text added, and of those already written to `text`. */
  chars: number;
  written: number;
  /** Texts added but not yet written. */
  batch: string[];
  count: number;
  wide: boolean;
}

export class SharedStrings {
  private table = NO_STRINGS;
  private text: Buffer<ArrayBufferLike> = Buffer.alloc(0);
  /** While the table is read. */
  private building: Building | undefined;
  /**
   * The texts decoded last, by index modulo their number: a sheet repeats its vendors,
   * categories and states row after row, and decoding costs ~0.2 µs where a hit costs nothing.
   */
  private recentIndex = new Int32Array(RECENT_STRINGS).fill(-1);
  private recentText: string[] = new Array<string>(RECENT_STRINGS).fill('');

  /** An empty table, to which `add` appends up to `limits`; `finish` ends it. */
  constructor(private readonly limits: StringTableLimits = UNBOUNDED) {}

  static from(packed: PackedStrings): SharedStrings {
    return new SharedStrings().use(packed);
  }

  /** Appends an item (null: one with no text); throws ZipProblem past the limits. */
  add(text: string | null) {
    const { maxChars, maxStrings } = this.limits;
    let table = this.building;
    if (!table) {
      const ends = new Growing(maxStrings * 4);
      table = this.building = {
        text: new Growing(maxChars),
        ends,
        endsArray: new Int32Array(ends.memory),
        chars: 0,
        written: 0,
        batch: [],
        count: 0,
        wide: false,
      };
    }
    if (table.count >= maxStrings) {
      throw new ZipProblem('too-large', ZIP_MESSAGES.tooManySharedStrings(maxStrings));
    }
    if (text) {
      if (table.chars + text.length > maxChars) {
        throw new ZipProblem('too-large', ZIP_MESSAGES.sharedTextTooLong(maxChars));
      }
      table.batch.push(text);
      table.chars += text.length;
      if (table.chars - table.written >= BATCH_CHARS) this.write(table);
    }
    table.ends.reserve((table.count + 1) * 4);
    table.endsArray[table.count] = text === null ? -1 - table.chars : table.chars;
    table.count += 1;
  }

  /** Ends the reading: the table is ready for `get` and `packed`. */
  finish() {
    const table = this.building;
    this.building = undefined;
    if (!table) return this.use(NO_STRINGS);
    this.write(table);
    return this.use({
      text: table.text.memory,
      wide: table.wide,
      ends: new Int32Array(table.ends.memory, 0, table.count),
    });
  }

  packed(): PackedStrings {
    return this.table;
  }

  /** The string at `index`: null for an item with no text, undefined past the end. */
  get(index: number): string | null | undefined {
    const { ends, wide } = this.table;
    if (!(index >= 0 && index < ends.length)) return undefined;
    const end = ends[index]!;
    if (end < 0) return null;
    const slot = index & (RECENT_STRINGS - 1);
    if (this.recentIndex[slot] === index) return this.recentText[slot]!;
    const before = index === 0 ? 0 : ends[index - 1]!;
    const start = before < 0 ? -1 - before : before;
    const text = wide
      ? this.text.toString('utf16le', start * 2, end * 2)
      : this.text.toString('latin1', start, end);
    if (end - start <= RECENT_MAX_CHARS) {
      this.recentIndex[slot] = index;
      this.recentText[slot] = text;
    }
    return text;
  }

  /** Writes the texts added since the last write to the table's memory. */
  private write(table: Building) {
    const text = table.batch.join('');
    table.batch = [];
    if (!table.wide && WIDE.test(text)) this.widen(table);
    const unit = table.wide ? 2 : 1;
    table.text.reserve((table.written + text.length) * unit);
    table.text.view.write(text, table.written * unit, table.wide ? 'utf16le' : 'latin1');
    table.written += text.length;
  }

  /** The first text beyond Latin-1: what was written so far is written again as UTF-16. */
  private widen(table: Building) {
    const wide = new Growing(this.limits.maxChars * 2);
    wide.reserve(table.written * 2);
    const step = 1024 * 1024;
    for (let from = 0; from < table.written; from += step) {
      const to = Math.min(table.written, from + step);
      wide.view.write(table.text.view.toString('latin1', from, to), from * 2, 'utf16le');
    }
    table.text = wide;
    table.wide = true;
  }

  private use(table: PackedStrings) {
    this.table = table;
    this.text = Buffer.from(table.text, 0, table.text.byteLength);
    return this;
  }
}
