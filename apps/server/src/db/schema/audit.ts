import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { users } from './users.ts';
import { idColumn } from './columns.ts';

/**
 * Every create, update and delete of clients and users: who, when, what, before and after.
 * Written in the same transaction as the change; the actor's name and e-mail are copied so the
 * row still reads correctly after the actor is changed or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: idColumn(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    action: text('action', { enum: ['CREATE', 'UPDATE', 'DELETE', 'REVOKE', 'USE'] }).notNull(),
    entity: text('entity', {
      enum: ['client', 'user', 'settings', 'goals', 'tier2Prime', 'apiToken', 'vendorMatch'],
    }).notNull(),
    entityId: integer('entity_id').notNull(),
    /** The organisation the changed record belongs to. */
    clientRef: integer('client_ref').references(() => clients.id),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_client_ref_idx').on(t.clientRef),
  ],
);
