import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from '../../../api/client.ts';
import { costSavingsListKey } from './list-cost-savings.ts';
import { costReportKey } from './report-key.ts';

export const deleteCostSaving = (id: number) =>
  api.delete<Envelope<{ id: number }>>('/api/costSaving/delete', { id });

export function useDeleteCostSaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCostSaving,
    onSuccess: () =>
      Promise.all([
        queryClient.resetQueries({ queryKey: costSavingsListKey }),
        queryClient.invalidateQueries({ queryKey: costReportKey }),
      ]),
  });
}
