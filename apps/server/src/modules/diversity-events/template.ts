/** The events-list template behind the upload dialog's 'HERE' link (DESIGN.md §5). */
import ExcelJS from 'exceljs';
import {
  EVENT_COLUMNS,
  EVENT_TEMPLATE_EXAMPLE,
  EVENT_TYPES,
} from '@spotzcity/shared/diversity-events';

export const EVENT_TEMPLATE_FILE_NAME = 'SpotzCity Diversity Events Template.xlsx';

export async function eventsTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SpotzCity';
  const sheet = workbook.addWorksheet('Events', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EVENT_COLUMNS.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.key === 'description' ? 60 : Math.max(14, c.header.length + 6),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F4E79' } };
  EVENT_COLUMNS.forEach((c, i) => {
    if ('required' in c && c.required) sheet.getCell(1, i + 1).note = 'Required';
  });
  const [month, day, year] = String(EVENT_TEMPLATE_EXAMPLE.startDate).split('/').map(Number);
  sheet.addRow({
    ...EVENT_TEMPLATE_EXAMPLE,
    startDate: new Date(Date.UTC(year!, month! - 1, day!)),
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
