/** The audit log of administration changes (who, when, what, before and after). */
import { z } from 'zod';
import { recordId } from './validation.ts';
import { pageRequestSchema } from './api.ts';

/** `REVOKE` and `USE` are an API token's: revoked, and used from an address for the first time. */
export const AUDIT_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'REVOKE', 'USE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'client',
  'user',
  'settings',
  'goals',
  'tier2Prime',
  'apiToken',
  'vendorMatch',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** `GET /api/audit?pageNumber=&pageSize=&entity=&entityId=`. */
export const auditListRequestSchema = pageRequestSchema.extend({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: recordId().optional(),
});

const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorName: z.string(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int(),
  /** The human client id of the organisation the record belongs to. */
  clientId: z.string().nullable(),
  before: snapshot,
  after: snapshot,
});
export type AuditItem = z.infer<typeof auditItemSchema>;
