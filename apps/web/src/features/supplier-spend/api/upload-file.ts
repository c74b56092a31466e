import { useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { useUpload } from '../../../components/use-upload.ts';
import { spendKeys } from './keys.ts';

/** `POST /api/file/upload` (multipart `file`) with progress; the lists reload after it ends. */
export function useUploadSpendFile() {
  const queryClient = useQueryClient();
  const { progress, uploading, send } = useUpload();
  const uploadFile = async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      return await send<Envelope<UploadedFile>>('/api/file/upload', form);
    } finally {
      await queryClient.resetQueries({ queryKey: spendKeys.all });
    }
  };
  return { progress, uploading, uploadFile };
}
