import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { useReloadList } from '../../../components/infinite-table.tsx';
import { usersQueryKey } from './get-users.ts';

/** `DELETE /api/users/delete` with `{ id }`: a soft delete. */
export const deleteUser = (id: number) =>
  api.delete<{ message: string }>('/api/users/delete', { id });

export function useDeleteUser() {
  const reload = useReloadList();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => reload(usersQueryKey, { keepLoadedPages: true }),
  });
}
