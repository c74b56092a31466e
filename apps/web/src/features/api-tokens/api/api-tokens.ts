/**
 * `/api/organisation/tokens`: the organisation's API tokens — list, create (the secret comes back
 * once, in the reply) and revoke.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ApiToken, ApiTokenCreate, ApiTokenCreated } from '@spotzcity/shared/api-tokens';
import { api } from '../../../api/client.ts';
import { featureKeys } from '../../../api/query-keys.ts';

export const apiTokenKeys = featureKeys('api-tokens');

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: apiTokenKeys.list(),
    queryFn: ({ signal }) =>
      api.get<Envelope<ApiToken[]>>('/api/organisation/tokens', { signal }).then((r) => r.data),
  });

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiTokenCreate) =>
      api.post<Envelope<ApiTokenCreated>>('/api/organisation/tokens', body),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Envelope<ApiToken>>(`/api/organisation/tokens/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
