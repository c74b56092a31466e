import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CLIENT_MESSAGES,
  adminCreateSchema,
  clientCreateSchema,
  clientUpdateSchema,
  deleteRequestSchema,
  oneYearAfter,
  toCalendarDate,
} from './clients.ts';
import { toFieldErrors } from './validation.ts';

const errorsOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : toFieldErrors(result.error);
};

const valid = {
  clientId: 'ACME-2',
  name: 'Alex Morgan',
  email: 'alex@acme.example',
  companyName: 'Acme',
  type: 'BUYER',
  contractStartAt: '2026-01-15',
};

describe('oneYearAfter', () => {
  it.each([
    ['2026-01-15', '2027-01-15'],
    ['2026-12-31', '2027-12-31'],
    ['2028-02-29', '2029-02-28'],
  ])('%s → %s', (start, end) => expect(oneYearAfter(start)).toBe(end));
});

describe('toCalendarDate', () => {
  it('takes a bare date as it is and refuses impossible ones', () => {
    expect(toCalendarDate('2026-02-28')).toBe('2026-02-28');
    expect(toCalendarDate('2026-02-30')).toBeUndefined();
    expect(toCalendarDate('28/02/2026')).toBeUndefined();
  });

  it('reads an instant in the time zone given by the offset (minutes, UTC − local)', () => {
    expect(toCalendarDate('2026-03-01T04:30:00.000Z')).toBe('2026-03-01');
    expect(toCalendarDate('2026-03-01T04:30:00.000Z', 300)).toBe('2026-02-28');
    expect(toCalendarDate('2026-02-28T20:00:00.000Z', -330)).toBe('2026-03-01');
  });
});

describe('client form', () => {
  it('defaults the status to ENABLE and the contract end to one year after the start', () => {
    expect(clientCreateSchema.parse(valid)).toMatchObject({
      status: 'ENABLE',
      contractStartAt: '2026-01-15',
      contractEndAt: '2027-01-15',
    });
    expect(clientCreateSchema.parse({ ...valid, contractEndAt: '' }).contractEndAt).toBe(
      '2027-01-15',
    );
  });

  it('gives Required for every missing field', () => {
    expect(errorsOf(clientCreateSchema, {})).toEqual(
      ['clientId', 'name', 'email', 'companyName', 'type', 'contractStartAt'].map((field) => ({
        field,
        message: 'Required',
      })),
    );
  });

  it.each([
    [{ clientId: 'A'.repeat(21) }, 'clientId', 'Must be 20 characters or less'],
    [{ clientId: 'A B' }, 'clientId', CLIENT_MESSAGES.clientIdPattern],
    [{ name: 'n'.repeat(51) }, 'name', 'Must be 50 characters or less'],
    [{ companyName: 'c'.repeat(101) }, 'companyName', 'Must be 100 characters or less'],
    [{ email: 'alex@' }, 'email', 'Invalid email address'],
    [{ contractStartAt: '2026-13-01' }, 'contractStartAt', 'Enter Valid Date.'],
    [{ contractEndAt: '2025-12-31' }, 'contractEndAt', CLIENT_MESSAGES.endBeforeStart],
    [{ offset: 'east' }, 'offset', CLIENT_MESSAGES.offset],
  ])('%j → %s: %s', (overrides, field, message) => {
    expect(errorsOf(clientCreateSchema, { ...valid, ...overrides })).toEqual([{ field, message }]);
  });

  it('needs the id of the client to update', () => {
    expect(errorsOf(clientUpdateSchema, valid)).toEqual([{ field: 'id', message: 'Required' }]);
    expect(clientUpdateSchema.parse({ ...valid, id: '7' }).id).toBe(7);
  });
});

describe('admin form and delete request', () => {
  it('asks for client id, name and e-mail', () => {
    expect(errorsOf(adminCreateSchema, {}).map((e) => e.field)).toEqual([
      'clientId',
      'name',
      'email',
    ]);
  });

  it('needs an id from 1 to the largest a record can have', () => {
    expect(errorsOf(deleteRequestSchema, {})).toEqual([{ field: 'id', message: 'Required' }]);
    for (const id of ['0', '2147483648', '1.5']) {
      expect(errorsOf(deleteRequestSchema, { id })).toEqual([
        { field: 'id', message: 'Must be a valid id' },
      ]);
    }
    expect(deleteRequestSchema.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
    expect(deleteRequestSchema.parse({ id: '12' })).toEqual({ id: 12 });
  });
});
