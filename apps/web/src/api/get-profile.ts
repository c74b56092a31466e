/**
 * The signed-in user's profile and features. It lives beside the client, not in a feature,
 * because the shell, the home page and every module read the current user.
 */
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Envelope, UserProfile } from '@spotzcity/shared/api';
import { api } from './client.ts';

export const profileQueryKey = ['users', 'profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<UserProfile>>('/api/users/profile', { signal })).data,
  });

/**
 * The current user, for components rendered inside the signed-in area (the route guard has
 * already loaded the profile, so this never suspends there).
 */
export function useCurrentUser(): UserProfile {
  return useSuspenseQuery(profileQueryOptions()).data;
}
