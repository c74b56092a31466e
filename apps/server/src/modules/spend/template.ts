/**
 * The spend template behind the 'HERE' link (DESIGN.md §5): a first sheet with the columns only
 * (the import reads the first sheet), an 'Example' sheet with the same columns and one filled
 * row, and 'Allowed Values' listing the diversity types, ethnicity categories and states. The
 * example used to sit under the headers and was imported as a payment whenever the template
 * came back unchanged (issue #16); the import also refuses that row wherever it is pasted.
 */
import ExcelJS from 'exceljs';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES, US_STATES } from '@spotzcity/shared/enums';
import { DIVERSITY_LEGEND, ETHNICITY_LEGEND } from '@spotzcity/shared/spend';
import { SPEND_COLUMNS, SPEND_TEMPLATE_EXAMPLE } from '@spotzcity/shared/spend-file';

export const TEMPLATE_FILE_NAME = 'SpotzCity Spend Template.xlsx';

const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F4E79' },
};

/** A sheet with the spend columns as its header row, formatted as the import reads them. */
function addSpendSheet(workbook: ExcelJS.Workbook, name: string) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SPEND_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 6),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = HEADER_FILL;
  sheet.getColumn('spend').numFmt = '#,##0.00';
  sheet.getColumn('paymentDate').numFmt = 'mm/dd/yyyy';
  // Identifiers stay text so Excel keeps their leading zeros.
  for (const key of ['duns', 'zip', 'fein', 'vendorId'] as const) sheet.getColumn(key).numFmt = '@';
  return sheet;
}

export async function spendTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SpotzCity';

  const sheet = addSpendSheet(workbook, 'Spend');
  SPEND_COLUMNS.forEach((c, i) => {
    if ('required' in c && c.required) {
      sheet.getCell(1, i + 1).note = 'Required';
    }
  });

  const example = addSpendSheet(workbook, 'Example');
  const [month, day, year] = String(SPEND_TEMPLATE_EXAMPLE.paymentDate).split('/').map(Number);
  example.addRow({
    ...SPEND_TEMPLATE_EXAMPLE,
    paymentDate: new Date(Date.UTC(year!, month! - 1, day!)),
  });
  example.addRow([]);
  example.addRow([
    'An example of a filled row. Fill your rows in the first sheet (Spend): this sheet is not ' +
      'imported.',
  ]);

  const values = workbook.addWorksheet('Allowed Values');
  values.columns = [
    { width: 18 },
    { width: 70 },
    { width: 4 },
    { width: 26 },
    { width: 56 },
    { width: 4 },
    { width: 10 },
    { width: 22 },
  ];
  values.addRow([
    'Diversity Category',
    'Meaning (one or more, comma separated; empty = NON_DIVERSE)',
    '',
    'Ethnicity Category',
    'Meaning',
    '',
    'State',
    'Name',
  ]);
  values.getRow(1).font = { bold: true, color: { argb: 'FFFFFFFF' } };
  values.getRow(1).fill = HEADER_FILL;
  const rows = Math.max(DIVERSITY_TYPES.length, ETHNICITY_CATEGORIES.length, US_STATES.length + 1);
  const states: (readonly [string, string])[] = [...US_STATES, ['DC', 'District of Columbia']];
  for (let i = 0; i < rows; i += 1) {
    const diversity = DIVERSITY_TYPES[i];
    const ethnicity = ETHNICITY_CATEGORIES[i];
    const state = states[i];
    values.addRow([
      diversity ?? '',
      diversity ? DIVERSITY_LEGEND[diversity] : '',
      '',
      ethnicity ?? '',
      ethnicity ? ETHNICITY_LEGEND[ethnicity] : '',
      '',
      state?.[0] ?? '',
      state?.[1] ?? '',
    ]);
  }
  values.addRow([]);
  values.addRow([
    'Required columns: Vendor Name, Spend and Payment Date (MM/DD/YYYY or an Excel date). ' +
      'State is a US state code or name when Country is empty or the USA. Category is the ' +
      'spend category (empty = Uncategorized).',
  ]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
