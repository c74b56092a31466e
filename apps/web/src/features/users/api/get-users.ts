import type { Paged } from '@spotzcity/shared/api';
import type { UserItem } from '@spotzcity/shared/users';
import { api } from '../../../api/client.ts';

export const usersQueryKey = ['users', 'list'] as const;

/** `POST /api/users/list`: one page of users (only one's own organisation's, unless admin). */
export const fetchUsersPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<UserItem>>('/api/users/list', { pageNumber }, { signal });
