import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { useReloadList } from '../../../components/infinite-table.tsx';
import { clientsQueryKey } from './get-clients.ts';

/** `DELETE /api/super_admin/delete` with `{ id }`: a soft delete of the client. */
export const deleteClient = (id: number) =>
  api.delete<{ message: string }>('/api/super_admin/delete', { id });

export function useDeleteClient() {
  const reload = useReloadList();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => reload(clientsQueryKey, { keepLoadedPages: true }),
  });
}
