/** The supplier-list template behind the upload dialog's 'HERE' link (DESIGN.md §5). */
import { US_STATES } from '@spotzcity/shared/enums';
import {
  CERTIFICATION_TYPES,
  SUPPLIER_COLUMNS,
  SUPPLIER_TEMPLATE_EXAMPLE,
} from '@spotzcity/shared/search-supplier';
import { BUILT_IN_AGENCIES } from '@spotzcity/shared/verified-diversity';
import { addTemplateSheet, templateDate, templateWorkbook } from '../../platform/templates.ts';

export const SUPPLIER_TEMPLATE_FILE_NAME = 'SpotzCity Suppliers List Template.xlsx';

export async function suppliersTemplate(): Promise<Buffer> {
  const workbook = await templateWorkbook();
  const sheet = addTemplateSheet(workbook, 'Suppliers', SUPPLIER_COLUMNS);
  const dates = ['businessStartDate', 'certificateIssueDate', 'certificateExpiryDate'] as const;
  sheet.addRow({
    ...SUPPLIER_TEMPLATE_EXAMPLE,
    ...Object.fromEntries(dates.map((key) => [key, templateDate(SUPPLIER_TEMPLATE_EXAMPLE[key])])),
  });
  for (const key of dates) sheet.getColumn(key).numFmt = 'mm/dd/yyyy';
  // Identifiers stay text so Excel keeps their leading zeros.
  for (const key of ['duns', 'zip', 'businessContactPhone', 'alternateContactPhone'] as const) {
    sheet.getColumn(key).numFmt = '@';
  }
  const notes = workbook.addWorksheet('Allowed Values');
  notes.columns = [
    { width: 22 },
    { width: 4 },
    { width: 10 },
    { width: 22 },
    { width: 4 },
    { width: 22 },
  ];
  notes.addRow(['Certification Type', '', 'State', 'Name', '', 'Certifying Agency']);
  notes.getRow(1).font = { bold: true };
  for (let i = 0; i < US_STATES.length; i += 1) {
    notes.addRow([
      CERTIFICATION_TYPES[i] ?? '',
      '',
      US_STATES[i]![0],
      US_STATES[i]![1],
      '',
      BUILT_IN_AGENCIES[i] ?? '',
    ]);
  }
  notes.addRow([]);
  notes.addRow([
    'Required columns: Business Name and DUNS (9 digits). A DUNS already in the directory ' +
      'updates that supplier. Certification Type holds one or more types, comma separated. ' +
      'Validated: Yes (or any value other than No) marks the supplier as validated.',
  ]);
  notes.addRow([
    'Certificate columns (optional, one certificate per row; repeat the supplier on another ' +
      'row for a second one): Certificate Type (one of the types above), Certifying Agency (one ' +
      'above or one your organisation added), Certificate Number, Certificate Issue Date and ' +
      'Certificate Expiry Date (MM/DD/YYYY). Fill type, agency and both dates, or none. The ' +
      'certificates are kept for your organisation; the same one uploaded again has its dates ' +
      'updated.',
  ]);
  notes.addRow([
    'Size columns (optional, read by the small-business rule of program categories against ' +
      "SBA's size standard of the Primary NAICS Code): Average Annual Receipts in dollars and " +
      'Number of Employees (a whole number). An empty cell keeps the figure already on file.',
  ]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
