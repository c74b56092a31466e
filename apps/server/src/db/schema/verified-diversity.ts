import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { supplierDirectory } from './search-supplier.ts';
import { spendFiles } from './spend.ts';
import { users } from './users.ts';
import {
  idColumn,
  clientRefColumn,
  createdAtColumn,
  updatedAtColumn,
  timestamps,
} from './columns.ts';

/**
 * Verified diversity (migration 0015, hand-written). The agencies a certificate may
 * name: the built-in ones (client_ref null) and those an organisation added for itself.
 */
export const certifyingAgencies = pgTable(
  'certifying_agencies',
  {
    id: idColumn(),
    clientRef: integer('client_ref').references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('certifying_agencies_name_key').on(
      sql`coalesce(${t.clientRef}, 0)`,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * A diversity certificate of a directory supplier: the directory's own (`client_ref` null, from
 * the supplier-list upload or added by the platform's admins; every organisation reads it and
 * judges it by its own policy) or one an organisation recorded for itself, seen by it alone
 * (docs/certificates.md; migration 0023). Status is derived from the dates and `status`
 * (certificateStatus in packages/shared).
 */
export const supplierCertificates = pgTable(
  'supplier_certificates',
  {
    id: idColumn(),
    /** Null: a directory certificate, read by every organisation. */
    clientRef: integer('client_ref').references(() => clients.id, { onDelete: 'cascade' }),
    supplierRef: integer('supplier_ref')
      .notNull()
      .references(() => supplierDirectory.id, { onDelete: 'cascade' }),
    diversityType: text('diversity_type').notNull(),
    agency: text('agency').notNull(),
    certificateNumber: text('certificate_number'),
    issueDate: date('issue_date').notNull(),
    expiryDate: date('expiry_date').notNull(),
    /** ACTIVE, SUSPENDED or DECERTIFIED (the last two from `statusDate` on). */
    status: text('status').notNull().default('ACTIVE'),
    statusDate: date('status_date'),
    /** The scanned certificate, in the storage interface. */
    documentKey: text('document_key'),
    documentName: text('document_name'),
    ...timestamps(),
  },
  (t) => [
    index('supplier_certificates_supplier_idx').on(t.clientRef, t.supplierRef),
    index('supplier_certificates_expiry_idx').on(t.clientRef, t.expiryDate),
    index('supplier_certificates_directory_idx')
      .on(t.supplierRef)
      .where(sql`${t.clientRef} is null`),
  ],
);

/** An organisation's qualification policy; no row = the defaults. */
export const certificatePolicies = pgTable('certificate_policies', {
  clientRef: integer('client_ref')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** Null: every agency but self-certification. */
  acceptedAgencies: text('accepted_agencies').array(),
  acceptSelfCertified: boolean('accept_self_certified').notNull().default(false),
  graceMonths: integer('grace_months').notNull().default(0),
  expiringWindowDays: integer('expiring_window_days').notNull().default(90),
  /** REPORTED or VERIFIED: the dashboards' default counting rule. */
  countingRule: text('counting_rule').notNull().default('REPORTED'),
  updatedAt: updatedAtColumn(),
});

/**
 * The directory supplier an organisation's vendor (spend_rows.supplier_key) is matched to, the
 * rule and score that matched it: every row of the vendor, in every file, reads its match here,
 * so a confirmation changes them all at once and is remembered for later files.
 */
export const vendorMatches = pgTable(
  'vendor_matches',
  {
    clientRef: clientRefColumn('cascade'),
    supplierKey: text('supplier_key').notNull(),
    vendorName: text('vendor_name').notNull(),
    supplierRef: integer('supplier_ref').references(() => supplierDirectory.id, {
      onDelete: 'set null',
    }),
    /** UEI, DUNS, FEIN, NAME_STATE_ZIP, NAME_ZIP, NAME_STATE, CONFIRMED or NONE. */
    rule: text('rule').notNull(),
    score: integer('score').notNull(),
    /** A person decided the match (CONFIRMED or NONE): no import replaces it; Undo clears it. */
    confirmed: boolean('confirmed').notNull().default(false),
    updatedAt: updatedAtColumn(),
    /** The vendor's number in the audit log (entity 'vendorMatch'), where its key cannot go. */
    id: serial('id').notNull(),
    /**
     * Who decided and when (null for an automatic match, and for decisions older than these
     * columns); the name is copied so the row reads the same after the user is renamed or deleted.
     */
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The automatic match's rule the decision replaced (NONE: there was none). */
    replacedRule: text('replaced_rule'),
    /**
     * How much the decision changed the vendor's verified spend (every file), against the
     * automatic match it replaced, when it was made: what Undo gives back.
     */
    verifiedMoved: numeric('verified_moved', { precision: 18, scale: 2 }),
  },
  (t) => [
    primaryKey({ name: 'vendor_matches_pkey', columns: [t.clientRef, t.supplierKey] }),
    index('vendor_matches_supplier_idx').on(t.clientRef, t.supplierRef),
    // A directory certificate's change finds the vendors of every organisation matched to its
    // supplier (the verified rollups' trigger, migration 0029).
    index('vendor_matches_directory_idx').on(t.supplierRef),
  ],
);

/**
 * Which certificate was in which organisation's expiry digest: one mail per certificate,
 * organisation and notice (`EXPIRING:<expiry date>` or `EXPIRED:<expiry date>`), so a renewal with
 * a new date is news again; a directory certificate is news to each organisation that paid its
 * supplier.
 */
export const certificateDigestLog = pgTable(
  'certificate_digest_log',
  {
    certificateRef: integer('certificate_ref')
      .notNull()
      .references(() => supplierCertificates.id, { onDelete: 'cascade' }),
    clientRef: clientRefColumn('cascade'),
    notice: text('notice').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({
      name: 'certificate_digest_log_pkey',
      columns: [t.certificateRef, t.clientRef, t.notice],
    }),
  ],
);

/*
 * The verified rollups: an organisation's spend as the 'verified' rule counts it, kept so that a
 * verified figure is a sum over a small table instead of a join of every payment with the
 * certificates (domain/verified-rollups.ts keeps them). `types` is the sorted set of diversity
 * types the payments' matched supplier held a qualifying certificate of on the payment date
 * (empty: not verified, including every vendor without a certain match). Every payment of the
 * organisation is in exactly one group of each grain, so totals add up to the file's spend.
 * - verified_rollups: per file, vendor, month, category and type set — the Goals Dashboard's year.
 * - verified_rollup_suppliers: the same over the whole file — the headline, the per-type and
 *   addressable figures and the drill-down.
 * - verified_rollup_certificates: which certificates qualified at least one payment of a vendor
 *   in a file — the drill-down's certificates.
 */
const verifiedFileColumns = () => ({
  clientRef: clientRefColumn('cascade'),
  fileId: integer('file_id')
    .notNull()
    .references(() => spendFiles.id, { onDelete: 'cascade' }),
  supplierKey: text('supplier_key').notNull(),
});

const verifiedGroupColumns = () => ({
  category: text('category').notNull(),
  types: text('types').array().notNull(),
  spend: numeric('spend', { precision: 18, scale: 2 }).notNull(),
  rowCount: integer('row_count').notNull(),
});

export const verifiedRollups = pgTable(
  'verified_rollups',
  {
    ...verifiedFileColumns(),
    /** The first day of the payment month. */
    month: date('month').notNull(),
    ...verifiedGroupColumns(),
  },
  (t) => [
    index('verified_rollups_file_idx').on(t.clientRef, t.fileId, t.month),
    index('verified_rollups_supplier_idx').on(t.clientRef, t.supplierKey),
  ],
);

export const verifiedRollupSuppliers = pgTable(
  'verified_rollup_suppliers',
  { ...verifiedFileColumns(), ...verifiedGroupColumns() },
  (t) => [
    index('verified_rollup_suppliers_file_idx').on(t.clientRef, t.fileId),
    index('verified_rollup_suppliers_supplier_idx').on(t.clientRef, t.supplierKey),
  ],
);

export const verifiedRollupCertificates = pgTable(
  'verified_rollup_certificates',
  {
    ...verifiedFileColumns(),
    certificateRef: integer('certificate_ref')
      .notNull()
      .references(() => supplierCertificates.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('verified_rollup_certificates_file_idx').on(t.clientRef, t.fileId, t.supplierKey),
    index('verified_rollup_certificates_supplier_idx').on(t.clientRef, t.supplierKey),
  ],
);

/**
 * Vendors whose verified groups miss a change, written by triggers (migration 0029) on every
 * write, whatever wrote it: a vendor's match (`supplier_key`), a certificate of the supplier a
 * vendor is matched to (one entry per such vendor of each organisation whose rollups are built),
 * an organisation's policy (`whole`: every payment). An organisation's next verified figure first
 * judges those payments again and deletes the entries it read.
 */
export const verifiedChanges = pgTable(
  'verified_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clientRef: clientRefColumn('cascade'),
    supplierKey: text('supplier_key'),
    whole: boolean('whole').notNull().default(false),
  },
  (t) => [index('verified_changes_client_idx').on(t.clientRef)],
);

/** The organisations whose verified rollups are built (the others get theirs built whole). */
export const verifiedRefreshed = pgTable('verified_refreshed', {
  clientRef: integer('client_ref')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  refreshedAt: updatedAtColumn(),
});
