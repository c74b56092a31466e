/**
 * Tier 2 reminders, run daily like the certificate expiry digest: for each quarter a prime has
 * not reported on a link it accepted, one mail to the prime's users a week before the due date
 * (BEFORE) and one after it has passed (AFTER) — each once per prime, quarter and kind, which
 * `tier2_reminder_log` records in the same transaction as the mail.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  TIER2_REMINDER_DAYS_BEFORE,
  quarterDueDate,
  quarterIndex,
  quarterLabel,
  quarterOf,
  quarterOfIndex,
} from '@spotzcity/shared/tier2';
import { rowsOf, type Db } from '../../db/client.ts';
import {
  clients,
  tier2Primes,
  tier2ReminderLog,
  tier2Reports,
  users,
} from '../../db/schema/index.ts';
import type { Mailer } from '../../platform/mail.ts';
import { columnList, selectAs } from '../../platform/sql.ts';

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const p = alias(tier2Primes, 'p');
const b = alias(clients, 'b');
const s = alias(clients, 's');
const log = tier2ReminderLog;

const primeLink = z.object({
  id: z.number(),
  prime_client_ref: z.number(),
  company_name: z.string(),
  buyer_name: z.string(),
  first_year: z.number(),
  first_quarter: z.number(),
});

/** Sends every reminder due on `today`; answers how many mails went out. */
export async function sendTier2Reminders(
  db: Db,
  mailer: Mailer,
  today: string,
  options: { appName?: string } = {},
): Promise<number> {
  const appName = options.appName ?? 'SpotzCity';
  const links = rowsOf(
    await db.execute(sql`
      select ${selectAs({
        id: p.id,
        prime_client_ref: p.primeClientRef,
        company_name: p.companyName,
        buyer_name: b.companyName,
        first_year: p.firstYear,
        first_quarter: p.firstQuarter,
      })}
      from ${tier2Primes} ${p}
      join ${clients} ${b} on ${b.id} = ${p.buyerClientRef}
      join ${clients} ${s} on ${s.id} = ${p.primeClientRef}
      where ${p.status} = 'ACCEPTED' and ${b.deletedAt} is null and ${s.deletedAt} is null
        and ${b.status} = 'ENABLE' and ${s.status} = 'ENABLE'
      order by ${p.id}
    `),
    primeLink,
  );
  const current = quarterIndex(quarterOf(today));
  let sent = 0;
  for (const link of links) {
    const first = quarterIndex({ year: link.first_year, quarter: link.first_quarter });
    // Ended quarters only: a running quarter is never due.
    for (let i = first; i < current; i += 1) {
      const q = quarterOfIndex(i);
      const due = quarterDueDate(q);
      const kind =
        today > due
          ? 'AFTER'
          : today >= addDays(due, -TIER2_REMINDER_DAYS_BEFORE)
            ? 'BEFORE'
            : null;
      if (!kind) continue;
      sent += await db.transaction(async (tx) => {
        const [pending] = rowsOf(
          await tx.execute(sql`
            select not exists (
              select 1 from ${tier2Reports}
              where ${tier2Reports.primeRef} = ${link.id} and ${tier2Reports.year} = ${q.year}
                and ${tier2Reports.quarter} = ${q.quarter}
            ) and not exists (
              select 1 from ${log}
              where ${log.primeRef} = ${link.id} and ${log.year} = ${q.year}
                and ${log.quarter} = ${q.quarter}
                and ${log.kind} = ${kind}
            ) as pending
          `),
          z.object({ pending: z.boolean() }),
        );
        if (!pending?.pending) return 0;
        const recipients = rowsOf(
          await tx.execute(sql`
            select ${users.email}, ${users.name} from ${users}
            where ${users.clientRef} = ${link.prime_client_ref} and ${users.deletedAt} is null
              and not ${users.addressInUse}
            order by ${users.id}
          `),
          z.object({ email: z.string(), name: z.string() }),
        );
        const label = quarterLabel(q);
        const subject =
          kind === 'BEFORE'
            ? `Tier 2 report for ${link.buyer_name} due ${usDate(due)} (${label})`
            : `Tier 2 report for ${link.buyer_name} is overdue (${label})`;
        for (const r of recipients) {
          await mailer.send(tx, {
            to: r.email,
            subject,
            text:
              `Hello ${r.name},\n\n` +
              (kind === 'BEFORE'
                ? `${link.buyer_name} asks for your Tier 2 spend report for ${label} by ${usDate(due)}.`
                : `Your Tier 2 spend report for ${label} to ${link.buyer_name} was due on ` +
                  `${usDate(due)} and has not been received.`) +
              `\n\nSign in to ${appName}, open Tier 2 Reports and enter the report in the form ` +
              `or upload the template.`,
          });
        }
        await tx.execute(sql`
          insert into ${log} (${columnList(log.primeRef, log.year, log.quarter, log.kind)})
          values (${link.id}, ${q.year}, ${q.quarter}, ${kind})
          on conflict do nothing
        `);
        return recipients.length;
      });
    }
  }
  return sent;
}
