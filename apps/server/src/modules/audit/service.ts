/** Reading the audit log of administration changes, newest first. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { AuditItem, auditListRequestSchema } from '@spotzcity/shared/audit';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, clients } from '../../db/schema/index.ts';
import { pageOffset } from '../../platform/sql.ts';

export async function listAudit(db: DbOrTx, query: z.output<typeof auditListRequestSchema>) {
  const where = and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
  );
  const rows = await db
    .select({ entry: auditLog, clientId: clients.clientId })
    .from(auditLog)
    .leftJoin(clients, eq(clients.id, auditLog.clientRef))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(query.pageSize)
    .offset(pageOffset(query));
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const items: AuditItem[] = rows.map(({ entry, clientId }) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actorName: entry.actorName,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    clientId,
    before: entry.before,
    after: entry.after,
  }));
  return { rows: items, total: total?.n ?? 0 };
}
