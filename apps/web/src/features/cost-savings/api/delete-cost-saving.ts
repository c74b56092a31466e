import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { costSavingKeys } from './keys.ts';

export const deleteCostSaving = (id: number) =>
  api.delete<Envelope<{ id: number }>>('/api/costSaving/delete', { id });

export function useDeleteCostSaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCostSaving,
    onSuccess: () => refreshAfterChange(queryClient, costSavingKeys),
  });
}
