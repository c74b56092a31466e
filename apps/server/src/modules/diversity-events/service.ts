/**
 * Diversity events (spec 02 points 2–4, 7): platform-wide, listed per tab (event type) with the
 * 'Filter Events' fields and the date sort; imported from an events list all-or-nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  EVENT_COLUMNS,
  type DiversityEvent,
  type EventListRequest,
  type EventRow,
} from '@spotzcity/shared/diversity-events';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { diversityEvents } from '../../db/schema/index.ts';
import { importSheet, type SheetRows } from '../../platform/xlsx/sheet-import.ts';
import type { XlsxLimits } from '../../platform/xlsx/sheet.ts';
import {
  bare,
  columnList,
  pageTotal,
  pageWindow,
  selectAs,
  setFromExcluded,
} from '../../platform/sql.ts';

const ROW_MODULE = new URL('./rows.ts', import.meta.url);
export const MAX_LISTED_PROBLEMS = 100;

/** `%text%` for LIKE, with the user's own % and _ taken literally. */
export const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

const e = alias(diversityEvents, 'e');

const eventRow = z.object({
  id: z.number(),
  event_type: z.enum(diversityEvents.eventType.enumValues),
  category: z.string().nullable(),
  event_name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  attendance: z.number().nullable(),
  exhibitor: z.number().nullable(),
  start_date: z.string(),
  description: z.string().nullable(),
  total_count: z.number(),
});

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export async function listEvents(db: DbOrTx, input: EventListRequest) {
  const f = input.filters;
  const where: SQL[] = [sql`${e.eventType} = ${input.eventType}`];
  if (f.category) where.push(sql`lower(${e.category}) like ${contains(f.category)}`);
  if (f.eventName) where.push(sql`lower(${e.eventName}) like ${contains(f.eventName)}`);
  if (f.city) where.push(sql`lower(${e.city}) like ${contains(f.city)}`);
  if (f.state) where.push(sql`lower(${e.state}) like ${contains(f.state)}`);
  if (f.fromDate) where.push(sql`${e.startDate} >= ${f.fromDate}::date`);
  if (f.toDate) where.push(sql`${e.startDate} <= ${f.toDate}::date`);
  // Without a sort the calendar reads in date order; the header toggles ASC then DESC.
  const order =
    input.sortOrder === 'DESC'
      ? sql`${e.startDate} desc, ${e.id} desc`
      : sql`${e.startDate} asc, ${e.id} asc`;
  const matching = sql.join(where, sql` and `);
  const rows = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: e.id,
        event_type: e.eventType,
        category: e.category,
        event_name: e.eventName,
        city: e.city,
        state: e.state,
        attendance: e.attendance,
        exhibitor: e.exhibitor,
        start_date: sql`${e.startDate}::text`,
        description: e.description,
        total_count: sql`count(*) over ()::int`,
      })}
      from ${diversityEvents} ${e}
      where ${matching}
      order by ${order}
      ${pageWindow(input)}
    `),
    eventRow,
  );
  // A page past the end still reports how many there are.
  const total = await pageTotal(
    db,
    rows,
    input,
    sql`select count(*)::int as n from ${diversityEvents} ${e} where ${matching}`,
  );
  const events: DiversityEvent[] = rows.map((r) => ({
    id: r.id,
    eventType: r.event_type,
    category: r.category,
    eventName: r.event_name,
    city: r.city,
    state: r.state,
    attendance: r.attendance,
    exhibitor: r.exhibitor,
    date: usDate(r.start_date),
    startDate: r.start_date,
    description: r.description,
  }));
  return { rows: events, total };
}

/** Rows column by column, as the worker sends them (or the demo seed builds them). */
export type EventColumns = SheetRows;

/**
 * Adds the events, or updates those already known (same type, name and start date). Within one
 * batch the last line of an event wins.
 */
export async function upsertEvents(tx: DbOrTx, createdBy: number | null, batch: EventColumns) {
  const c = (key: keyof EventRow) => sql.param(batch.columns[key] ?? []);
  const d = diversityEvents;
  const updated = [
    d.category,
    d.eventName,
    d.city,
    d.state,
    d.attendance,
    d.exhibitor,
    d.description,
  ];
  await tx.execute(sql`
    insert into ${d} (${columnList(
      d.eventType,
      d.category,
      d.eventName,
      d.city,
      d.state,
      d.attendance,
      d.exhibitor,
      d.startDate,
      d.description,
      d.createdBy,
    )})
    select distinct on (t.event_type, lower(t.event_name), t.start_date)
      t.event_type, t.category, t.event_name, t.city, t.state, t.attendance, t.exhibitor,
      t.start_date, t.description, ${createdBy}::int
    from unnest(${sql.param(batch.lines)}::int[], ${c('eventType')}::text[],
      ${c('category')}::text[], ${c('eventName')}::text[], ${c('city')}::text[],
      ${c('state')}::text[], ${c('attendance')}::int[], ${c('exhibitor')}::int[],
      ${c('startDate')}::date[], ${c('description')}::text[])
      as t(line, event_type, category, event_name, city, state, attendance, exhibitor,
        start_date, description)
    order by t.event_type, lower(t.event_name), t.start_date, t.line desc
    on conflict (${bare(d.eventType)}, lower(${bare(d.eventName)}), ${bare(d.startDate)})
    do update set
      ${setFromExcluded(...updated)},
      ${bare(d.updatedAt)} = now()
  `);
}

export interface ImportEventsOptions {
  createdBy: number | null;
  path: string;
  limits: XlsxLimits;
  onUnreadable?: (detail: string) => void;
}

/** All-or-nothing (DESIGN.md §5): one transaction; a bad row refuses the file, saving nothing. */
export function importEvents(db: Db, options: ImportEventsOptions) {
  return importSheet(
    db,
    options.path,
    {
      columns: EVENT_COLUMNS,
      rowModule: ROW_MODULE,
      maxProblems: MAX_LISTED_PROBLEMS,
      limits: options.limits,
      onUnreadable: options.onUnreadable,
    },
    (tx, rows) => upsertEvents(tx, options.createdBy, rows),
  );
}
