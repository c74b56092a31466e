/**
 * The spend file's row module for the spreadsheet reader's worker (platform/xlsx/sheet.ts): each row is
 * checked with the shared rule and flattened to primitives, then written as a line of COPY text
 * for spend_rows (import.ts loads those lines as they come).
 */
import type { Cell } from '@spotzcity/shared/cells';
import { parseSpendRow, type SpendColumnKey, type SpendRow } from '@spotzcity/shared/spend-file';
import { copyField, copyTextArray } from '../../db/copy-text.ts';
import { hash53 } from './row-keys.ts';

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

/** The row's fields and their spend_rows columns, in the order of copyLine's fields. */
export const FIELD_COLUMNS: readonly [keyof SpendRowColumns, string][] = [
  ['vendorId', 'vendor_id'],
  ['vendorName', 'vendor_name'],
  ['duns', 'duns'],
  ['supplierKey', 'supplier_key'],
  ['spend', 'spend'],
  ['addressLine1', 'address_line1'],
  ['addressLine2', 'address_line2'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'zip'],
  ['country', 'country'],
  ['fein', 'fein'],
  ['ethnicityCategory', 'ethnicity_category'],
  ['diversity', 'diversity'],
  ['isDiverse', 'is_diverse'],
  ['paymentDate', 'payment_date'],
  ['payingCostCenter', 'paying_cost_center'],
  ['payingDivision', 'paying_division'],
  ['paymentContractNumber', 'payment_contract_number'],
  ['category', 'category'],
  ['uei', 'uei'],
];
const FIELDS = FIELD_COLUMNS.map(([field]) => field);

/**
 * The diversity column's COPY field by the row's joined types. A file holds a few dozen sets of
 * types at most, each repeated over thousands of rows, so each is written once; the bound keeps a
 * hostile file from growing the map.
 */
const diversityFields = new Map<string, string>();
const MAX_DIVERSITY_FIELDS = 1_000;

function diversityField(types: string): string {
  let field = diversityFields.get(types);
  if (field === undefined) {
    field = copyField(copyTextArray(types ? types.split(',') : []));
    if (diversityFields.size < MAX_DIVERSITY_FIELDS) diversityFields.set(types, field);
  }
  return field;
}

/** A checked row as COPY text fields in FIELD_COLUMNS order (diversity as a text[] literal). */
export function copyLine(row: SpendRowColumns): string {
  let line = '';
  for (let f = 0; f < FIELDS.length; f += 1) {
    const field = FIELDS[f]!;
    const value = row[field] ?? null;
    if (f > 0) line += '\t';
    line +=
      field === 'diversity'
        ? diversityField(String(value ?? ''))
        : copyField(value as string | number | boolean | null);
  }
  return line;
}

/**
 * What makes two payments the same for the overlap check: the supplier (DUNS or
 * normalised name), the payment date, the amount and the contract number. The stored rows of
 * files imported before keys were kept go through the same function (service.ts).
 */
export function spendRowKey(
  supplierKey: string,
  paymentDate: string,
  spend: string,
  contractNumber: string | null,
): number {
  return hash53(`${supplierKey}\u0001${paymentDate}\u0001${spend}\u0001${contractNumber ?? ''}`);
}

export const rowKey = (row: SpendRowColumns) =>
  spendRowKey(row.supplierKey, row.paymentDate, row.spend, row.paymentContractNumber);

/** The spend in cents ("-20.10" → -2010): exact, a row's spend has at most 14 digits. */
export const rowCents = (row: SpendRowColumns) => Number(row.spend.replace('.', ''));
