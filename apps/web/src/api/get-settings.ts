/** Public settings (application name, support e-mail), readable before sign-in. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from './client.ts';
import { sharedKeys } from './query-keys.ts';

export interface PublicSettings {
  appName: string;
  supportEmail: string;
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.settings,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<PublicSettings>>('/api/settings', { signal })).data,
    staleTime: Infinity,
  });

export const useSettings = () => useQuery(settingsQueryOptions());
