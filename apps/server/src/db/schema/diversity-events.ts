import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, timestamps } from './columns.ts';

/**
 * Diversity events are platform-wide (DESIGN.md §4): one calendar for every organisation. An
 * event is identified by its type, name (ignoring case) and start date, so uploading the same
 * list again updates the events instead of doubling them.
 */
export const diversityEvents = pgTable(
  'diversity_events',
  {
    id: idColumn(),
    eventType: text('event_type', { enum: ['Trade', 'Conference', 'Consumers'] }).notNull(),
    category: text('category'),
    eventName: text('event_name').notNull(),
    city: text('city'),
    state: text('state'),
    attendance: integer('attendance'),
    exhibitor: integer('exhibitor'),
    startDate: date('start_date').notNull(),
    description: text('description'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('diversity_events_identity_key').on(
      t.eventType,
      sql`lower(${t.eventName})`,
      t.startDate,
    ),
    index('diversity_events_type_date_idx').on(t.eventType, t.startDate, t.id),
    check(
      'diversity_events_type_check',
      sql`${t.eventType} in ('Trade', 'Conference', 'Consumers')`,
    ),
  ],
);
