/**
 * exceljs, loaded with the first workbook a process writes (a template, an export, an error
 * report, the demo data's spend file), not when the server starts: ~14 MB that a
 * server which never writes a workbook does not hold. The spend import reads workbooks with its
 * own reader (platform/xlsx) and never needs it.
 */
import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

export function loadExcel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((module) => module.default);
  return loading;
}
