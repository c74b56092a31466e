/**
 * Clients (organisations) of spec 01 points 2, 3, 7: the client and SpotzCity-admin forms, their
 * replies and the contract-date rules. Used by the server's routes and by the web dialogs alike.
 */
import { z } from 'zod';
import { CLIENT_STATUSES, CLIENT_TYPES } from './enums.ts';
import {
  ISO_DATE,
  LIMITS,
  MESSAGES,
  email,
  numeric,
  recordId,
  requiredText,
} from './validation.ts';

export const CLIENT_LIMITS = { clientIdMax: 20, companyNameMax: 100 } as const;

export const CLIENT_MESSAGES = {
  clientIdPattern: 'Use letters, digits, - and _ only.',
  endBeforeStart: 'The contract end date must not be before its start date.',
  offset: 'Invalid timezone offset.',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar date one year after `iso` (YYYY-MM-DD), the default contract term. 29 February
 * becomes 28 February, as a person counting a year on a calendar would have it.
 */
export function oneYearAfter(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
  return `${y + 1}-${pad(m)}-${pad(Math.min(d, lastDay))}`;
}

/**
 * A contract date as the calendar date the user picked. A bare YYYY-MM-DD is taken as is; an
 * instant (what a date picker serialises to) is read in the sender's time zone, given by `offset`
 * in minutes as JavaScript's getTimezoneOffset() reports it (UTC − local), UTC when absent.
 */
export function toCalendarDate(value: string, offset = 0): string | undefined {
  const text = value.trim();
  if (ISO_DATE.test(text)) {
    const [y, m, d] = text.split('-').map(Number) as [number, number, number];
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
      ? text
      : undefined;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) return undefined;
  return new Date(instant - offset * 60_000).toISOString().slice(0, 10);
}

const dateText = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required })
  .refine((v) => toCalendarDate(v) !== undefined, { error: MESSAGES.invalidDate });

const optionalDateText = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  dateText.optional(),
);

export const clientIdField = () =>
  requiredText(CLIENT_LIMITS.clientIdMax).regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, {
    error: CLIENT_MESSAGES.clientIdPattern,
  });

/** A record id in a body or query (`{ id }` of updates and deletes). */
export { recordId };

/** The client form's fields one by one, for the web form's per-field rules. */
export const clientFields = {
  clientId: clientIdField(),
  name: requiredText(LIMITS.nameMax),
  email: email(),
  companyName: requiredText(CLIENT_LIMITS.companyNameMax),
  type: z.enum(CLIENT_TYPES, { error: MESSAGES.required }),
  status: z.enum(CLIENT_STATUSES, { error: MESSAGES.required }).default('ENABLE'),
  contractStartAt: dateText,
  contractEndAt: optionalDateText,
  offset: numeric(
    z
      .number({ error: CLIENT_MESSAGES.offset })
      .int({ error: CLIENT_MESSAGES.offset })
      .min(-840, { error: CLIENT_MESSAGES.offset })
      .max(840, { error: CLIENT_MESSAGES.offset }),
  ).optional(),
};

const clientObject = z.object(clientFields);
type ClientObject = z.output<typeof clientObject>;

/** Contract dates become calendar dates; the end defaults to one year after the start. */
function normaliseDates<T extends ClientObject>(v: T) {
  const start = toCalendarDate(v.contractStartAt, v.offset) as string;
  const end = v.contractEndAt ? toCalendarDate(v.contractEndAt, v.offset) : undefined;
  return { ...v, contractStartAt: start, contractEndAt: end ?? oneYearAfter(start) };
}

const endNotBeforeStart: [
  (v: { contractStartAt: string; contractEndAt: string }) => boolean,
  { path: string[]; error: string },
] = [
  (v) => v.contractEndAt >= v.contractStartAt,
  { path: ['contractEndAt'], error: CLIENT_MESSAGES.endBeforeStart },
];

/** `POST /api/super_admin/client`: a new organisation. */
export const clientCreateSchema = clientObject
  .transform(normaliseDates)
  .refine(...endNotBeforeStart);
export type ClientCreateInput = z.output<typeof clientCreateSchema>;

/** `PUT /api/super_admin/client`: the same form with the client's `id`. */
export const clientUpdateSchema = clientObject
  .extend({ id: recordId() })
  .transform(normaliseDates)
  .refine(...endNotBeforeStart);
export type ClientUpdateInput = z.output<typeof clientUpdateSchema>;

/** `POST /api/super_admin/admin`: a SpotzCity admin (spec: clientId, name, email). */
/** A SpotzCity admin: the client's own rules for its id, name and e-mail. */
export const adminCreateSchema = z.object({
  clientId: clientFields.clientId,
  name: clientFields.name,
  email: clientFields.email,
});
export type AdminCreateInput = z.output<typeof adminCreateSchema>;

export const adminUpdateSchema = adminCreateSchema.extend({ id: recordId() });
export type AdminUpdateInput = z.output<typeof adminUpdateSchema>;

export const deleteRequestSchema = z.object({ id: recordId() });

/* Replies */

export const clientItemSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
  type: z.enum(CLIENT_TYPES),
  status: z.enum(CLIENT_STATUSES),
  contractStartAt: z.string().nullable(),
  contractEndAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientItem = z.infer<typeof clientItemSchema>;

/** `/api/super_admin/clients/all`: every client id as a select option. */
export const clientOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ClientOption = z.infer<typeof clientOptionSchema>;
