import type { Envelope } from '@spotzcity/shared/api';
import type { ImportJob } from '@spotzcity/shared/spend-imports';
import { upload } from '../../../api/client.ts';

/**
 * `POST /api/file/upload` (multipart `file`) with the bytes' progress: answers the import job
 * the server started (202); the import itself is followed with followImport.
 */
export function uploadSpendFile(
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file, file.name);
  return upload<Envelope<ImportJob>>('/api/file/upload', form, { onProgress, signal });
}
