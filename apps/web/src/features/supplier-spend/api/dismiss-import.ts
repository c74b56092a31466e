import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ImportJob } from '@spotzcity/shared/spend-imports';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

/** `DELETE /api/file/imports/:id`: takes a finished import off the list. */
export function useDismissImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<Envelope<ImportJob>>(`/api/file/imports/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: spendKeys.imports() }),
  });
}
