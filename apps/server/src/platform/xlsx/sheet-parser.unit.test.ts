/**
 * The short path for plain rows (SheetParser.plainRows) against the generic scanner alone: the
 * same sheets, cut into text at every place, must give the same rows, the same row numbers and
 * the same errors, from the top of the part and from between two rows (a piece of the
 * parallel check).
 */
import { describe, expect, it } from 'vitest';
import { SharedStrings } from './shared-strings.ts';
import { SheetParser, type SheetRow } from './sheet-parser.ts';

const strings = new SharedStrings();
for (const text of ['Vendor', 'Acme & Sons', 'Zoë 東京', null, 'IL']) strings.add(text);
strings.finish();

const TOP =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<dimension ref="A1:F9"/><sheetData>';
const BOTTOM = '</sheetData></worksheet>';

/** Rows as Excel writes them, then every form the short path leaves to the scanner. */
const ROWS = [
  '<row r="1" spans="1:19" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>4007.18</v></c><c r="D1" s="2"><v>45649</v></c></row>',
  '<row r="2"><c r="A2" t="s"><v>1</v></c><c r="C2" t="s"><v>3</v></c><c r="E2" t="s"><v>9</v></c></row>',
  // No references: each row and cell follows the one before.
  '<row><c t="s"><v>2</v></c><c/><c><v>-0.01</v></c></row>',
  '<row r=""><c r=""><v>7</v></c></row>',
  '<row r="5"><c r="A5" t="b"><v>1</v></c><c r="B5" t="str"><v>text with > in it</v></c><c r="C5" t="e"><v>#N/A</v></c><c r="D5"><v></v></c><c r="E5"></c><c r="F5" t="s"/></row>',
  // Text between tags, and line ends in a value.
  '\n  <row r="6">\n    <c r="A6" t="str">  <v>one\r\ntwo\rthree</v>  </c>\n  </row>\n',
  // Left to the scanner: a formula, an inline string, an entity, single quotes, spaces, a prefix.
  '<row r="7"><c r="A7"><f>1+1</f><v>2</v></c><c r="B7" t="inlineStr"><is><t>in&amp;line</t></is></c></row>',
  '<row r="8"><c r="A8" t="str"><v>a&amp;b&#233;</v></c><c r=\'B8\' t="b"><v>0</v></c><c r = "C8"><v>3</v></c></row>',
  '<!-- a comment <row r="99"> --><row r="9" ><c r="A&#x39;"><v>9</v></c></row>',
  '<row r="10"/><row r="11"><c r="A11"><v>1</v></c></row >',
  '<row r="12"><c r="B12"><v>5</v></c></row>',
];

const SHEET = TOP + ROWS.join('') + BOTTOM;

interface Read {
  rows: SheetRow[];
  needsSequence: boolean;
  endedBetweenRows: boolean;
  error?: string;
}

function read(
  text: string,
  cut: number[],
  options: { plainRows: boolean; betweenRows?: boolean; end?: boolean },
): Read {
  const parser = new SheetParser({
    strings,
    plainRows: options.plainRows,
    ...(options.betweenRows ? { betweenRows: true } : {}),
  });
  const rows: SheetRow[] = [];
  let error: string | undefined;
  try {
    let at = 0;
    for (const to of [...cut, text.length]) {
      parser.write(text.slice(at, to));
      rows.push(...parser.rows.splice(0));
      at = to;
    }
    if (options.end !== false) parser.end();
  } catch (caught) {
    error = `${(caught as Error).constructor.name}: ${(caught as Error).message}`;
  }
  rows.push(...parser.rows.splice(0));
  return {
    rows,
    needsSequence: parser.needsSequence,
    endedBetweenRows: parser.endedBetweenRows(),
    ...(error !== undefined ? { error } : {}),
  };
}

/** Every single cut of the text, and cuts every `size` characters. */
function cuts(length: number): number[][] {
  const all: number[][] = [[]];
  for (let at = 1; at < length; at += 1) all.push([at]);
  for (const size of [1, 2, 3, 7, 64]) {
    const every: number[] = [];
    for (let at = size; at < length; at += size) every.push(at);
    all.push(every);
  }
  return all;
}

describe('SheetParser plain rows', () => {
  it('reads a sheet as the scanner alone does, however the text is cut', () => {
    const expected = read(SHEET, [], { plainRows: false });
    expect(expected.error).toBeUndefined();
    expect(expected.rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(expected.rows[4]!.cells).toEqual([undefined, true, 'text with > in it', '#N/A']);
    for (const cut of cuts(SHEET.length)) {
      expect(read(SHEET, cut, { plainRows: true }), `cut at ${cut.join(',')}`).toEqual(expected);
    }
  });

  it('reads a piece from between two rows as the scanner alone does, rows without r included', () => {
    const piece = ROWS.slice(2).join('');
    const expected = read(piece, [], { plainRows: false, betweenRows: true, end: false });
    expect(expected.needsSequence).toBe(true);
    expect(expected.endedBetweenRows).toBe(true);
    for (const cut of cuts(piece.length)) {
      expect(read(piece, cut, { plainRows: true, betweenRows: true, end: false })).toEqual(
        expected,
      );
    }
  });

  it('says a piece cut inside a row did not end between rows', () => {
    const piece = ROWS[0]! + ROWS[1]!.slice(0, 40);
    const plain = read(piece, [], { plainRows: true, betweenRows: true, end: false });
    expect(plain).toEqual(read(piece, [], { plainRows: false, betweenRows: true, end: false }));
    expect(plain.endedBetweenRows).toBe(false);
    expect(plain.rows).toHaveLength(1);
  });

  it('refuses what the scanner refuses, with the same rows before it', () => {
    const broken = [
      '<row r="1"><c r="A1" t="str"><v>a & b</v></c></row>',
      '<row r="1"><c r="A1" t="str"><v>&e;</v></c></row>',
      '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v>',
      `<row r="1"><c r="A1" t="str"><v>${'x'.repeat(32_768)}</v></c></row>`,
      '<row r="1"><c r="A1" t><v>1</v></c></row>',
      '<row r="1"><c r="A1" t=s><v>1</v></c></row>',
      '<row r="1"><!DOCTYPE x></row>',
    ];
    for (const rows of broken) {
      const sheet = TOP.replace('<dimension ref="A1:F9"/>', '') + rows + BOTTOM.slice(0, -1);
      const expected = read(sheet, [], { plainRows: false });
      expect(expected.error, rows.slice(0, 60)).toMatch(/^(MalformedXml|ZipProblem): /);
      for (const cut of [[], [TOP.length + 5], [sheet.length - 20]]) {
        expect(read(sheet, cut, { plainRows: true })).toEqual(expected);
      }
    }
  });

  it('leaves a row longer than it holds back to the scanner, as it streams', () => {
    const cells = Array.from({ length: 20_000 }, (_, i) => `<c t="str"><v>cell ${i}</v></c>`);
    const sheet = `${TOP}<row r="1">${cells.join('')}</row><row r="2"><c><v>2</v></c></row>${BOTTOM}`;
    const cut = Array.from({ length: Math.floor(sheet.length / 4096) }, (_, i) => (i + 1) * 4096);
    const plain = read(sheet, cut, { plainRows: true });
    expect(plain).toEqual(read(sheet, cut, { plainRows: false }));
    expect(plain.rows[0]!.cells).toHaveLength(20_001);
  });
});
