/** Every validation rule and message of the spec's forms, through the shared schemas. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  forgotPasswordSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  recoveryPasswordFormSchema,
  signinSchema,
  verifyCodeSchema,
} from './auth.ts';
import {
  MESSAGES,
  absentAs,
  amountOfText,
  findControlCharacter,
  maxNumber,
  numeric,
  recordId,
  requiredAmount,
  requiredText,
  toFieldErrors,
  todayIso,
} from './validation.ts';
import { pageRequestSchema } from './api.ts';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
}

describe('e-mail', () => {
  it.each(['', '   '])('is required on login and forgot-password (%j)', (email) => {
    expect(errorsOf(signinSchema, { usernameOrEmail: email, password: 'x' })).toEqual([
      { field: 'usernameOrEmail', message: 'Required' },
    ]);
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual([
      { field: 'email', message: 'Required' },
    ]);
  });

  it.each(['plainaddress', 'a@b', 'a@b.', '@example.com', 'a b@example.com'])(
    'must match a standard address pattern (%s)',
    (email) => {
      expect(errorsOf(forgotPasswordSchema, { email })).toEqual([
        { field: 'email', message: 'Invalid email address' },
      ]);
    },
  );

  it.each(['jane.doe@example.com', 'J.Doe+rfx@sub.example.co.uk'])('accepts %s', (email) => {
    expect(errorsOf(forgotPasswordSchema, { email })).toEqual([]);
  });
});

describe('password', () => {
  const rule =
    'Password should contain 8 characters with at least a symbol, upper and lower case letters and a number.';

  it('on login is only required', () => {
    expect(errorsOf(signinSchema, { usernameOrEmail: 'a@b.co', password: '' })).toEqual([
      { field: 'password', message: 'Required' },
    ]);
    expect(errorsOf(signinSchema, { usernameOrEmail: 'a@b.co', password: 'weak' })).toEqual([]);
  });

  it.each([
    ['Ab1!xyz', 'shorter than 8'],
    ['abcdefg1!', 'no upper case'],
    ['ABCDEFG1!', 'no lower case'],
    ['Abcdefgh!', 'no digit'],
    ['Abcdefgh1', 'no symbol'],
    ['Abcdefgh1?', 'a symbol outside !@#$%^&*'],
  ])('rejects %s (%s) with the rule message', (newPassword) => {
    expect(errorsOf(recoveryPasswordFormSchema, { newPassword, password: newPassword })).toEqual([
      { field: 'newPassword', message: rule },
    ]);
  });

  it.each(['Abcdef1!', 'Zz9@zzzzzz', 'P4ss^word'])('accepts %s', (newPassword) => {
    expect(errorsOf(recoveryPasswordFormSchema, { newPassword, password: newPassword })).toEqual(
      [],
    );
  });

  it('requires the confirmation and reports a mismatch', () => {
    expect(
      errorsOf(recoveryPasswordFormSchema, { newPassword: 'Abcdef1!', password: '' }),
    ).toContainEqual({
      field: 'password',
      message: 'Required',
    });
    expect(
      errorsOf(recoveryPasswordFormSchema, { newPassword: 'Abcdef1!', password: 'Abcdef1?' }),
    ).toEqual([{ field: 'password', message: 'New Password and Confirm Password do not match.' }]);
  });

  it('needs old, new and confirm password in reset mode', () => {
    expect(
      errorsOf(passwordChangeSchema, { oldPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual([
      { field: 'oldPassword', message: 'Required' },
      { field: 'newPassword', message: 'Required' },
      { field: 'confirmPassword', message: 'Required' },
    ]);
    expect(
      errorsOf(passwordChangeSchema, {
        oldPassword: 'old',
        newPassword: 'Abcdef1!',
        confirmPassword: 'Abcdef1@',
      }),
    ).toEqual([
      { field: 'confirmPassword', message: 'New Password and Confirm Password do not match.' },
    ]);
  });
});

describe('code', () => {
  it.each(['', '   '])('empty on Verify asks for the code (%j)', (code) => {
    expect(errorsOf(verifyCodeSchema, { email: 'a@b.co', code })).toEqual([
      { field: 'code', message: 'Please enter otp sent to your email.' },
    ]);
  });

  it.each(['12345', '1234567', '12a456'])('must be six digits (%s)', (code) => {
    expect(errorsOf(verifyCodeSchema, { email: 'a@b.co', code })).toHaveLength(1);
  });

  it('accepts six digits', () => {
    expect(errorsOf(verifyCodeSchema, { email: 'a@b.co', code: '042917' })).toEqual([]);
  });
});

describe('profile', () => {
  const valid = { name: 'Ada', gender: 'FEMALE', dateOfBirth: '1990-05-01', phone: '' };

  it('needs name, gender and date of birth', () => {
    expect(errorsOf(profileUpdateSchema, { name: ' ', gender: '', dateOfBirth: '' })).toEqual([
      { field: 'name', message: 'Required' },
      { field: 'gender', message: 'Required' },
      { field: 'dateOfBirth', message: 'Required' },
    ]);
  });

  it('strips every non-digit from the phone and allows at most 10 digits', () => {
    const parsed = profileUpdateSchema.parse({ ...valid, phone: '+1 (312) 555-014' });
    expect(parsed.phone).toBe('1312555014');
    expect(errorsOf(profileUpdateSchema, { ...valid, phone: '(312) 555-01478' })).toEqual([
      { field: 'phone', message: 'Must be 10 characters or less' },
    ]);
  });

  it('refuses a date of birth in the future', () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(errorsOf(profileUpdateSchema, { ...valid, dateOfBirth: todayIso(tomorrow) })).toEqual([
      { field: 'dateOfBirth', message: 'Enter Valid Date.' },
    ]);
    expect(errorsOf(profileUpdateSchema, { ...valid, dateOfBirth: todayIso() })).toEqual([]);
  });

  it('ignores the e-mail, which is read-only', () => {
    expect(profileUpdateSchema.parse({ ...valid, email: 'other@example.com' }).name).toBe('Ada');
  });
});

describe('generic messages', () => {
  it('uses Required, Must be N characters or less and Must be N equal or less', () => {
    expect(errorsOf(requiredText(15), '')).toEqual([{ field: '', message: 'Required' }]);
    expect(errorsOf(requiredText(15), 'x'.repeat(16))).toEqual([
      { field: '', message: 'Must be 15 characters or less' },
    ]);
    expect(errorsOf(maxNumber(1_000_000_000), 1_000_000_001)).toEqual([
      { field: '', message: 'Must be 1000000000 equal or less' },
    ]);
    expect(MESSAGES.maxLength(50)).toBe('Must be 50 characters or less');
  });
});

describe('amounts', () => {
  const amount = requiredAmount(1_000_000_000);
  const message = (input: unknown) => errorsOf(amount, input)[0]?.message;

  it('reads the text a form sends as the server does', () => {
    expect(amountOfText('$1,200.50')).toBe(1200.5);
    expect(amountOfText(' 1 250 000 ')).toBe(1_250_000);
    expect(amountOfText('-500')).toBe(-500);
    expect(amountOfText('')).toBeUndefined();
    for (const text of ['12abc', '0x10', '1e3', 'Infinity', '1.2.3', '--5']) {
      expect(amountOfText(text)).toBeNaN();
    }
  });

  it('refuses a negative amount, typed or sent, and never drops its sign', () => {
    expect(message('-500')).toBe('Must be 0 or more');
    expect(message('-$500')).toBe('Must be 0 or more');
    expect(message(-0.01)).toBe('Must be 0 or more');
  });

  it('refuses text that is not a number', () => {
    expect(message('12abc')).toBe('Must be a number');
    expect(message('0x10')).toBe('Must be a number');
  });

  it('is required, at most the maximum, and kept to the cent', () => {
    expect(message('')).toBe('Required');
    expect(message(null)).toBe('Required');
    expect(message('1,000,000,000.01')).toBe('Must be 1000000000 equal or less');
    expect(amount.parse('$1,250.555')).toBe(1250.56);
  });
});

describe('findControlCharacter', () => {
  it('names the path of the first NUL, in a value, an array item or a key', () => {
    expect(findControlCharacter({ a: 'x', b: { c: ['ok', 'a\u0000b'] } })).toEqual(['b', 'c', '1']);
    expect(findControlCharacter({ a: { ['k\u0000']: 1 } })).toEqual(['a', 'k\u0000']);
    expect(findControlCharacter('a\u0000')).toEqual([]);
  });

  it('passes anything without one, however long, and refuses nesting past 64 levels', () => {
    expect(findControlCharacter({ ids: Array.from({ length: 100_000 }, (_, i) => i) })).toBe(
      undefined,
    );
    expect(findControlCharacter([null, 1, true, { a: 'b' }])).toBe(undefined);
    let deep: unknown = 'x';
    for (let i = 0; i < 70; i += 1) deep = [deep];
    expect(findControlCharacter(deep)).toHaveLength(65);
  });
});

describe('numbers', () => {
  it('take a number or its text, and refuse null, booleans, lists and blank text', () => {
    const schema = z.object({ n: numeric(z.number({ error: MESSAGES.required }).int()) });
    expect(schema.parse({ n: 3 })).toEqual({ n: 3 });
    expect(schema.parse({ n: ' 12 ' })).toEqual({ n: 12 });
    for (const n of [null, true, false, [], [1], {}, '', '  ', 'abc', undefined]) {
      expect(errorsOf(schema, { n }), JSON.stringify(n)).toEqual([
        { field: 'n', message: MESSAGES.required },
      ]);
    }
  });

  it('keep their defaults for absent fields only', () => {
    expect(pageRequestSchema.parse({})).toEqual({ pageNumber: 0, pageSize: 20 });
    expect(errorsOf(pageRequestSchema, { pageNumber: null }).map((e) => e.field)).toEqual([
      'pageNumber',
    ]);
    expect(errorsOf(pageRequestSchema, { pageSize: true }).map((e) => e.field)).toEqual([
      'pageSize',
    ]);
    expect(errorsOf(z.object({ id: recordId() }), { id: null })).toEqual([
      { field: 'id', message: MESSAGES.required },
    ]);
  });

  it('show as numbers, not required when they default, in the API document', () => {
    const shown = z.toJSONSchema(pageRequestSchema, { io: 'input' });
    expect(shown.required ?? []).toEqual([]);
    expect(shown.properties?.pageNumber).toMatchObject({ type: 'integer', minimum: 0 });
  });
});

describe('fields that stand for a default when absent', () => {
  it('are read as the default when null or absent, and shown as optional', () => {
    const schema = z.object({ keys: absentAs(z.array(z.string()).max(3), []) });
    expect(schema.parse({})).toEqual({ keys: [] });
    expect(schema.parse({ keys: null })).toEqual({ keys: [] });
    expect(errorsOf(schema, { keys: 'a' }).map((e) => e.field)).toEqual(['keys']);
    expect(z.toJSONSchema(schema, { io: 'input' }).required ?? []).toEqual([]);
  });
});
