/**
 * A refused import's error report: every problem kept in import_job_errors, in the
 * order found, as an .xlsx — Row, Column, Value, Message — streamed as it is read (10,000 rows a
 * query), so a report of 100,000 problems never sits in memory. A second sheet says which file
 * it was and why it was refused. Values are written as text cells: never a formula.
 */
import { PassThrough, type Readable } from 'node:stream';
import { and, asc, eq, gt } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { loadExcel } from '../excel.ts';
import type { DbOrTx } from '../../db/client.ts';
import { importJobErrors } from '../../db/schema/index.ts';
import type { ImportJobRow } from '../import-jobs.ts';

const PAGE = 10_000;
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FF1F4E79' },
};

/** "Problems in AP 2024.xlsx" as a file name (the upload's own name without its extension). */
export const errorReportName = (fileName: string) =>
  `Problems in ${fileName.replace(/\.xlsx$/i, '')}.xlsx`;

export async function errorWorkbook(db: DbOrTx, job: ImportJobRow): Promise<Readable> {
  const { stream } = await loadExcel();
  const out = new PassThrough();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const write = async () => {
    const sheet = workbook.addWorksheet('Problems', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      { header: 'Row', key: 'row', width: 10 },
      { header: 'Column', key: 'column', width: 26 },
      { header: 'Value', key: 'value', width: 40 },
      { header: 'Message', key: 'message', width: 90 },
    ];
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = HEADER_FILL;
    header.commit();
    let after = -1;
    let count = 0;
    for (;;) {
      const page = await db
        .select()
        .from(importJobErrors)
        .where(and(eq(importJobErrors.jobId, job.id), gt(importJobErrors.position, after)))
        .orderBy(asc(importJobErrors.position))
        .limit(PAGE);
      for (const e of page) {
        sheet
          .addRow({ row: e.row, column: e.column, value: e.value ?? '', message: e.message })
          .commit();
      }
      count += page.length;
      if (page.length < PAGE) break;
      after = page.at(-1)!.position;
    }
    sheet.commit();

    const about = workbook.addWorksheet('File');
    about.columns = [{ width: 22 }, { width: 90 }];
    for (const [label, value] of [
      ['File', job.fileName],
      ['Uploaded', new Date(job.createdAt).toISOString().replace('T', ' ').slice(0, 19) + ' UTC'],
      ['Result', job.message ?? ''],
      ['Problems listed', count],
    ] as const) {
      about.addRow([label, value]).commit();
    }
    about.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
