/** The benches' spend files, made by the seeded generator and kept in $TMPDIR/spotzcity-bench. */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generateSpendRows,
  generateSuppliers,
  writeSpendWorkbook,
} from '../apps/server/src/db/seed/spend-generator.ts';

export const BENCH_DIR = path.join(tmpdir(), 'spotzcity-bench');

/** The spend file of `rows` rows, generated on first use (a million rows take about a minute). */
export async function generateSpendFile(rows: number) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const file = path.join(BENCH_DIR, `spend-${rows}.xlsx`);
  if (existsSync(file)) return file;
  const started = performance.now();
  // Bigger organisations buy from more suppliers.
  const suppliers = generateSuppliers(Math.max(400, Math.round(rows / 250)), 2020);
  await writeSpendWorkbook(
    file,
    generateSpendRows(suppliers, { from: '2024-01-01', days: 366, yearIndex: 0 }, rows, 7),
  );
  console.log(
    `generated ${file} (${(statSync(file).size / 1024 / 1024).toFixed(1)} MB) in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return file;
}
