/**
 * A report as a paged vector PDF (pdfkit): landscape A4, or Letter where the reader's locale
 * uses it (the organisation has no locale of its own; see `paperFor`); every page carries the organisation, the dashboard and its filters, and its
 * number. Charts are the dashboards' own ECharts options rendered to SVG on the server and drawn
 * as vectors (svg-to-pdfkit); maps and treemaps sit above their data; every table row is
 * written, the header repeated on each page; the analysis flows over as many pages as it needs.
 */
import type SVGtoPDFFunction from 'svg-to-pdfkit';
import type { ChartSection, PictureSection, ReportDocument, ReportTable } from './document.ts';
import { filtersInWords } from './document.ts';
import { cellText, isNumeric, longDate } from './format.ts';
import { loadChartRenderer, renderSvg } from './svg.ts';

type Doc = PDFKit.PDFDocument;

/** svg-to-pdfkit, loaded with the first PDF (as pdfkit and the chart renderer). */
let SVGtoPDF: typeof SVGtoPDFFunction;

const MARGIN = 40;
const HEADER = 46;
const FOOTER = 28;
const INK = '#1F2937';
const MUTED = '#6B7280';
const LINE = '#CBD5E1';
const ROW = 18;
/** Tables of up to this many rows are never split over two pages. */
const KEEP_TOGETHER_ROWS = 16;
const PICTURE_HEIGHT = 240;

const top = () => MARGIN + HEADER;
const bottom = (doc: Doc) => doc.page.height - MARGIN - FOOTER;
const contentWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** Starts a new page when fewer than `height` points are left. */
function ensure(doc: Doc, height: number) {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

/** A section title stays with what follows it: `room` is the height that must fit under it. */
function sectionTitle(doc: Doc, title: string, subtitle: string | undefined, room: number) {
  ensure(doc, 44 + Math.min(room, bottom(doc) - top() - 44));
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(title, MARGIN, doc.y);
  if (subtitle) doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(subtitle);
  doc.moveDown(0.3);
}

/** The height a note takes (its font set, as note() writes it). */
function noteHeight(doc: Doc, text?: string): number {
  if (!text) return 0;
  doc.font('Helvetica-Oblique').fontSize(9);
  return doc.heightOfString(text, { width: contentWidth(doc) }) + 6;
}

function note(doc: Doc, text?: string) {
  if (!text) return;
  doc.font('Helvetica-Oblique').fontSize(9).fillColor(MUTED);
  // A note of a few lines stays whole: it moves to the next page rather than split after its
  // first line.
  const height = doc.heightOfString(text, { width: contentWidth(doc) });
  const bottom = doc.page.height - doc.page.margins.bottom;
  if (doc.y + height > bottom && height < bottom - doc.page.margins.top) doc.addPage();
  doc.text(text, MARGIN, doc.y, {
    width: contentWidth(doc),
  });
  doc.moveDown(0.3);
}

function table(doc: Doc, data: ReportTable, title: string) {
  const width = contentWidth(doc);
  const weights = data.columns.map((c) => c.width ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * width);
  doc.font('Helvetica-Bold').fontSize(9);
  // A header may take two lines ('Number of Suppliers' in a narrow column).
  const headerHeight = Math.max(
    ROW,
    ...data.columns.map((c, i) => doc.heightOfString(c.header, { width: widths[i]! - 8 }) + 10),
  );
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, headerHeight).fill('#F1F5F9');
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
    let x = MARGIN;
    data.columns.forEach((c, i) => {
      doc.text(c.header, x + 4, y + 5, {
        width: widths[i]! - 8,
        align: isNumeric(c.kind) ? 'right' : 'left',
      });
      x += widths[i]!;
    });
    doc.y = y + headerHeight;
  };
  if (data.rows.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('No Records Found', MARGIN, doc.y);
    return;
  }
  // A short table stays on one page; a long one starts where a few rows fit.
  ensure(doc, headerHeight + ROW * Math.min(data.rows.length, KEEP_TOGETHER_ROWS));
  header();
  data.rows.forEach((row, r) => {
    // Every row is written: a full page starts a new one under the same header.
    if (doc.y + ROW > bottom(doc)) {
      doc.addPage();
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${title} (continued)`, MARGIN, doc.y);
      doc.moveDown(0.2);
      header();
    }
    const y = doc.y;
    if (r % 2 === 1) doc.rect(MARGIN, y, width, ROW).fill('#F8FAFC');
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    let x = MARGIN;
    data.columns.forEach((c, i) => {
      doc.text(cellText(c.kind, row[i]), x + 4, y + 5, {
        width: widths[i]! - 8,
        align: isNumeric(c.kind) ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + ROW)
      .lineTo(MARGIN + width, y + ROW)
      .lineWidth(0.4)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + ROW;
  });
  doc.x = MARGIN;
  doc.moveDown(0.5);
}

const drawingHeight = (section: ChartSection | PictureSection) =>
  section.kind === 'chart' ? (section.height ?? 250) : PICTURE_HEIGHT;

/** Room under a section title (with a subtitle) on a fresh page. */
const TITLE_ROOM = 72;

function chart(doc: Doc, section: ChartSection | PictureSection) {
  const width = contentWidth(doc);
  const natural = drawingHeight(section);
  // A drawing taller than a page under its title (the Spend Dashboard's two rows of donuts on
  // landscape Letter) is drawn smaller, so the title never stays alone on the page before it.
  const height = Math.min(natural, bottom(doc) - top() - TITLE_ROOM);
  const scale = height / natural;
  ensure(doc, height + 10);
  const svg = renderSvg({
    option: section.option,
    width,
    height: natural,
    ...(section.kind === 'picture' && section.relayout ? { relayout: section.relayout } : {}),
  });
  SVGtoPDF(doc, svg, MARGIN + (width * (1 - scale)) / 2, doc.y, {
    width: width * scale,
    height,
    assumePt: true,
    fontCallback: (family: string, bold: boolean) => (bold ? 'Helvetica-Bold' : 'Helvetica'),
  });
  doc.y += height + 6;
  doc.x = MARGIN;
}

function figures(doc: Doc, report: ReportDocument) {
  if (report.figures.length === 0) return;
  const perRow = Math.min(report.figures.length, 5);
  const gap = 10;
  const boxW = (contentWidth(doc) - (perRow - 1) * gap) / perRow;
  report.figures.forEach((figure, i) => {
    if (i % perRow === 0) {
      if (i > 0) doc.y += 66;
      ensure(doc, 66);
    }
    const x = MARGIN + (i % perRow) * (boxW + gap);
    const y = doc.y;
    doc.roundedRect(x, y, boxW, 58, 4).fill('#F1F5F9');
    // The label may take two lines; the figure sits under them.
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(figure.label, x + 8, y + 7, { width: boxW - 16, height: 22, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(15).fillColor(INK);
    doc.text(figure.value, x + 8, y + 33, { width: boxW - 16, lineBreak: false, ellipsis: true });
    doc.y = y;
  });
  doc.y += 70;
  doc.x = MARGIN;
}

/** The header and page number of every page, written once the pages are known. */
function frame(doc: Doc, report: ReportDocument) {
  const range = doc.bufferedPageRange();
  const filters = filtersInWords(report);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = contentWidth(doc);
    // Text outside the margins must not add pages.
    const margins = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.font('Helvetica-Bold').fontSize(10).fillColor(INK);
    doc.text(`${report.organisation} · ${report.title}`, MARGIN, MARGIN - 10, {
      width,
      lineBreak: false,
      ellipsis: true,
    });
    doc.font('Helvetica').fontSize(9).fillColor(MUTED);
    doc.text(filters, MARGIN, MARGIN + 4, { width, height: 24, ellipsis: true });
    doc
      .moveTo(MARGIN, MARGIN + HEADER - 12)
      .lineTo(MARGIN + width, MARGIN + HEADER - 12)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.fontSize(9).fillColor(MUTED);
    doc.text(
      `Page ${i - range.start + 1} of ${range.count}`,
      MARGIN,
      doc.page.height - MARGIN - 8,
      { width, align: 'right', lineBreak: false },
    );
    doc.text(`Generated ${longDate(report.generated)}`, MARGIN, doc.page.height - MARGIN - 8, {
      width,
      align: 'left',
      lineBreak: false,
    });
    doc.page.margins = margins;
  }
}

export async function renderPdf(report: ReportDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, svgToPdf] = await Promise.all([
    import('pdfkit'),
    import('svg-to-pdfkit'),
    loadChartRenderer(),
  ]);
  SVGtoPDF = svgToPdf.default;
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: report.paper,
      layout: 'landscape',
      margins: { top: top(), bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: { Title: `${report.title} — ${report.organisation}`, Author: 'SpotzCity' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(report.title, MARGIN, top());
      doc.font('Helvetica').fontSize(12).fillColor(MUTED).text(report.organisation);
      doc.moveDown(0.3);
      doc.fontSize(10).fillColor(INK);
      for (const [label, value] of report.filters) doc.text(`${label}: ${value}`);
      doc.moveDown(0.6);
      figures(doc, report);
      for (const section of report.sections) {
        // What must fit under the title: a table's first rows, or a drawing with its short
        // table (a long one may start on the next page).
        const rows = (table?: ReportTable) =>
          table ? ROW * (1 + Math.min(table.rows.length, KEEP_TOGETHER_ROWS)) : 0;
        // A short table keeps its note on its page (the note under it explains its figures).
        const first =
          section.kind === 'table'
            ? rows(section.table) +
              (section.table.rows.length <= KEEP_TOGETHER_ROWS ? noteHeight(doc, section.note) : 0)
            : drawingHeight(section) +
              10 +
              ((section.table?.rows.length ?? 0) <= KEEP_TOGETHER_ROWS
                ? rows(section.table) + 20
                : 0);
        sectionTitle(doc, section.title, section.subtitle, first);
        if (section.kind !== 'table') chart(doc, section);
        if (section.kind !== 'table') note(doc, section.note);
        const data = section.kind === 'chart' ? section.table : section.table;
        if (data) table(doc, data, section.title);
        if (section.kind === 'table') note(doc, section.note);
      }
      const text = report.analysis.text.trim();
      if (text) {
        sectionTitle(doc, report.analysis.title, undefined, 60);
        doc
          .font('Helvetica')
          .fontSize(11)
          .fillColor('#374151')
          .text(text, MARGIN, doc.y, {
            width: contentWidth(doc),
            align: 'left',
          });
      }
      frame(doc, report);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
