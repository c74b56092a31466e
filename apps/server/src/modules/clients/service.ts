/**
 * Clients (organisations) of spec 01 points 2, 3, 6, 7: list, add (with the first user invited),
 * update and soft-delete; SpotzCity admins are clients of type SUPER_ADMIN. Organisations are
 * the platform's own records, so these functions are governed by permissions, not by tenant.
 */
import { and, asc, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ClientType } from '@spotzcity/shared/enums';
import type {
  AdminCreateInput,
  AdminUpdateInput,
  ClientCreateInput,
  ClientItem,
  ClientOption,
  ClientUpdateInput,
} from '@spotzcity/shared/clients';
import { firstUserRoleFor } from '@spotzcity/shared/users';
import type { PageRequest } from '@spotzcity/shared/api';
import type { DbOrTx } from '../../db/client.ts';
import { clients } from '../../db/schema/index.ts';
import {
  ACCOUNT_MESSAGES,
  assertSuperUserRemains,
  type Invitations,
} from '../../platform/accounts.ts';
import { auditClient, clientFields } from '../../platform/audit.ts';
import { actsAcrossOrganisations, type Principal } from '../../platform/auth.ts';
import { uniqueOrConflict } from '../../platform/db-errors.ts';
import {
  BadRequest,
  Conflict,
  Forbidden,
  NotFound,
  ValidationError,
} from '../../platform/errors.ts';
import { pageOffset } from '../../platform/sql.ts';

export const CLIENT_ERRORS = {
  notFound: 'Client not found',
  clientIdTaken: 'Client ID already exists.',
  typeChange: 'The type of a client cannot be changed.',
  notAnAdmin: 'This client is not a SpotzCity admin.',
  deleteOwn: 'You cannot delete your own organisation.',
  blockOwn: 'You cannot disable or end the contract of your own organisation.',
} as const;

type ClientRow = typeof clients.$inferSelect;

const present = (c: ClientRow): ClientItem => ({
  id: c.id,
  ...clientFields(c),
  createdAt: c.createdAt.toISOString(),
});

export async function listClients(db: DbOrTx, page: PageRequest) {
  const rows = await db
    .select()
    .from(clients)
    .where(isNull(clients.deletedAt))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(page.pageSize)
    .offset(pageOffset(page));
  const [total] = await db.select({ n: count() }).from(clients).where(isNull(clients.deletedAt));
  return { rows: rows.map(present), total: total?.n ?? 0 };
}

/**
 * The client ids a user may be added to: every live client for those who act across
 * organisations (SpotzCity admins' clients only with SPORTZCITY_ADMIN_CREATION), one's own otherwise.
 */
export async function clientOptions(db: DbOrTx, principal: Principal): Promise<ClientOption[]> {
  const cross = actsAcrossOrganisations(principal);
  const rows = await db
    .select({ clientId: clients.clientId })
    .from(clients)
    .where(
      and(
        isNull(clients.deletedAt),
        cross ? undefined : eq(clients.id, principal.clientRef),
        cross && !principal.permissions.has('SPORTZCITY_ADMIN_CREATION')
          ? ne(clients.type, 'SUPER_ADMIN')
          : undefined,
      ),
    )
    .orderBy(asc(clients.clientId));
  return rows.map((r) => ({ value: r.clientId, label: r.clientId }));
}

/** SpotzCity admins' clients are governed by the SPORTZCITY_ADMIN_* permissions. */
function requireFor(principal: Principal, type: ClientType, action: 'create' | 'delete') {
  const needed =
    type === 'SUPER_ADMIN'
      ? action === 'create'
        ? 'SPORTZCITY_ADMIN_CREATION'
        : 'SPORTZCITY_ADMIN_DELETION'
      : action === 'create'
        ? 'ADD_EDIT_CLIENT'
        : 'DELETE_CLIENT';
  if (!principal.permissions.has(needed)) throw new Forbidden();
}

async function assertClientIdFree(db: DbOrTx, clientId: string, exceptId?: number) {
  // Deleted clients keep their id: the audit log and recovered data still refer to it.
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        sql`lower(${clients.clientId}) = lower(${clientId})`,
        exceptId === undefined ? undefined : ne(clients.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new Conflict(CLIENT_ERRORS.clientIdTaken);
}

async function findLive(db: DbOrTx, id: number) {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), isNull(clients.deletedAt)))
    .limit(1);
  if (!client) throw new NotFound(CLIENT_ERRORS.notFound);
  return client;
}

const uniqueClientId = <T>(write: () => Promise<T>) =>
  uniqueOrConflict(CLIENT_ERRORS.clientIdTaken, write);

type NewClient = Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

/** Inserts the client and invites its first user (Buyer Admin, Supplier or Super Admin). */
async function addClient(
  tx: DbOrTx,
  invitations: Invitations,
  principal: Principal,
  values: NewClient,
) {
  requireFor(principal, values.type, 'create');
  await assertClientIdFree(tx, values.clientId);
  const [client] = await uniqueClientId(() => tx.insert(clients).values(values).returning());
  if (!client) throw new Error('client not created');
  await auditClient(tx, principal, 'CREATE', { after: client });
  await invitations.invite(tx, principal, {
    clientRef: client.id,
    companyName: client.companyName,
    name: client.name,
    email: client.email,
    role: firstUserRoleFor(client.type),
  });
  return present(client);
}

export function createClient(
  tx: DbOrTx,
  invitations: Invitations,
  principal: Principal,
  input: ClientCreateInput,
) {
  return addClient(tx, invitations, principal, {
    clientId: input.clientId,
    name: input.name,
    email: input.email.toLowerCase(),
    companyName: input.companyName,
    type: input.type,
    status: input.status,
    contractStartAt: input.contractStartAt,
    contractEndAt: input.contractEndAt,
  });
}

export function createAdmin(
  tx: DbOrTx,
  invitations: Invitations,
  principal: Principal,
  input: AdminCreateInput,
  companyName: string,
) {
  return addClient(tx, invitations, principal, {
    clientId: input.clientId,
    name: input.name,
    email: input.email.toLowerCase(),
    companyName,
    type: 'SUPER_ADMIN',
    status: 'ENABLE',
  });
}

async function saveClient(
  tx: DbOrTx,
  principal: Principal,
  before: ClientRow,
  changes: Partial<NewClient>,
) {
  if (changes.clientId !== undefined && changes.clientId !== before.clientId) {
    await assertClientIdFree(tx, changes.clientId, before.id);
  }
  const [after] = await uniqueClientId(() =>
    tx
      .update(clients)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(clients.id, before.id))
      .returning(),
  );
  if (!after) throw new NotFound(CLIENT_ERRORS.notFound);
  await assertSuperUserRemains(tx, ACCOUNT_MESSAGES.noActiveSuperUser);
  await auditClient(tx, principal, 'UPDATE', { before, after });
  return present(after);
}

/** Updates a client's details. Its users are managed on the Users screen, its type is fixed. */
export async function updateClient(tx: DbOrTx, principal: Principal, input: ClientUpdateInput) {
  const before = await findLive(tx, input.id);
  requireFor(principal, before.type, 'create');
  if (input.type !== before.type) throw ValidationError.field('type', CLIENT_ERRORS.typeChange);
  const today = new Date().toISOString().slice(0, 10);
  if (
    before.id === principal.clientRef &&
    (input.status !== 'ENABLE' || input.contractEndAt < today)
  ) {
    throw new BadRequest(CLIENT_ERRORS.blockOwn);
  }
  return saveClient(tx, principal, before, {
    clientId: input.clientId,
    name: input.name,
    email: input.email.toLowerCase(),
    companyName: input.companyName,
    status: input.status,
    contractStartAt: input.contractStartAt,
    contractEndAt: input.contractEndAt,
  });
}

/** The admin dialog edits a SpotzCity admin's client id, name and e-mail. */
export async function updateAdmin(tx: DbOrTx, principal: Principal, input: AdminUpdateInput) {
  const before = await findLive(tx, input.id);
  if (before.type !== 'SUPER_ADMIN') throw new BadRequest(CLIENT_ERRORS.notAnAdmin);
  requireFor(principal, before.type, 'create');
  return saveClient(tx, principal, before, {
    clientId: input.clientId,
    name: input.name,
    email: input.email.toLowerCase(),
  });
}

/**
 * Soft-deletes a client: its users lose access at once (sign-in tells them their organisation no
 * longer has access), every row is kept, and an operator recovers it all by clearing the client's
 * `deleted_at`. Its users are not deleted one by one, so that recovery restores them as they were.
 */
export async function deleteClient(tx: DbOrTx, principal: Principal, id: number) {
  const client = await findLive(tx, id);
  requireFor(principal, client.type, 'delete');
  if (client.id === principal.clientRef) throw new BadRequest(CLIENT_ERRORS.deleteOwn);

  const at = new Date();
  const [deleted] = await tx
    .update(clients)
    .set({ deletedAt: at, updatedAt: at })
    .where(eq(clients.id, client.id))
    .returning();
  if (!deleted) throw new NotFound(CLIENT_ERRORS.notFound);
  await assertSuperUserRemains(tx, ACCOUNT_MESSAGES.lastSuperUser);
  await auditClient(tx, principal, 'DELETE', { before: client, after: deleted });
}
