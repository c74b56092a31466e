/**
 * The spend file's row module for the spreadsheet reader's worker (platform/xlsx.ts): each row is
 * checked with the shared rule and flattened to primitives, ready to become `unnest` arrays.
 */
import type { Cell } from '@spotzcity/shared/cells';
import { parseSpendRow, type SpendColumnKey, type SpendRow } from '@spotzcity/shared/spend-file';

/** A stored row as the worker sends it: diversity types joined by commas, plus `isDiverse`. */
export type SpendRowColumns = Omit<SpendRow, 'diversity'> & {
  diversity: string;
  isDiverse: boolean;
};

export function parseRow(
  cells: Record<string, Cell>,
  context: { date1904: boolean },
):
  | { ok: true; row: SpendRowColumns }
  | { ok: false; problems: { column: string; message: string }[] } {
  const result = parseSpendRow(cells as Record<SpendColumnKey, Cell>, context);
  if (!result.ok) return result;
  // Rewritten in place: a million rows should not mean a million extra objects.
  const row = result.row as unknown as SpendRowColumns;
  const types = result.row.diversity;
  row.isDiverse = types[0] !== 'NON_DIVERSE';
  row.diversity = types.join(',');
  return { ok: true, row };
}
