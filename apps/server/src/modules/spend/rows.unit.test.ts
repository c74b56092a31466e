import { describe, expect, it } from 'vitest';
import { FIELD_COLUMNS, copyLine, type SpendRowColumns } from './rows.ts';
import { workerScript } from '../../platform/xlsx/sheet.ts';

const DIVERSITY = FIELD_COLUMNS.findIndex(([field]) => field === 'diversity');

function row(diversity: string): SpendRowColumns {
  return {
    vendorId: null,
    vendorName: 'Harbor "Point"\tLogistics',
    duns: '123456789',
    supplierKey: 'duns:123456789',
    spend: '12.50',
    addressLine1: null,
    addressLine2: null,
    city: 'Chicago',
    state: 'IL',
    zip: '60601',
    country: 'USA',
    fein: null,
    ethnicityCategory: null,
    diversity,
    isDiverse: diversity !== 'NON_DIVERSE',
    paymentDate: '2026-01-31',
    payingCostCenter: null,
    payingDivision: null,
    paymentContractNumber: null,
    category: 'Logistics',
    uei: null,
  } as SpendRowColumns;
}

const fields = (line: string) => line.split('\t');

describe('copyLine', () => {
  it('writes each row its own diversity types as a text[] literal, repeated sets included', () => {
    const sets = ['MBE,WBE', 'NON_DIVERSE', 'MBE,WBE', 'VBE', 'NON_DIVERSE', 'MBE,WBE'];
    expect(sets.map((types) => fields(copyLine(row(types)))[DIVERSITY])).toEqual([
      '{"MBE","WBE"}',
      '{"NON_DIVERSE"}',
      '{"MBE","WBE"}',
      '{"VBE"}',
      '{"NON_DIVERSE"}',
      '{"MBE","WBE"}',
    ]);
  });

  it('stays right for sets past the ones it remembers (a hostile file of distinct sets)', () => {
    for (let i = 0; i < 1_200; i += 1) {
      const types = `T${i},U${i}`;
      expect(fields(copyLine(row(types)))[DIVERSITY]).toBe(`{"T${i}","U${i}"}`);
    }
    expect(fields(copyLine(row('T1199,U1199')))[DIVERSITY]).toBe('{"T1199","U1199"}');
  });

  it('escapes the other fields as COPY text, NULL as \\N', () => {
    const line = fields(copyLine(row('MBE')));
    expect(line[FIELD_COLUMNS.findIndex(([f]) => f === 'vendorName')]).toBe(
      'Harbor "Point"\\tLogistics',
    );
    expect(line[0]).toBe('\\N');
    expect(line).toHaveLength(FIELD_COLUMNS.length);
  });
});

describe("the spend check's worker script", () => {
  it('holds the row rule without zod: every checking thread compiles it', async () => {
    const script = await workerScript(new URL('./rows.ts', import.meta.url));
    expect(script).toContain('runWorker');
    expect(script).not.toContain('$ZodType');
    // 133 KB when written; zod alone added 751 KB.
    expect(script.length).toBeLessThan(300_000);
  });
});
