import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { idColumn, clientRefColumn, updatedAtColumn } from './columns.ts';

/**
 * The free-text analysis of a dashboard, saved per organisation and report: the same report
 * (same dashboard and selection) brings the same text back, and every export includes it.
 */
export const reportAnalyses = pgTable(
  'report_analyses',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    reportKey: text('report_key').notNull(),
    text: text('text').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex('report_analyses_client_key').on(t.clientRef, t.reportKey)],
);
