/** Every rule and message of the contract form, through the shared schema. */
import { describe, expect, it } from 'vitest';
import { contractSchema, contractYearSchema } from './contracts.ts';
import { toFieldErrors } from './validation.ts';

type Body = Record<string, unknown>;

const valid = (over: Body = {}): Body => ({
  contractNumber: 'MSA-2025-07',
  contractName: 'Fleet maintenance services',
  category: 'Fleet',
  contractSignatureDate: '2025-01-10',
  startDate: '2025-02-01',
  endDate: '2026-01-31',
  contractType: 'Master Services Agreement',
  contractValue: 480000,
  awardeeVendorInfo: {
    awardeeVandorIdNumber: 'V-10442',
    awardeeVandorName: 'Riverside Fleet Services',
    awardeeDivercityCategory: ['MBE'],
  },
  vendorAccount: {},
  divisionInfo: { divisionName: 'Operations', companyContractOwnerName: 'Dana Whitfield' },
  ...over,
});

/** The body with one field of a section replaced. */
const withField = (section: string, field: string, value: unknown) => {
  const body = valid();
  return { ...body, [section]: { ...(body[section] as Body), [field]: value } };
};

const errorsOf = (input: unknown) => {
  const result = contractSchema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
};

describe('contract fields', () => {
  it('accepts a contract with only the required fields', () => {
    expect(errorsOf(valid())).toEqual([]);
  });

  it.each([
    'contractNumber',
    'contractName',
    'category',
    'contractType',
    'contractSignatureDate',
    'startDate',
    'endDate',
    'contractValue',
  ])('%s is required', (field) => {
    for (const empty of ['', ' ', undefined, null]) {
      expect(errorsOf(valid({ [field]: empty }))).toEqual([{ field, message: 'Required' }]);
    }
  });

  it.each([
    ['contractNumber', 15],
    ['contractName', 50],
    ['category', 50],
    ['contractType', 50],
  ])('%s is at most %i characters', (field, max) => {
    expect(errorsOf(valid({ [field]: 'x'.repeat(max) }))).toEqual([]);
    expect(errorsOf(valid({ [field]: 'x'.repeat(max + 1) }))).toEqual([
      { field, message: `Must be ${max} characters or less` },
    ]);
  });

  it('contract value is numeric and at most 1,000,000,000', () => {
    expect(errorsOf(valid({ contractValue: '1000000000' }))).toEqual([]);
    expect(errorsOf(valid({ contractValue: 1_000_000_000.5 }))).toEqual([
      { field: 'contractValue', message: 'Must be 1000000000 equal or less' },
    ]);
    expect(errorsOf(valid({ contractValue: '12a' }))).toEqual([
      { field: 'contractValue', message: 'Must be a number' },
    ]);
  });
});

describe('contract dates', () => {
  it("a signature after the start gives 'Enter Valid Date' on startDate", () => {
    expect(errorsOf(valid({ contractSignatureDate: '2025-02-02' }))).toEqual([
      { field: 'startDate', message: 'Enter Valid Date' },
    ]);
  });

  it("a start after the end gives 'Enter Valid Date' on endDate", () => {
    expect(errorsOf(valid({ endDate: '2025-01-31' }))).toEqual([
      { field: 'endDate', message: 'Enter Valid Date' },
    ]);
  });

  it('allows the three dates on the same day', () => {
    const day = '2025-02-01';
    expect(errorsOf(valid({ contractSignatureDate: day, startDate: day, endDate: day }))).toEqual(
      [],
    );
  });

  it('reports both pairs when both are out of order', () => {
    expect(
      errorsOf(
        valid({
          contractSignatureDate: '2025-03-01',
          startDate: '2025-02-01',
          endDate: '2025-01-01',
        }),
      ),
    ).toEqual([
      { field: 'startDate', message: 'Enter Valid Date' },
      { field: 'endDate', message: 'Enter Valid Date' },
    ]);
  });

  it("an impossible date gives 'Enter Valid Date'", () => {
    expect(errorsOf(valid({ endDate: '2026-02-29' }))).toEqual([
      { field: 'endDate', message: 'Enter Valid Date' },
    ]);
  });

  it('keeps the wall date of times sent with an offset', () => {
    const parsed = contractSchema.parse(
      valid({
        contractSignatureDate: '2025-01-10T00:00:00+12:00',
        startDate: '2025-02-01T00:00:00-11:00',
        endDate: '2026-01-31T23:59:59-11:00',
      }),
    );
    expect([parsed.contractSignatureDate, parsed.startDate, parsed.endDate]).toEqual([
      '2025-01-10',
      '2025-02-01',
      '2026-01-31',
    ]);
  });
});

describe('awardee', () => {
  it.each(['awardeeVandorIdNumber', 'awardeeVandorName', 'awardeeDivercityCategory'])(
    '%s is required',
    (field) => {
      expect(errorsOf(withField('awardeeVendorInfo', field, undefined))).toEqual([
        { field: `awardeeVendorInfo.${field}`, message: 'Required' },
      ]);
    },
  );

  it('id is at most 15 and name at most 50 characters', () => {
    expect(
      errorsOf(withField('awardeeVendorInfo', 'awardeeVandorIdNumber', 'x'.repeat(16))),
    ).toEqual([
      {
        field: 'awardeeVendorInfo.awardeeVandorIdNumber',
        message: 'Must be 15 characters or less',
      },
    ]);
    expect(errorsOf(withField('awardeeVendorInfo', 'awardeeVandorName', 'x'.repeat(51)))).toEqual([
      { field: 'awardeeVendorInfo.awardeeVandorName', message: 'Must be 50 characters or less' },
    ]);
  });

  it('diversity is a multi-select of the spec’s types', () => {
    const parsed = contractSchema.parse(
      withField('awardeeVendorInfo', 'awardeeDivercityCategory', ['WBE', 'MBE']),
    );
    expect(parsed.awardeeVendorInfo.awardeeDivercityCategory).toEqual(['MBE', 'WBE']);
    expect(errorsOf(withField('awardeeVendorInfo', 'awardeeDivercityCategory', []))).toEqual([
      { field: 'awardeeVendorInfo.awardeeDivercityCategory', message: 'Required' },
    ]);
  });
});

describe('vendor account and division', () => {
  it('manager name is optional and at most 50 characters', () => {
    expect(errorsOf(withField('vendorAccount', 'vandorAcountManagerName', ''))).toEqual([]);
    expect(errorsOf(withField('vendorAccount', 'vandorAcountManagerName', 'x'.repeat(51)))).toEqual(
      [
        {
          field: 'vendorAccount.vandorAcountManagerName',
          message: 'Must be 50 characters or less',
        },
      ],
    );
  });

  it.each([
    ['vendorAccount', 'vandorAcountManagerEmail'],
    ['divisionInfo', 'companyContractOwnerEmail'],
  ])('%s.%s must be a valid address when given', (section, field) => {
    expect(errorsOf(withField(section, field, 'jane@example'))).toEqual([
      { field: `${section}.${field}`, message: 'Invalid email address' },
    ]);
    expect(errorsOf(withField(section, field, 'jane.doe@example.com'))).toEqual([]);
    expect(errorsOf(withField(section, field, ''))).toEqual([]);
  });

  it.each([
    ['vendorAccount', 'vandorAcountManagerPhone'],
    ['divisionInfo', 'companyContractOwnerPhone'],
  ])('%s.%s accepts digits only, at most 10, and never strips', (section, field) => {
    const parsed = contractSchema.parse(
      withField(section, field, '3125550147'),
    ) as unknown as Record<string, Record<string, unknown>>;
    expect(parsed[section]![field]).toBe('3125550147');
    for (const typed of ['12345abc901234', '(312) 555-0147']) {
      expect(errorsOf(withField(section, field, typed))).toEqual([
        { field: `${section}.${field}`, message: 'Digits only' },
      ]);
    }
    expect(errorsOf(withField(section, field, '31255501478'))).toEqual([
      { field: `${section}.${field}`, message: 'Must be 10 characters or less' },
    ]);
    expect(errorsOf(withField(section, field, ''))).toEqual([]);
  });

  it.each(['divisionName', 'companyContractOwnerName'])(
    'divisionInfo.%s is required and at most 50 characters',
    (field) => {
      expect(errorsOf(withField('divisionInfo', field, ''))).toEqual([
        { field: `divisionInfo.${field}`, message: 'Required' },
      ]);
      expect(errorsOf(withField('divisionInfo', field, 'x'.repeat(51)))).toEqual([
        { field: `divisionInfo.${field}`, message: 'Must be 50 characters or less' },
      ]);
    },
  );

  it('cost center is optional', () => {
    expect(errorsOf(withField('divisionInfo', 'divisionCostCenter', ''))).toEqual([]);
  });
});

describe('dashboard year', () => {
  it('is a required year', () => {
    expect(contractYearSchema.safeParse({ year: '2025' }).data).toEqual({ year: 2025 });
    expect(contractYearSchema.safeParse({}).success).toBe(false);
  });
});
