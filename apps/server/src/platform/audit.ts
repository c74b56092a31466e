/**
 * The audit trail of administration: every create, update and delete of a client or a user is
 * written with who, when, what, before and after, in the transaction of the change (so a change
 * that rolls back leaves no row, and a row never describes a change that did not happen).
 */
import type { AuditAction, AuditEntity } from '@spotzcity/shared/audit';
import type { DbOrTx } from '../db/client.ts';
import { auditLog, type clients, type users } from '../db/schema/index.ts';
import type { Principal } from './auth.ts';

type ClientRow = typeof clients.$inferSelect;
type UserRow = typeof users.$inferSelect;
type Snapshot = Record<string, unknown>;

/** A client's own fields, as the API shows them and the log keeps them; never internal columns. */
export const clientFields = (c: ClientRow) => ({
  clientId: c.clientId,
  name: c.name,
  email: c.email,
  companyName: c.companyName,
  type: c.type,
  status: c.status,
  contractStartAt: c.contractStartAt,
  contractEndAt: c.contractEndAt,
});

/** What the log keeps of a client. */
const clientSnapshot = (c: ClientRow): Snapshot => ({
  ...clientFields(c),
  deletedAt: c.deletedAt?.toISOString() ?? null,
});

/** What the log keeps of a user: never the password hash or the token version. */
const userSnapshot = (u: UserRow): Snapshot => ({
  clientRef: u.clientRef,
  name: u.name,
  email: u.email,
  role: u.roleCode,
  deletedAt: u.deletedAt?.toISOString() ?? null,
});

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId: number;
  clientRef: number;
  before?: Snapshot | null;
  after?: Snapshot | null;
}

/** Only the fields that changed, for an update; the whole snapshot otherwise. */
function changed(before: Snapshot, after: Snapshot): [Snapshot, Snapshot] {
  const keys = Object.keys(after).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return [
    Object.fromEntries(keys.map((k) => [k, before[k]])),
    Object.fromEntries(keys.map((k) => [k, after[k]])),
  ];
}

/** Writes one entry; modules whose records are not rows of their own (settings, goals) call it. */
export async function writeAudit(db: DbOrTx, actor: Principal, entry: AuditEntry) {
  let { before = null, after = null } = entry;
  if (entry.action === 'UPDATE' && before && after) [before, after] = changed(before, after);
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    clientRef: entry.clientRef,
    before,
    after,
  });
}

/** The rows of a change: as they were (none for a create) and as they are now. */
interface Change<Row> {
  before?: Row;
  after: Row;
}

/** How changes of one kind of row are logged: which entity, what is kept, whose log it is. */
const auditOf =
  <Row extends { id: number }>(
    entity: AuditEntity,
    snapshot: (row: Row) => Snapshot,
    clientRefOf: (row: Row) => number,
  ) =>
  (db: DbOrTx, actor: Principal, action: AuditAction, { before, after }: Change<Row>) =>
    writeAudit(db, actor, {
      action,
      entity,
      entityId: after.id,
      clientRef: clientRefOf(after),
      before: before && snapshot(before),
      after: snapshot(after),
    });

/** Logs a change of a client; an organisation's entries belong to itself. */
export const auditClient = auditOf<ClientRow>('client', clientSnapshot, (client) => client.id);

/** Logs a change of a user, under the user's organisation. */
export const auditUser = auditOf<UserRow>('user', userSnapshot, (user) => user.clientRef);
