import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { rfxKeys } from './keys.ts';

/** `DELETE /api/rfx/delete` with `{ id }`. */
export const deleteRfx = (id: number) => api.delete<{ message: string }>('/api/rfx/delete', { id });

export function useDeleteRfx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRfx,
    onSuccess: () => refreshAfterChange(queryClient, rfxKeys),
  });
}
