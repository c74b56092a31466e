import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';

/**
 * The free-text analysis of a dashboard, saved per organisation and report: the same report
 * (same dashboard and selection) brings the same text back, and every export includes it.
 */
export const reportAnalyses = pgTable(
  'report_analyses',
  {
    id: serial('id').primaryKey(),
    clientRef: integer('client_ref')
      .notNull()
      .references(() => clients.id),
    reportKey: text('report_key').notNull(),
    text: text('text').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('report_analyses_client_key').on(t.clientRef, t.reportKey)],
);
