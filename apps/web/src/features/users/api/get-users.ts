import type { Paged } from '@spotzcity/shared/api';
import type { UserItem } from '@spotzcity/shared/users';
import { api } from '../../../api/client.ts';
import { featureKeys } from '../../../api/query-keys.ts';

export const userKeys = featureKeys('users');
export const usersQueryKey = userKeys.list();

/** `POST /api/users/list`: one page of users (only one's own organisation's, unless admin). */
export const fetchUsersPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<UserItem>>('/api/users/list', { pageNumber }, { signal });
