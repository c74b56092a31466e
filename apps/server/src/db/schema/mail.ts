import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, createdAtColumn } from './columns.ts';

/** Every message the platform sends; without SMTP this table is where mail is read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['SENT', 'KEPT', 'FAILED'] }).notNull(),
    error: text('error'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('mail_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
