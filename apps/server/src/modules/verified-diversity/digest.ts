/**
 * The daily expiry digest: for each organisation, one mail to each of its Buyer
 * Admins listing the certificates (its own and the directory's) of suppliers it paid in the last
 * 12 months that expire within its window or have expired — each certificate once per
 * organisation and notice (expiring, then expired; a new expiry date is a new notice). Sent through
 * the mail layer (mail_outbox without SMTP). The mail links to the screens the home page's "Needs
 * attention" links to: the Certificates view, and the home page itself.
 */
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { CERTAIN_MATCH_SCORE } from '@spotzcity/shared/verified-diversity';
import { diversityLabel } from '@spotzcity/shared/diversity';
import { ATTENTION_LINKS } from '@spotzcity/shared/home';
import { rowsOf, type Db } from '../../db/client.ts';
import type { Mailer } from '../../platform/mail.ts';
import { columnList, savedFilesOnly, selectAs } from '../../platform/sql.ts';
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

const c = alias(supplierCertificates, 'c');
const d = alias(supplierDirectory, 'd');
const m = alias(vendorMatches, 'm');
const paid = alias(spendRows, 'r');
const p = alias(certificatePolicies, 'p');
const l = alias(certificateDigestLog, 'l');

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Certificates due in a digest on `today`, every organisation: its own and the directory's, of
 * suppliers it paid (through a certain match) in the last 12 months, within its own window.
 */
async function dueCertificates(db: Db, today: string): Promise<DueRow[]> {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select ${selectAs({
          id: c.id,
          client_ref: sql`o.client_ref`,
          supplier_name: d.name,
          diversity_type: c.diversityType,
          agency: c.agency,
          certificate_number: c.certificateNumber,
          expiry_date: sql`${c.expiryDate}::text`,
          notice: sql`case when ${c.expiryDate} < ${today}::date then 'EXPIRED' else 'EXPIRING' end`,
        })}
        from ${supplierCertificates} ${c}
        join ${supplierDirectory} ${d} on ${d.id} = ${c.supplierRef}
        cross join lateral (
          select ${m.clientRef} from ${vendorMatches} ${m}
          where ${m.supplierRef} = ${c.supplierRef}
            and (${c.clientRef} is null or ${m.clientRef} = ${c.clientRef})
            and (${m.confirmed} or ${m.score} >= ${CERTAIN_MATCH_SCORE})
            and exists (
              select 1 from ${spendRows} ${paid}
              where ${paid.clientRef} = ${m.clientRef} and ${paid.supplierKey} = ${m.supplierKey}
                and ${savedFilesOnly(m.clientRef, paid.fileId)}
                and ${paid.paymentDate} > (${today}::date - interval '12 months')::date
            )
          group by ${m.clientRef}
        ) o
        left join ${certificatePolicies} ${p} on ${p.clientRef} = o.client_ref
        where (${c.status} = 'ACTIVE' or ${c.statusDate} > ${today}::date)
          and ${c.expiryDate} - ${today}::date <= coalesce(${p.expiringWindowDays}, 90)
      ) due
      where not exists (
        select 1 from ${certificateDigestLog} ${l}
        where ${l.certificateRef} = due.id and ${l.clientRef} = due.client_ref
          and ${l.notice} = due.notice || ':' || due.expiry_date
      )
      order by due.client_ref, due.expiry_date, due.supplier_name, due.id
    `),
    dueRow,
  );
}

export interface DigestOptions {
  /** The address the app is reached at, for the mail's links. */
  publicUrl: string;
}

function digestText(rows: DueRow[], options: DigestOptions): string {
  const link = (path: string) => new URL(path, options.publicUrl).toString();
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
    '',
    `Review and renew them in Certificates: ${link(ATTENTION_LINKS.certificates)}`,
    `Everything that needs attention today: ${link(ATTENTION_LINKS.home)}`,
  ].join('\n');
}

/** Sends every organisation's digest due on `today`; answers how many mails went out. */
export async function sendExpiryDigests(
  db: Db,
  mailer: Mailer,
  today: string,
  options: DigestOptions,
): Promise<number> {
  const due = await dueCertificates(db, today);
  const byClient = new Map<number, DueRow[]>();
  for (const row of due) {
    const clientRef = Number(row.client_ref);
    byClient.set(clientRef, [...(byClient.get(clientRef) ?? []), row]);
  }
  let sent = 0;
  const log = certificateDigestLog;
  for (const [clientRef, rows] of byClient) {
    await db.transaction(async (tx) => {
      const admins = rowsOf(
        await tx.execute(sql`
          select ${users.email} from ${users}
          where ${users.clientRef} = ${clientRef} and ${users.roleCode} = 'ROLE_BUYER_ADMIN'
            and ${users.deletedAt} is null and ${users.passwordHash} is not null
          order by ${users.id}
        `),
        z.object({ email: z.string() }),
      );
      const subject = `${rows.length} diversity certificate${rows.length === 1 ? '' : 's'} expiring or expired`;
      for (const { email } of admins) {
        await mailer.send(tx, { to: email, subject, text: digestText(rows, options) });
        sent += 1;
      }
      for (const r of rows) {
        await tx.execute(sql`
          insert into ${log} (${columnList(log.certificateRef, log.clientRef, log.notice)})
          values (${r.id}, ${clientRef}, ${`${r.notice}:${r.expiry_date}`})
          on conflict do nothing
        `);
      }
    });
  }
  return sent;
}
