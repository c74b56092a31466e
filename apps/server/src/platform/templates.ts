/**
 * What the upload templates (spend, suppliers list, events list, Tier 2 report) share: a
 * workbook by SpotzCity whose sheet has the import's columns as a frozen header row in white on
 * dark blue, 'Required' noted on the columns the import requires, and example dates written as
 * real dates.
 */
import type ExcelJS from 'exceljs';
import { loadExcel } from './excel.ts';

const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFFFFFFF' } };
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F4E79' },
};

export interface TemplateColumn {
  header: string;
  key: string;
  required?: boolean;
}

export async function templateWorkbook() {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  workbook.creator = 'SpotzCity';
  return workbook;
}

/** White on dark blue: a template's header row, and the header of its notes' table. */
export function styleHeaderRow(row: ExcelJS.Row) {
  row.font = HEADER_FONT;
  row.fill = HEADER_FILL;
}

/**
 * Adds sheet `name` with `columns` as its frozen header row, each column as wide as `width` says
 * (by default its header's length, at least 14); with `requiredNotes`, a 'Required' note on the
 * header of each required column.
 */
export function addTemplateSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly TemplateColumn[],
  {
    width = (c: TemplateColumn) => Math.max(14, c.header.length + 6),
    requiredNotes = true,
  }: { width?: (c: TemplateColumn) => number; requiredNotes?: boolean } = {},
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.key, width: width(c) }));
  styleHeaderRow(sheet.getRow(1));
  if (requiredNotes) {
    columns.forEach((c, i) => {
      if (c.required) sheet.getCell(1, i + 1).note = 'Required';
    });
  }
  return sheet;
}

/** An example's 'MM/DD/YYYY' as the date Excel shows with the mm/dd/yyyy format. */
export function templateDate(text: string) {
  const [month, day, year] = text.split('/').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!));
}
