/** Every rule and message the spec gives cost savings, through the shared schemas. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  calendarDay,
  costSavingInputSchema,
  costSavingReportSchema,
  costSavingUpdateSchema,
  savingsKey,
  yearOfKey,
} from './cost-savings.ts';
import { toFieldErrors } from './validation.ts';

const valid = {
  currentOrNewSuppliers: 'Current Supplier',
  currentContractAmount: 1_250_000,
  currentSpendPerItem: 42.5,
  winnerVandorName: 'Brightline Logistics',
  rfxOrOpportunityName: 'RFP-2025-014',
  contractYears: 3,
  startDate: '2025-01-01',
  endDate: '2027-12-31',
  newlyQuotedCotractAmount: 1_100_000,
  newlyQuotedAmountPerTime: 38.75,
  businessCategory: 'Freight & Logistics',
  precurementDirOrIndir: 'Direct',
  vendorDiversityCategory: ['MBE', 'WBE'],
  vendorEthnicityCategory: 'Hispanic',
  yearsOfContract: [2025, 2026, 2027],
  yearlySavings: { savingsFor2025: 50_000, savingsFor2026: 50_000, savingsFor2027: 50_000 },
};

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

const errorOn = (field: string, input: unknown) =>
  errorsOf(costSavingInputSchema, input).find((e) => e.field === field)?.message;

describe('cost saving form rules', () => {
  it('accepts a complete case and keeps its values', () => {
    const parsed = costSavingInputSchema.parse(valid);
    expect(parsed.yearsOfContract).toEqual([2025, 2026, 2027]);
    expect(parsed.yearlySavings).toEqual({
      savingsFor2025: 50_000,
      savingsFor2026: 50_000,
      savingsFor2027: 50_000,
    });
    expect(parsed.vendorDiversityCategory).toEqual(['MBE', 'WBE']);
  });

  it.each([
    'currentOrNewSuppliers',
    'currentContractAmount',
    'currentSpendPerItem',
    'winnerVandorName',
    'rfxOrOpportunityName',
    'contractYears',
    'startDate',
    'endDate',
    'newlyQuotedCotractAmount',
    'newlyQuotedAmountPerTime',
    'businessCategory',
    'precurementDirOrIndir',
    'vendorDiversityCategory',
    'yearsOfContract',
  ])("requires %s ('Required')", (field) => {
    for (const empty of [undefined, '', null]) {
      expect(errorOn(field, { ...valid, [field]: empty })).toBe('Required');
    }
  });

  it('requires at least one vendor diversity category and one year', () => {
    expect(errorOn('vendorDiversityCategory', { ...valid, vendorDiversityCategory: [] })).toBe(
      'Required',
    );
    expect(errorOn('yearsOfContract', { ...valid, yearsOfContract: [], yearlySavings: {} })).toBe(
      'Required',
    );
    // A list far past any form's is refused by its length alone, its items unread.
    const long = Array.from({ length: 100_000 }, () => 'x');
    expect(errorOn('yearsOfContract', { ...valid, yearsOfContract: long })).toBe(
      'Choose up to 10 years',
    );
    expect(errorOn('vendorDiversityCategory', { ...valid, vendorDiversityCategory: long })).toMatch(
      /^Must be \d+ items or less$/,
    );
  });

  it('leaves vendorEthnicityCategory optional', () => {
    expect(errorsOf(costSavingInputSchema, { ...valid, vendorEthnicityCategory: '' })).toEqual([]);
    const { vendorEthnicityCategory: _, ...without } = valid;
    expect(costSavingInputSchema.parse(without).vendorEthnicityCategory).toBeUndefined();
  });

  it('limits winnerVandorName and businessCategory to 50 and rfxOrOpportunityName to 15', () => {
    expect(errorOn('winnerVandorName', { ...valid, winnerVandorName: 'x'.repeat(51) })).toBe(
      'Must be 50 characters or less',
    );
    expect(errorOn('businessCategory', { ...valid, businessCategory: 'x'.repeat(51) })).toBe(
      'Must be 50 characters or less',
    );
    expect(
      errorOn('rfxOrOpportunityName', { ...valid, rfxOrOpportunityName: 'x'.repeat(16) }),
    ).toBe('Must be 15 characters or less');
    expect(
      errorsOf(costSavingInputSchema, {
        ...valid,
        winnerVandorName: 'x'.repeat(50),
        businessCategory: 'y'.repeat(50),
        rfxOrOpportunityName: 'z'.repeat(15),
      }),
    ).toEqual([]);
  });

  it.each([
    'currentContractAmount',
    'currentSpendPerItem',
    'newlyQuotedCotractAmount',
    'newlyQuotedAmountPerTime',
  ])('keeps %s numeric and at most 1,000,000,000', (field) => {
    expect(errorOn(field, { ...valid, [field]: 1_000_000_000.01 })).toBe(
      'Must be 1000000000 equal or less',
    );
    expect(errorOn(field, { ...valid, [field]: 'ten dollars' })).toBe('Must be a number');
    expect(errorOn(field, { ...valid, [field]: -1 })).toBe('Must be 0 or more');
    expect(errorOn(field, { ...valid, [field]: 1_000_000_000 })).toBeUndefined();
    expect(errorOn(field, { ...valid, [field]: '$1,000,000,000' })).toBeUndefined();
  });

  it("puts 'Enter Valid Date.' on endDate when the start is after the end", () => {
    expect(
      errorsOf(costSavingInputSchema, { ...valid, startDate: '2026-01-02', endDate: '2026-01-01' }),
    ).toEqual([{ field: 'endDate', message: 'Enter Valid Date.' }]);
    expect(
      errorsOf(costSavingInputSchema, { ...valid, startDate: '2026-01-01', endDate: '2026-01-01' }),
    ).toEqual([]);
  });

  it('checks the date order even when another field is wrong', () => {
    const errors = errorsOf(costSavingInputSchema, {
      ...valid,
      winnerVandorName: '',
      startDate: '2026-05-01',
      endDate: '2026-04-01',
    });
    expect(errors).toContainEqual({ field: 'endDate', message: 'Enter Valid Date.' });
    expect(errors).toContainEqual({ field: 'winnerVandorName', message: 'Required' });
  });

  it('refuses dates that do not exist', () => {
    expect(errorOn('startDate', { ...valid, startDate: '2025-02-30' })).toBe('Enter Valid Date.');
  });

  it('reads a day sent with a time and offset as the day written', () => {
    const parsed = costSavingInputSchema.parse({
      ...valid,
      startDate: '2025-01-01T00:00:00-05:00',
      endDate: '2027-12-31T23:59:59+09:00',
    });
    expect([parsed.startDate, parsed.endDate]).toEqual(['2025-01-01', '2027-12-31']);
    // 2025-01-01T04:00Z is still Dec 31 for a sender five hours west of UTC.
    expect(calendarDay('2025-01-01T04:00:00Z', 300)).toBe('2024-12-31');
  });

  it('limits contract years to 1–10', () => {
    expect(errorOn('contractYears', { ...valid, contractYears: 0 })).toBe(
      'Choose from 1 to 10 years',
    );
    expect(errorOn('contractYears', { ...valid, contractYears: 11 })).toBe(
      'Choose from 1 to 10 years',
    );
    expect(errorOn('contractYears', { ...valid, contractYears: '10' })).toBeUndefined();
  });

  it('refuses NON_DIVERSE together with a diversity type', () => {
    expect(
      errorOn('vendorDiversityCategory', {
        ...valid,
        vendorDiversityCategory: ['NON_DIVERSE', 'MBE'],
      }),
    ).toBe('Non Diverse cannot be combined with a diversity type');
    expect(errorOn('vendorDiversityCategory', { ...valid, vendorDiversityCategory: ['XYZ'] })).toBe(
      'Choose diversity categories from the list',
    );
  });
});

describe('yearly savings follow the chosen years', () => {
  it('keys each year savingsFor{year}', () => {
    expect(savingsKey(2026)).toBe('savingsFor2026');
    expect(yearOfKey('savingsFor2026')).toBe(2026);
    expect(yearOfKey('savings2026')).toBeUndefined();
  });

  it('requires one value per chosen year', () => {
    expect(
      errorsOf(costSavingInputSchema, {
        ...valid,
        yearlySavings: { savingsFor2025: 1, savingsFor2027: '' },
      }),
    ).toEqual([
      { field: 'yearlySavings.savingsFor2026', message: 'Required' },
      { field: 'yearlySavings.savingsFor2027', message: 'Required' },
    ]);
  });

  it('applies the amount rules to each year', () => {
    expect(
      errorsOf(costSavingInputSchema, {
        ...valid,
        yearlySavings: { ...valid.yearlySavings, savingsFor2026: 1_000_000_001 },
      }),
    ).toEqual([
      { field: 'yearlySavings.savingsFor2026', message: 'Must be 1000000000 equal or less' },
    ]);
  });

  it('drops savings of years that were not chosen and orders the years', () => {
    const parsed = costSavingInputSchema.parse({
      ...valid,
      yearsOfContract: [2027, '2025', 2025],
      yearlySavings: { savingsFor2025: '1,200.50', savingsFor2027: 300, savingsFor2026: 999 },
    });
    expect(parsed.yearsOfContract).toEqual([2025, 2027]);
    expect(parsed.yearlySavings).toEqual({ savingsFor2025: 1200.5, savingsFor2027: 300 });
  });

  it('allows at most ten years', () => {
    const years = Array.from({ length: 11 }, (_, i) => 2020 + i);
    expect(
      errorOn('yearsOfContract', {
        ...valid,
        yearsOfContract: years,
        yearlySavings: Object.fromEntries(years.map((y) => [savingsKey(y), 1])),
      }),
    ).toBe('Choose up to 10 years');
  });
});

describe('update and report parameters', () => {
  it('needs the id of the case on update', () => {
    expect(errorsOf(costSavingUpdateSchema, valid)).toContainEqual({
      field: 'id',
      message: 'Required',
    });
    expect(costSavingUpdateSchema.parse({ ...valid, id: '7' }).id).toBe(7);
  });

  it('takes the years of the report, distinct and in order (none = every year)', () => {
    expect(costSavingReportSchema.parse({}).years).toEqual([]);
    expect(costSavingReportSchema.parse({ years: [2026, '2025', 2026] }).years).toEqual([
      2025, 2026,
    ]);
  });
});
