import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { Role } from '@spotzcity/shared/permissions';
import type { UserItem } from '@spotzcity/shared/users';
import { api } from '../../../api/client.ts';
import { profileQueryKey } from '../../../api/get-profile.ts';
import { useReloadList } from '../../../components/infinite-table.tsx';
import { usersQueryKey } from './get-users.ts';

export interface UserValues {
  /** Used only for Super Users and Super Admins; the server forces everyone else's. */
  clientId?: string;
  name: string;
  email: string;
  role?: Role;
}

/** `POST /api/users/add` adds (and invites), `PUT /api/users/add` with `id` updates. */
export const saveUser = ({ id, ...values }: UserValues & { id?: number }) =>
  id
    ? api.put<Envelope<UserItem>>('/api/users/add', { ...values, id })
    : api.post<Envelope<UserItem>>('/api/users/add', values);

export function useSaveUser() {
  const reload = useReloadList();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async () => {
      await reload(usersQueryKey);
      // The signed-in user may have renamed themselves.
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
