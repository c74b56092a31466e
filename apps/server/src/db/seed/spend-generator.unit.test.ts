import { describe, expect, it } from 'vitest';
import { generateSuppliers } from './spend-generator.ts';

// The demo's suppliers (db/seed/demo.ts: DEMO_SUPPLIERS from DEMO_SUPPLIER_SEED), and others.
const RUNS = [
  [400, 2020],
  [400, 5],
  [2000, 11],
] as const;

describe('generated supplier names', () => {
  it.each(RUNS)('say what kind of company each is once (%i suppliers, seed %i)', (count, seed) => {
    const forms = /\b(Inc|LLC|Corp|Co|Group)\b\.?/g;
    const twice = generateSuppliers(count, seed)
      .map((s) => s.name)
      .filter((name) => (name.match(forms) ?? []).length > 1);
    // 'Golden Gate Paper Co Co.', 'Lee Marketing Group Group' and the like.
    expect(twice).toEqual([]);
  });
});
