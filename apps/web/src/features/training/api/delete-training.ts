import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { DeleteRequest } from '@spotzcity/shared/training';
import { api } from '../../../api/client.ts';
import { trainingKeys } from './list-training.ts';

/** `PUT /api/training/delete` with `{id, type}`; reloads the lists and categories. */
export function useDeleteTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteRequest) =>
      api.put<Envelope<DeleteRequest>>('/api/training/delete', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trainingKeys.all }),
  });
}
