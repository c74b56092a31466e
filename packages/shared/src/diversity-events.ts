/**
 * Diversity Events (spec 02 points 2, 3, 7): trade shows, conferences and consumer events shared
 * by every organisation (DESIGN.md §4), the events-list upload (DESIGN.md §5) and the list request.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { cellDate, cellText, type Cell, type FileColumn } from './cells.ts';
import { SORT_ORDERS } from './enums.ts';
import { MESSAGES, absentAs, calendarDate, optionalText } from './validation.ts';

export const EVENT_TYPES = ['Trade', 'Conference', 'Consumers'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_MESSAGES = {
  uploaded: 'Events Uploaded Successfully',
  eventType: `Must be one of: ${EVENT_TYPES.join(', ')}`,
  wholeNumber: 'Must be a whole number of 0 or more',
  invalidDate: 'Enter Valid Date',
  noMoreResults: 'No More Results To Show',
} as const;

export const EVENT_COLUMNS = [
  { key: 'eventType', header: 'Event Type', aliases: ['Type'], required: true },
  { key: 'category', header: 'Category', aliases: ['Event Category'] },
  { key: 'eventName', header: 'Event Name', aliases: ['Name', 'Event'], required: true },
  { key: 'city', header: 'City' },
  { key: 'state', header: 'State', aliases: ['State/Province', 'Province'] },
  { key: 'attendance', header: 'Attendance', aliases: ['Attendees', 'Expected Attendance'] },
  { key: 'exhibitor', header: 'Exhibitor', aliases: ['Exhibitors'] },
  { key: 'startDate', header: 'Start Date', aliases: ['Date', 'Event Date'], required: true },
  { key: 'description', header: 'Description' },
] as const satisfies readonly FileColumn[];

export type EventColumnKey = (typeof EVENT_COLUMNS)[number]['key'];

export const EVENT_TEMPLATE_EXAMPLE: Record<EventColumnKey, string | number> = {
  eventType: 'Trade',
  category: 'Manufacturing',
  eventName: 'Midwest Supplier Diversity Expo',
  city: 'Chicago',
  state: 'IL',
  attendance: 2500,
  exhibitor: 180,
  startDate: '09/18/2026',
  description: 'Matchmaking sessions between certified diverse suppliers and buyers.',
};

const MAX_LENGTH: Partial<Record<EventColumnKey, number>> = {
  category: 100,
  eventName: 200,
  city: 100,
  state: 100,
  description: 2000,
};
const MAX_COUNT = 10_000_000;

/** An event row as stored (flat, for the upload's `unnest` arrays). */
export interface EventRow {
  eventType: EventType;
  category: string | null;
  eventName: string;
  city: string | null;
  state: string | null;
  attendance: number | null;
  exhibitor: number | null;
  /** YYYY-MM-DD */
  startDate: string;
  description: string | null;
}

const TYPE_BY_KEY = new Map<string, EventType>([
  ...EVENT_TYPES.map((t) => [t.toLowerCase(), t] as const),
  ['consumer', 'Consumers'],
  ['tradeshow', 'Trade'],
  ['trade show', 'Trade'],
]);

function count(cell: Cell): number | null | undefined {
  if (cell === null) return null;
  const text = typeof cell === 'number' ? String(cell) : cellText(cell)?.replace(/[,\s]/g, '');
  if (text === undefined || text === null || text === '') return null;
  if (!/^\d+(\.0+)?$/.test(text)) return undefined;
  const n = Number(text);
  return n <= MAX_COUNT ? n : undefined;
}

export function parseEventRow(
  cells: Partial<Record<EventColumnKey, Cell>>,
  context: { date1904: boolean },
): { ok: true; row: EventRow } | { ok: false; problems: { column: string; message: string }[] } {
  const problems: { column: string; message: string }[] = [];
  const text = (key: EventColumnKey) => {
    const value = cellText(cells[key] ?? null);
    const max = MAX_LENGTH[key];
    if (value !== null && max !== undefined && value.length > max) {
      problems.push({ column: key, message: MESSAGES.maxLength(max) });
    }
    return value;
  };
  const typeText = cellText(cells.eventType ?? null);
  const eventType = typeText ? TYPE_BY_KEY.get(typeText.toLowerCase()) : undefined;
  if (!typeText) problems.push({ column: 'eventType', message: MESSAGES.required });
  else if (!eventType) problems.push({ column: 'eventType', message: EVENT_MESSAGES.eventType });
  const eventName = text('eventName');
  if (!eventName) problems.push({ column: 'eventName', message: MESSAGES.required });
  const startDate = cellDate(cells.startDate ?? null, context.date1904);
  if (startDate === null) problems.push({ column: 'startDate', message: MESSAGES.required });
  else if (startDate === undefined) {
    problems.push({ column: 'startDate', message: EVENT_MESSAGES.invalidDate });
  }
  const numbers = {} as Record<'attendance' | 'exhibitor', number | null>;
  for (const key of ['attendance', 'exhibitor'] as const) {
    const n = count(cells[key] ?? null);
    if (n === undefined) problems.push({ column: key, message: EVENT_MESSAGES.wholeNumber });
    numbers[key] = n ?? null;
  }
  const row = {
    eventType: eventType!,
    category: text('category'),
    eventName: eventName!,
    city: text('city'),
    state: text('state'),
    attendance: numbers.attendance,
    exhibitor: numbers.exhibitor,
    startDate: startDate!,
    description: text('description'),
  };
  return problems.length ? { ok: false, problems } : { ok: true, row };
}

/** A real calendar date or nothing: a date that only looks like one (9234-23-71) is refused. */
const optionalCalendarDate = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    calendarDate(EVENT_MESSAGES.invalidDate).optional(),
  );

/** The 'Filter Events' dialog: every field optional, text matched in part, ignoring case. */
export const eventFiltersSchema = z
  .object({
    category: optionalText(100),
    eventName: optionalText(200),
    city: optionalText(100),
    state: optionalText(100),
    fromDate: optionalCalendarDate(),
    toDate: optionalCalendarDate(),
  })
  .refine((f) => !f.fromDate || !f.toDate || f.fromDate <= f.toDate, {
    path: ['toDate'],
    error: EVENT_MESSAGES.invalidDate,
  });
export type EventFilters = z.infer<typeof eventFiltersSchema>;

/** `POST /api/diversity_events/list`: one tab's events; the date column sorts on startDate. */
export const eventListRequestSchema = pageRequestSchema.extend({
  eventType: z.enum(EVENT_TYPES, { error: EVENT_MESSAGES.eventType }).default('Trade'),
  filters: absentAs(eventFiltersSchema, {}),
  sortOn: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(['date', 'startDate']).optional(),
  ),
  sortOrder: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(SORT_ORDERS).optional(),
  ),
});
export type EventListRequest = z.infer<typeof eventListRequestSchema>;

export const diversityEventSchema = z.object({
  id: z.number().int(),
  eventType: z.enum(EVENT_TYPES),
  category: z.string().nullable(),
  eventName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  attendance: z.number().int().nullable(),
  exhibitor: z.number().int().nullable(),
  /** MM/DD/YYYY, as the table shows it. */
  date: z.string(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  description: z.string().nullable(),
});
export type DiversityEvent = z.infer<typeof diversityEventSchema>;

export const eventUploadResultSchema = z.object({ count: z.number().int() });
