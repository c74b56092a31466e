/**
 * Outgoing mail. With SMTP_URL the message goes through nodemailer; either way it is kept in
 * `mail_outbox`, which is where an installation without SMTP reads it. The log line names the
 * recipient and subject only: bodies hold one-time codes and never reach the log.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: DbOrTx, message: MailMessage): Promise<void>;
}

export async function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  const { smtpUrl, from, log } = options;
  const transport = smtpUrl
    ? (await import('nodemailer')).default.createTransport(smtpUrl)
    : undefined;

  return {
    async send(db, message) {
      let status: 'SENT' | 'KEPT' | 'FAILED' = 'KEPT';
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from,
            to: message.to,
            subject: message.subject,
            text: message.text,
          });
          status = 'SENT';
        } catch (err) {
          status = 'FAILED';
          error = err instanceof Error ? err.message : String(err);
          log.error({ to: message.to, subject: message.subject, error }, 'mail could not be sent');
        }
      } else {
        log.info(
          { to: message.to, subject: message.subject },
          'mail kept in mail_outbox (no SMTP_URL configured)',
        );
      }
      await db.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        status,
        error,
      });
    },
  };
}
