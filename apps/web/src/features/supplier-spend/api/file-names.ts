import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { UploadedFile } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

/** The latest 100 files by id, to name the selected ones in a sub-view's header. */
export const fileNamesQuery = () =>
  queryOptions({
    queryKey: [...spendKeys.files(), 'names'] as const,
    queryFn: async ({ signal }) => {
      const page = await api.post<Paged<UploadedFile>>(
        '/api/file/list',
        { pageNumber: 0, pageSize: 100 },
        { signal },
      );
      return new Map(page.data.map((file) => [file.fileId, file]));
    },
  });
