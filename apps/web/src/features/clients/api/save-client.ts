import { useMutation } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ClientItem } from '@spotzcity/shared/clients';
import type { ClientStatus, ClientType } from '@spotzcity/shared/enums';
import { api } from '../../../api/client.ts';
import { useReloadList } from '../../../components/infinite-table.tsx';
import { clientsQueryKey } from './get-clients.ts';

export interface ClientValues {
  clientId: string;
  name: string;
  email: string;
  companyName: string;
  type: ClientType;
  status: ClientStatus;
  /** YYYY-MM-DD */
  contractStartAt: string;
  /** YYYY-MM-DD; empty = one year after the start. */
  contractEndAt?: string;
}

/**
 * `POST /api/super_admin/client` adds, `PUT` (with `id`) updates. The timezone offset travels
 * with the dates.
 */
export const saveClient = ({ id, ...values }: ClientValues & { id?: number }) => {
  const body = { ...values, offset: new Date().getTimezoneOffset() };
  return id
    ? api.put<Envelope<ClientItem>>('/api/super_admin/client', { ...body, id })
    : api.post<Envelope<ClientItem>>('/api/super_admin/client', body);
};

export function useSaveClient() {
  const reload = useReloadList();
  return useMutation({ mutationFn: saveClient, onSuccess: () => reload(clientsQueryKey) });
}
