/** Reading what the platform mailed, for tests of invitations and recovery. */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { mailOutbox } from '../src/db/schema/index.ts';

export async function mailsTo(db: Db, email: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, email))
    .orderBy(desc(mailOutbox.id));
}

/** The six-digit code of the newest message to `email`. */
export async function codeMailedTo(db: Db, email: string) {
  const [mail] = await mailsTo(db, email);
  const code = mail?.body.match(/code: (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Does what an invitee does: verifies the mailed code and chooses a password. */
export async function acceptInvitation(
  app: FastifyInstance,
  db: Db,
  email: string,
  password: string,
) {
  const code = await codeMailedTo(db, email);
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/verify/code',
    payload: { email, code },
  });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const { resetToken } = verify.json<{ data: { resetToken: string } }>().data;
  const change = await app.inject({
    method: 'PUT',
    url: '/api/auth/change/password',
    payload: { email, password, resetToken },
  });
  if (change.statusCode !== 200) throw new Error(`password not set: ${change.body}`);
}
