/**
 * `GET /api/goals/years`: the fiscal years with goals and the current one, read by Goals &
 * Settings and by the Goals Dashboard's year choice.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from './client.ts';
import { sharedKeys } from './query-keys.ts';

export const goalYearsQuery = () =>
  queryOptions({
    queryKey: sharedKeys.goals.years(),
    queryFn: ({ signal }) =>
      api
        .get<Envelope<{ years: number[]; current: number }>>('/api/goals/years', { signal })
        .then((r) => r.data),
  });
