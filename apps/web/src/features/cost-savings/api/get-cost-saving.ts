import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';

/**
 * Not under the list's key: a save resets the list, and a reset would empty the open form's
 * case (unmounting the form) while its save is still answering.
 */
export const costSavingDetailKey = ['cost-savings', 'detail'] as const;

/** `GET /api/costSaving/detail/:id`: one case with its yearly savings, for the edit form. */
export const costSavingQuery = (id: number) =>
  queryOptions({
    queryKey: [...costSavingDetailKey, id],
    queryFn: ({ signal }) =>
      api.get<Envelope<CostSaving>>(`/api/costSaving/detail/${id}`, { signal }).then((r) => r.data),
  });
