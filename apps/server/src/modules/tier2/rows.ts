/** The Tier 2 template's row module for the spreadsheet reader's worker (platform/xlsx/sheet.ts). */
import type { Cell } from '@spotzcity/shared/cells';
import { parseTier2Row } from '@spotzcity/shared/tier2';

export function parseRow(cells: Record<string, Cell>) {
  return parseTier2Row(cells);
}
