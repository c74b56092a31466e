import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { costSavingKeys } from './keys.ts';

/** The form's body: the spec's fields, plus `id` when updating. */
export type CostSavingBody = Record<string, unknown> & { id?: number };

/** `POST /api/costSaving/create` adds; `PUT` with the id updates. */
export const saveCostSaving = (body: CostSavingBody) =>
  body.id === undefined
    ? api.post<Envelope<CostSaving>>('/api/costSaving/create', body)
    : api.put<Envelope<CostSaving>>('/api/costSaving/create', body);

export function useSaveCostSaving() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCostSaving,
    onSuccess: () => refreshAfterChange(queryClient, costSavingKeys),
  });
}
