/**
 * What the clients and users administration share: e-mail uniqueness, the rule that SpotzCity
 * always keeps an active Super User, and invitations (a new user gets no password: they choose
 * one with a one-time code mailed to them, through the recovery flow).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, asc, count, eq, gte, isNull, ne, or } from 'drizzle-orm';
import type { Role } from '@spotzcity/shared/permissions';
import type { DbOrTx } from '../db/client.ts';
import { clients, users } from '../db/schema/index.ts';
import { auditUser } from './audit.ts';
import { actsAcrossOrganisations, type Principal } from './auth.ts';
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

/**
 * Whether an address may be given to a user of `clientRef`: 'free', or 'in use elsewhere' — the
 * address signs in to another organisation's account, which an organisation admin must not
 * learn. 409 when the caller may know: the account is in the same organisation, or the caller
 * administers every organisation.
 */
export async function addressFor(
  db: DbOrTx,
  actor: Principal,
  target: { clientRef: number; email: string; exceptUserId?: number },
): Promise<'free' | 'in use elsewhere'> {
  const [holder] = await db
    .select({ id: users.id, clientRef: users.clientRef })
    .from(users)
    .where(
      and(
        eq(users.email, normaliseEmail(target.email)),
        isNull(users.deletedAt),
        target.exceptUserId === undefined ? undefined : ne(users.id, target.exceptUserId),
        // Another blocked invitation of this organisation for the address is a visible duplicate.
        or(eq(users.addressInUse, false), eq(users.clientRef, target.clientRef)),
      ),
    )
    .orderBy(asc(users.addressInUse))
    .limit(1);
  if (!holder) return 'free';
  if (holder.clientRef === target.clientRef || actsAcrossOrganisations(actor)) {
    throw new Conflict(ACCOUNT_MESSAGES.emailTaken);
  }
  return 'in use elsewhere';
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
  /**
   * Another organisation that asked for this account (a buyer inviting its Tier 2 prime): the
   * mail names that organisation alone, never the names typed for the new account, which are
   * that organisation's words, not the product's.
   */
  invitedBy?: string;
  /**
   * Why `invitedBy` asks, in the product's words, ending the mail's first sentence ('to report
   * its Tier 2 spend to it each quarter'): a new account with no reason reads as spam.
   */
  invitedFor?: string;
}

type UserRow = typeof users.$inferSelect;

export interface Invitations {
  /**
   * Creates a user without a password, mails them a one-time code to choose one and writes the
   * audit row, all in the caller's transaction. An address that belongs to another organisation's
   * account gives a blocked invitation instead (users.addressInUse): listed and answered like any
   * other, but the address's owner is told and no code is sent.
   */
  invite(tx: DbOrTx, actor: Principal, invitation: Invitation): Promise<UserRow>;
  /**
   * What changing a user's address to `email` means: whether the new address is in use
   * elsewhere (and its owner is told), or, for a blocked invitation whose new address is free,
   * the invitation is sent at last. Call before writing the new address.
   */
  readdress(
    tx: DbOrTx,
    actor: Principal,
    user: UserRow,
    change: { email: string; companyName: string },
  ): Promise<{ addressInUse: boolean }>;
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

  async function mailCode(
    tx: DbOrTx,
    actor: Principal,
    user: UserRow,
    companyName: string,
    invitedBy?: string,
    invitedFor?: string,
  ) {
    const code = await issueCode(tx, {
      userId: user.id,
      purpose: 'INVITATION',
      secret: options.codeSecret,
      ttlMs: INVITATION_TTL_MS,
    });
    // The mail goes last: with SMTP it leaves at once, so nothing after it should fail.
    const link = new URL('/forgot-password', options.publicUrl);
    link.searchParams.set('email', user.email);
    link.searchParams.set('invitation', '1');
    await options.mailer.send(tx, {
      to: user.email,
      subject: `Your ${appName} account`,
      text:
        (invitedBy
          ? `Hello,\n\n${invitedBy} has invited you to ${appName}` +
            `${invitedFor ? ` ${invitedFor}` : ''}.\n\n`
          : `Hello ${user.name},\n\n` +
            `${actor.name} has created a ${appName} account for you at ${companyName}.\n\n`) +
        `To choose your password, open ${link.toString()} and enter this code: ${code}\n\n` +
        `The code can be used once and expires in 7 days. If it has expired, use ` +
        `"Forgot Password?" on the sign-in page to receive a new one.`,
    });
  }

  /** Tells the owner of an address that someone tried to give it to another account. */
  async function mailAddressInUse(
    tx: DbOrTx,
    actor: Principal,
    email: string,
    companyName: string,
    invitedBy?: string,
  ) {
    await options.mailer.send(tx, {
      to: email,
      subject: `Your ${appName} address`,
      text:
        `Hello,\n\n${invitedBy ?? `${actor.name} at ${companyName}`} tried to give this ` +
        `address to a new ` +
        `${appName} account. It already belongs to your ${appName} account with another ` +
        `organisation, so no account was created and nothing about yours changed.\n\n` +
        `If you expected this, ask them to contact ${appName} support.`,
    });
  }

  return {
    async invite(tx, actor, invitation) {
      const email = normaliseEmail(invitation.email);
      const status = await addressFor(tx, actor, { clientRef: invitation.clientRef, email });
      const [user] = await uniqueOrConflict(ACCOUNT_MESSAGES.emailTaken, () =>
        tx
          .insert(users)
          .values({
            clientRef: invitation.clientRef,
            name: invitation.name,
            email,
            passwordHash: null,
            roleCode: invitation.role,
            addressInUse: status === 'in use elsewhere',
          })
          .returning(),
      );
      if (!user) throw new Error('user not created');

      await auditUser(tx, actor, 'CREATE', { after: user });
      const { companyName, invitedBy, invitedFor } = invitation;
      if (user.addressInUse) await mailAddressInUse(tx, actor, email, companyName, invitedBy);
      else await mailCode(tx, actor, user, companyName, invitedBy, invitedFor);
      return user;
    },

    async readdress(tx, actor, user, change) {
      const email = normaliseEmail(change.email);
      const status = await addressFor(tx, actor, {
        clientRef: user.clientRef,
        email,
        exceptUserId: user.id,
      });
      if (status === 'in use elsewhere') {
        await mailAddressInUse(tx, actor, email, change.companyName);
        return { addressInUse: true };
      }
      if (user.addressInUse && user.passwordHash === null) {
        await mailCode(tx, actor, { ...user, email }, change.companyName);
      }
      return { addressInUse: false };
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
