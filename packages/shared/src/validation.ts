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
  maxLength: (n: number) => `Must be ${n} characters or less`,
  maxNumber: (n: number) => `Must be ${n} equal or less`,
} as const;

export const LIMITS = {
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

/** Strips every non-digit, as the spec asks for phone numbers. */
export const digitsOnly = (value: string) => value.replace(/\D+/g, '');

export const phone = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? digitsOnly(value) : value),
    z
      .string()
      .max(LIMITS.phoneMax, { error: MESSAGES.maxLength(LIMITS.phoneMax) })
      .optional()
      .transform((v) => (v === '' ? undefined : v)),
  );

/** A number no greater than max ('Must be N equal or less'). */
export const maxNumber = (max: number) =>
  z.coerce
    .number({ error: MESSAGES.required })
    .refine((n) => Number.isFinite(n), { error: MESSAGES.required })
    .max(max, { error: MESSAGES.maxNumber(max) });

/** ISO calendar date (YYYY-MM-DD). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isoDate = () =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), {
      error: MESSAGES.invalidDate,
    });

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
