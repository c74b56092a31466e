/**
 * The parallel check's pieces (chunks.ts) and the check through its threads (parallel-check.ts):
 * a sheet cut into row-aligned pieces and checked piece by piece must give what one pass gives —
 * the same COPY text, keys, row count, and the same problems in the same order with the same
 * refusal message.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  SPEND_HEADERS,
  asCells,
  spendFixture,
  workbookParts,
  xlsxBuffer,
  zipBuffer,
} from '../../../test/xlsx.ts';
import { FileRejected } from '../errors.ts';
import { CheckMerge, ChunkChecker, RowCutter, lastRowEnd, type CheckSetup } from './chunks.ts';
import type { RowModule } from './protocol.ts';
import { SharedStrings } from './shared-strings.ts';
import { SheetParser } from './sheet-parser.ts';
import { checkSheet, type XlsxLimits } from './sheet.ts';

/** A small row rule: a required name, an amount that must be a number. */
const rowModule: RowModule = {
  parseRow(cells) {
    const problems: { column: string; message: string }[] = [];
    if (cells.name === null) problems.push({ column: 'name', message: 'Required' });
    if (typeof cells.amount !== 'number') problems.push({ column: 'amount', message: 'Number' });
    return problems.length > 0
      ? { ok: false, problems }
      : { ok: true, row: { name: String(cells.name), amount: cells.amount as number } };
  },
  copyLine: (row) => `${String(row.name)}\t${String(row.amount)}`,
  rowKey: (row) => (row.amount as number) * 7,
  rowCents: (row) => (row.amount as number) * 100,
};

const setup = (maxProblems = 100): CheckSetup => ({
  columns: [
    { key: 'name', header: 'Name', required: true },
    { key: 'amount', header: 'Amount', required: true },
  ],
  copyPrefix: '1\t',
  keys: true,
  maxProblems,
  date1904: false,
});

/** Shared strings: 0 = "Name", 1 = "Amount", then one per supplier (multi-byte included). */
const strings = new SharedStrings();
for (const text of ['Name', 'Amount', 'Zoë Café', 'Ünïcode & Söns', 'Plain LLC']) strings.add(text);
strings.finish();

/** A sheet XML of `rows` data rows after a header; `bad` rows have a text amount. */
function sheet(rows: number, options: { bad?: number[]; prefix?: string; comment?: number } = {}) {
  const x = options.prefix ?? '';
  const out = [
    `<?xml version="1.0" encoding="UTF-8"?><${x}worksheet><${x}dimension ref="A1:B${rows + 1}"/>`,
    `<${x}sheetData><${x}row r="1"><${x}c r="A1" t="s"><${x}v>0</${x}v></${x}c>`,
    `<${x}c r="B1" t="s"><${x}v>1</${x}v></${x}c></${x}row>`,
  ];
  for (let i = 0; i < rows; i += 1) {
    const r = i + 2;
    // Shared strings, inline strings (multi-byte) and an empty row now and then.
    const name =
      i % 3 === 0
        ? `<${x}c r="A${r}" t="s"><${x}v>${2 + (i % 3)}</${x}v></${x}c>`
        : `<${x}c r="A${r}" t="inlineStr"><${x}is><${x}t>Zoë ${i} &amp; Co</${x}t></${x}is></${x}c>`;
    const amount = options.bad?.includes(r)
      ? `<${x}c r="B${r}" t="inlineStr"><${x}is><${x}t>n/a</${x}t></${x}is></${x}c>`
      : `<${x}c r="B${r}"><${x}v>${i * 1.25}</${x}v></${x}c>`;
    out.push(i % 17 === 5 ? `<${x}row r="${r}"/>` : `<${x}row r="${r}">${name}${amount}</${x}row>`);
    if (options.comment === r) out.push(`<!-- a </${x}row> in a comment -->`);
  }
  out.push(`</${x}sheetData></${x}worksheet>`);
  return Buffer.from(out.join(''));
}

/** The whole XML through one parser, in one piece: what a single pass decides. */
function onePass(xml: Buffer, maxProblems = 100, maxRows = 1_000_000) {
  const copy: Buffer[] = [];
  const merge = new CheckMerge({ maxRows, maxProblems, keys: true }, (c) =>
    copy.push(Buffer.from(c)),
  );
  const checker = new ChunkChecker(setup(maxProblems), rowModule, strings);
  const parser = new SheetParser({ strings });
  const result = checker.check(xml, parser, { index: 0, last: true, copy: true, sequential: true });
  const outcome = merge.add(result) ?? merge.finish();
  return {
    outcome,
    copy: Buffer.concat(copy).toString(),
    keys: [...merge.keys!.values.subarray(0, merge.keys!.length)],
  };
}

/**
 * The XML pushed in 37-byte chunks through a RowCutter of `target` bytes; pieces up to the header
 * read in sequence, the rest each by a checker of its own from between two rows (as threads do).
 */
function inPieces(xml: Buffer, target: number, maxProblems = 100, maxRows = 1_000_000) {
  const copy: Buffer[] = [];
  const merge = new CheckMerge({ maxRows, maxProblems, keys: true }, (c) =>
    copy.push(Buffer.from(c)),
  );
  const cutter = new RowCutter(target);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < xml.length; at += 37)
    pieces.push(...cutter.push(xml.subarray(at, at + 37)));
  pieces.push(cutter.finish());
  const local = new ChunkChecker(setup(maxProblems), rowModule, strings);
  const parser = new SheetParser({ strings });
  let outcome;
  let clean = true;
  for (let i = 0; i < pieces.length && !outcome; i += 1) {
    const last = i === pieces.length - 1;
    let result;
    if (!local.header) {
      result = local.check(pieces[i]!, parser, { index: i, last, copy: true, sequential: true });
    } else {
      const checker = new ChunkChecker(setup(maxProblems), rowModule, strings);
      checker.header = local.header;
      const between = new SheetParser({ strings, betweenRows: true });
      result = checker.check(pieces[i]!, between, { index: i, last, copy: merge.badRows === 0 });
    }
    outcome = merge.add(result);
    if (!last && !result.clean) clean = false;
  }
  return {
    outcome: outcome ?? merge.finish(),
    copy: Buffer.concat(copy).toString(),
    keys: [...merge.keys!.values.subarray(0, merge.keys!.length)],
    pieces,
    clean,
  };
}

describe('RowCutter', () => {
  it('cuts right after a row end tag, prefixed or not, and loses no byte', () => {
    for (const prefix of ['', 'x:']) {
      const xml = sheet(300, { prefix });
      const { pieces } = inPieces(xml, 500);
      expect(pieces.length).toBeGreaterThan(10);
      expect(Buffer.concat(pieces).equals(xml)).toBe(true);
      for (const piece of pieces.slice(0, -1)) {
        expect(Buffer.from(piece).toString().endsWith(`</${prefix}row>`)).toBe(true);
      }
    }
  });

  it('finds the last row end tag only where one is', () => {
    expect(lastRowEnd(Buffer.from('<row r="1"></row><row r="2">'))).toBe(17);
    expect(lastRowEnd(Buffer.from('<x:row></x:row>xx'))).toBe(15);
    expect(lastRowEnd(Buffer.from('<v>arrow></v>'))).toBe(-1);
    expect(lastRowEnd(Buffer.from('no rows'))).toBe(-1);
  });
});

describe('a sheet checked in pieces', () => {
  it('gives the COPY text, keys and row count of one pass: rows straddling chunks, shared and inline strings', () => {
    for (const prefix of ['', 'x:']) {
      const xml = sheet(400, { prefix });
      const whole = onePass(xml);
      const pieces = inPieces(xml, 700);
      expect(pieces.clean).toBe(true);
      expect(whole.outcome).toEqual({ type: 'done', rowCount: 400 - Math.ceil((400 - 5) / 17) });
      expect(pieces.outcome).toEqual(whole.outcome);
      expect(pieces.copy).toBe(whole.copy);
      expect(pieces.keys).toEqual(whole.keys);
      // Every line: prefix, sheet row, name, amount — computed here from the rows written.
      const lines = whole.copy.trimEnd().split('\n');
      expect(lines[0]).toBe('1\t2\tZoë Café\t0');
      expect(lines[1]).toBe('1\t3\tZoë 1 & Co\t1.25');
    }
  });

  it('reports errors of two pieces in row order, with the counts of one pass', () => {
    const bad = [3, 9, 250, 251, 390];
    const xml = sheet(400, { bad });
    const whole = onePass(xml);
    const pieces = inPieces(xml, 600);
    expect(pieces.outcome).toEqual(whole.outcome);
    expect(whole.outcome).toMatchObject({
      type: 'rejected',
      status: 400,
      message: 'The file was not imported: 5 problems in 5 rows. Nothing was saved.',
    });
    const errors = (whole.outcome as { errors: { row: number; column: string; value?: string }[] })
      .errors;
    expect(errors.map((e) => e.row)).toEqual(bad);
    expect(errors[0]).toEqual({ row: 3, column: 'Amount', message: 'Number', value: 'n/a' });
  });

  it('stops at the first problems listed, across pieces, as one pass does', () => {
    const bad = [3, 9, 250, 251, 390];
    const xml = sheet(400, { bad });
    const whole = onePass(xml, 3);
    expect(inPieces(xml, 600, 3).outcome).toEqual(whole.outcome);
    expect(whole.outcome).toMatchObject({
      message:
        'The file was not imported: at least 3 problems; the first 3 are listed. Nothing was saved.',
    });
  });

  it('refuses a file past the row limit where one pass does', () => {
    const xml = sheet(400, { bad: [380] });
    const whole = onePass(xml, 100, 300);
    expect(whole.outcome).toMatchObject({ type: 'rejected', status: 413 });
    expect(inPieces(xml, 600, 100, 300).outcome).toEqual(whole.outcome);
  });

  it('marks a piece cut at a row end tag inside a comment as not ending between rows', () => {
    const xml = sheet(400, { comment: 200 });
    expect(inPieces(xml, 600).clean).toBe(false);
  });
});

describe('checkSheet on every core', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-xlsx-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const limits: XlsxLimits = {
    maxEntries: 1000,
    maxEntryBytes: 1024 ** 3,
    maxTotalBytes: 1024 ** 3,
    maxRatio: 100,
    maxRows: 1_000_000,
    maxSharedStringChars: 32_000_000,
    maxSharedStrings: 8_000_000,
    workerMemoryMb: 256,
    timeoutMs: 100_000,
  };

  async function check(file: string, threads: number, maxProblems = 100) {
    const copyFile = path.join(dir, `rows-${(files += 1)}.copy`);
    try {
      const checked = await checkSheet(file, {
        columns: (await import('@spotzcity/shared/spend-file')).SPEND_COLUMNS,
        rowModule: new URL('../../modules/spend/rows.ts', import.meta.url),
        copyPrefix: '7\t8\t',
        copyFile,
        keys: true,
        limits,
        maxProblems,
        threads,
        pieceBytes: 2048,
      });
      return { checked, copy: readFileSync(copyFile, 'utf8') };
    } catch (error) {
      if (!(error instanceof FileRejected)) throw error;
      return { rejected: { message: error.message, errors: error.rowErrors } };
    }
  }

  const write = (buffer: Buffer) => {
    const file = path.join(dir, `book-${(files += 1)}.xlsx`);
    writeFileSync(file, buffer);
    return file;
  };

  it('writes the COPY text and keys of one pass, using the threads', async () => {
    const file = write((await spendFixture(600)).buffer);
    const [one, two] = [await check(file, 1), await check(file, 2)];
    expect(one.checked!.threads).toBe(0);
    expect(two.checked!.threads).toBe(2);
    expect(two.copy).toBe(one.copy);
    expect(two.checked!.rowCount).toBe(600);
    expect([...two.checked!.keys!]).toEqual([...one.checked!.keys!]);
    expect([...two.checked!.cents!]).toEqual([...one.checked!.cents!]);
  });

  it('refuses with the problems of one pass, in row order', async () => {
    const { rows } = await spendFixture(600);
    const cells: unknown[][] = rows.map(asCells);
    // Bad amounts far apart, so that different threads find them.
    for (const at of [10, 300, 580]) cells[at]![3] = 'lots';
    const file = write(await xlsxBuffer([SPEND_HEADERS, ...cells]));
    for (const maxProblems of [100, 2]) {
      const one = await check(file, 1, maxProblems);
      const two = await check(file, 2, maxProblems);
      expect(two.rejected).toEqual(one.rejected);
      expect(one.rejected!.errors.map((e) => e.row)).toEqual([12, 302, 582].slice(0, maxProblems));
    }
  });

  it('reads a sheet whose cut falls in a comment again in one pass, with the same result', async () => {
    const header =
      '<row r="1">' +
      ['Vendor Name', 'Spend', 'Payment Date']
        .map((h, i) => `<c r="${'ABC'[i]}1" t="inlineStr"><is><t>${h}</t></is></c>`)
        .join('') +
      '</row>';
    const body: string[] = [];
    for (let r = 2; r < 1500; r += 1) {
      body.push(
        `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Supplier ${r % 40}</t></is></c>` +
          `<c r="B${r}"><v>${r}.5</v></c><c r="C${r}"><v>${45300 + (r % 300)}</v></c></row>`,
      );
      body.push('<!-- </row> -->');
    }
    const xml = `<?xml version="1.0"?><worksheet><sheetData>${header}${body.join('')}</sheetData></worksheet>`;
    const file = write(zipBuffer(workbookParts(xml)));
    const [one, two] = [await check(file, 1), await check(file, 2)];
    expect(two.copy).toBe(one.copy);
    expect(two.checked!.rowCount).toBe(1498);
    expect(two.checked!.threads).toBe(0);
  });
});
