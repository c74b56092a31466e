/**
 * Tier 2 reporting: a buyer's primes, their quarterly reports and the figures next to
 * Tier 1. Every query is scoped twice over: a buyer reads only the primes it invited
 * (`buyer_client_ref`), a prime only its own reports to each buyer (`prime_client_ref`), so a
 * prime's report for buyer A answers 404 to buyer B and to any other prime. A link takes effect
 * only once the prime's organisation accepts it: until then the prime sees a request it may
 * accept or decline, and neither side sees the other's reports. Indirect spend is computed when
 * read, in SQL: round(prime's diverse spend × revenue from the buyer / total revenue, 2) per
 * diversity type — never stored, never added into Tier 1.
 */
import { and, eq, inArray, isNull, sql, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DIVERSE_TYPES } from '@spotzcity/shared/diversity';
import { todayIso } from '@spotzcity/shared/validation';
import {
  TIER2_COLUMNS,
  TIER2_MESSAGES,
  assembleTier2Rows,
  matchSegment,
  segmentLabel,
  quarterDueDate,
  quarterIndex,
  quarterLabel,
  quarterOf,
  quarterOfIndex,
  quarterStatus,
  type Quarter,
  type Tier2BreakdownInput,
  type Tier2Buyer,
  type Tier2InviteInput,
  type Tier2LinkStatus,
  type Tier2Prime,
  type Tier2QuarterState,
  type Tier2Report,
  type Tier2ReportInput,
  type Tier2Request,
  type Tier2Row,
  type Tier2Version,
} from '@spotzcity/shared/tier2';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import {
  clients,
  tier2Primes,
  tier2ReportLines,
  tier2Reports,
  tier2ReportVersions,
  users,
} from '../../db/schema/index.ts';
import { normaliseEmail, type Invitations } from '../../platform/accounts.ts';
import { auditClient, writeAudit } from '../../platform/audit.ts';
import type { Principal } from '../../platform/auth.ts';
import { uniqueOrConflict } from '../../platform/db-errors.ts';
import {
  BadRequest,
  Conflict,
  FileRejected,
  NotFound,
  ValidationError,
} from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { tier2Amounts, tier2AmountsRow } from '../../domain/tier2-figures.ts';
import { columnList, selectAs } from '../../platform/sql.ts';
import { XLSX_MESSAGES, readSheet, type XlsxLimits } from '../../platform/xlsx/sheet.ts';

/** Reports `r`, their lines `l` (tier2Amounts assumes both), versions `v`, users `u`. */
const r = alias(tier2Reports, 'r');
const l = alias(tier2ReportLines, 'l');
const v = alias(tier2ReportVersions, 'v');
const u = alias(users, 'u');

/** A timestamp as ISO 8601 text in UTC, as the API answers it. */
const utc = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** How many quarters the status lists show, latest first. */
const QUARTERS_SHOWN = 8;

type PrimeRow = typeof tier2Primes.$inferSelect;

/** Who may see a prime link: its buyer, or the prime itself. */
export type Tier2Side = { buyer: number } | { prime: number };

const sideFilter = (side: Tier2Side) =>
  'buyer' in side
    ? eq(tier2Primes.buyerClientRef, side.buyer)
    : eq(tier2Primes.primeClientRef, side.prime);

/**
 * One link as one side sees it, in one of the given states (by default only an accepted link:
 * what either side reports on or reads); any other is a NotFound, like a missing one.
 */
async function findPrime(
  db: DbOrTx,
  side: Tier2Side,
  primeId: number,
  statuses: readonly Tier2LinkStatus[] = ['ACCEPTED'],
) {
  const [row] = await db
    .select({ prime: tier2Primes, buyerName: clients.companyName })
    .from(tier2Primes)
    .innerJoin(clients, eq(clients.id, tier2Primes.buyerClientRef))
    .where(
      and(
        eq(tier2Primes.id, primeId),
        sideFilter(side),
        inArray(tier2Primes.status, [...statuses]),
        isNull(clients.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(TIER2_MESSAGES.primeNotFound);
  return row;
}

/** What the audit log keeps of a link. */
const linkSnapshot = (p: PrimeRow) => ({
  buyerClientRef: p.buyerClientRef,
  primeClientRef: p.primeClientRef,
  companyName: p.companyName,
  contactEmail: p.contactEmail,
  status: p.status,
});

const firstOf = (p: PrimeRow): Quarter => ({ year: p.firstYear, quarter: p.firstQuarter });

/** The quarters a prime is asked about, latest first: from its first to today's quarter. */
function quartersAsked(p: PrimeRow, today: string, shown = QUARTERS_SHOWN): Quarter[] {
  const first = quarterIndex(firstOf(p));
  const current = quarterIndex(quarterOf(today));
  const out: Quarter[] = [];
  for (let i = current; i >= first && out.length < shown; i -= 1) out.push(quarterOfIndex(i));
  return out;
}

async function submittedQuarters(db: DbOrTx, primeIds: number[]) {
  if (primeIds.length === 0) return new Map<string, string>();
  const rows = rowsOf(
    await db.execute(sql`
      select ${tier2Reports.primeRef}, ${tier2Reports.year}, ${tier2Reports.quarter},
        ${utc(tier2Reports.submittedAt)} as submitted_at
      from ${tier2Reports} where ${tier2Reports.primeRef} = any(${sql.param(primeIds)}::int[])
    `),
    z.object({
      prime_ref: z.number(),
      year: z.number(),
      quarter: z.number(),
      submitted_at: z.string(),
    }),
  );
  return new Map(rows.map((r) => [`${r.prime_ref}:${r.year}:${r.quarter}`, r.submitted_at]));
}

/** The quarters of an accepted link; none before the prime has accepted. */
function quarterStates(
  p: PrimeRow,
  submitted: Map<string, string>,
  today: string,
): Tier2QuarterState[] {
  if (p.status !== 'ACCEPTED') return [];
  return quartersAsked(p, today).map((q) => {
    const at = submitted.get(`${p.id}:${q.year}:${q.quarter}`) ?? null;
    return {
      ...q,
      dueDate: quarterDueDate(q),
      status: quarterStatus(q, today, at !== null),
      submittedAt: at,
    };
  });
}

/* ---------- The buyer's side ---------- */

/** A SUPPLIER organisation's id that no organisation uses yet, from the prime's name. */
async function freeClientId(tx: DbOrTx, companyName: string) {
  const base =
    companyName
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 24) || 'PRIME';
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const [taken] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(sql`lower(${clients.clientId}) = lower(${candidate})`)
      .limit(1);
    if (!taken) return candidate;
  }
}

export interface InviteDeps {
  invitations: Invitations;
  mailer: Mailer;
  appName: string;
  publicUrl: string;
}

/**
 * Asks a prime to report: an address that already signs in to a supplier organisation asks that
 * organisation (a prime reporting to several buyers has one account); any other address gets a
 * new supplier organisation and an invitation to choose a password, through the same invitation
 * flow as the users administration. Either way the link waits for the prime's organisation to
 * accept it, the buyer's answer is the same, and the prime is mailed the product's request
 * naming the buyer's organisation — nothing the buyer typed.
 */
export async function invitePrime(
  tx: DbOrTx,
  deps: InviteDeps,
  principal: Principal,
  input: Tier2InviteInput,
  today = todayIso(),
): Promise<Tier2Prime> {
  const email = normaliseEmail(input.email);
  const [buyer] = await tx.select().from(clients).where(eq(clients.id, principal.clientRef));
  if (!buyer) throw new NotFound(TIER2_MESSAGES.primeNotFound);
  const [existing] = await tx
    .select({ clientRef: users.clientRef })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(
      and(
        eq(users.email, email),
        isNull(users.deletedAt),
        eq(users.addressInUse, false),
        isNull(clients.deletedAt),
        eq(clients.type, 'SUPPLIER'),
      ),
    )
    .limit(1);
  let primeClientRef: number;
  let newClient: typeof clients.$inferSelect | undefined;
  if (existing) {
    primeClientRef = existing.clientRef;
  } else {
    [newClient] = await tx
      .insert(clients)
      .values({
        clientId: await freeClientId(tx, input.companyName),
        name: input.name,
        email,
        companyName: input.companyName,
        type: 'SUPPLIER',
      })
      .returning();
    if (!newClient) throw new Error('prime organisation not created');
    await auditClient(tx, principal, 'CREATE', { after: newClient });
    primeClientRef = newClient.id;
  }
  const [prime] = await uniqueOrConflict(TIER2_MESSAGES.alreadyInvited, () =>
    tx
      .insert(tier2Primes)
      .values({
        buyerClientRef: principal.clientRef,
        primeClientRef,
        companyName: input.companyName,
        contactName: input.name,
        contactEmail: email,
        breakdown: input.breakdown,
        segments: input.segments,
        firstYear: input.firstYear,
        firstQuarter: input.firstQuarter,
        invitedBy: principal.id,
      })
      .returning(),
  );
  if (!prime) throw new Error('prime not created');
  await writeAudit(tx, principal, {
    action: 'CREATE',
    entity: 'tier2Prime',
    entityId: prime.id,
    clientRef: prime.buyerClientRef,
    after: linkSnapshot(prime),
  });
  await deps.mailer.send(tx, requestMail(deps, buyer.companyName, prime, email));
  // The invitation to choose a password goes last: with SMTP it leaves at once.
  if (newClient) {
    await deps.invitations.invite(tx, principal, {
      clientRef: newClient.id,
      companyName: newClient.companyName,
      name: input.name,
      email,
      role: 'ROLE_SUPPLIER',
      invitedBy: buyer.companyName,
      invitedFor: TIER2_INVITED_FOR,
    });
  }
  return { ...presentPrime(prime), quarters: quarterStates(prime, new Map(), today) };
}

/** Why a buyer invites a new address, in the account mail ('Acme has invited you to …'). */
const TIER2_INVITED_FOR =
  'to send it a Tier 2 spend report each quarter: what you paid diverse suppliers for its work';

/**
 * The request mailed to a prime: the product's words, the buyer organisation's name (which only
 * the platform's administrators set) and the quarter it starts from, never anything the buyer
 * typed — the address may belong to anyone.
 */
function requestMail(
  deps: Pick<InviteDeps, 'appName' | 'publicUrl'>,
  buyerName: string,
  prime: PrimeRow,
  to: string,
) {
  const link = new URL('/home/tier2Reports', deps.publicUrl).toString();
  return {
    to,
    subject: `${buyerName} asks for your Tier 2 spend report`,
    text:
      `Hello,\n\n` +
      `${buyerName} asks your organisation to report Tier 2 spend to it on ${deps.appName} ` +
      `each quarter, from ${quarterLabel(firstOf(prime))}:\n\n` +
      `- Direct: what you paid your own diverse and small suppliers for ${buyerName}'s ` +
      `work, by diversity type${breakdownWords(prime)}.\n` +
      `- Indirect: your total revenue, your revenue from ${buyerName} and your total ` +
      `diverse spend by type. ${deps.appName} allocates to ${buyerName} the share of ` +
      `your diverse spend that its share of your revenue stands for.\n\n` +
      `Nothing is shared until someone in your organisation accepts the request. Sign in to ` +
      `${deps.appName} and open Tier 2 Reports to accept or decline it: ${link}\n\n` +
      `If you do not work with ${buyerName}, decline the request or ignore this message.`,
  };
}

/** ', per project' — what the mails say the buyer asks for (the list itself is in the app). */
function breakdownWords(ask: { breakdown: PrimeRow['breakdown'] }) {
  if (ask.breakdown === 'NONE') return '';
  return `, per ${segmentLabel(ask.breakdown).toLowerCase()}`;
}

/**
 * The buyer changes what it asks of a prime: whole buyer, or per project or cost centre with
 * its list of names. Reports already made keep their lines; the next report follows the new
 * list. A prime that accepted is told by mail, in the product's words; a request not yet
 * answered simply shows the new list; a declined one is not the buyer's to change.
 */
export async function changeBreakdown(
  tx: DbOrTx,
  deps: Pick<InviteDeps, 'mailer' | 'appName' | 'publicUrl'>,
  principal: Principal,
  primeId: number,
  input: Tier2BreakdownInput,
  today = todayIso(),
): Promise<Tier2Prime> {
  const { prime, buyerName } = await findPrime(tx, { buyer: principal.clientRef }, primeId, [
    'PENDING',
    'ACCEPTED',
  ]);
  const [updated] = await tx
    .update(tier2Primes)
    .set({ breakdown: input.breakdown, segments: input.segments })
    .where(eq(tier2Primes.id, prime.id))
    .returning();
  if (!updated) throw new NotFound(TIER2_MESSAGES.primeNotFound);
  if (updated.status === 'ACCEPTED') {
    const link = new URL('/home/tier2Reports', deps.publicUrl).toString();
    await deps.mailer.send(tx, {
      to: updated.contactEmail,
      subject: `${buyerName} changed what it asks in your Tier 2 report`,
      text:
        `Hello,\n\n` +
        `${buyerName} now asks for direct Tier 2 spend` +
        `${breakdownWords(updated) || ' for the whole organisation, without a breakdown'}.\n\n` +
        `Reports already made stay as they are. Sign in to ${deps.appName} and open Tier 2 ` +
        `Reports to see what is asked: ${link}`,
    });
  }
  const submitted = await submittedQuarters(tx, [updated.id]);
  return { ...presentPrime(updated), quarters: quarterStates(updated, submitted, today) };
}

const presentPrime = (p: PrimeRow) => ({
  id: p.id,
  companyName: p.companyName,
  contactName: p.contactName,
  contactEmail: p.contactEmail,
  breakdown: p.breakdown,
  segments: p.segments,
  firstYear: p.firstYear,
  firstQuarter: p.firstQuarter,
  invitedAt: p.createdAt.toISOString(),
  status: p.status,
});

/**
 * The buyer's status list: every prime it invited, whether the prime accepted, and who has
 * reported which quarter.
 */
export async function listPrimes(
  db: DbOrTx,
  clientRef: number,
  today = todayIso(),
): Promise<Tier2Prime[]> {
  const primes = await db
    .select()
    .from(tier2Primes)
    .where(eq(tier2Primes.buyerClientRef, clientRef))
    .orderBy(tier2Primes.companyName, tier2Primes.id);
  const submitted = await submittedQuarters(
    db,
    primes.map((p) => p.id),
  );
  return primes.map((p) => ({ ...presentPrime(p), quarters: quarterStates(p, submitted, today) }));
}

/* ---------- The prime's side ---------- */

/** A prime's links in one state, with their buyers' names, by buyer. */
const linksOfPrime = (db: DbOrTx, primeClientRef: number, status: Tier2LinkStatus) =>
  db
    .select({ prime: tier2Primes, buyerName: clients.companyName })
    .from(tier2Primes)
    .innerJoin(clients, eq(clients.id, tier2Primes.buyerClientRef))
    .where(
      and(
        eq(tier2Primes.primeClientRef, primeClientRef),
        eq(tier2Primes.status, status),
        isNull(clients.deletedAt),
      ),
    )
    .orderBy(clients.companyName, tier2Primes.id);

const presentRequest = (p: PrimeRow, buyerName: string): Tier2Request => ({
  primeId: p.id,
  buyerName,
  breakdown: p.breakdown,
  segments: p.segments,
  firstYear: p.firstYear,
  firstQuarter: p.firstQuarter,
  requestedAt: p.createdAt.toISOString(),
  status: p.status,
});

/** The requests a prime's organisation has not answered yet, by buyer. */
export async function listRequests(db: DbOrTx, primeClientRef: number): Promise<Tier2Request[]> {
  const rows = await linksOfPrime(db, primeClientRef, 'PENDING');
  return rows.map(({ prime, buyerName }) => presentRequest(prime, buyerName));
}

/**
 * The prime's organisation accepts or declines a buyer's request, once: the link changes only
 * while it is pending (in the same statement), so two answers at once leave one. Another
 * organisation's request is a NotFound; an answered one a Conflict.
 */
export async function answerRequest(
  tx: DbOrTx,
  principal: Principal,
  primeId: number,
  answer: Exclude<Tier2LinkStatus, 'PENDING'>,
): Promise<Tier2Request> {
  const { prime, buyerName } = await findPrime(tx, { prime: principal.clientRef }, primeId, [
    'PENDING',
    'ACCEPTED',
    'DECLINED',
  ]).catch((error: unknown) => {
    throw error instanceof NotFound ? new NotFound(TIER2_MESSAGES.requestNotFound) : error;
  });
  const [updated] = await tx
    .update(tier2Primes)
    .set({ status: answer })
    .where(and(eq(tier2Primes.id, prime.id), eq(tier2Primes.status, 'PENDING')))
    .returning();
  if (!updated) throw new Conflict(TIER2_MESSAGES.alreadyAnswered);
  await writeAudit(tx, principal, {
    action: 'UPDATE',
    entity: 'tier2Prime',
    entityId: updated.id,
    clientRef: updated.buyerClientRef,
    before: linkSnapshot(prime),
    after: linkSnapshot(updated),
  });
  return presentRequest(updated, buyerName);
}

/** The buyers a prime reports to (links it accepted), each with its quarters. */
export async function listBuyers(
  db: DbOrTx,
  primeClientRef: number,
  today = todayIso(),
): Promise<Tier2Buyer[]> {
  const rows = await linksOfPrime(db, primeClientRef, 'ACCEPTED');
  const submitted = await submittedQuarters(
    db,
    rows.map((r) => r.prime.id),
  );
  return rows.map(({ prime, buyerName }) => ({
    primeId: prime.id,
    buyerName,
    breakdown: prime.breakdown,
    segments: prime.segments,
    quarters: quarterStates(prime, submitted, today),
  }));
}

/** Refuses a quarter the buyer did not ask for, or one that has not begun. */
function assertQuarterOpen(p: PrimeRow, q: Quarter, today: string) {
  if (quarterIndex(q) < quarterIndex(firstOf(p))) throw new BadRequest(TIER2_MESSAGES.beforeFirst);
  if (quarterIndex(q) > quarterIndex(quarterOf(today))) {
    throw new BadRequest(TIER2_MESSAGES.notOpen);
  }
}

/**
 * The breakdown's rule on direct lines: one of the buyer's projects or cost centres on each (as
 * the buyer spelled it), or none at all. Answers the lines with the listed names.
 */
function checkSegments(prime: PrimeRow, input: Tier2ReportInput): Tier2ReportInput['direct'] {
  const label = segmentLabel(prime.breakdown);
  const errors: { field: string; message: string }[] = [];
  const direct = input.direct.map((line, i) => {
    const field = `direct.${i}.segment`;
    if (prime.breakdown === 'NONE') {
      if (line.segment) errors.push({ field, message: TIER2_MESSAGES.segmentNotAsked });
      return line;
    }
    if (!line.segment) {
      errors.push({ field, message: TIER2_MESSAGES.segmentRequired(label) });
      return line;
    }
    const listed = matchSegment(prime.segments, line.segment);
    if (!listed) {
      errors.push({ field, message: TIER2_MESSAGES.segmentUnknown(label, prime.segments) });
      return line;
    }
    return { ...line, segment: listed };
  });
  // Two lines that name the same project in different case are the same line.
  const seen = new Set<string>();
  direct.forEach((line, i) => {
    const key = `${line.diversity}\u0001${line.segment}`;
    if (seen.has(key)) errors.push({ field: `direct.${i}`, message: TIER2_MESSAGES.duplicate });
    seen.add(key);
  });
  if (errors.length) throw new ValidationError(errors);
  return direct;
}

/** Saves (or replaces) a prime's report for one quarter, lines and all, in the caller's transaction. */
export async function saveReport(
  tx: DbOrTx,
  principal: Principal,
  primeId: number,
  input: Tier2ReportInput,
  source: 'FORM' | 'UPLOAD',
  today = todayIso(),
): Promise<Tier2Report> {
  const { prime } = await findPrime(tx, { prime: principal.clientRef }, primeId);
  assertQuarterOpen(prime, input, today);
  const direct = checkSegments(prime, input);
  // The version this one replaces is kept as it was: who, when, figures and lines.
  await tx.execute(sql`
    insert into ${tier2ReportVersions} (${columnList(
      v.reportRef,
      v.totalRevenue,
      v.buyerRevenue,
      v.source,
      v.submittedBy,
      v.submittedAt,
      v.lines,
    )})
    select ${r.id}, ${r.totalRevenue}, ${r.buyerRevenue}, ${r.source}, ${r.submittedBy},
      ${r.submittedAt},
      coalesce((select jsonb_agg(jsonb_build_object('kind', ${l.kind}, 'diversity',
        ${l.diversityType}, 'segment', ${l.segment}, 'amount', ${l.amount}) order by ${l.id})
        from ${tier2ReportLines} ${l} where ${l.reportRef} = ${r.id}), '[]'::jsonb)
    from ${tier2Reports} ${r}
    where ${r.primeRef} = ${prime.id} and ${r.year} = ${input.year}
      and ${r.quarter} = ${input.quarter}
  `);
  const [report] = await tx
    .insert(tier2Reports)
    .values({
      primeRef: prime.id,
      year: input.year,
      quarter: input.quarter,
      totalRevenue: input.totalRevenue.toFixed(2),
      buyerRevenue: input.buyerRevenue.toFixed(2),
      source,
      submittedBy: principal.id,
    })
    .onConflictDoUpdate({
      target: [tier2Reports.primeRef, tier2Reports.year, tier2Reports.quarter],
      set: {
        totalRevenue: input.totalRevenue.toFixed(2),
        buyerRevenue: input.buyerRevenue.toFixed(2),
        source,
        submittedBy: principal.id,
        submittedAt: new Date(),
      },
    })
    .returning({ id: tier2Reports.id });
  if (!report) throw new Error('report not saved');
  await tx.delete(tier2ReportLines).where(eq(tier2ReportLines.reportRef, report.id));
  const lines = [
    ...direct
      .filter((l) => l.amount > 0)
      .map((l) => ({
        reportRef: report.id,
        kind: 'DIRECT' as const,
        diversityType: l.diversity,
        segment: l.segment,
        amount: l.amount.toFixed(2),
      })),
    ...input.primeDiverse
      .filter((l) => l.amount > 0)
      .map((l) => ({
        reportRef: report.id,
        kind: 'PRIME_DIVERSE' as const,
        diversityType: l.diversity,
        segment: '',
        amount: l.amount.toFixed(2),
      })),
  ];
  if (lines.length) await tx.insert(tier2ReportLines).values(lines);
  return getReport(tx, { prime: principal.clientRef }, primeId, input);
}

/**
 * One quarter's report as its buyer or its prime sees it, with the allocation computed; a
 * quarter not reported yet answers empty figures. Anyone else: 404.
 */
export async function getReport(
  db: DbOrTx,
  side: Tier2Side,
  primeId: number,
  q: Quarter,
): Promise<Tier2Report> {
  const { prime, buyerName } = await findPrime(db, side, primeId);
  const [report] = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: r.id,
        total_revenue: sql`${r.totalRevenue}::text`,
        buyer_revenue: sql`${r.buyerRevenue}::text`,
        share: sql`round(100 * ${r.buyerRevenue} / nullif(${r.totalRevenue}, 0), 2)::text`,
        submitted_at: utc(r.submittedAt),
        submitted_by: u.name,
      })}
      from ${tier2Reports} ${r} left join ${users} ${u} on ${u.id} = ${r.submittedBy}
      where ${r.primeRef} = ${prime.id} and ${r.year} = ${q.year} and ${r.quarter} = ${q.quarter}
    `),
    z.object({
      id: z.number(),
      total_revenue: z.string(),
      buyer_revenue: z.string(),
      share: z.string().nullable(),
      submitted_at: z.string(),
      submitted_by: z.string().nullable(),
    }),
  );
  const base = {
    primeId: prime.id,
    buyerName,
    primeName: prime.companyName,
    breakdown: prime.breakdown,
    segments: prime.segments,
    year: q.year,
    quarter: q.quarter,
    dueDate: quarterDueDate(q),
  };
  if (!report) {
    return {
      ...base,
      submitted: false,
      submittedAt: null,
      submittedBy: null,
      totalRevenue: '0.00',
      buyerRevenue: '0.00',
      revenueShare: '0.00',
      direct: [],
      allocation: [],
      directTotal: '0.00',
      indirectTotal: '0.00',
      segmentTotals: [],
      history: [],
    };
  }
  const order = sql`array_position(${sql.raw(
    `array[${DIVERSE_TYPES.map((t) => `'${t}'`).join(',')}]::text[]`,
  )}, ${l.diversityType})`;
  const direct = rowsOf(
    await db.execute(sql`
      select ${l.diversityType} as diversity, ${l.segment}, ${l.amount}::text as amount
      from ${tier2ReportLines} ${l}
      where ${l.reportRef} = ${report.id} and ${l.kind} = 'DIRECT'
      order by ${l.segment}, ${order}
    `),
    z.object({ diversity: z.string(), segment: z.string(), amount: z.string() }),
  );
  const allocation = rowsOf(
    await db.execute(sql`
      select ${l.diversityType} as diversity, ${l.amount}::text as prime_diverse,
        round(${l.amount} * ${r.buyerRevenue} / ${r.totalRevenue}, 2)::text as indirect
      from ${tier2ReportLines} ${l} join ${tier2Reports} ${r} on ${r.id} = ${l.reportRef}
      where ${l.reportRef} = ${report.id} and ${l.kind} = 'PRIME_DIVERSE'
      order by ${order}
    `),
    z.object({ diversity: z.string(), prime_diverse: z.string(), indirect: z.string() }),
  );
  const [totals] = rowsOf(
    await db.execute(sql`
      select ${tier2Amounts}
      from ${tier2ReportLines} ${l} join ${tier2Reports} ${r} on ${r.id} = ${l.reportRef}
      where ${l.reportRef} = ${report.id}
    `),
    tier2AmountsRow,
  );
  const segmentTotals = rowsOf(
    await db.execute(sql`
      select ${l.segment}, sum(${l.amount})::text as amount
      from ${tier2ReportLines} ${l}
      where ${l.reportRef} = ${report.id} and ${l.kind} = 'DIRECT'
      group by ${l.segment} order by ${l.segment}
    `),
    z.object({ segment: z.string(), amount: z.string() }),
  );
  return {
    ...base,
    submitted: true,
    submittedAt: report.submitted_at,
    submittedBy: report.submitted_by,
    totalRevenue: report.total_revenue,
    buyerRevenue: report.buyer_revenue,
    revenueShare: report.share ?? '0.00',
    direct,
    allocation: allocation.map((a) => ({
      diversity: a.diversity,
      primeDiverseSpend: a.prime_diverse,
      indirect: a.indirect,
    })),
    directTotal: totals?.direct ?? '0.00',
    indirectTotal: totals?.indirect ?? '0.00',
    segmentTotals,
    history: await reportHistory(db, report.id),
  };
}

/**
 * The versions a quarter's report replaced, latest first, each with its figures computed as
 * the report's are (indirect = round(diverse spend × revenue share, 2) per type, summed).
 */
async function reportHistory(db: DbOrTx, reportId: number): Promise<Tier2Version[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${utc(v.submittedAt)} as submitted_at, ${u.name} as submitted_by,
        ${utc(v.replacedAt)} as replaced_at, ${v.source},
        ${v.totalRevenue}::text as total_revenue, ${v.buyerRevenue}::text as buyer_revenue,
        round(100 * ${v.buyerRevenue} / nullif(${v.totalRevenue}, 0), 2)::text as share,
        coalesce((select sum((e->>'amount')::numeric) from jsonb_array_elements(${v.lines}) e
          where e->>'kind' = 'DIRECT'), 0)::text as direct,
        coalesce((select sum(round((e->>'amount')::numeric * ${v.buyerRevenue}
          / ${v.totalRevenue}, 2)) from jsonb_array_elements(${v.lines}) e
          where e->>'kind' = 'PRIME_DIVERSE'), 0)::text as indirect
      from ${tier2ReportVersions} ${v} left join ${users} ${u} on ${u.id} = ${v.submittedBy}
      where ${v.reportRef} = ${reportId}
      order by ${v.replacedAt} desc, ${v.id} desc
    `),
    z.object({
      submitted_at: z.string(),
      submitted_by: z.string().nullable(),
      replaced_at: z.string(),
      source: z.enum(tier2ReportVersions.source.enumValues),
      total_revenue: z.string(),
      buyer_revenue: z.string(),
      share: z.string().nullable(),
      direct: z.string(),
      indirect: z.string(),
    }),
  );
  return rows.map((r) => ({
    submittedAt: r.submitted_at,
    submittedBy: r.submitted_by,
    replacedAt: r.replaced_at,
    source: r.source,
    totalRevenue: r.total_revenue,
    buyerRevenue: r.buyer_revenue,
    revenueShare: r.share ?? '0.00',
    directTotal: r.direct,
    indirectTotal: r.indirect,
  }));
}

/** The prime's breakdown and first quarter, for the template and the upload's file rules. */
export async function primeForReporting(db: DbOrTx, primeClientRef: number, primeId: number) {
  return (await findPrime(db, { prime: primeClientRef }, primeId)).prime;
}

export { tier2Figures } from '../../domain/tier2-figures.ts';

/* ---------- The template upload ---------- */

const ROW_MODULE = new URL('./rows.ts', import.meta.url);

/**
 * Reads a filled-in template completely (each row in the worker, then the whole file's rules)
 * and only then saves the quarter's report in one transaction: a bad row refuses the file with
 * its row and column, and nothing is saved.
 */
export async function uploadReport(
  db: Db,
  principal: Principal,
  primeId: number,
  quarter: Quarter,
  options: { path: string; limits: XlsxLimits; onUnreadable?: (detail: string) => void },
  today = todayIso(),
): Promise<Tier2Report> {
  const prime = await primeForReporting(db, principal.clientRef, primeId);
  assertQuarterOpen(prime, quarter, today);
  const rows: { line: number; row: Tier2Row }[] = [];
  for await (const batch of readSheet(options.path, {
    columns: TIER2_COLUMNS,
    rowModule: ROW_MODULE,
    maxProblems: 100,
    limits: options.limits,
    ...(options.onUnreadable ? { onUnreadable: options.onUnreadable } : {}),
  })) {
    const columns = batch.columns;
    if (!columns) continue;
    batch.lines.forEach((line, i) => {
      rows.push({
        line,
        row: {
          lineType: columns.lineType![i] as Tier2Row['lineType'],
          diversity: columns.diversity![i] as string,
          segment: columns.segment![i] as string,
          amount: columns.amount![i] as string,
        },
      });
    });
  }
  const assembled = assembleTier2Rows(rows, prime, quarter);
  if (!assembled.ok) {
    const rowCount = new Set(assembled.problems.map((p) => p.row)).size;
    throw new FileRejected(
      XLSX_MESSAGES.rowsRejected(
        assembled.problems.length,
        rowCount,
        assembled.problems.length,
        true,
      ),
      assembled.problems,
    );
  }
  return db.transaction((tx) =>
    saveReport(tx, principal, primeId, assembled.input, 'UPLOAD', today),
  );
}
