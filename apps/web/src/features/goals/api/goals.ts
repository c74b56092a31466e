/** `GET|PUT /api/goals` and `GET /api/goals/history` (the years: `api/goal-years.ts`). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { GoalHistoryItem, GoalsSave, YearGoals } from '@spotzcity/shared/goals';
import { api } from '../../../api/client.ts';

export const yearGoalsQuery = (fiscalYear: number) =>
  queryOptions({
    queryKey: ['goals', 'year', fiscalYear] as const,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<YearGoals>>('/api/goals', { signal, query: { fiscalYear } })
        .then((r) => r.data),
  });

export const goalHistoryQuery = () =>
  queryOptions({
    queryKey: ['goals', 'history'] as const,
    queryFn: ({ signal }) =>
      api.get<Envelope<GoalHistoryItem[]>>('/api/goals/history', { signal }).then((r) => r.data),
  });

export function useSaveGoals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalsSave) => api.put<Envelope<YearGoals>>('/api/goals', body),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['goals'] });
      void client.invalidateQueries({ queryKey: ['goals-graph'] });
      void client.invalidateQueries({ queryKey: ['goal-headline'] });
    },
  });
}
