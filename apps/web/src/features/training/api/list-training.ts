import { useCallback } from 'react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { TrainingGroup, TrainingItem, TrainingType } from '@spotzcity/shared/training';
import { api } from '../../../api/client.ts';

export const trainingKeys = {
  all: ['training'] as const,
  list: (type: TrainingType) => ['training', 'list', type] as const,
  categories: (type: TrainingType) => ['training', 'categories', type] as const,
};

/** `POST /api/training/list/{type}` with `{type}`: the items grouped `{category, data[]}`. */
export const trainingListQuery = (type: TrainingType) =>
  queryOptions({
    queryKey: trainingKeys.list(type),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<TrainingGroup[]>>(
          `/api/training/list/${type}`,
          { type },
          { signal },
        )
      ).data,
  });

/**
 * Asks for the list again and answers the item's signed URL in it (undefined: the item is gone):
 * a file's URL lasts a few hours of its session, so a page left open renews it this way. The
 * list's cache takes the new URLs too, so the download links are renewed with it.
 */
export function useRenewedMediaUrl() {
  const client = useQueryClient();
  return useCallback(
    async (item: Pick<TrainingItem, 'id' | 'type'>) => {
      const groups = await client.fetchQuery({ ...trainingListQuery(item.type), staleTime: 0 });
      return groups.flatMap((g) => g.data).find((i) => i.id === item.id)?.url;
    },
    [client],
  );
}
