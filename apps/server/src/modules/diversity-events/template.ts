/** The events-list template behind the upload dialog's 'HERE' link (DESIGN.md §5). */
import {
  EVENT_COLUMNS,
  EVENT_TEMPLATE_EXAMPLE,
  EVENT_TYPES,
} from '@spotzcity/shared/diversity-events';
import { addTemplateSheet, templateDate, templateWorkbook } from '../../platform/templates.ts';

export const EVENT_TEMPLATE_FILE_NAME = 'SpotzCity Diversity Events Template.xlsx';

export async function eventsTemplate(): Promise<Buffer> {
  const workbook = await templateWorkbook();
  const sheet = addTemplateSheet(workbook, 'Events', EVENT_COLUMNS, {
    width: (c) => (c.key === 'description' ? 60 : Math.max(14, c.header.length + 6)),
  });
  sheet.addRow({
    ...EVENT_TEMPLATE_EXAMPLE,
    startDate: templateDate(String(EVENT_TEMPLATE_EXAMPLE.startDate)),
  });
  sheet.getColumn('startDate').numFmt = 'mm/dd/yyyy';
  const notes = workbook.addWorksheet('Allowed Values');
  notes.addRow(['Event Type']);
  notes.getRow(1).font = { bold: true };
  for (const type of EVENT_TYPES) notes.addRow([type]);
  notes.addRow([]);
  notes.addRow([
    'Required columns: Event Type, Event Name and Start Date (MM/DD/YYYY or an Excel date). ' +
      'Attendance and Exhibitor are whole numbers. An event with the same type, name and start ' +
      'date as an existing one updates it.',
  ]);
  notes.getColumn(1).width = 40;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
