import type { Paged } from '@spotzcity/shared/api';
import type { AuditItem } from '@spotzcity/shared/audit';
import { api } from '../../../api/client.ts';

export const auditQueryKey = ['audit', 'list'] as const;

/** `GET /api/audit?pageNumber=`: one page of the audit log, newest first. */
export const fetchAuditPage = (pageNumber: number, signal: AbortSignal) =>
  api.get<Paged<AuditItem>>('/api/audit', { query: { pageNumber }, signal });
