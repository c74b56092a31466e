/** The benches' spend files, made by the seeded generator and kept in $TMPDIR/spotzcity-bench. */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeSpendCsv } from '../apps/server/src/db/seed/spend-csv.ts';
import {
  generateSpendRows,
  generateSuppliers,
  writeSpendWorkbook,
} from '../apps/server/src/db/seed/spend-generator.ts';

export const BENCH_DIR = path.join(tmpdir(), 'spotzcity-bench');

/**
 * The spend file of `rows` rows, generated on first use (a million rows take about a minute):
 * the payments of 2024, or of a later year (`year` 1 is 2025), which overlap no row of another
 * year's file.
 */
export async function generateSpendFile(rows: number, year = 0, format: 'xlsx' | 'csv' = 'xlsx') {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(
    BENCH_DIR,
    `spend-${rows}${year === 0 ? '' : `-${2024 + year}`}.${format}`,
  );
  if (existsSync(file)) return file;
  const started = performance.now();
  // Bigger organisations buy from more suppliers.
  const suppliers = generateSuppliers(Math.max(400, Math.round(rows / 250)), 2020);
  const from = 2024 + year;
  const days = (Date.UTC(from + 1, 0, 1) - Date.UTC(from, 0, 1)) / 86_400_000;
  const generated = generateSpendRows(
    suppliers,
    { from: `${from}-01-01`, days, yearIndex: year },
    rows,
    7,
  );
  // The same rows either way; the CSV as an AP export writes it: "$1,234.50" and 03/31/2026.
  if (format === 'csv') {
    await writeSpendCsv(file, generated, { amounts: 'dollars', dates: 'us', lineEnd: '\r\n' });
  } else await writeSpendWorkbook(file, generated);
  console.log(
    `generated ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}
