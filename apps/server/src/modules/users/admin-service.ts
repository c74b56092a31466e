/**
 * The users administration (spec 01 points 2, 6): list, read, add (by invitation), update and
 * soft-delete users. Super Users and Super Admins act across organisations; anyone else only
 * within their own, whose id the server forces whatever the body says. Another organisation's
 * user answers 404, exactly like a missing one.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Role } from '@spotzcity/shared/permissions';
import {
  PLATFORM_ROLES,
  ROLES_BY_CLIENT_TYPE,
  USER_ADMIN_MESSAGES,
  defaultRoleFor,
  type UserCreateInput,
  type UserItem,
  type UserUpdateInput,
} from '@spotzcity/shared/users';
import type { PageRequest } from '@spotzcity/shared/api';
import type { DbOrTx } from '../../db/client.ts';
import { clients, passwordResets, users } from '../../db/schema/index.ts';
import {
  ACCOUNT_MESSAGES,
  assertSuperUserRemains,
  normaliseEmail,
  type Invitations,
} from '../../platform/accounts.ts';
import { auditUser } from '../../platform/audit.ts';
import { actsAcrossOrganisations, type Principal } from '../../platform/auth.ts';
import { uniqueOrConflict } from '../../platform/db-errors.ts';
import { BadRequest, Forbidden, NotFound, ValidationError } from '../../platform/errors.ts';
import { pageOffset } from '../../platform/sql.ts';

export const USER_ADMIN_ERRORS = {
  notFound: 'User not found',
  clientNotFound: 'Client not found.',
  deleteSelf: 'You cannot delete your own account.',
  ownRole: 'You cannot change your own role.',
} as const;

type UserRow = typeof users.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

const present = ({ user, client }: { user: UserRow; client: ClientRow }): UserItem => ({
  id: user.id,
  clientId: client.clientId,
  name: user.name,
  email: user.email,
  emailId: user.email,
  companyName: client.companyName,
  clientType: client.type,
  role: user.roleCode as Role,
  dateCreated: user.createdAt.toISOString(),
  invitationPending: user.passwordHash === null,
  status:
    client.status === 'DISABLE' ? 'DISABLED' : user.passwordHash === null ? 'INVITED' : 'ACTIVE',
});

/** Users the principal may see: not deleted, of a live organisation, and within scope. */
function visible(principal: Principal) {
  return and(
    isNull(users.deletedAt),
    isNull(clients.deletedAt),
    actsAcrossOrganisations(principal) ? undefined : eq(users.clientRef, principal.clientRef),
  );
}

export async function listUsers(
  db: DbOrTx,
  principal: Principal,
  page: PageRequest & { clientId?: string | undefined },
) {
  const where = and(
    visible(principal),
    page.clientId && actsAcrossOrganisations(principal)
      ? sql`lower(${clients.clientId}) = lower(${page.clientId})`
      : undefined,
  );
  const rows = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const [total] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(where);
  return { rows: rows.map(present), total: total?.n ?? 0 };
}

async function findVisible(db: DbOrTx, principal: Principal, id: number) {
  const [row] = await db
    .select({ user: users, client: clients })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.clientRef))
    .where(and(eq(users.id, id), visible(principal)))
    .limit(1);
  if (!row) throw new NotFound(USER_ADMIN_ERRORS.notFound);
  return row;
}

export async function getUser(db: DbOrTx, principal: Principal, id: number) {
  return present(await findVisible(db, principal, id));
}

/** Only holders of SPORTZCITY_ADMIN_* may grant, change or remove the platform roles. */
function requirePlatformPermission(
  principal: Principal,
  role: string,
  permission: 'SPORTZCITY_ADMIN_CREATION' | 'SPORTZCITY_ADMIN_DELETION',
) {
  if (PLATFORM_ROLES.includes(role as Role) && !principal.permissions.has(permission)) {
    throw new Forbidden();
  }
}

function checkRole(principal: Principal, client: ClientRow, role: Role) {
  if (!ROLES_BY_CLIENT_TYPE[client.type].includes(role)) {
    throw ValidationError.field('role', USER_ADMIN_MESSAGES.roleNotAllowed);
  }
  requirePlatformPermission(principal, role, 'SPORTZCITY_ADMIN_CREATION');
}

/** The organisation a new user joins: the body's client id across organisations, else one's own. */
async function targetClient(db: DbOrTx, principal: Principal, clientId: string | undefined) {
  const cross = actsAcrossOrganisations(principal);
  if (cross && !clientId) throw ValidationError.field('clientId', 'Required');
  const [client] = await db
    .select()
    .from(clients)
    .where(
      and(
        isNull(clients.deletedAt),
        cross
          ? sql`lower(${clients.clientId}) = lower(${clientId})`
          : eq(clients.id, principal.clientRef),
      ),
    )
    .limit(1);
  if (!client) throw ValidationError.field('clientId', USER_ADMIN_ERRORS.clientNotFound);
  return client;
}

export async function createUser(
  tx: DbOrTx,
  invitations: Invitations,
  principal: Principal,
  input: UserCreateInput,
) {
  const client = await targetClient(tx, principal, input.clientId);
  const role = input.role ?? defaultRoleFor(client.type);
  checkRole(principal, client, role);
  const user = await invitations.invite(tx, principal, {
    clientRef: client.id,
    companyName: client.companyName,
    name: input.name,
    email: input.email,
    role,
  });
  return present({ user, client });
}

export async function updateUser(
  tx: DbOrTx,
  invitations: Invitations,
  principal: Principal,
  input: UserUpdateInput,
) {
  const { user, client } = await findVisible(tx, principal, input.id);
  requirePlatformPermission(principal, user.roleCode, 'SPORTZCITY_ADMIN_CREATION');

  const role = input.role ?? (user.roleCode as Role);
  if (role !== user.roleCode) {
    if (user.id === principal.id) throw new BadRequest(USER_ADMIN_ERRORS.ownRole);
    checkRole(principal, client, role);
  }
  const email = normaliseEmail(input.email);
  const { addressInUse } =
    email === user.email
      ? user
      : await invitations.readdress(tx, principal, user, {
          email,
          companyName: client.companyName,
        });

  const [updated] = await uniqueOrConflict(ACCOUNT_MESSAGES.emailTaken, () =>
    tx
      .update(users)
      .set({ name: input.name, email, roleCode: role, addressInUse, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning(),
  );
  if (!updated) throw new NotFound(USER_ADMIN_ERRORS.notFound);
  if (user.roleCode === 'ROLE_SUPER_USER' && role !== user.roleCode) {
    await assertSuperUserRemains(tx, ACCOUNT_MESSAGES.noActiveSuperUser);
  }
  await auditUser(tx, principal, 'UPDATE', { before: user, after: updated });
  return present({ user: updated, client });
}

export async function deleteUser(tx: DbOrTx, principal: Principal, id: number) {
  const { user } = await findVisible(tx, principal, id);
  if (user.id === principal.id) throw new BadRequest(USER_ADMIN_ERRORS.deleteSelf);
  requirePlatformPermission(principal, user.roleCode, 'SPORTZCITY_ADMIN_DELETION');

  // A soft delete: access is removed, the row is kept for an operator to recover.
  const at = new Date();
  await tx.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  const [deleted] = await tx
    .update(users)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
    .returning();
  if (!deleted) throw new NotFound(USER_ADMIN_ERRORS.notFound);
  if (user.roleCode === 'ROLE_SUPER_USER') {
    await assertSuperUserRemains(tx, ACCOUNT_MESSAGES.lastSuperUser);
  }
  await auditUser(tx, principal, 'DELETE', { before: user, after: deleted });
}
