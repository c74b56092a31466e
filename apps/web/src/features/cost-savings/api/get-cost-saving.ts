import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';
import { costSavingKeys } from './keys.ts';

/** `GET /api/costSaving/detail/:id`: one case with its yearly savings, for the edit form. */
export const costSavingQuery = (id: number) =>
  queryOptions({
    queryKey: costSavingKeys.detail(id),
    queryFn: ({ signal }) =>
      api.get<Envelope<CostSaving>>(`/api/costSaving/detail/${id}`, { signal }).then((r) => r.data),
  });
