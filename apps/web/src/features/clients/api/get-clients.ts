import type { Paged } from '@spotzcity/shared/api';
import type { ClientItem } from '@spotzcity/shared/clients';
import { api } from '../../../api/client.ts';

export const clientsQueryKey = ['clients', 'list'] as const;

/** `POST /api/super_admin/clients`: one page of clients, newest first. */
export const fetchClientsPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<ClientItem>>('/api/super_admin/clients', { pageNumber }, { signal });
