import type { Paged } from '@spotzcity/shared/api';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';

/** `POST /api/file/list`: the organisation's spend files, newest first. */
export const fetchFilesPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<UploadedFile>>('/api/file/list', { pageNumber }, { signal });
