import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { MatchRate } from '@spotzcity/shared/verified-diversity';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

/** `POST /api/supplierMatching/rate`: how much of the selection is matched to the directory. */
export const matchRateQuery = (fileIds: number[]) =>
  queryOptions({
    queryKey: [...sharedKeys.supplierMatching, 'rate', [...fileIds]] as const,
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<MatchRate>>(
          '/api/supplierMatching/rate',
          { selectedIds: fileIds },
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
