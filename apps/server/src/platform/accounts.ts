/**
 * What the clients and users administration share: e-mail uniqueness, the rule that SpotzCity
 * always keeps an active Super User, and invitations (a new user gets no password: they choose
 * one with a one-time code mailed to them, through the recovery flow).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, count, eq, gte, isNull, ne, or } from 'drizzle-orm';
import type { Role } from '@spotzcity/shared/permissions';
import type { DbOrTx } from '../db/client.ts';
import { clients, users } from '../db/schema/index.ts';
import { auditUser } from './audit.ts';
import type { Principal } from './auth.ts';
import { uniqueOrConflict } from './db-errors.ts';
import { BadRequest, Conflict } from './errors.ts';
import type { Mailer } from './mail.ts';
import { INVITATION_TTL_MS, issueCode } from './one-time-codes.ts';

export const ACCOUNT_MESSAGES = {
  emailTaken: 'A user with this email already exists.',
  lastSuperUser: 'The last Super User cannot be deleted.',
  noActiveSuperUser: 'This change would leave SpotzCity without an active Super User.',
} as const;

/** The reply to adding a client, an admin or a user: someone was invited to choose a password. */
export const invitationSentMessage = (email: string) =>
  `Created Successfully. An invitation to set a password has been sent to ${email}.`;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** 409 when another user that is not deleted already has this e-mail. */
export async function assertEmailFree(db: DbOrTx, email: string, exceptUserId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, normaliseEmail(email)),
        isNull(users.deletedAt),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  if (taken) throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
}

/** Super Users who can sign in: not deleted, in an organisation that is not blocked. */
export async function activeSuperUsers(db: DbOrTx, today = new Date().toISOString().slice(0, 10)) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(
      and(
        eq(users.roleCode, 'ROLE_SUPER_USER'),
        isNull(users.deletedAt),
        isNull(clients.deletedAt),
        eq(clients.status, 'ENABLE'),
        or(isNull(clients.contractEndAt), gte(clients.contractEndAt, today)),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Run inside the transaction of a change, after it: refuses (and so rolls back) a change that
 * leaves no Super User able to sign in.
 */
export async function assertSuperUserRemains(db: DbOrTx, message: string) {
  if ((await activeSuperUsers(db)) === 0) throw new BadRequest(message);
}

export interface Invitation {
  clientRef: number;
  companyName: string;
  name: string;
  email: string;
  role: Role;
}

export interface Invitations {
  /**
   * Creates a user without a password, mails them a one-time code to choose one and writes the
   * audit row, all in the caller's transaction.
   */
  invite(tx: DbOrTx, actor: Principal, invitation: Invitation): Promise<typeof users.$inferSelect>;
}

export interface InvitationOptions {
  mailer: Mailer;
  codeSecret: string;
  appName: string;
  /** Where the web app is reached, for the link in the mail. */
  publicUrl: string;
}

export function createInvitations(options: InvitationOptions): Invitations {
  const { appName } = options;
  return {
    async invite(tx, actor, invitation) {
      const email = normaliseEmail(invitation.email);
      await assertEmailFree(tx, email);
      const [user] = await uniqueOrConflict(ACCOUNT_MESSAGES.emailTaken, () =>
        tx
          .insert(users)
          .values({
            clientRef: invitation.clientRef,
            name: invitation.name,
            email,
            passwordHash: null,
            roleCode: invitation.role,
          })
          .returning(),
      );
      if (!user) throw new Error('user not created');

      await auditUser(tx, actor, 'CREATE', { after: user });
      const code = await issueCode(tx, {
        userId: user.id,
        secret: options.codeSecret,
        ttlMs: INVITATION_TTL_MS,
      });
      // The mail goes last: with SMTP it leaves at once, so nothing after it should fail.
      const link = new URL('/forgot-password', options.publicUrl);
      link.searchParams.set('email', email);
      link.searchParams.set('invitation', '1');
      await options.mailer.send(tx, {
        to: email,
        subject: `Your ${appName} account`,
        text:
          `Hello ${user.name},\n\n` +
          `${actor.name} has created a ${appName} account for you at ${invitation.companyName}.\n\n` +
          `To choose your password, open ${link.toString()} and enter this code: ${code}\n\n` +
          `The code can be used once and expires in 7 days. If it has expired, use ` +
          `"Forgot Password?" on the sign-in page to receive a new one.`,
      });
      return user;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    invitations: Invitations;
  }
}

export const invitationsPlugin = fp(
  async (app: FastifyInstance, opts: Omit<InvitationOptions, 'mailer'>) => {
    app.decorate('invitations', createInvitations({ ...opts, mailer: app.mailer }));
  },
  { name: 'invitations', dependencies: ['db'] },
);
