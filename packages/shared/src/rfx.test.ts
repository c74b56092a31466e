/** Every rule and message of the RFx form, through the shared schema. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  REASONS_FOR_LOSS,
  rfxPeriodSchema,
  rfxPeriodTitle,
  rfxSchema,
  rfxSupplierSchema,
} from './rfx.ts';
import { toFieldErrors, wallDate } from './validation.ts';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

const supplier = (over: Record<string, unknown> = {}) => ({
  supplierIncluded: 'Bright Path Logistics',
  diversityCategory: ['MBE'],
  ...over,
});

const valid = (over: Record<string, unknown> = {}) => ({
  rfxNumber: 'RFP-2025-001',
  rfxName: 'Janitorial services',
  type: 'RFP',
  category: 'Facilities',
  categoryManager: 'Dana Whitfield',
  startDate: '2025-01-06',
  submitDate: '2025-02-14',
  contractValue: 125000,
  rfxCompleted: 'No',
  rfxSupplier: [supplier()],
  ...over,
});

describe('RFx fields', () => {
  it('accepts a complete RFx', () => {
    expect(errorsOf(rfxSchema, valid())).toEqual([]);
  });

  it.each(['rfxNumber', 'rfxName', 'category', 'type', 'rfxCompleted', 'startDate', 'submitDate'])(
    '%s is required',
    (field) => {
      for (const empty of ['', '   ', undefined, null]) {
        expect(errorsOf(rfxSchema, valid({ [field]: empty }))).toEqual([
          { field, message: 'Required' },
        ]);
      }
    },
  );

  it.each([
    ['rfxNumber', 15],
    ['rfxName', 50],
    ['category', 50],
    ['categoryManager', 50],
  ])('%s is at most %i characters', (field, max) => {
    expect(errorsOf(rfxSchema, valid({ [field]: 'x'.repeat(max) }))).toEqual([]);
    expect(errorsOf(rfxSchema, valid({ [field]: 'x'.repeat(max + 1) }))).toEqual([
      { field, message: `Must be ${max} characters or less` },
    ]);
  });

  it('categoryManager is optional', () => {
    expect(errorsOf(rfxSchema, valid({ categoryManager: '' }))).toEqual([]);
    expect(rfxSchema.parse(valid({ categoryManager: ' ' })).categoryManager).toBeUndefined();
  });

  it('type is one of RFP, RFQ, RFI and completed is Yes or No', () => {
    for (const type of ['RFP', 'RFQ', 'RFI'])
      expect(errorsOf(rfxSchema, valid({ type }))).toEqual([]);
    expect(errorsOf(rfxSchema, valid({ type: 'RFT' }))[0]?.field).toBe('type');
    expect(errorsOf(rfxSchema, valid({ rfxCompleted: 'Maybe' }))[0]?.field).toBe('rfxCompleted');
  });

  describe('contract value', () => {
    it.each(['', null, undefined])('is required (%j)', (contractValue) => {
      expect(errorsOf(rfxSchema, valid({ contractValue }))).toEqual([
        { field: 'contractValue', message: 'Required' },
      ]);
    });

    it('is at most 1,000,000,000', () => {
      expect(errorsOf(rfxSchema, valid({ contractValue: 1_000_000_000 }))).toEqual([]);
      expect(errorsOf(rfxSchema, valid({ contractValue: 1_000_000_000.01 }))).toEqual([
        { field: 'contractValue', message: 'Must be 1000000000 equal or less' },
      ]);
    });

    it('is a number, not negative, and kept to the cent', () => {
      expect(errorsOf(rfxSchema, valid({ contractValue: 'abc' }))).toEqual([
        { field: 'contractValue', message: 'Must be a number' },
      ]);
      expect(errorsOf(rfxSchema, valid({ contractValue: -1 }))).toEqual([
        { field: 'contractValue', message: 'Must be 0 or more' },
      ]);
      expect(rfxSchema.parse(valid({ contractValue: '$1,250.555' })).contractValue).toBe(1250.56);
    });
  });

  describe('dates', () => {
    it("a start after the submit date gives 'Enter Valid Date.' on submitDate", () => {
      expect(
        errorsOf(rfxSchema, valid({ startDate: '2025-02-15', submitDate: '2025-02-14' })),
      ).toEqual([{ field: 'submitDate', message: 'Enter Valid Date.' }]);
      expect(
        errorsOf(rfxSchema, valid({ startDate: '2025-02-14', submitDate: '2025-02-14' })),
      ).toEqual([]);
    });

    it("an impossible date gives 'Enter Valid Date.'", () => {
      expect(errorsOf(rfxSchema, valid({ startDate: '2025-02-29' }))).toEqual([
        { field: 'startDate', message: 'Enter Valid Date.' },
      ]);
      expect(errorsOf(rfxSchema, valid({ submitDate: 'soon' }))).toEqual([
        { field: 'submitDate', message: 'Enter Valid Date.' },
      ]);
    });

    it('keeps the wall date of start-of-day and end-of-day times sent with an offset', () => {
      const parsed = rfxSchema.parse(
        valid({
          startDate: '2025-01-06T00:00:00+13:00',
          submitDate: '2025-02-14T23:59:59-10:00',
        }),
      );
      expect([parsed.startDate, parsed.submitDate]).toEqual(['2025-01-06', '2025-02-14']);
    });

    it('moves a UTC instant back to the sender’s zone with offset', () => {
      // 23:59:59 on 14 Feb in New York (offset 300) is 04:59:59Z on 15 Feb.
      const parsed = rfxSchema.parse(
        valid({ submitDate: '2025-02-15T04:59:59.000Z', offset: 300 }),
      );
      expect(parsed.submitDate).toBe('2025-02-14');
      expect(wallDate('2025-02-14T15:00:00Z', -540)).toBe('2025-02-15');
    });
  });
});

describe('suppliers', () => {
  it('a new RFx needs at least one supplier', () => {
    expect(errorsOf(rfxSchema, valid({ rfxSupplier: [] }))).toEqual([
      { field: 'rfxSupplier', message: 'Add at least one supplier' },
    ]);
  });

  it('supplierIncluded is required and at most 50 characters', () => {
    expect(errorsOf(rfxSupplierSchema, supplier({ supplierIncluded: '' }))).toEqual([
      { field: 'supplierIncluded', message: 'Required' },
    ]);
    expect(errorsOf(rfxSupplierSchema, supplier({ supplierIncluded: 'x'.repeat(51) }))).toEqual([
      { field: 'supplierIncluded', message: 'Must be 50 characters or less' },
    ]);
  });

  it('diversityCategory is required (one or more types)', () => {
    for (const diversityCategory of [[], undefined, null, '']) {
      expect(errorsOf(rfxSupplierSchema, supplier({ diversityCategory }))).toEqual([
        { field: 'diversityCategory', message: 'Required' },
      ]);
    }
    expect(
      rfxSupplierSchema.parse(supplier({ diversityCategory: ['WBE', 'MBE', 'WBE'] })),
    ).toMatchObject({ diversityCategory: ['MBE', 'WBE'] });
  });

  it('NON_DIVERSE cannot be combined with a diversity type', () => {
    expect(
      errorsOf(rfxSupplierSchema, supplier({ diversityCategory: ['NON_DIVERSE', 'WBE'] })),
    ).toEqual([
      {
        field: 'diversityCategory',
        message: 'Non Diverse cannot be combined with a diversity type',
      },
    ]);
  });

  it('ethnicity is optional and one of the spec’s categories', () => {
    expect(errorsOf(rfxSupplierSchema, supplier({ ethenicityCategory: '' }))).toEqual([]);
    expect(errorsOf(rfxSupplierSchema, supplier({ ethenicityCategory: 'Hispanic' }))).toEqual([]);
    expect(errorsOf(rfxSupplierSchema, supplier({ ethenicityCategory: 'Martian' }))[0]?.field).toBe(
      'ethenicityCategory',
    );
  });

  it("Won needs a point of contact ('Required')", () => {
    expect(errorsOf(rfxSupplierSchema, supplier({ deals: 'Won' }))).toEqual([
      { field: 'pointOfContact', message: 'Required' },
    ]);
    expect(
      errorsOf(rfxSupplierSchema, supplier({ deals: 'Won', pointOfContact: 'Keisha Brown' })),
    ).toEqual([]);
  });

  it("Loss needs a reason ('Required'), and 'Other' needs its text", () => {
    expect(errorsOf(rfxSupplierSchema, supplier({ deals: 'Loss' }))).toEqual([
      { field: 'reasonForLoss', message: 'Required' },
    ]);
    expect(
      errorsOf(rfxSupplierSchema, supplier({ deals: 'Loss', reasonForLoss: 'Other' })),
    ).toEqual([{ field: 'reasonForLossOther', message: 'Required' }]);
    for (const reasonForLoss of REASONS_FOR_LOSS.filter((r) => r !== 'Other')) {
      expect(errorsOf(rfxSupplierSchema, supplier({ deals: 'Loss', reasonForLoss }))).toEqual([]);
    }
  });

  it("offers the spec's two reasons for loss", () => {
    expect(REASONS_FOR_LOSS).toContain('Suppliers bid was too high (outlier)');
    expect(REASONS_FOR_LOSS).toContain('Supplier turned in response too late');
  });

  it('still reports the outcome rules when other supplier fields are missing', () => {
    expect(errorsOf(rfxSupplierSchema, { deals: 'Won' })).toEqual([
      { field: 'supplierIncluded', message: 'Required' },
      { field: 'diversityCategory', message: 'Required' },
      { field: 'pointOfContact', message: 'Required' },
    ]);
  });

  it('keeps only the details of the chosen outcome', () => {
    const won = rfxSupplierSchema.parse(
      supplier({ deals: 'Won', pointOfContact: 'Pat', reasonForLoss: 'Price not competitive' }),
    );
    expect(won).toMatchObject({ pointOfContact: 'Pat', reasonForLoss: undefined });
    const pending = rfxSupplierSchema.parse(supplier({ pointOfContact: 'Pat' }));
    expect(pending.pointOfContact).toBeUndefined();
  });
});

describe('dashboard period', () => {
  it('needs quarters and a year', () => {
    expect(errorsOf(rfxPeriodSchema, { quaters: [], year: 2025 })).toEqual([
      { field: 'quaters', message: 'Required' },
    ]);
    expect(errorsOf(rfxPeriodSchema, { quaters: ['Q1'] })[0]?.field).toBe('year');
  });

  it('refuses a list longer than the four quarters before reading its items', () => {
    const long = Array.from({ length: 100_000 }, () => 'Q9');
    expect(errorsOf(rfxPeriodSchema, { quaters: long, year: 2025 })).toEqual([
      { field: 'quaters', message: 'Must be 4 items or less' },
    ]);
  });

  it("titles the dashboard 'Period: RFx {quarters joined by -} {year}' in quarter order", () => {
    const period = rfxPeriodSchema.parse({ quaters: ['Q3', 'Q1'], year: 2025 });
    expect(rfxPeriodTitle(period)).toBe('Period: RFx Q1-Q3 2025');
    expect(rfxPeriodSchema.parse({ quaters: 'Q2-Q4', year: '2024' })).toEqual({
      quaters: ['Q2', 'Q4'],
      year: 2024,
    });
  });
});
