import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { contractKeys } from './keys.ts';

/** `DELETE /api/contract/delete` with `{ id }`. */
export const deleteContract = (id: number) =>
  api.delete<{ message: string }>('/api/contract/delete', { id });

export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContract,
    onSuccess: () => refreshAfterChange(queryClient, contractKeys),
  });
}
