import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { TrainingGroup, TrainingType } from '@spotzcity/shared/training';
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
