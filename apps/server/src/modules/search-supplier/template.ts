/** The supplier-list template behind the upload dialog's 'HERE' link (DESIGN.md §5). */
import ExcelJS from 'exceljs';
import { US_STATES } from '@spotzcity/shared/enums';
import {
  CERTIFICATION_TYPES,
  SUPPLIER_COLUMNS,
  SUPPLIER_TEMPLATE_EXAMPLE,
} from '@spotzcity/shared/search-supplier';

export const SUPPLIER_TEMPLATE_FILE_NAME = 'SpotzCity Suppliers List Template.xlsx';

export async function suppliersTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SpotzCity';
  const sheet = workbook.addWorksheet('Suppliers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SUPPLIER_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(14, c.header.length + 6),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  SUPPLIER_COLUMNS.forEach((c, i) => {
    if ('required' in c && c.required) sheet.getCell(1, i + 1).note = 'Required';
  });
  const [month, day, year] = SUPPLIER_TEMPLATE_EXAMPLE.businessStartDate.split('/').map(Number);
  sheet.addRow({
    ...SUPPLIER_TEMPLATE_EXAMPLE,
    businessStartDate: new Date(Date.UTC(year!, month! - 1, day!)),
  });
  sheet.getColumn('businessStartDate').numFmt = 'mm/dd/yyyy';
  // Identifiers stay text so Excel keeps their leading zeros.
  for (const key of ['duns', 'zip', 'businessContactPhone', 'alternateContactPhone'] as const) {
    sheet.getColumn(key).numFmt = '@';
  }
  const notes = workbook.addWorksheet('Allowed Values');
  notes.columns = [{ width: 22 }, { width: 4 }, { width: 10 }, { width: 22 }];
  notes.addRow(['Certification Type', '', 'State', 'Name']);
  notes.getRow(1).font = { bold: true };
  for (let i = 0; i < US_STATES.length; i += 1) {
    notes.addRow([CERTIFICATION_TYPES[i] ?? '', '', US_STATES[i]![0], US_STATES[i]![1]]);
  }
  notes.addRow([]);
  notes.addRow([
    'Required columns: Business Name and DUNS (9 digits). A DUNS already in the directory ' +
      'updates that supplier. Certification Type holds one or more types, comma separated. ' +
      'Validated: Yes (or any value other than No) marks the supplier as validated.',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
