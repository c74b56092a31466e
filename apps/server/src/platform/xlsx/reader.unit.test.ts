/**
 * The lean sheet reader against exceljs's WorkbookReader (what the upload worker used before):
 * on workbooks written by exceljs in every way it writes them, and on the spend fixture, both
 * must yield the same rows and the same cells. Then the cases where exceljs is wrong, and the
 * XML the reader must refuse.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Cell } from '@spotzcity/shared/cells';
import {
  sharedStringWorkbook,
  spendFixture,
  workbookParts,
  zipBuffer,
  type ZipEntry,
} from '../../../test/xlsx.ts';
import { loadConfig } from '../../config.ts';
import { readFirstWorksheet } from './reader.ts';
import { MalformedXml, XmlScanner, type XmlHandler } from './xml-scanner.ts';
import { ZIP_MESSAGES, ZipProblem } from './zip-guard.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'spotzcity-xlsx-reader-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fileOf = (buffer: Buffer) => {
  const file = path.join(dir, `book-${(files += 1)}.xlsx`);
  writeFileSync(file, buffer);
  return file;
};

interface Row {
  number: number;
  cells: (Cell | undefined)[];
}

/** exceljs's cell values flattened the way the upload worker flattened them before. */
function flatten(value: unknown): Cell | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return value;
  }
  if (value instanceof Date) return value.toISOString();
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.richText)) {
    return (v.richText as { text?: string }[]).map((r) => r.text ?? '').join('');
  }
  if ('formula' in v || 'sharedFormula' in v) return flatten(v.result ?? null);
  if (typeof v.error === 'string') return v.error;
  if (typeof v.text === 'string') return v.text;
  return undefined;
}

async function withExceljs(file: string): Promise<Row[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const rows: Row[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const cells = (row.values as unknown[]).map(flatten);
      rows.push({ number: row.number, cells: trim(cells) });
    }
    break;
  }
  return rows;
}

/** The server's default limits of the shared string table (config.ts). */
const { maxSharedStringChars, maxSharedStrings } = loadConfig({}).xlsx;
const TABLE_LIMITS = { maxChars: maxSharedStringChars, maxStrings: maxSharedStrings };

async function withLeanReader(file: string, limits = TABLE_LIMITS): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const batch of readFirstWorksheet(file, limits)) {
    for (const row of batch) rows.push({ number: row.number, cells: trim(Array.from(row.cells)) });
  }
  return rows;
}

/** Holes and trailing empties aside, two rows hold the same cells. */
function trim(cells: (Cell | undefined)[]) {
  const out = cells.map((c) => (c === null ? undefined : c));
  while (out.length > 0 && out.at(-1) === undefined) out.pop();
  return out;
}

const rich = {
  richText: [{ text: 'Bold ', font: { bold: true } }, { text: 'and plain' }],
};

/** Every kind of value exceljs writes, with gaps, on two sheets (only the first is read). */
const MIXED: unknown[][] = [
  ['Vendor Name', 'Spend', 'Payment Date', 'Flag', 'Notes', null, 'Far'],
  ['Acme & Sons <Ltd> "quoted" \'single\'', 1234.5, new Date(Date.UTC(2024, 0, 31)), true],
  ['Zoë — 東京 🚀', -0.01, new Date(Date.UTC(1999, 11, 31, 12, 30)), false, 'line one\nline two'],
  ['  padded  ', 1e-7, null, null, rich, null, 'G'],
  [],
  ['after a gap', 999_999_999_999.99, 45321, '', { formula: 'B2*2', result: 2469 }],
  ['formula text', { formula: 'A2&"x"', result: 'Acme x' }, { error: '#N/A' }],
  ['link', { text: 'example', hyperlink: 'https://example.com' }, 0, 'x'.repeat(5000)],
  [null, null, null, null, null, null, 'only far'],
  ['same text', 'same text', 'same text', '12345', '00123', 'TRUE'],
];

async function inMemoryWorkbook(rows: unknown[][], options: { date1904?: boolean } = {}) {
  const workbook = new ExcelJS.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet('Spend');
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(3).numFmt = 'mm/dd/yyyy';
  workbook.addWorksheet('Other').addRow(['not', 'read']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function streamedWorkbook(rows: unknown[][], useSharedStrings: boolean) {
  const file = path.join(dir, `streamed-${(files += 1)}.xlsx`);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet('Spend');
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  workbook.addWorksheet('Other').commit();
  await workbook.commit();
  return file;
}

// exceljs writes and reads each workbook too: seconds on a loaded machine, not a sign of a fault.
describe('readFirstWorksheet against exceljs', { timeout: 60_000 }, () => {
  it('yields the cells exceljs yields for every kind of value exceljs writes', async () => {
    for (const date1904 of [false, true]) {
      const file = fileOf(await inMemoryWorkbook(MIXED, { date1904 }));
      const lean = await withLeanReader(file);
      expect(lean.length).toBeGreaterThanOrEqual(MIXED.length - 1);
      expect(lean).toEqual(await withExceljs(file));
    }
  });

  it('yields the same cells for streamed workbooks, with and without shared strings', async () => {
    const plain = MIXED.filter((row) => !row.some((v) => v === rich));
    for (const useSharedStrings of [true, false]) {
      const file = await streamedWorkbook(plain, useSharedStrings);
      const lean = await withLeanReader(file);
      expect(lean.length).toBeGreaterThanOrEqual(plain.length - 1);
      expect(lean).toEqual(await withExceljs(file));
    }
  });

  it('reads a shared string table of 25,000 strings, packed in chunks, as exceljs does', async () => {
    // The reader keeps the table as one string and offsets, joined 10,000 strings at a time:
    // strings on both sides of each join, multi-byte text and empty strings must come back whole.
    const rows: unknown[][] = [['Name', 'Other']];
    for (let i = 0; i < 25_000; i += 1) {
      rows.push([
        i % 7 === 0 ? `Zoë 東京 ${i} 🚀` : `Supplier ${i}`,
        i % 1000 === 0 ? '' : `x${i}`,
      ]);
    }
    const file = await streamedWorkbook(rows, true);
    const lean = await withLeanReader(file);
    expect(lean).toHaveLength(rows.length);
    expect(lean[10_000]!.cells[1]).toBe('Supplier 9999');
    expect(lean[14_001]!.cells[1]).toBe('Zoë 東京 14000 🚀');
    expect(lean).toEqual(await withExceljs(file));
  });

  it('yields the same cells for the spend fixture and the hand-made inline-string workbook', async () => {
    const { buffer } = await spendFixture(400, { seed: 5 });
    const fixture = fileOf(buffer);
    const lean = await withLeanReader(fixture);
    expect(lean).toHaveLength(401);
    expect(lean).toEqual(await withExceljs(fixture));

    const inline = fileOf(
      zipBuffer(
        workbookParts(
          sheetOf(
            '<row r="1"><c r="A1" t="inlineStr"><is><t>Vendor &amp; Co</t></is></c>' +
              '<c r="B1"><v>12.5</v></c><c r="C1" t="b"><v>1</v></c><c r="D1" t="e"><v>#DIV/0!</v></c></row>',
          ),
        ),
      ),
    );
    const inlineRows = await withLeanReader(inline);
    expect(inlineRows).toEqual([
      { number: 1, cells: [undefined, 'Vendor & Co', 12.5, true, '#DIV/0!'] },
    ]);
    expect(inlineRows).toEqual(await withExceljs(inline));
  });
});

const sheetOf = (sheetData: string, prefix = '') =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n` +
  `<${prefix}worksheet xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
  `<${prefix}sheetData>${sheetData}</${prefix}sheetData></${prefix}worksheet>`;

function bookWith(sheetXml: string, sharedStrings?: string): string {
  const parts: ZipEntry[] = workbookParts(sheetXml);
  if (sharedStrings !== undefined) {
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>' +
          `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sharedStrings}</sst>`,
      ),
    });
  }
  return fileOf(zipBuffer(parts));
}

describe('readFirstWorksheet where exceljs is wrong', () => {
  it('keeps every run of inline rich text and leaves phonetic guides out', async () => {
    const file = bookWith(
      sheetOf(
        '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>Bold</t></r>' +
          '<r><t xml:space="preserve"> and plain</t></r></is></c>' +
          '<c r="B1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c><c r="D1" t="s"><v>7</v></c></row>',
      ),
      '<si><t>漢字</t><rPh sb="0" eb="2"><t>カンジ</t></rPh></si>' +
        '<si><r><t>Ri</t></r><r><rPr><i/></rPr><t>ch</t></r></si>',
    );
    expect(await withLeanReader(file)).toEqual([
      { number: 1, cells: [undefined, 'Bold and plain', '漢字', 'Rich'] },
    ]);
  });

  it('decodes text once, keeps cached booleans and errors of formulas, normalises line ends', async () => {
    const file = bookWith(
      sheetOf(
        '<row r="2"><c r="A2" t="inlineStr"><is><t>&amp;lt;not a tag&amp;gt; &#233;&#x1F600;</t></is></c>' +
          '<c r="B2" t="b"><f>1=1</f><v>1</v></c><c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
          '<c r="D2" t="str"><f>A2</f><v>a&amp;b</v></c><c r="E2"><f>1+1</f></c>' +
          '<c r="F2" t="inlineStr"><is><t>one\r\ntwo\rthree</t></is></c>' +
          '<c r="G2" t="inlineStr"><is><t><![CDATA[<raw & text>]]></t></is></c></row>',
      ),
    );
    expect(await withLeanReader(file)).toEqual([
      {
        number: 2,
        cells: [
          undefined,
          '&lt;not a tag&gt; é😀',
          true,
          '#DIV/0!',
          'a&b',
          undefined,
          'one\ntwo\nthree',
          '<raw & text>',
        ],
      },
    ]);
  });

  it('reads prefixed elements, cells and rows without references, comments and odd spacing', async () => {
    const file = bookWith(
      sheetOf(
        '<!-- a comment <row> --><x:row><x:c t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c>' +
          "<x:c ><x:v>2</x:v></x:c><x:c r = 'E1' t='b' ><x:v>0</x:v></x:c></x:row>" +
          '<x:row r="4" spans="1:2"/><x:row><x:c><x:v>3</x:v></x:c></x:row>',
        'x:',
      ),
    );
    expect(await withLeanReader(file)).toEqual([
      { number: 1, cells: [undefined, 'a', 2, undefined, undefined, false] },
      { number: 4, cells: [] },
      { number: 5, cells: [undefined, 3] },
    ]);
  });

  it('reads the first sheet the workbook lists, whatever the order of the parts', async () => {
    const parts = workbookParts(sheetOf('<row r="1"><c r="A1"><v>1</v></c></row>'));
    parts.find((p) => p.name === 'xl/worksheets/sheet1.xml')!.name = 'xl/worksheets/sheet2.xml';
    const rels = parts.find((p) => p.name === 'xl/_rels/workbook.xml.rels')!;
    rels.data = Buffer.from(rels.data.toString().replace('sheet1.xml', 'sheet2.xml'));
    parts.splice(2, 0, {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(sheetOf('<row r="1"><c r="A1"><v>9</v></c></row>')),
    });
    expect(await withLeanReader(fileOf(zipBuffer(parts)))).toEqual([
      { number: 1, cells: [undefined, 1] },
    ]);
  });
});

describe('readFirstWorksheet refuses', () => {
  const refusal = async (sheet: string) => {
    try {
      await withLeanReader(bookWith(sheet));
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('a DOCTYPE, an undeclared entity, a bare ampersand and truncated XML', async () => {
    const doctype = await refusal(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "e">]><worksheet><sheetData/></worksheet>',
    );
    expect(doctype).toBeInstanceOf(ZipProblem);
    expect((doctype as Error).message).toBe(ZIP_MESSAGES.entities);
    expect(
      await refusal(sheetOf('<row><c t="inlineStr"><is><t>&e;</t></is></c></row>')),
    ).toBeInstanceOf(MalformedXml);
    expect(
      await refusal(sheetOf('<row><c t="inlineStr"><is><t>a & b</t></is></c></row>')),
    ).toBeInstanceOf(MalformedXml);
    expect(await refusal('<worksheet><sheetData><row><c r="A1"')).toBeInstanceOf(MalformedXml);
  });
});

describe('the shared string table', () => {
  /** A workbook whose one cell is shared string 0, and whose table holds `items` then `tail`. */
  const tableBook = (items: string[], tail: string) => {
    const parts = sharedStringWorkbook('x');
    const xml = items.map((text) => `<si><t>${text}</t></si>`).join('');
    parts.find((p) => p.name === 'xl/sharedStrings.xml')!.data = Buffer.from(
      `<sst>${xml}${tail}</sst>`,
    );
    return fileOf(zipBuffer(parts));
  };
  const items = Array.from({ length: 100 }, (_, i) => `supplier number ${i}`);
  // Read, the rest of the part would be refused as malformed XML.
  const file = tableBook(items, '<si><t>a & b</t></si>');
  const refusal = async (limits: { maxChars: number; maxStrings: number }) => {
    try {
      await withLeanReader(file, limits);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('is read whole within its limits', async () => {
    expect(await withLeanReader(tableBook(items, ''), { maxChars: 2000, maxStrings: 100 })).toEqual(
      [{ number: 1, cells: [undefined, 'supplier number 0'] }],
    );
    expect(await refusal(TABLE_LIMITS)).toBeInstanceOf(MalformedXml);
  });

  it('is refused once past its characters or its number of texts, before the rest is read', async () => {
    expect(await refusal({ maxChars: 1000, maxStrings: 1000 })).toMatchObject({
      kind: 'too-large',
      message: ZIP_MESSAGES.sharedTextTooLong(1000),
    });
    expect(await refusal({ maxChars: 10_000, maxStrings: 50 })).toMatchObject({
      kind: 'too-large',
      message: ZIP_MESSAGES.tooManySharedStrings(50),
    });
  });
});

describe('XmlScanner', () => {
  it('reports the same events however the text is cut into chunks', () => {
    const xml =
      '<?xml version="1.0"?><a x="1 > 0" y=\'"\'><!-- c --><b>t&amp;ü&#x41;x\r\ny&lt;</b>' +
      '<c/><![CDATA[<d>]]><e:f g="h">é😀</e:f></a>';
    const eventsOf = (chunks: string[]) => {
      const events: string[] = [];
      const handler: XmlHandler = {
        wantsText: true,
        open: (name, tag, from, to) => events.push(`<${name}${tag.slice(from, to)}>`),
        close: (name) => events.push(`</${name}>`),
        text: (value) => events.push(value),
      };
      const scanner = new XmlScanner(handler);
      for (const chunk of chunks) scanner.write(chunk);
      scanner.end();
      // Text may arrive in pieces; join neighbouring pieces before comparing.
      return events.join('');
    };
    const whole = eventsOf([xml]);
    expect(whole).toBe('<a x="1 > 0" y=\'"\'><b>t&üAx\ny<</b><c></c><d><f g="h">é😀</f></a>');
    for (let size = 1; size <= 9; size += 1) {
      const chunks: string[] = [];
      for (let i = 0; i < xml.length; i += size) chunks.push(xml.slice(i, i + size));
      expect(eventsOf(chunks)).toBe(whole);
    }
  });
});
