/**
 * The validation vocabulary of spec 01/02 point 5: every rule value and message lives here once and
 * is used by the server's request schemas and by the web forms alike.
 */
import { z } from 'zod';

export const MESSAGES = {
  required: 'Required',
  invalidEmail: 'Invalid email address',
  passwordRule:
    'Password should contain 8 characters with at least a symbol, upper and lower case letters and a number.',
  passwordMismatch: 'New Password and Confirm Password do not match.',
  otpRequired: 'Please enter otp sent to your email.',
  invalidDate: 'Enter Valid Date.',
  /** The contract form's date message (the spec writes it without the full stop). */
  invalidDatePlain: 'Enter Valid Date',
  notANumber: 'Must be a number',
  notNegative: 'Must be 0 or more',
  digitsOnly: 'Digits only',
  maxLength: (n: number) => `Must be ${n} characters or less`,
  /** A NUL character: no text field can hold one (PostgreSQL's text cannot). */
  controlCharacter: 'Must not contain control characters',
  invalidId: 'Must be a valid id',
  maxNumber: (n: number) => `Must be ${n} equal or less`,
  /** A list longer than anything the form can send (each choice once, or a count's limit). */
  maxItems: (n: number) => `Must be ${n} items or less`,
} as const;

export const LIMITS = {
  /** The largest record id (a PostgreSQL integer): larger ids name nothing. */
  maxId: 2_147_483_647,
  codeLength: 6,
  passwordMin: 8,
  phoneMax: 10,
  nameMax: 50,
  emailMax: 254,
} as const;

// The spec's "standard address pattern": the one most form libraries use.
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;
// At least 8 characters with a digit, a special character from !@#$%^&*, a lower and an upper case letter.
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[!@#$%^&*])(?=.*[a-z])(?=.*[A-Z]).{8,}$/;

/**
 * A number, or the text of one (a query string carries only text; forms send either): `schema`
 * checks it. Blank text is absent, and null, booleans, lists and objects are refused as the wrong
 * type with `schema`'s own message. z.coerce.number() read null and '' as 0 and true as 1, so
 * `{ pageNumber: null }` or `{ limit: true }` passed as numbers the API document says they are not.
 * Optional or defaulted: `numeric(…).optional()` / `.default(n)` outside, where the document sees it.
 */
export const numeric = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value,
    schema,
  );

/**
 * `schema`, where null or absent stands for `fallback` (an empty list, no filters). The API
 * document shows the field as optional, with its default: a preprocess alone that fills it in
 * would show it as required, though the server never asks for it.
 */
export const absentAs = <T extends z.ZodType>(schema: T, fallback: z.input<T>) =>
  z.preprocess((value) => value ?? fallback, schema).prefault(fallback);

/**
 * A record id in a body, query string or path: a whole number from 1 to LIMITS.maxId ('Required'
 * when absent, 'Must be a valid id' otherwise).
 */
export const recordId = () =>
  numeric(
    z
      .number({ error: MESSAGES.required })
      .int({ error: MESSAGES.invalidId })
      .min(1, { error: MESSAGES.invalidId })
      .max(LIMITS.maxId, { error: MESSAGES.invalidId }),
  );

/**
 * The path of the first string holding a NUL character in a parsed body or query, if any.
 * It runs on every request before any route's own checks, so it allocates nothing on the way:
 * arrays by index, objects by key, and the path built only once a NUL is found (`Object.entries`
 * and a path per item made a long list cost real CPU).
 */
export function findControlCharacter(value: unknown, depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  // Nothing the API takes is nested this deep: refused like a control character.
  if (depth > 64) return [];
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], depth + 1);
      if (found) return [String(index), ...found];
    }
    return undefined;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\u0000')) return [key];
    const found = findControlCharacter((value as Record<string, unknown>)[key], depth + 1);
    if (found) return [key, ...found];
  }
  return undefined;
}

/** A string that must not be empty or blank ('Required'), trimmed. */
export const requiredText = (max?: number) => {
  const base = z.string({ error: MESSAGES.required }).trim().min(1, { error: MESSAGES.required });
  return max === undefined ? base : base.max(max, { error: MESSAGES.maxLength(max) });
};

/** An optional string: empty and blank become undefined. */
export const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(max, { error: MESSAGES.maxLength(max) })
      .optional(),
  );

export const email = () =>
  requiredText(LIMITS.emailMax).regex(EMAIL_PATTERN, { error: MESSAGES.invalidEmail });

export const strongPassword = () =>
  z
    .string({ error: MESSAGES.required })
    .min(1, { error: MESSAGES.required })
    .regex(PASSWORD_PATTERN, { error: MESSAGES.passwordRule });

/** Strips every non-digit, as spec 01 asks for the profile's phone number. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '');

/** The profile's phone: its digits, at most 10 (all non-digits are stripped). */
export const phone = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? digitsOnly(value) : value),
    z
      .string()
      .max(LIMITS.phoneMax, { error: MESSAGES.maxLength(LIMITS.phoneMax) })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  );

/**
 * An optional field of digits only, at most `max` of them (contract phones, the supplier search's
 * DUNS and contact): anything else is refused with 'Digits only', never stripped, so what the user
 * typed is what is saved or searched. Empty and blank become undefined.
 */
export const optionalDigits = (max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value === 'number') return String(value);
      return value === null || (typeof value === 'string' && value.trim() === '')
        ? undefined
        : value;
    },
    z
      .string()
      .trim()
      .regex(/^\d+$/, { error: MESSAGES.digitsOnly })
      .max(max, { error: MESSAGES.maxLength(max) })
      .optional(),
  );

/** A number no greater than max ('Must be N equal or less'). */
export const maxNumber = (max: number) =>
  numeric(
    z
      .number({ error: MESSAGES.required })
      .refine((n) => Number.isFinite(n), { error: MESSAGES.required })
      .max(max, { error: MESSAGES.maxNumber(max) }),
  );

/** An optional e-mail address: empty is allowed, anything else must be an address. */
export const optionalEmail = () =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .trim()
      .max(LIMITS.emailMax, { error: MESSAGES.maxLength(LIMITS.emailMax) })
      .regex(EMAIL_PATTERN, { error: MESSAGES.invalidEmail })
      .optional(),
  );

/**
 * The number an amount's text stands for, read the same way by the forms and the server:
 * '$1,200.50' is 1200.5 and '-500' is -500 (refused later with its message, never made 500);
 * undefined when blank; NaN when the text is not a decimal number ('12abc', '0x10', '1e3').
 */
export function amountOfText(text: string): number | undefined {
  const bare = text.replace(/[$,\s]/g, '');
  if (bare === '') return undefined;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(bare) ? Number(bare) : Number.NaN;
}

/**
 * A required amount of money from 0 to `max`: 'Required' when empty, 'Must be a number' for text
 * that is not one, 'Must be 0 or more' below zero, 'Must be N equal or less' above `max`; rounded
 * to cents, what a numeric(14,2) column holds. A number or its text ('$1,200.50') is accepted.
 */
export const requiredAmount = (max: number) =>
  z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value !== 'string') return value;
      const amount = amountOfText(value);
      // Text that is not a number stays text, so the message says what is wrong with it.
      return Number.isNaN(amount) ? value : amount;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? MESSAGES.required : MESSAGES.notANumber),
      })
      .refine((n) => Number.isFinite(n), { error: MESSAGES.notANumber })
      .min(0, { error: MESSAGES.notNegative })
      .max(max, { error: MESSAGES.maxNumber(max) })
      .transform((n) => Math.round(n * 100) / 100),
  );

/** ISO calendar date (YYYY-MM-DD). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A required real calendar date (Date.parse alone would take 1990-02-30 as March 2nd). */
export const isoDate = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .refine(isCalendarDate, { error: MESSAGES.invalidDate });

/** True for a real calendar date written YYYY-MM-DD (not 2023-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const WALL_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?([+-]\d{2}:?\d{2})?$/;
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;

/**
 * The calendar date the sender meant. Forms send a day as the sender's wall time with its offset
 * ('2025-03-31T23:59:59-05:00'): the date is the wall date, whatever the server's zone. A UTC
 * instant ('…Z') is moved back to the sender's zone with `offset` (JavaScript's
 * getTimezoneOffset(): minutes west of UTC). A bare YYYY-MM-DD is taken as it is.
 */
export function wallDate(value: unknown, offset?: number): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  const wall = WALL_TIME.exec(text);
  if (wall) return wall[1];
  if (UTC_TIME.test(text)) {
    const instant = Date.parse(text);
    if (Number.isNaN(instant)) return text;
    return new Date(instant - (offset ?? 0) * 60_000).toISOString().slice(0, 10);
  }
  return text;
}

/** Applies wallDate to the named fields of a request body, with the body's own `offset`. */
export function withWallDates(fields: readonly string[]) {
  return (raw: unknown) => {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
    const body = { ...(raw as Record<string, unknown>) };
    const offset = Number(body.offset);
    for (const field of fields) {
      body[field] = wallDate(body[field], Number.isFinite(offset) ? offset : undefined);
    }
    return body;
  };
}

/** A required calendar date (YYYY-MM-DD after wallDate); `invalid` is the form's date message. */
export const calendarDate = (invalid: string = MESSAGES.invalidDate) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .refine(isCalendarDate, { error: invalid });

/** Today as YYYY-MM-DD in the local time zone of whoever runs the check. */
export const todayIso = (now = new Date()) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** A field error as the API and the forms carry it. */
export interface FieldError {
  field: string;
  message: string;
}

/** A problem in one row of an uploaded spreadsheet (`row` is the sheet's own row number). */
export interface RowError {
  row: number;
  column: string;
  message: string;
  /** The cell as the file has it, when there is one. */
  value?: string;
}

/** Turns zod issues into the API's field errors (first message per field). */
export const toFieldErrors = (error: z.ZodError): FieldError[] => {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, message: issue.message });
  }
  return out;
};
