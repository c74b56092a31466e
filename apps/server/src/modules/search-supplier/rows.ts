/** The supplier list's row module for the spreadsheet reader's worker (platform/xlsx/sheet.ts). */
import type { Cell } from '@spotzcity/shared/cells';
import { parseSupplierRow } from '@spotzcity/shared/search-supplier';

export function parseRow(cells: Record<string, Cell>, context: { date1904: boolean }) {
  return parseSupplierRow(cells, context);
}
