import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ClientOption } from '@spotzcity/shared/clients';
import { api } from '../../../api/client.ts';
import { userKeys } from './get-users.ts';

/**
 * `GET /api/super_admin/clients/all`: the client ids a user may be added to. Read afresh each
 * time the dialog opens, so a client added a moment ago is there.
 */
export const clientOptionsQuery = () =>
  queryOptions({
    queryKey: [...userKeys.all, 'client-options'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ClientOption[]>>('/api/super_admin/clients/all', { signal })).data,
    staleTime: 0,
  });
