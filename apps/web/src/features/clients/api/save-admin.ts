import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { AdminCreateInput, ClientItem } from '@spotzcity/shared/clients';
import { api } from '../../../api/client.ts';
import { useReloadList } from '../../../components/infinite-table.tsx';
import { clientsQueryKey } from './get-clients.ts';

/** `POST /api/super_admin/admin` adds a SpotzCity admin, `PUT` (with `id`) updates one. */
export const saveAdmin = ({ id, ...values }: AdminCreateInput & { id?: number }) =>
  id
    ? api.put<Envelope<ClientItem>>('/api/super_admin/admin', { ...values, id })
    : api.post<Envelope<ClientItem>>('/api/super_admin/admin', values);

export function useSaveAdmin() {
  const reload = useReloadList();
  return useMutation({ mutationFn: saveAdmin, onSuccess: () => reload(clientsQueryKey) });
}
