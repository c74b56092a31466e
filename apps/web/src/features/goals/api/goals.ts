/** `GET|PUT /api/goals` and `GET /api/goals/history` (the years: `api/goal-years.ts`). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { GoalHistoryItem, GoalsSave, YearGoals } from '@spotzcity/shared/goals';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const yearGoalsQuery = (fiscalYear: number) =>
  queryOptions({
    queryKey: sharedKeys.goals.year(fiscalYear),
    queryFn: ({ signal }) =>
      api
        .get<Envelope<YearGoals>>('/api/goals', { signal, query: { fiscalYear } })
        .then((r) => r.data),
  });

export const goalHistoryQuery = () =>
  queryOptions({
    queryKey: sharedKeys.goals.history(),
    queryFn: ({ signal }) =>
      api.get<Envelope<GoalHistoryItem[]>>('/api/goals/history', { signal }).then((r) => r.data),
  });

export function useSaveGoals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalsSave) => api.put<Envelope<YearGoals>>('/api/goals', body),
    onSuccess: () => {
      // The goals, the Goals Dashboard's figures and the home page's headline.
      void client.invalidateQueries({ queryKey: sharedKeys.goals.all });
    },
  });
}
