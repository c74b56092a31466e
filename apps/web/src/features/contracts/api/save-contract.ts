import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { contractKeys } from './keys.ts';

export type ContractBody = Record<string, unknown> & { id?: number };

/** `POST /api/contract/create` adds; `PUT` with the id updates. */
export const saveContract = (body: ContractBody) =>
  body.id === undefined
    ? api.post<Envelope<ContractRecord>>('/api/contract/create', body)
    : api.put<Envelope<ContractRecord>>('/api/contract/create', body);

export function useSaveContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContract,
    onSuccess: () => refreshAfterChange(queryClient, contractKeys),
  });
}
