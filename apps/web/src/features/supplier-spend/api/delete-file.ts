import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

/** `DELETE /api/file/delete` with `{fileId}`: the file and its rows; every figure reloads. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: number) =>
      api.delete<Envelope<UploadedFile>>('/api/file/delete', { fileId }),
    onSettled: () => queryClient.resetQueries({ queryKey: spendKeys.all }),
  });
}
