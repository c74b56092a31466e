/**
 * The export pipeline every dashboard uses (DESIGN.md §7): a captured dashboard image (1600×900)
 * becomes a .pptx or a .pdf with the report's title and analysis text; Excel workbooks are built
 * from figures the server computed itself. Cells that could be read as formulas are written as text.
 */
import type { FastifyReply } from 'fastify';
import { loadExcel } from './excel.ts';
import { ValidationError } from './errors.ts';

export const MIME = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export interface CapturedImage {
  mime: 'image/png' | 'image/jpeg';
  data: Buffer;
}

const DATA_URL = /^data:(image\/(?:png|jpeg));base64,([A-Za-z0-9+/]+={0,2})$/;

/** Decodes the browser's capture (a PNG or JPEG data URL) and checks that the bytes agree. */
export function decodeImage(dataUrl: string, field = 'image'): CapturedImage {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match?.[1] || !match[2])
    throw ValidationError.field(field, 'The image must be a PNG or JPEG data URL.');
  const data = Buffer.from(match[2], 'base64');
  const png = data
    .subarray(0, 8)
    .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  if (!(png || jpeg))
    throw ValidationError.field(field, 'The image must be a PNG or JPEG data URL.');
  return { mime: png ? 'image/png' : 'image/jpeg', data };
}

export interface SlideContent {
  title: string;
  image: CapturedImage;
  analysis?: string | undefined;
  /** A line such as "Period: Q1-Q2 2025" or "Files: spend-2025.xlsx". */
  subtitle?: string | undefined;
}

export async function buildPptx(content: SlideContent): Promise<Buffer> {
  // Loaded with the first export, not with the server: a server that builds none never holds it.
  const { default: PptxGenJS } = await import('pptxgenjs');
  const pptx = new PptxGenJS();
  pptx.layout = 'LAYOUT_16x9'; // 10 × 5.625 in
  pptx.title = content.title;
  const slide = pptx.addSlide();
  slide.addText(content.title, {
    x: 0.3,
    y: 0.15,
    w: 9.4,
    h: 0.45,
    fontSize: 20,
    bold: true,
    color: '1F2937',
  });
  if (content.subtitle) {
    slide.addText(content.subtitle, {
      x: 0.3,
      y: 0.55,
      w: 9.4,
      h: 0.3,
      fontSize: 11,
      color: '6B7280',
    });
  }
  // 16:9 picture under the title.
  slide.addImage({
    data: `${content.image.mime};base64,${content.image.data.toString('base64')}`,
    x: 0.95,
    y: 0.9,
    w: 8.1,
    h: 4.556,
  });
  if (content.analysis?.trim()) {
    const notes = pptx.addSlide();
    notes.addText('Analysis', {
      x: 0.4,
      y: 0.3,
      w: 9.2,
      h: 0.5,
      fontSize: 20,
      bold: true,
      color: '1F2937',
    });
    notes.addText(content.analysis.trim(), {
      x: 0.4,
      y: 0.9,
      w: 9.2,
      h: 4.4,
      fontSize: 13,
      color: '374151',
      valign: 'top',
      fit: 'shrink',
    });
  }
  const output = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.from(output as Uint8Array);
}

export async function buildPdf(content: SlideContent): Promise<Buffer> {
  // Loaded with the first export, not with the server: a server that builds none never holds it.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    // A4 landscape: 841.89 × 595.28 pt.
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: content.title },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(18).fillColor('#1F2937').text(content.title, { align: 'left' });
    if (content.subtitle)
      doc.moveDown(0.2).fontSize(10).fillColor('#6B7280').text(content.subtitle);
    const top = doc.y + 8;
    const width = doc.page.width - 72;
    const height = doc.page.height - top - 36;
    doc.image(content.image.data, 36, top, { fit: [width, height], align: 'center' });
    if (content.analysis?.trim()) {
      doc.addPage();
      doc.fontSize(16).fillColor('#1F2937').text('Analysis');
      doc
        .moveDown(0.5)
        .fontSize(11)
        .fillColor('#374151')
        .text(content.analysis.trim(), { align: 'left' });
    }
    doc.end();
  });
}

/* ---------- Excel ---------- */

export type CellKind = 'money' | 'percent' | 'integer' | 'year' | 'date' | 'text';

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /**
   * 'money' (dollars with cents), 'percent' (the value is 0–100, the cell holds the fraction
   * with a % format), 'integer', 'year' (no thousands separator), 'date' (a Date or YYYY-MM-DD)
   * or text (the default).
   */
  kind?: CellKind;
}

export interface Sheet {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
}

/** A Summary value: text, or a figure written as a typed cell. */
export type SummaryValue =
  | string
  | { value: number; kind: Exclude<CellKind, 'date' | 'text'> }
  | { value: string | Date; kind: 'date' };

/** Typed Summary values: `['Total Spend', summary.money(1234.5)]`. */
export const summary = {
  money: (value: number): SummaryValue => ({ value, kind: 'money' }),
  percent: (value: number): SummaryValue => ({ value, kind: 'percent' }),
  integer: (value: number): SummaryValue => ({ value, kind: 'integer' }),
  year: (value: number): SummaryValue => ({ value, kind: 'year' }),
  date: (value: string | Date): SummaryValue => ({ value, kind: 'date' }),
};

export interface WorkbookMeta {
  title: string;
  /** Label/value pairs: what the figures cover (files, period, span …) and the headline figures. */
  parameters: [string, SummaryValue][];
  analysis?: string | undefined;
}

/**
 * Text is always written as a string cell, which a spreadsheet never evaluates, so text that
 * starts like a formula (=, +, -, @) stays exactly what the user typed: no apostrophe is added.
 * exceljs only writes a formula for an explicit `{ formula }` value, never for a string.
 */
export function textCell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : String(value);
}

const NUM_FMT: Record<CellKind, string | undefined> = {
  money: '"$"#,##0.00',
  percent: '0.00%',
  integer: '#,##0',
  year: '0',
  date: 'mm/dd/yyyy',
  text: undefined,
};

/** A calendar date (YYYY-MM-DD) as an Excel date at UTC midnight, so the day never shifts. */
export const excelDate = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** A value for a cell of the given kind: numbers as numbers, dates as dates, the rest as text. */
export function typedValue(kind: CellKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'money':
    case 'integer':
    case 'year':
      return Number(value);
    case 'percent':
      // Hundredths of a percent: 27.42 → 0.2742 exactly as Excel would hold 27.42%.
      return Number((Number(value) / 100).toFixed(6));
    case 'date':
      return value instanceof Date ? value : excelDate(String(value));
    default:
      return textCell(value);
  }
}

const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';

/** Characters per line of the Summary's value column (width 100) and points per line. */
const SUMMARY_WIDTH = 100;
const LINE_POINTS = 15;
/** Excel's tallest row is 409 pt: a paragraph longer than this goes on over several rows. */
const MAX_CELL_CHARS = 2_000;

/** The analysis as paragraphs short enough for one wrapped cell each. */
export function analysisParagraphs(text: string): string[] {
  const paragraphs: string[] = [];
  for (const line of text.trim().split(/\r?\n/)) {
    let rest = line;
    while (rest.length > MAX_CELL_CHARS) {
      const cut = rest.lastIndexOf(' ', MAX_CELL_CHARS);
      const at = cut > MAX_CELL_CHARS / 2 ? cut : MAX_CELL_CHARS;
      paragraphs.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    paragraphs.push(rest);
  }
  return paragraphs;
}

/** Wrapped lines of a text in a column `width` characters wide (an estimate for the row height). */
const wrappedLines = (text: string, width: number) =>
  Math.max(1, Math.ceil(text.length / (width * 0.95)));

export async function buildWorkbook(meta: WorkbookMeta, sheets: Sheet[]): Promise<Buffer> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.creator = 'SpotzCity';
  workbook.created = new Date();

  const sheet0 = workbook.addWorksheet('Summary');
  sheet0.columns = [{ width: 30 }, { width: SUMMARY_WIDTH }];
  sheet0.addRow([textCell(meta.title)]).font = { bold: true, size: 14 };
  sheet0.addRow([]);
  for (const [label, value] of meta.parameters) {
    const typed = typeof value === 'string' ? null : value;
    const row = sheet0.addRow([
      textCell(label),
      typed ? typedValue(typed.kind, typed.value) : textCell(value),
    ]);
    row.getCell(1).font = { bold: true };
    const cell = row.getCell(2);
    cell.alignment = { horizontal: 'left', vertical: 'top', wrapText: true };
    if (typed) cell.numFmt = NUM_FMT[typed.kind] ?? 'General';
    // A long value (the counting rule in words) wraps: the row grows to show it.
    else if (wrappedLines(value as string, SUMMARY_WIDTH) > 1) {
      row.height = Math.min(409, wrappedLines(value as string, SUMMARY_WIDTH) * LINE_POINTS);
    }
  }
  if (meta.analysis?.trim()) {
    sheet0.addRow([]);
    // One wrapped, unmerged cell per paragraph: a merged cell never grows to show its text.
    analysisParagraphs(meta.analysis).forEach((paragraph, i) => {
      const row = sheet0.addRow([i === 0 ? 'Analysis' : null, textCell(paragraph)]);
      row.getCell(1).font = { bold: true };
      row.getCell(1).alignment = { vertical: 'top' };
      row.getCell(2).alignment = { wrapText: true, vertical: 'top' };
      row.height = Math.min(409, wrappedLines(paragraph, SUMMARY_WIDTH) * LINE_POINTS);
    });
  }

  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheetName(sheet.name));
    ws.columns = sheet.columns.map((c) => ({
      header: c.header,
      key: c.key,
      width: c.width ?? Math.max(12, c.header.length + 2),
      style: NUM_FMT[c.kind ?? 'text'] ? { numFmt: NUM_FMT[c.kind ?? 'text'] } : {},
    }));
    ws.getRow(1).font = { bold: true };
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    for (const row of sheet.rows) {
      const values: Record<string, unknown> = {};
      for (const column of sheet.columns) {
        values[column.key] = typedValue(column.kind ?? 'text', row[column.key]);
      }
      ws.addRow(values);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/* ---------- replies ---------- */

/** A file name safe for a header: letters, digits, spaces, dots, commas, dashes and underscores. */
export function safeFileName(name: string, extension: string) {
  const base =
    name
      .replace(/[^\w .,-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'download';
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`;
}

export function sendFile(reply: FastifyReply, body: Buffer, fileName: string, type: string) {
  return reply
    .type(type)
    .header(
      'Content-Disposition',
      `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('Cache-Control', 'no-store')
    .send(body);
}
