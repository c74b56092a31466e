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
import { SharedStrings, type StringTableLimits } from './shared-strings.ts';
import { SheetParser, appendText, type SheetRow } from './sheet-parser.ts';
import { XmlScanner, attribute, type XmlHandler } from './xml-scanner.ts';
import { CrcCheck, sizeProblem } from './zip-guard.ts';

export type { SheetRow } from './sheet-parser.ts';

/** Worksheet parts: zip-guard.ts leaves their inflating to this reader. */
export const isWorksheetPart = (name: string) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name);

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
 * The shared string table: plain or rich text (runs joined), phonetic guides left out. Refused
 * (ZipProblem) as soon as it passes `limits`, before the rest of the part is read.
 */
async function readSharedStrings(
  part: Part,
  name: string,
  limits: StringTableLimits,
): Promise<SharedStrings> {
  const strings = new SharedStrings(limits);
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

/** What a reader may want to know on the way, to show how far it has got. */
export interface SheetProgress {
  /** The sheet part's uncompressed size (its XML, bytes), once it is opened. */
  onSheet?(info: { bytes: number }): void;
  /** The sheet's `<dimension ref="A1:R1001">`: the last row number it declares. */
  onDimension?(lastRow: number): void;
  /** Bytes of the sheet's XML inflated so far. */
  onInflated?(bytes: number): void;
}

/** The first worksheet of a workbook, opened: its zip entry and its shared strings read. */
export interface OpenWorksheet {
  /** The sheet part, or undefined when the workbook has none. */
  sheet: Entry | undefined;
  strings: SharedStrings;
  /** The sheet's inflated bytes, checked against its declared size and CRC-32. */
  bytes(): AsyncGenerator<Buffer>;
  close(): void;
}

export async function openFirstWorksheet(
  path: string,
  limits: StringTableLimits,
): Promise<OpenWorksheet> {
  const part = await openZip(path);
  try {
    const { sheet, sharedStrings } = await locateParts(part);
    const strings = sheet
      ? await readSharedStrings(part, sharedStrings, limits)
      : new SharedStrings().finish();
    const entry = sheet ? part.entries.get(sheet) : undefined;
    return {
      sheet: entry,
      strings,
      async *bytes() {
        const stream: Readable = await part.zip.openReadStreamPromise(entry!);
        try {
          yield* inflated(stream, entry!);
        } finally {
          stream.destroy();
        }
      },
      close: () => part.zip.close(),
    };
  } catch (error) {
    part.zip.close();
    throw error;
  }
}

/**
 * The first worksheet's rows, in batches (one per inflated chunk or so). Rows without cells are
 * yielded too, with no cells. Throws MalformedXml / ZipProblem on a damaged or refused part.
 */
export async function* readFirstWorksheet(
  path: string,
  limits: StringTableLimits,
  progress: SheetProgress = {},
): AsyncGenerator<SheetRow[], void> {
  const sheet = await openFirstWorksheet(path, limits);
  try {
    if (!sheet.sheet) return;
    const parser = new SheetParser({
      strings: sheet.strings,
      ...(progress.onDimension ? { onDimension: progress.onDimension } : {}),
    });
    progress.onSheet?.({ bytes: sheet.sheet.uncompressedSize });
    const decoder = new TextDecoder('utf-8');
    let inflatedBytes = 0;
    for await (const chunk of sheet.bytes()) {
      inflatedBytes += chunk.length;
      progress.onInflated?.(inflatedBytes);
      parser.write(decoder.decode(chunk, { stream: true }));
      if (parser.rows.length > 0) {
        const out = parser.rows;
        parser.rows = [];
        yield out;
      }
    }
    parser.write(decoder.decode());
    parser.end();
    if (parser.rows.length > 0) yield parser.rows;
  } finally {
    sheet.close();
  }
}
