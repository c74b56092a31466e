import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { clients } from './clients.ts';
import { users } from './users.ts';

/**
 * Tier 2 reporting (migration 0022). A buyer's prime supplier: the buyer organisation,
 * the prime's own (SUPPLIER) organisation whose users report, what the buyer calls it, and what
 * the buyer asks for. One prime may report to several buyers: one row per buyer.
 */
export const tier2Primes = pgTable(
  'tier2_primes',
  {
    id: serial('id').primaryKey(),
    buyerClientRef: integer('buyer_client_ref')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    primeClientRef: integer('prime_client_ref')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    breakdown: text('breakdown', { enum: ['NONE', 'PROJECT', 'COST_CENTER'] })
      .notNull()
      .default('NONE'),
    /** The projects or cost centres the buyer lists (migration 0025); empty for the whole buyer. */
    segments: text('segments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    firstYear: integer('first_year').notNull(),
    firstQuarter: integer('first_quarter').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The prime organisation's answer (migration 0029): a link is PENDING until one of its users
     * accepts it, and only an ACCEPTED link lets the prime report and the buyer see its reports.
     * Links made before the rule were accepted by the migration.
     */
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED'] })
      .notNull()
      .default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tier2_primes_buyer_prime_key').on(t.buyerClientRef, t.primeClientRef),
    index('tier2_primes_prime_idx').on(t.primeClientRef),
  ],
);

/** One quarter's report of a prime to one buyer: the revenue figures behind the allocation. */
export const tier2Reports = pgTable(
  'tier2_reports',
  {
    id: serial('id').primaryKey(),
    primeRef: integer('prime_ref')
      .notNull()
      .references(() => tier2Primes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    quarter: integer('quarter').notNull(),
    totalRevenue: numeric('total_revenue', { precision: 14, scale: 2 }).notNull(),
    buyerRevenue: numeric('buyer_revenue', { precision: 14, scale: 2 }).notNull(),
    source: text('source', { enum: ['FORM', 'UPLOAD'] }).notNull(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tier2_reports_quarter_key').on(t.primeRef, t.year, t.quarter)],
);

/**
 * A report's lines: DIRECT spend per diversity type (and project or cost centre, '' when the
 * buyer asks for none), and the prime's own diverse spend per type (PRIME_DIVERSE), from which
 * the indirect allocation is computed when read — never stored.
 */
export const tier2ReportLines = pgTable(
  'tier2_report_lines',
  {
    id: serial('id').primaryKey(),
    reportRef: integer('report_ref')
      .notNull()
      .references(() => tier2Reports.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['DIRECT', 'PRIME_DIVERSE'] }).notNull(),
    diversityType: text('diversity_type').notNull(),
    segment: text('segment').notNull().default(''),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    uniqueIndex('tier2_report_lines_key').on(t.reportRef, t.kind, t.diversityType, t.segment),
  ],
);

/**
 * A replaced version of a quarter's report (migration 0025): when a prime saves a quarter again,
 * the version it replaces is kept here as it was — who, when, the revenue figures and the lines —
 * so the buyer and the prime can see what changed.
 */
export const tier2ReportVersions = pgTable(
  'tier2_report_versions',
  {
    id: serial('id').primaryKey(),
    reportRef: integer('report_ref')
      .notNull()
      .references(() => tier2Reports.id, { onDelete: 'cascade' }),
    totalRevenue: numeric('total_revenue', { precision: 14, scale: 2 }).notNull(),
    buyerRevenue: numeric('buyer_revenue', { precision: 14, scale: 2 }).notNull(),
    source: text('source', { enum: ['FORM', 'UPLOAD'] }).notNull(),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    /** The version's lines: [{ kind, diversity, segment, amount }]. */
    lines: jsonb('lines').notNull(),
  },
  (t) => [index('tier2_report_versions_report_idx').on(t.reportRef)],
);

/** Reminders sent: one per prime, quarter and kind (before or after the due date). */
export const tier2ReminderLog = pgTable(
  'tier2_reminder_log',
  {
    primeRef: integer('prime_ref')
      .notNull()
      .references(() => tier2Primes.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    quarter: integer('quarter').notNull(),
    kind: text('kind', { enum: ['BEFORE', 'AFTER'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.primeRef, t.year, t.quarter, t.kind] })],
);
