import { sql } from 'drizzle-orm';
import { date, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** An organisation (spec "client"): a buyer, a supplier or the platform operator itself. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    /** The human-facing identifier shown in the tables and picked in the Add User dialog. */
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    type: text('type', { enum: ['BUYER', 'SUPPLIER', 'SUPER_ADMIN'] }).notNull(),
    status: text('status', { enum: ['ENABLE', 'DISABLE'] })
      .notNull()
      .default('ENABLE'),
    contractStartAt: date('contract_start_at'),
    contractEndAt: date('contract_end_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('clients_client_id_key').on(sql`lower(${t.clientId})`)],
);
