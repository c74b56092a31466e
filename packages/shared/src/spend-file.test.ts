/** The rule every spend-file row passes before anything is saved (DESIGN.md §5). */
import { describe, expect, it } from 'vitest';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES } from './enums.ts';
import { parseDiversity, parseSpendRow, type SpendColumnKey } from './spend-file.ts';
import type { Cell } from './cells.ts';

const valid: Partial<Record<SpendColumnKey, Cell>> = {
  vendorName: '  Harbor Point Logistics LLC ',
  spend: 12500.75,
  paymentDate: 45366,
};

const problemsOf = (cells: Partial<Record<SpendColumnKey, Cell>>) => {
  const result = parseSpendRow({ ...valid, ...cells });
  return result.ok ? [] : result.problems;
};

describe('a spend row', () => {
  it('needs a vendor name, a spend and a payment date; the rest may be empty', () => {
    const result = parseSpendRow(valid);
    expect(result).toEqual({
      ok: true,
      row: {
        vendorId: null,
        vendorName: 'Harbor Point Logistics LLC',
        duns: null,
        uei: null,
        supplierKey: 'name:harbor point logistics',
        spend: '12500.75',
        addressLine1: null,
        addressLine2: null,
        city: null,
        state: null,
        zip: null,
        country: null,
        fein: null,
        ethnicityCategory: null,
        diversity: ['NON_DIVERSE'],
        paymentDate: '2024-03-15',
        payingCostCenter: null,
        payingDivision: null,
        paymentContractNumber: null,
        category: 'Uncategorized',
      },
    });
    expect(problemsOf({ ...valid, uei: '12345' })).toEqual([
      { column: 'uei', message: 'UEI must be 12 letters and digits' },
    ]);
    expect(problemsOf({ vendorName: ' ', spend: null, paymentDate: '' })).toEqual([
      { column: 'vendorName', message: 'Required' },
      { column: 'spend', message: 'Required' },
      { column: 'paymentDate', message: 'Required' },
    ]);
  });

  it('refuses the template’s own example row, however it was typed', () => {
    const example = {
      ...valid,
      duns: '804-735-132',
      spend: '$12,500.75',
      paymentDate: '3/15/2024',
    };
    expect(problemsOf(example)).toEqual([
      {
        column: 'vendorName',
        message:
          "This is the template's example row (Harbor Point Logistics LLC), not a payment: " +
          'delete it and upload the file again.',
      },
    ]);
    // The same supplier paid another amount or on another day is a payment like any other.
    expect(problemsOf({ ...example, spend: 12500.76 })).toEqual([]);
    expect(problemsOf({ ...example, paymentDate: '03/16/2024' })).toEqual([]);
    expect(problemsOf({ ...example, duns: null })).toEqual([]);
  });

  it('checks amounts, dates, DUNS, FEIN and lengths with the spec’s messages', () => {
    expect(problemsOf({ spend: 'abc' })).toEqual([
      { column: 'spend', message: 'Must be a number' },
    ]);
    expect(problemsOf({ spend: 1e13 })).toEqual([
      { column: 'spend', message: 'Must be 999999999999 equal or less' },
    ]);
    expect(problemsOf({ paymentDate: '31/12/2024' })).toEqual([
      { column: 'paymentDate', message: 'Enter Valid Date.' },
    ]);
    expect(problemsOf({ duns: '1234' })).toEqual([
      { column: 'duns', message: 'DUNS must be 9 digits' },
    ]);
    expect(problemsOf({ fein: '12-34' })).toEqual([
      { column: 'fein', message: 'FEIN must be 9 digits' },
    ]);
    expect(problemsOf({ vendorName: 'x'.repeat(201), city: 'y'.repeat(101) })).toEqual([
      { column: 'vendorName', message: 'Must be 200 characters or less' },
      { column: 'city', message: 'Must be 100 characters or less' },
    ]);
  });

  it('restores zeros Excel drops from DUNS, FEIN and US ZIP codes typed as numbers', () => {
    const result = parseSpendRow({ ...valid, duns: 12345678, fein: 1234567, zip: 2134 });
    expect(result.ok && [result.row.duns, result.row.fein, result.row.zip]).toEqual([
      '012345678',
      '00-1234567',
      '02134',
    ]);
    expect(result.ok && result.row.supplierKey).toBe('duns:012345678');
  });

  it('takes US states by code or name, and any region outside the USA', () => {
    const state = (cells: Partial<Record<SpendColumnKey, Cell>>) => {
      const result = parseSpendRow({ ...valid, ...cells });
      return result.ok ? [result.row.state, result.row.country] : result.problems;
    };
    expect(state({ state: 'new york' })).toEqual(['NY', null]);
    expect(state({ state: 'tx', country: 'United States' })).toEqual(['TX', 'USA']);
    expect(state({ state: 'District of Columbia', country: 'U.S.A.' })).toEqual(['DC', 'USA']);
    expect(state({ state: 'Ontario', country: 'Canada' })).toEqual(['Ontario', 'Canada']);
    expect(state({ state: 'Ontario' })).toEqual([
      { column: 'state', message: 'Must be one of the 50 US states (code or name) or DC' },
    ]);
  });

  it('takes the ethnicity categories of the spec, whatever their case and spacing', () => {
    const ethnicity = (value: string) => {
      const result = parseSpendRow({ ...valid, ethnicityCategory: value });
      return result.ok ? result.row.ethnicityCategory : result.problems[0]!.message;
    };
    expect(ethnicity('asian-pacific')).toBe('Asian Pacific');
    expect(ethnicity('MULTI ETHNIC BUSINESS')).toBe('Multi-Ethnic Business');
    expect(ethnicity('Other')).toBe(`Must be one of: ${ETHNICITY_CATEGORIES.join(', ')}`);
  });
});

describe('diversity categories', () => {
  it('are one or more of the spec’s types, stored in the spec’s order', () => {
    expect(parseDiversity('wbe, MBE')).toEqual({ types: ['MBE', 'WBE'] });
    expect(parseDiversity('dobe;8a|hub/SDVBE')).toEqual({ types: ['SDVBE', 'DoBE', '8A', 'HUB'] });
    expect(parseDiversity('')).toEqual({ types: ['NON_DIVERSE'] });
    expect(parseDiversity(null)).toEqual({ types: ['NON_DIVERSE'] });
    expect(parseDiversity('Non-Diverse')).toEqual({ types: ['NON_DIVERSE'] });
    expect(parseDiversity(' , ')).toEqual({ types: ['NON_DIVERSE'] });
  });

  it('refuse unknown types and NON_DIVERSE with a type', () => {
    expect(parseDiversity('MBE, Minority')).toEqual({
      error: `Unknown diversity type "Minority"; allowed: ${DIVERSITY_TYPES.join(', ')}`,
    });
    expect(parseDiversity('NON_DIVERSE, WBE')).toEqual({
      error: 'NON_DIVERSE cannot be combined with a diversity type',
    });
  });
});
