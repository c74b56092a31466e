/**
 * The spend template behind the 'HERE' link (DESIGN.md §5): a first sheet with the columns only
 * (the import reads the first sheet), an 'Example' sheet with the same columns and one filled
 * row, and 'Allowed Values' listing the diversity types, ethnicity categories and states. The
 * example used to sit under the headers and was imported as a payment whenever the template
 * came back unchanged; the import also refuses that row wherever it is pasted.
 */
import type ExcelJS from 'exceljs';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES, US_STATES } from '@spotzcity/shared/enums';
import { DIVERSITY_LEGEND, ETHNICITY_LEGEND } from '@spotzcity/shared/spend';
import { SPEND_COLUMNS, SPEND_TEMPLATE_EXAMPLE } from '@spotzcity/shared/spend-file';
import {
  addTemplateSheet,
  styleHeaderRow,
  templateDate,
  templateWorkbook,
} from '../../platform/templates.ts';

export const TEMPLATE_FILE_NAME = 'SpotzCity Spend Template.xlsx';

/**
 * A sheet with the spend columns as its header row, formatted as the import reads them; the
 * sheet the import reads notes the required columns.
 */
function addSpendSheet(workbook: ExcelJS.Workbook, name: string, requiredNotes = false) {
  const sheet = addTemplateSheet(workbook, name, SPEND_COLUMNS, { requiredNotes });
  sheet.getColumn('spend').numFmt = '#,##0.00';
  sheet.getColumn('paymentDate').numFmt = 'mm/dd/yyyy';
  // Identifiers stay text so Excel keeps their leading zeros.
  for (const key of ['duns', 'zip', 'fein', 'vendorId'] as const) sheet.getColumn(key).numFmt = '@';
  return sheet;
}

export async function spendTemplate(): Promise<Buffer> {
  const workbook = await templateWorkbook();
  addSpendSheet(workbook, 'Spend', true);

  const example = addSpendSheet(workbook, 'Example');
  example.addRow({
    ...SPEND_TEMPLATE_EXAMPLE,
    paymentDate: templateDate(String(SPEND_TEMPLATE_EXAMPLE.paymentDate)),
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
  styleHeaderRow(values.getRow(1));
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
