import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { TrainingType } from '@spotzcity/shared/training';
import { api } from '../../../api/client.ts';
import { trainingKeys } from './list-training.ts';

/** `GET /api/training/categories/{type}`: the categories the upload dialog offers. */
export const categoriesQuery = (type: TrainingType) =>
  queryOptions({
    queryKey: trainingKeys.categories(type),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<string[]>>(`/api/training/categories/${type}`, { signal })).data,
  });
