/**
 * What a CSV upload is written in (docs/import.md "Reading a CSV file"): its encoding, from a
 * byte-order mark or else from whether every byte is valid UTF-8 (Windows-1252 otherwise, the
 * encoding Excel and most Windows exports write "ANSI" text in), and its delimiter, from the
 * header line. Both are told to the user with the import.
 */
import { isUtf8 } from 'node:buffer';

export const CSV_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

export interface CsvEncodingFound {
  encoding: CsvEncoding;
  /** Bytes of byte-order mark to skip. */
  bom: number;
}

/** The encoding a byte-order mark names, if the file starts with one. */
export function encodingFromBom(head: Uint8Array): CsvEncodingFound | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bom: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bom: 2 };
  return undefined;
}

/**
 * Whether a stream of chunks is valid UTF-8, a chunk at a time: a character cut between two
 * chunks is carried into the next.
 */
export class Utf8Check {
  valid = true;
  private carry: Buffer | undefined;

  push(chunk: Buffer) {
    if (!this.valid) return;
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = undefined;
    const cut = incompleteTail(bytes);
    if (cut < bytes.length) this.carry = Buffer.from(bytes.subarray(cut));
    if (!isUtf8(bytes.subarray(0, cut))) this.valid = false;
  }

  finish(): boolean {
    if (this.carry) this.valid = false;
    return this.valid;
  }
}

/** Where a UTF-8 sequence left unfinished at the end of `bytes` starts (bytes.length if none). */
function incompleteTail(bytes: Uint8Array): number {
  const end = bytes.length;
  for (let back = 1; back <= 3 && back <= end; back += 1) {
    const b = bytes[end - back]!;
    if (b < 0x80) return end;
    if (b >= 0xc0) {
      const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return length > back ? end - back : end;
    }
  }
  return end;
}

/**
 * The delimiter of a CSV text, from its first lines (at most `sample` characters): the candidate
 * found outside quotes on the first non-blank line most often, preferring one that splits the
 * next lines into as many fields. A single column (no candidate at all) reads as comma-delimited.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const lines = logicalLines(text, 20);
  const first = lines.find((l) => l.trim() !== '');
  if (first === undefined) return ',';
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  for (const delimiter of CSV_DELIMITERS) {
    const fields = countOutsideQuotes(first, delimiter);
    if (fields === 0) continue;
    // Lines after the header that split into as many fields back the candidate.
    const agreeing = lines.filter((l) => countOutsideQuotes(l, delimiter) === fields).length;
    const score = agreeing * 1000 + fields;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/** Up to `max` lines of `text`, a quoted line end kept inside its line. */
function logicalLines(text: string, max: number): string[] {
  const lines: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length && lines.length < max; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === 10 && !quoted) {
      lines.push(text.slice(start, i).replace(/\r$/, ''));
      start = i + 1;
    }
  }
  // The sample's last line may be cut short: it counts only when it is the whole text's.
  if (lines.length === 0 && start < text.length) lines.push(text.slice(start));
  return lines;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let quoted = false;
  let count = 0;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === delimiter && !quoted) count += 1;
  }
  return count;
}
