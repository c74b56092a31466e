/** Workbooks for upload tests: real ones through exceljs, and hand-made zips for the bad cases. */
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { SPEND_COLUMNS } from '@spotzcity/shared/spend-file';
import {
  generateSpendRows,
  generateSuppliers,
  type GeneratedRow,
} from '../src/db/seed/spend-generator.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A workbook whose first sheet holds `rows` (the first one being the header). */
export async function xlsxBuffer(
  rows: unknown[][],
  options: { date1904?: boolean; secondSheet?: unknown[][] } = {},
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  if (options.date1904) workbook.properties.date1904 = true;
  const sheet = workbook.addWorksheet('Spend');
  for (const row of rows) sheet.addRow(row);
  if (options.secondSheet) {
    const other = workbook.addWorksheet('Other');
    for (const row of options.secondSheet) other.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const SPEND_HEADERS = SPEND_COLUMNS.map((c) => c.header);

/** Rows keyed like the template → arrays in the template's column order. */
export const asCells = (row: GeneratedRow) => SPEND_COLUMNS.map((c) => row[c.key]);

/** A realistic spend file of `count` rows from the seeded generator. */
export async function spendFixture(
  count: number,
  options: { seed?: number; rowSeed?: number; from?: string } = {},
) {
  const suppliers = generateSuppliers(40, options.seed ?? 11);
  const rows = [
    ...generateSpendRows(
      suppliers,
      { from: options.from ?? '2024-01-01', days: 365, yearIndex: 0 },
      count,
      options.rowSeed ?? options.seed ?? 11,
    ),
  ];
  return { rows, buffer: await xlsxBuffer([SPEND_HEADERS, ...rows.map(asCells)]) };
}

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** Uncompressed size written in the headers (a lie when it differs from data.length). */
  declaredSize?: number;
  /** CRC-32 written in the headers (a damaged part when it is not the data's). */
  crc?: number;
}

/** A zip written by hand, so that tests can make it lie. Deflated entries, no data descriptors. */
export function zipBuffer(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const crc = entry.crc ?? crc32(entry.data);
    // CRC-32, both sizes and the name's length: the same fields in the local and central headers.
    const writeEntryFields = (header: Buffer, at: number) => {
      header.writeUInt32LE(crc, at);
      header.writeUInt32LE(compressed.length, at + 4);
      header.writeUInt32LE(size, at + 8);
      header.writeUInt16LE(name.length, at + 12);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    writeEntryFields(local, 14);
    locals.push(local, name, compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    writeEntryFields(central, 16);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The parts of a minimal workbook around the given sheet XML. */
export function workbookParts(sheetXml: string): ZipEntry[] {
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });
  return [
    part(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '</Types>',
    ),
    part(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
        '</Relationships>',
    ),
    part(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<sheets><sheet name="Spend" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '</Relationships>',
    ),
    part('xl/worksheets/sheet1.xml', sheetXml),
  ];
}

/** The parts of a minimal workbook whose one cell is shared string 0, `text`. */
export function sharedStringWorkbook(text: string): ZipEntry[] {
  const parts = workbookParts(
    '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
  ).map((part) =>
    part.name === 'xl/_rels/workbook.xml.rels'
      ? {
          ...part,
          data: Buffer.from(
            part.data
              .toString()
              .replace(
                '</Relationships>',
                '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
              ),
          ),
        }
      : part,
  );
  return [
    ...parts,
    {
      name: 'xl/sharedStrings.xml',
      data: Buffer.from(`<sst count="1" uniqueCount="1"><si><t>${text}</t></si></sst>`),
    },
  ];
}

/** Sheet XML with inline-string cells (row 1 = header). */
export function sheetXml(rows: string[][], prolog = ''): string {
  const col = (i: number) => String.fromCharCode(65 + (i % 26)).repeat(Math.floor(i / 26) + 1);
  const body = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">` +
        row
          .map(
            (v, c) =>
              `<c r="${col(c)}${r + 1}" t="inlineStr"><is><t>${v.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</t></is></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>${prolog}` +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${body}</sheetData></worksheet>`
  );
}
