import { describe, expect, it } from 'vitest';
import {
  isValidated,
  parseSupplierRow,
  phoneDigits,
  supplierSearchRequestSchema,
} from './search-supplier.ts';

const ctx = { date1904: false };

describe('supplierSearchRequestSchema', () => {
  it('asks for at least one field', () => {
    const result = supplierSearchRequestSchema.safeParse({ dbaName: ' ', pageNumber: 0 });
    expect(result.error?.issues[0]?.message).toBe(
      'Please fill at least one of the fields to search.',
    );
  });

  it('accepts digits only in duns and contact, contact at most 10', () => {
    expect(supplierSearchRequestSchema.safeParse({ duns: '12-3' }).error?.issues[0]?.message).toBe(
      'Digits only',
    );
    expect(
      supplierSearchRequestSchema.safeParse({ contact: '12345678901' }).error?.issues[0]?.message,
    ).toBe('Must be 10 characters or less');
    expect(supplierSearchRequestSchema.parse({ contact: 4105550123 }).contact).toBe('4105550123');
  });

  it('accepts only X for validate and a known certification', () => {
    expect(supplierSearchRequestSchema.safeParse({ validate: 'X' }).success).toBe(true);
    expect(supplierSearchRequestSchema.safeParse({ validate: 'Yes' }).success).toBe(false);
    expect(supplierSearchRequestSchema.safeParse({ certification: 'NON_DIVERSE' }).success).toBe(
      false,
    );
  });
});

describe('isValidated', () => {
  it('is true for a present value that is not no', () => {
    expect([null, '', ' ', 'no', 'NO', 'Yes', 'X', 'validated'].map(isValidated)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});

describe('parseSupplierRow', () => {
  it('normalises DUNS, phones, website, state and certifications', () => {
    const result = parseSupplierRow(
      {
        name: 'Acme',
        duns: 4735132,
        businessContactPhone: '+1 (410) 555-0123',
        websiteUrl: 'acme.example',
        stateOrProvince: 'maryland',
        certificationType: 'wbe; MBE',
      },
      ctx,
    );
    expect(result.ok && result.row).toMatchObject({
      duns: '004735132',
      businessContactPhone: '4105550123',
      websiteUrl: 'https://acme.example',
      stateOrProvince: 'MD',
      certifications: 'MBE,WBE',
    });
    expect(phoneDigits('1-800-555-0100')).toBe('8005550100');
  });

  it('refuses a missing name, a short DUNS typed as text and a bad email', () => {
    const result = parseSupplierRow({ duns: '12345', businessContactEmail: 'x@' }, ctx);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.column)).toEqual([
      'name',
      'duns',
      'businessContactEmail',
    ]);
  });
});
