/**
 * The export pipeline every dashboard uses (DESIGN.md §7): a captured dashboard image (1600×900)
 * becomes a .pptx or a .pdf with the report's title and analysis text; Excel workbooks are built
 * from figures the server computed itself. Cells that could be read as formulas are written as text.
 */
import type { FastifyReply } from 'fastify';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import PptxGenJS from 'pptxgenjs';
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

export function buildPdf(content: SlideContent): Promise<Buffer> {
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

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
  /** 'money' (dollars with separators), 'percent' (value in 0–100), 'integer' or 'date'. */
  kind?: 'money' | 'percent' | 'integer' | 'date' | 'text';
}

export interface Sheet {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
}

export interface WorkbookMeta {
  title: string;
  /** Label/value pairs describing what the figures cover (files, period, span …). */
  parameters: [string, string][];
  analysis?: string | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** A string that a spreadsheet could read as a formula is written as text (OWASP CSV injection). */
export function safeCell(value: unknown): unknown {
  if (typeof value === 'string' && FORMULA_START.test(value)) return `'${value}`;
  return value;
}

const NUM_FMT: Record<NonNullable<SheetColumn['kind']>, string | undefined> = {
  money: '"$"#,##0.00',
  percent: '0.00"%"',
  integer: '#,##0',
  date: 'mm/dd/yyyy',
  text: undefined,
};

const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet';

export async function buildWorkbook(meta: WorkbookMeta, sheets: Sheet[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SpotzCity';
  workbook.created = new Date();

  const summary = workbook.addWorksheet('Summary');
  summary.columns = [{ width: 28 }, { width: 80 }];
  summary.addRow([safeCell(meta.title)]).font = { bold: true, size: 14 };
  summary.addRow([]);
  for (const [label, value] of meta.parameters) {
    const row = summary.addRow([safeCell(label), safeCell(value)]);
    row.getCell(1).font = { bold: true };
  }
  if (meta.analysis?.trim()) {
    summary.addRow([]);
    summary.addRow(['Analysis']).font = { bold: true };
    const row = summary.addRow([safeCell(meta.analysis.trim())]);
    summary.mergeCells(row.number, 1, row.number, 2);
    row.getCell(1).alignment = { wrapText: true, vertical: 'top' };
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
        const value = row[column.key];
        values[column.key] =
          column.kind === 'money' || column.kind === 'percent' || column.kind === 'integer'
            ? value === null || value === undefined || value === ''
              ? null
              : Number(value)
            : safeCell(value);
      }
      ws.addRow(values);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/* ---------- replies ---------- */

/** A file name safe for a header: letters, digits, spaces, dots, dashes and underscores. */
export function safeFileName(name: string, extension: string) {
  const base =
    name
      .replace(/[^\w .-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100) || 'download';
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
