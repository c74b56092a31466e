import { describe, expect, it } from 'vitest';
import type { FormInstance, FormRule } from 'antd';
import { passwordChangeSchema, profileUpdateSchema, signinSchema } from '@spotzcity/shared/auth';
import { MESSAGES } from '@spotzcity/shared/validation';
import { rfxSchema } from '@spotzcity/shared/rfx';
import { applyFieldErrors, fieldPath, zodFieldRule, zodRule } from './form-rules.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

const validatorOf = (rule: FormRule, values: Record<string, unknown> = {}): Validator => {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  return (resolved as { validator: Validator }).validator;
};

const messageOf = async (validate: Validator, value: unknown) => {
  try {
    await validate({}, value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('zodRule', () => {
  it("reports the spec's messages for e-mail addresses", async () => {
    const validate = validatorOf(zodRule(signinSchema.shape.usernameOrEmail));
    expect(await messageOf(validate, '')).toBe(MESSAGES.required);
    expect(await messageOf(validate, undefined)).toBe('Required');
    expect(await messageOf(validate, 'not-an-email')).toBe('Invalid email address');
    expect(await messageOf(validate, 'ada@example.com')).toBeUndefined();
  });

  it('rejects a date of birth in the future', async () => {
    const validate = validatorOf(zodRule(profileUpdateSchema.shape.dateOfBirth));
    expect(await messageOf(validate, '2999-01-01')).toBe('Enter Valid Date.');
    expect(await messageOf(validate, '1990-05-17')).toBeUndefined();
  });

  it('limits phone numbers to 10 digits after stripping the rest', async () => {
    const validate = validatorOf(zodRule(profileUpdateSchema.shape.phone));
    expect(await messageOf(validate, '(555) 123-4567')).toBeUndefined();
    expect(await messageOf(validate, '555123456789')).toBe('Must be 10 characters or less');
  });
});

describe('zodFieldRule', () => {
  it('reports a confirmation mismatch on the confirmation field', async () => {
    const values = { oldPassword: 'x', newPassword: 'Secret@2024', confirmPassword: '' };
    const validate = validatorOf(zodFieldRule(passwordChangeSchema, 'confirmPassword'), values);
    expect(await messageOf(validate, 'Secret@2025')).toBe(
      'New Password and Confirm Password do not match.',
    );
    expect(await messageOf(validate, 'Secret@2024')).toBeUndefined();
  });

  it('reports the password rule on the new password only', async () => {
    const values = { oldPassword: 'x', newPassword: '', confirmPassword: 'weak' };
    const validate = validatorOf(zodFieldRule(passwordChangeSchema, 'newPassword'), values);
    expect(await messageOf(validate, 'weak')).toBe(MESSAGES.passwordRule);
  });
});

describe('rules inside lists and sections', () => {
  const rfx = {
    rfxNumber: 'RFP-1',
    rfxName: 'Racking',
    type: 'RFP',
    category: 'Facilities',
    startDate: '2025-03-10',
    submitDate: '2025-03-20',
    contractValue: 1000,
    rfxCompleted: 'No',
    rfxSupplier: [
      { supplierIncluded: 'A', diversityCategory: ['MBE'], deals: 'Won' },
      { supplierIncluded: 'B', diversityCategory: ['WBE'], deals: 'Loss' },
    ],
  };

  it('checks a supplier row field with the whole form, and only that row', async () => {
    const contact = validatorOf(zodFieldRule(rfxSchema, ['rfxSupplier', 0, 'pointOfContact']), rfx);
    expect(await messageOf(contact, '')).toBe('Required');
    expect(await messageOf(contact, 'Pat Lee')).toBeUndefined();
    const reason = validatorOf(zodFieldRule(rfxSchema, ['rfxSupplier', 1, 'reasonForLoss']), rfx);
    expect(await messageOf(reason, '')).toBe('Required');
    expect(await messageOf(reason, 'Price not competitive')).toBeUndefined();
  });

  it('reports a start after the submit date on the submit date', async () => {
    const submit = validatorOf(zodFieldRule(rfxSchema, 'submitDate'), rfx);
    expect(await messageOf(submit, '2025-03-09')).toBe('Enter Valid Date.');
    expect(await messageOf(submit, '2025-03-10')).toBeUndefined();
  });

  it('puts the server’s dotted field names on the nested fields', () => {
    expect(fieldPath('rfxSupplier.1.reasonForLoss')).toEqual(['rfxSupplier', 1, 'reasonForLoss']);
    const set: unknown[] = [];
    const form = {
      getFieldInstance: (name: unknown) =>
        JSON.stringify(name).includes('ghost') ? undefined : {},
      setFields: (fields: unknown[]) => set.push(...fields),
    } as unknown as FormInstance;
    const applied = applyFieldErrors(form, [
      { field: 'divisionInfo.divisionName', message: 'Required' },
      { field: 'ghost', message: 'Nowhere' },
    ]);
    expect(applied).toBe(true);
    expect(set).toEqual([{ name: ['divisionInfo', 'divisionName'], errors: ['Required'] }]);
  });
});
