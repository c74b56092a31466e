import { describe, expect, it } from 'vitest';
import { marketExcelDataSchema, marketShareReportSchema } from './market-share.ts';
import { toFieldErrors } from './validation.ts';

const errorsOf = (input: unknown) => {
  const result = marketShareReportSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
};

describe('market share report parameters', () => {
  it('takes a span, the values to keep and an optional period', () => {
    expect(
      marketShareReportSchema.parse({
        span: 'State',
        spanKeys: ['TX', 'CA', 'TX'],
        fromDate: '2025-01-01',
        toDate: '2025-12-31T23:59:59-05:00',
        treeMap: true,
        isForDiversity: false,
      }),
    ).toEqual({
      span: 'state',
      spanKeys: ['TX', 'CA'],
      fromDate: '2025-01-01',
      toDate: '2025-12-31',
    });
    expect(marketShareReportSchema.parse({ span: 'zip' })).toEqual({ span: 'zip', spanKeys: [] });
  });

  it("takes the original clients' flags as true or false only", () => {
    expect(errorsOf({ span: 'city', treeMap: 'false', isForDiversity: true })).toEqual([]);
    expect(errorsOf({ span: 'city', treeMap: 'x'.repeat(30), isForDiversity: 1 })).toEqual([
      { field: 'treeMap', message: 'Must be true or false' },
      { field: 'isForDiversity', message: 'Must be true or false' },
    ]);
  });

  it('needs City, State or Zip', () => {
    expect(errorsOf({ spanKeys: [] })).toEqual([
      { field: 'span', message: 'Choose City, State or Zip' },
    ]);
    expect(errorsOf({ span: 'county' })).toEqual([
      { field: 'span', message: 'Choose City, State or Zip' },
    ]);
  });

  it("puts 'Enter Valid Date.' on the end of a period that ends before it starts", () => {
    expect(errorsOf({ span: 'city', fromDate: '2025-02-01', toDate: '2025-01-31' })).toEqual([
      { field: 'toDate', message: 'Enter Valid Date.' },
    ]);
    expect(errorsOf({ span: 'city', fromDate: '2025-02-30' })).toEqual([
      { field: 'fromDate', message: 'Enter Valid Date.' },
    ]);
  });

  it('limits the number of values', () => {
    const keys = Array.from({ length: 501 }, (_, i) => `V${i}`);
    expect(errorsOf({ span: 'zip', spanKeys: keys })).toEqual([
      { field: 'spanKeys', message: 'Choose up to 500 values' },
    ]);
  });

  it('reads the Excel parameters with the analysis text', () => {
    expect(
      marketExcelDataSchema.parse({ span: 'state', spanKeys: ['NY'], analysis: 'Growing.' }),
    ).toEqual({ span: 'state', spanKeys: ['NY'], analysis: 'Growing.' });
  });
});
