/**
 * The daily expiry digest (issue #21): for each organisation, one mail to each of its Buyer
 * Admins listing the certificates (its own and the directory's) of suppliers it paid in the last
 * 12 months that expire within its window or have expired — each certificate once per
 * organisation and notice (expiring, then expired; a new expiry date is a new notice). Sent through the mail layer (mail_outbox without SMTP).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CERTAIN_MATCH_SCORE } from '@spotzcity/shared/verified-diversity';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import {
  certificateDigestLog,
  certificatePolicies,
  spendRows,
  supplierCertificates,
  supplierDirectory,
  users,
  vendorMatches,
} from '../../db/schema/index.ts';

const dueRow = z.object({
  id: z.number(),
  client_ref: z.number(),
  supplier_name: z.string(),
  diversity_type: z.string(),
  agency: z.string(),
  certificate_number: z.string().nullable(),
  expiry_date: z.string(),
  notice: z.enum(['EXPIRING', 'EXPIRED']),
});
type DueRow = z.infer<typeof dueRow>;

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Certificates due in a digest on `today`, every organisation: its own and the directory's, of
 * suppliers it paid (through a certain match) in the last 12 months, within its own window.
 */
async function dueCertificates(db: Db, today: string): Promise<DueRow[]> {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select c.id, o.client_ref, d.name as supplier_name, c.diversity_type, c.agency,
          c.certificate_number, c.expiry_date::text,
          case when c.expiry_date < ${today}::date then 'EXPIRED' else 'EXPIRING' end as notice
        from ${supplierCertificates} c
        join ${supplierDirectory} d on d.id = c.supplier_ref
        cross join lateral (
          select m.client_ref from ${vendorMatches} m
          where m.supplier_ref = c.supplier_ref
            and (c.client_ref is null or m.client_ref = c.client_ref)
            and (m.confirmed or m.score >= ${CERTAIN_MATCH_SCORE})
            and exists (
              select 1 from ${spendRows} r
              where r.client_ref = m.client_ref and r.supplier_key = m.supplier_key
                and r.payment_date > (${today}::date - interval '12 months')::date
            )
          group by m.client_ref
        ) o
        left join ${certificatePolicies} p on p.client_ref = o.client_ref
        where (c.status = 'ACTIVE' or c.status_date > ${today}::date)
          and c.expiry_date - ${today}::date <= coalesce(p.expiring_window_days, 90)
      ) due
      where not exists (
        select 1 from ${certificateDigestLog} l
        where l.certificate_ref = due.id and l.client_ref = due.client_ref
          and l.notice = due.notice || ':' || due.expiry_date
      )
      order by due.client_ref, due.expiry_date, due.supplier_name, due.id
    `),
    dueRow,
  );
}

function digestText(rows: DueRow[]): string {
  const line = (r: DueRow) =>
    `- ${r.supplier_name}: ${diversityLabel(r.diversity_type)}, ${r.agency}` +
    `${r.certificate_number ? ` ${r.certificate_number}` : ''}, ` +
    `${r.notice === 'EXPIRED' ? 'expired' : 'expires'} ${usDate(r.expiry_date)}`;
  const expired = rows.filter((r) => r.notice === 'EXPIRED');
  const expiring = rows.filter((r) => r.notice === 'EXPIRING');
  return [
    'Certificates of suppliers you paid in the last 12 months need attention.',
    ...(expiring.length ? ['', 'Expiring soon:', ...expiring.map(line)] : []),
    ...(expired.length ? ['', 'Expired:', ...expired.map(line)] : []),
    '',
    'Payments after a certificate lapses no longer count as verified diverse spend.',
  ].join('\n');
}

/** Sends every organisation's digest due on `today`; answers how many mails went out. */
export async function sendExpiryDigests(db: Db, mailer: Mailer, today: string): Promise<number> {
  const due = await dueCertificates(db, today);
  const byClient = new Map<number, DueRow[]>();
  for (const row of due) {
    const clientRef = Number(row.client_ref);
    byClient.set(clientRef, [...(byClient.get(clientRef) ?? []), row]);
  }
  let sent = 0;
  for (const [clientRef, rows] of byClient) {
    await db.transaction(async (tx) => {
      const admins = rowsOf(
        await tx.execute(sql`
          select email from ${users}
          where client_ref = ${clientRef} and role_code = 'ROLE_BUYER_ADMIN'
            and deleted_at is null and password_hash is not null
          order by id
        `),
        z.object({ email: z.string() }),
      );
      const subject = `${rows.length} diversity certificate${rows.length === 1 ? '' : 's'} expiring or expired`;
      for (const { email } of admins) {
        await mailer.send(tx, { to: email, subject, text: digestText(rows) });
        sent += 1;
      }
      for (const r of rows) {
        await tx.execute(sql`
          insert into ${certificateDigestLog} (certificate_ref, client_ref, notice)
          values (${r.id}, ${clientRef}, ${`${r.notice}:${r.expiry_date}`})
          on conflict do nothing
        `);
      }
    });
  }
  return sent;
}
