/**
 * A report as PowerPoint (pptxgenjs): a title slide, the headline figures, every chart as a
 * native chart carrying its data (editable in PowerPoint and LibreOffice), every table as native
 * tables over as many slides as its rows need (12 pt, header repeated), maps and treemaps as
 * sharp pictures beside their data, and the analysis flowing over as many slides as it needs.
 */
import type PptxGenJS from 'pptxgenjs';
import type {
  ChartSection,
  NativeChart,
  PictureSection,
  ReportDocument,
  ReportTable,
  TableSection,
} from './document.ts';
import { CHART_COLORS } from '@spotzcity/shared/charts/common';
import { AXIS_FORMAT_CODES, FORMAT_CODES, cellText, isNumeric, longDate } from './format.ts';
import { loadChartRenderer, renderPng } from './svg.ts';
import { paginateText } from './text.ts';

type Slide = ReturnType<PptxGenJS['addSlide']>;

/** 16:9, 10 × 5.625 in. */
const W = 10;
const MARGIN = 0.4;
const TITLE_Y = 0.25;
const BODY_Y = 0.95;
const BODY_H = 5.625 - BODY_Y - 0.45;
const INK = '1F2937';
const MUTED = '6B7280';
const FONT = 'Arial';
/** Table rows of 12 pt text: 0.3 in each leaves room for the header and a footnote. */
export const TABLE_ROWS_PER_SLIDE = 12;
/** A chart's own small table sits beside it: at most this many rows, this wide (in). */
const SIDE_TABLE_ROWS = 11;
const SIDE_TABLE_W = 3.6;
/** Rows beside a picture (half the slide's width). */
export const PICTURE_ROWS_PER_SLIDE = 12;
/** Characters of 14 pt text per analysis slide (9.2 × 4.4 in: about 18 lines of 100). */
export const ANALYSIS_CHARS_PER_SLIDE = 1_800;

const hex = (color: string) => color.replace('#', '').toUpperCase();

function heading(slide: Slide, doc: ReportDocument, title: string, subtitle?: string) {
  slide.addText(title, {
    x: MARGIN,
    y: TITLE_Y,
    w: W - 2 * MARGIN,
    h: 0.45,
    fontSize: 20,
    bold: true,
    color: INK,
    fontFace: FONT,
    fit: 'shrink',
  });
  slide.addText(subtitle ?? `${doc.title} · ${doc.organisation}`, {
    x: MARGIN,
    y: TITLE_Y + 0.42,
    w: W - 2 * MARGIN,
    h: 0.28,
    fontSize: 12,
    color: MUTED,
    fontFace: FONT,
  });
}

/** Characters of 12 pt italic text per footnote line (8.6 in wide). */
const FOOTNOTE_CHARS_PER_LINE = 100;

function footnote(slide: Slide, text: string | undefined) {
  if (!text) return;
  // A note of three lines (the Tier 2 note) grows upwards instead of running off the slide.
  const lines = Math.ceil(text.length / FOOTNOTE_CHARS_PER_LINE);
  const h = Math.max(0.4, lines * 0.2 + 0.05);
  slide.addText(text, {
    x: MARGIN,
    y: 5.625 - 0.15 - h,
    w: W - 2 * MARGIN - 0.6,
    h,
    fontSize: 12,
    italic: true,
    color: MUTED,
    fontFace: FONT,
    valign: 'top',
  });
}

const part = (title: string, index: number, count: number) =>
  count > 1 ? `${title} (${index + 1} of ${count})` : title;

function tableRows(table: ReportTable, rows: unknown[][]) {
  const header = table.columns.map((c) => ({
    text: c.header,
    options: {
      bold: true,
      fill: { color: 'F1F5F9' },
      align: isNumeric(c.kind) ? ('right' as const) : ('left' as const),
    },
  }));
  const body = rows.map((row) =>
    table.columns.map((c, i) => ({
      text: cellText(c.kind, row[i]),
      options: { align: isNumeric(c.kind) ? ('right' as const) : ('left' as const) },
    })),
  );
  return [header, ...body];
}

function addTable(slide: Slide, table: ReportTable, rows: unknown[][], x: number, w: number) {
  const weights = table.columns.map((c) => c.width ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  slide.addTable(tableRows(table, rows), {
    x,
    y: BODY_Y + 0.05,
    w,
    colW: weights.map((weight) => (weight / total) * w),
    fontSize: 12,
    fontFace: FONT,
    color: INK,
    rowH: 0.3,
    border: { type: 'solid', pt: 0.5, color: 'CBD5E1' },
    valign: 'middle',
    margin: 0.04,
  });
}

/** The spec's words for an empty list or chart. */
function noRecords(slide: Slide) {
  slide.addText('No Records Found', {
    x: MARGIN,
    y: BODY_Y + 0.4,
    w: W - 2 * MARGIN,
    h: 0.5,
    fontSize: 16,
    color: MUTED,
    fontFace: FONT,
  });
}

function chunk<T>(items: T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const pages: T[][] = [];
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size));
  return pages;
}

function titleSlide(pptx: PptxGenJS, doc: ReportDocument) {
  const slide = pptx.addSlide({ masterName: 'REPORT' });
  slide.background = { color: 'F8FAFC' };
  slide.addText(doc.organisation, {
    x: 0.6,
    y: 0.9,
    w: 8.8,
    h: 0.5,
    fontSize: 20,
    color: '4F46E5',
    bold: true,
    fontFace: FONT,
  });
  slide.addText(doc.title, {
    x: 0.6,
    y: 1.45,
    w: 8.8,
    h: 0.9,
    fontSize: 34,
    bold: true,
    color: INK,
    fontFace: FONT,
    fit: 'shrink',
  });
  slide.addText(
    doc.filters.map(([label, value]) => ({
      text: `${label}: ${value}`,
      options: { breakLine: true },
    })),
    { x: 0.6, y: 2.5, w: 8.8, h: 1.6, fontSize: 16, color: INK, fontFace: FONT, valign: 'top' },
  );
  slide.addText(`Generated ${longDate(doc.generated)}`, {
    x: 0.6,
    y: 4.4,
    w: 8.8,
    h: 0.4,
    fontSize: 14,
    color: MUTED,
    fontFace: FONT,
  });
}

function figuresSlide(pptx: PptxGenJS, doc: ReportDocument) {
  if (doc.figures.length === 0) return;
  const slide = pptx.addSlide({ masterName: 'REPORT' });
  heading(slide, doc, 'Headline Figures');
  const perRow = doc.figures.length <= 4 ? doc.figures.length : 3;
  const boxW = (W - 2 * MARGIN - (perRow - 1) * 0.25) / perRow;
  doc.figures.forEach((figure, i) => {
    const x = MARGIN + (i % perRow) * (boxW + 0.25);
    const y = BODY_Y + 0.2 + Math.floor(i / perRow) * 1.45;
    slide.addShape('rect', {
      x,
      y,
      w: boxW,
      h: 1.2,
      fill: { color: 'F1F5F9' },
      line: { color: 'E2E8F0' },
    });
    slide.addText(
      [
        { text: figure.label, options: { fontSize: 13, color: MUTED, breakLine: true } },
        { text: figure.value, options: { fontSize: 24, bold: true, color: INK } },
      ],
      { x: x + 0.1, y, w: boxW - 0.2, h: 1.2, fontFace: FONT, valign: 'middle', fit: 'shrink' },
    );
  });
}

const CHART_NAMES = { bar: 'bar', line: 'line', pie: 'pie', doughnut: 'doughnut' } as const;

function addNativeChart(
  slide: Slide,
  native: NativeChart,
  box: { x: number; y: number; w: number; h: number },
) {
  const round = native.type === 'pie' || native.type === 'doughnut';
  const format = FORMAT_CODES[native.format];
  slide.addChart(
    CHART_NAMES[native.type],
    native.series.map((s) => ({ name: s.name, labels: native.categories, values: s.values })),
    {
      ...box,
      fontFace: FONT,
      chartColors: (native.colors ?? CHART_COLORS).map(hex),
      ...(native.title ? { showTitle: true, title: native.title, titleFontSize: 14 } : {}),
      showLegend: round || native.series.length > 1,
      legendPos: round ? 'r' : 't',
      legendFontSize: 12,
      ...(round
        ? {
            showPercent: true,
            showValue: false,
            dataLabelFontSize: 11,
            ...(native.type === 'doughnut' ? { holeSize: 55 } : {}),
          }
        : {
            barDir: native.direction ?? 'col',
            barGrouping: native.stacked ? 'stacked' : 'clustered',
            ...(native.stacked ? { barOverlapPct: 100 } : {}),
            catAxisLabelFontSize: 12,
            valAxisLabelFontSize: 12,
            valAxisLabelFormatCode: AXIS_FORMAT_CODES[native.format],
            dataLabelFormatCode: format,
            // One series of bars: each bar carries its value.
            ...(native.type === 'bar' && native.series.length === 1
              ? { showValue: true, dataLabelFontSize: 11, dataLabelPosition: 'outEnd' }
              : {}),
            // Horizontal bars read top-down in the dashboard's order, as on the screen.
            // (pptxgenjs writes the value through; its types only name 'minMax'.)
            ...(native.direction === 'bar' ? { catAxisOrientation: 'maxMin' as 'minMax' } : {}),
            ...(native.max !== undefined ? { valAxisMaxVal: native.max, valAxisMinVal: 0 } : {}),
            ...(native.type === 'line' ? { lineSize: 2, lineDataSymbolSize: 7 } : {}),
          }),
    },
  );
}

function chartSlides(pptx: PptxGenJS, doc: ReportDocument, section: ChartSection) {
  // A chart without data has nothing to draw: its slide says so (as the dashboard does).
  const natives = (Array.isArray(section.native) ? section.native : [section.native]).filter(
    (native) => native.categories.length > 0 && native.series.length > 0,
  );
  // Several small charts (a doughnut per year): three to a slide.
  const pages = chunk(natives, natives.length > 1 ? 3 : 1);
  // A short table of two or three columns fits beside a single chart.
  const beside =
    section.table &&
    natives.length === 1 &&
    section.table.rows.length <= SIDE_TABLE_ROWS &&
    section.table.columns.length <= 3;
  pages.forEach((page, p) => {
    const slide = pptx.addSlide({ masterName: 'REPORT' });
    heading(slide, doc, part(section.title, p, pages.length), section.subtitle);
    const area = beside ? W - 2 * MARGIN - SIDE_TABLE_W - 0.2 : W - 2 * MARGIN;
    const w = area / page.length;
    page.forEach((native, i) =>
      addNativeChart(slide, native, { x: MARGIN + i * w, y: BODY_Y, w, h: BODY_H - 0.1 }),
    );
    if (page.length === 0) noRecords(slide);
    if (beside && section.table) {
      addTable(slide, section.table, section.table.rows, W - MARGIN - SIDE_TABLE_W, SIDE_TABLE_W);
    }
    footnote(slide, section.note);
  });
  if (section.table && !beside) {
    tableSlides(pptx, doc, { ...section, kind: 'table', table: section.table });
  }
}

function pictureSlides(pptx: PptxGenJS, doc: ReportDocument, section: PictureSection) {
  const pages = chunk(section.table.rows, PICTURE_ROWS_PER_SLIDE);
  // The picture at 96 px per inch on half the slide, rendered at twice that.
  const box = { w: 4.9, h: BODY_H - 0.1 };
  const png = renderPng({
    option: section.option,
    width: box.w * 96,
    height: box.h * 96,
    ...(section.relayout ? { relayout: section.relayout } : {}),
  });
  pages.forEach((rows, p) => {
    const slide = pptx.addSlide({ masterName: 'REPORT' });
    heading(slide, doc, part(section.title, p, pages.length), section.subtitle);
    slide.addImage({
      data: `image/png;base64,${png.toString('base64')}`,
      x: MARGIN,
      y: BODY_Y,
      ...box,
      altText: `${section.title}: the figures are in the table beside it.`,
    });
    addTable(slide, section.table, rows, MARGIN + box.w + 0.2, W - 2 * MARGIN - box.w - 0.2);
    footnote(slide, section.note);
  });
}

function tableSlides(pptx: PptxGenJS, doc: ReportDocument, section: TableSection) {
  const pages = chunk(section.table.rows, TABLE_ROWS_PER_SLIDE);
  pages.forEach((rows, p) => {
    const slide = pptx.addSlide({ masterName: 'REPORT' });
    heading(slide, doc, part(section.title, p, pages.length), section.subtitle);
    if (rows.length === 0) noRecords(slide);
    else addTable(slide, section.table, rows, MARGIN, W - 2 * MARGIN);
    footnote(slide, section.note);
  });
}

function analysisSlides(pptx: PptxGenJS, doc: ReportDocument) {
  const text = doc.analysis.text.trim();
  if (!text) return;
  const pages = paginateText(text, ANALYSIS_CHARS_PER_SLIDE);
  pages.forEach((page, p) => {
    const slide = pptx.addSlide({ masterName: 'REPORT' });
    heading(slide, doc, part(doc.analysis.title, p, pages.length));
    slide.addText(page, {
      x: MARGIN,
      y: BODY_Y,
      w: W - 2 * MARGIN,
      h: BODY_H + 0.2,
      fontSize: 14,
      color: '374151',
      fontFace: FONT,
      valign: 'top',
    });
  });
}

export async function renderPptx(doc: ReportDocument): Promise<Buffer> {
  // Loaded with the first PowerPoint, as the chart renderer.
  const [{ default: Pptx }] = await Promise.all([import('pptxgenjs'), loadChartRenderer()]);
  const pptx = new Pptx();
  pptx.layout = 'LAYOUT_16x9';
  pptx.title = doc.title;
  pptx.company = doc.organisation;
  pptx.author = 'SpotzCity';
  pptx.defineSlideMaster({
    title: 'REPORT',
    background: { color: 'FFFFFF' },
    slideNumber: { x: W - 0.7, y: 5.625 - 0.4, fontSize: 10, color: MUTED, fontFace: FONT },
  });
  titleSlide(pptx, doc);
  figuresSlide(pptx, doc);
  for (const section of doc.sections) {
    if (section.kind === 'chart') chartSlides(pptx, doc, section);
    else if (section.kind === 'picture') pictureSlides(pptx, doc, section);
    else tableSlides(pptx, doc, section);
  }
  analysisSlides(pptx, doc);
  const output = await pptx.write({ outputType: 'nodebuffer' });
  return Buffer.from(output as Uint8Array);
}
