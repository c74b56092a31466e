/**
 * Checks an uploaded .xlsx (a zip) before anything parses it (DESIGN.md §5):
 *  - it is a zip at all, with the parts every workbook has;
 *  - entry count, each entry's and the total uncompressed size are within limits, read from the
 *    central directory before a byte is inflated;
 *  - the local entries are exactly the ones the central directory lists, back to back (a
 *    streaming unzipper reads local headers, so nothing may hide between them);
 *  - no entry over 1 MiB inflates more than `maxRatio` times its compressed size (real workbooks
 *    stay under 15×; a crafted part reaches 1,000× — 300 MB out of 300 KB);
 *  - inflating each entry yields exactly its declared size (a lying header is a zip bomb) and
 *    its declared CRC-32 (a damaged or altered part);
 *  - no XML part declares a DOCTYPE or entities.
 * Parts the caller streams itself (`streamed`, the worksheets) are not inflated here: the sheet
 * reader inflates its sheet once, under the same checks (sizeProblem below; its XML scanner
 * refuses a DOCTYPE), and the other sheets are never inflated by anyone.
 * It also reads the workbook's date system (1900 or 1904), which cell serials depend on.
 */
import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl, { type Entry } from 'yauzl';
import { formatBytes } from '../uploads.ts';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry over RATIO_FLOOR bytes. */
  maxRatio: number;
}

/** Small parts (a few repeated tags) compress far better than data and are harmless. */
export const RATIO_FLOOR = 1024 * 1024;

export type ZipProblemKind = 'not-xlsx' | 'too-large' | 'unsupported' | 'entities' | 'damaged';

export class ZipProblem extends Error {
  constructor(
    readonly kind: ZipProblemKind,
    message: string,
  ) {
    super(message);
  }
}

export const ZIP_MESSAGES = {
  notXlsx:
    'The file is not a valid .xlsx workbook. Save it from Excel as "Excel Workbook (.xlsx)".',
  tooManyEntries: (max: number) => `The workbook has more than ${max} parts.`,
  entryTooLarge: (bytes: number) =>
    `The workbook is too large once uncompressed (a part is over ${formatBytes(bytes)}). ` +
    'Split it into smaller files.',
  totalTooLarge: (bytes: number) =>
    `The workbook is too large once uncompressed (over ${formatBytes(bytes)}). ` +
    'Split it into smaller files.',
  sizeMismatch: 'The workbook is damaged or crafted: a part is larger than it declares.',
  ratio: (max: number) =>
    `The workbook is damaged or crafted: a part inflates more than ${max} times its size, ` +
    'far beyond any real workbook.',
  damaged:
    'The file is damaged: a part of the workbook does not match its checksum. ' +
    'Save it again from Excel and upload the new copy.',
  textTooLong:
    'A cell holds more than 32,767 characters, the most Excel allows. The file cannot be read.',
  sharedTextTooLong: (max: number) =>
    `The workbook's shared strings hold more than ${max.toLocaleString('en-US')} characters ` +
    'of text, more than can be read at once. Split it into smaller files.',
  tooManySharedStrings: (max: number) =>
    `The workbook's shared strings hold more than ${max.toLocaleString('en-US')} texts, ` +
    'more than can be read at once. Split it into smaller files.',
  encrypted: 'Password-protected workbooks cannot be read. Remove the password and upload again.',
  compression: 'The workbook uses a compression method that is not supported.',
  entities: 'The workbook contains XML entity declarations, which are not accepted.',
} as const;

/** Bytes a data descriptor may take after an entry's data (signature, CRC, two sizes; zip64). */
const MAX_DESCRIPTOR = 24;

/** Byte patterns that start a DTD or entity declaration, after "<!". */
const FORBIDDEN = [Buffer.from('DOCTYPE'), Buffer.from('ENTITY')];

function declaresEntities(window: Buffer): boolean {
  let at = window.indexOf('<!');
  while (at !== -1) {
    for (const word of FORBIDDEN) {
      const candidate = window.subarray(at + 2, at + 2 + word.length);
      if (
        candidate.length === word.length &&
        candidate.toString('latin1').toUpperCase() === word.toString('latin1')
      ) {
        return true;
      }
    }
    at = window.indexOf('<!', at + 2);
  }
  return false;
}

/**
 * What an error while inflating a part means: a part larger (or smaller) than it declares —
 * yauzl's "too many bytes in the stream" / "not enough bytes" — is a crafted zip.
 */
export function sizeProblem(error: unknown): ZipProblem | undefined {
  if (error instanceof ZipProblem) return error;
  const message = (error as Error | undefined)?.message ?? '';
  if (/bytes in the stream/i.test(message)) {
    return new ZipProblem('too-large', ZIP_MESSAGES.sizeMismatch);
  }
  return undefined;
}

/** The longest text a cell may hold (Excel's own limit): a longer one is a crafted file. */
export const MAX_CELL_TEXT = 32_767;

/** A running CRC-32 of a part as it inflates, compared with the one its header declares. */
export class CrcCheck {
  private value = 0;
  constructor(private readonly expected: number) {}
  update(chunk: Buffer) {
    this.value = crc32(chunk, this.value);
  }
  /** Throws when the inflated bytes are not the ones the zip declared. */
  verify() {
    if (this.value >>> 0 !== this.expected >>> 0) {
      throw new ZipProblem('damaged', ZIP_MESSAGES.damaged);
    }
  }
}

async function inflateEntry(
  stream: Readable,
  options: { scan: boolean; keepBytes: number; crc: number },
): Promise<Buffer> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let tail = Buffer.alloc(0);
  const check = new CrcCheck(options.crc);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      check.update(chunk);
      if (options.scan) {
        const window = tail.length ? Buffer.concat([tail, chunk]) : chunk;
        if (declaresEntities(window)) throw new ZipProblem('entities', ZIP_MESSAGES.entities);
        tail = Buffer.from(window.subarray(Math.max(0, window.length - 9)));
      }
      if (keptBytes < options.keepBytes) {
        kept.push(chunk);
        keptBytes += chunk.length;
      }
    }
    check.verify();
  } catch (error) {
    throw sizeProblem(error) ?? new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
  } finally {
    stream.destroy();
  }
  return Buffer.concat(kept);
}

const DATE_1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904\s*=\s*["'](?:1|true)["']/;

export interface ZipInspection {
  entries: number;
  uncompressedBytes: number;
  date1904: boolean;
}

export async function inspectXlsx(
  path: string,
  limits: ZipLimits,
  options: { streamed?: (fileName: string) => boolean } = {},
): Promise<ZipInspection> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      decodeStrings: true,
      strictFileNames: false,
    });
  } catch {
    throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ZipProblem('too-large', ZIP_MESSAGES.tooManyEntries(limits.maxEntries));
    }
    // Where the central directory starts: the end of the last local entry must meet it.
    const centralDirectoryOffset = (zip as unknown as { readEntryCursor: number }).readEntryCursor;

    const entries: { entry: Entry; start: number; end: number }[] = [];
    let total = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        if (entry.uncompressedSize > limits.maxEntryBytes) {
          throw new ZipProblem('too-large', ZIP_MESSAGES.entryTooLarge(limits.maxEntryBytes));
        }
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) {
          throw new ZipProblem('too-large', ZIP_MESSAGES.totalTooLarge(limits.maxTotalBytes));
        }
        if (
          entry.uncompressedSize > RATIO_FLOOR &&
          entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio
        ) {
          throw new ZipProblem('too-large', ZIP_MESSAGES.ratio(limits.maxRatio));
        }
        if (entry.isEncrypted()) throw new ZipProblem('unsupported', ZIP_MESSAGES.encrypted);
        if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
          throw new ZipProblem('unsupported', ZIP_MESSAGES.compression);
        }
        const { fileDataStart } = await zip.readLocalFileHeaderPromise(entry, { minimal: true });
        entries.push({
          entry,
          start: entry.relativeOffsetOfLocalHeader,
          end: fileDataStart + entry.compressedSize,
        });
      }
    } catch (error) {
      if (error instanceof ZipProblem) throw error;
      throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
    }

    const names = new Set(entries.map((e) => e.entry.fileName));
    if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
      throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
    }

    const ordered = [...entries].sort((a, b) => a.start - b.start);
    let expected = 0;
    for (const { start, end } of ordered) {
      if (start < expected || start - expected > (expected === 0 ? 0 : MAX_DESCRIPTOR)) {
        throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
      }
      expected = end;
    }
    const gap = centralDirectoryOffset - expected;
    if (gap < 0 || gap > MAX_DESCRIPTOR) throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);

    let date1904 = false;
    for (const { entry } of entries) {
      if (entry.fileName.endsWith('/') || options.streamed?.(entry.fileName)) continue;
      const isXml = /\.(xml|rels|vml)$/i.test(entry.fileName);
      const isWorkbook = entry.fileName === 'xl/workbook.xml';
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw new ZipProblem('not-xlsx', ZIP_MESSAGES.notXlsx);
      }
      // The workbook properties sit at the top of workbook.xml; its first 64 KB are plenty.
      const head = await inflateEntry(stream, {
        scan: isXml,
        keepBytes: isWorkbook ? 65536 : 0,
        crc: entry.crc32,
      });
      if (isWorkbook) date1904 = DATE_1904.test(head.toString('utf8'));
    }
    return { entries: entries.length, uncompressedBytes: total, date1904 };
  } finally {
    zip.close();
  }
}
