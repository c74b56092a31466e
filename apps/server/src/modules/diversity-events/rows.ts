/** The events list's row module for the spreadsheet reader's worker (platform/xlsx/sheet.ts). */
import type { Cell } from '@spotzcity/shared/cells';
import { parseEventRow } from '@spotzcity/shared/diversity-events';

export function parseRow(cells: Record<string, Cell>, context: { date1904: boolean }) {
  return parseEventRow(cells, context);
}
