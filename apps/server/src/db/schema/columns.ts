/**
 * Columns that most tables repeat, written once: the serial id, the owning organisation and the
 * row's timestamps. Builders are made per call, so each table gets columns of its own.
 */
import { integer, serial, timestamp } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';

export const idColumn = () => serial('id').primaryKey();

/** The buyer organisation that owns the row; every query is scoped by it. */
export const clientRefColumn = (onDelete?: 'cascade') =>
  integer('client_ref')
    .notNull()
    .references(() => clients.id, onDelete ? { onDelete } : undefined);

export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** created_at and updated_at, both set when the row is written. */
export const timestamps = () => ({ createdAt: createdAtColumn(), updatedAt: updatedAtColumn() });
