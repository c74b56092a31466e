/** `GET /api/goals/headline`: the current fiscal year's overall goal and where it stands. */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { GoalHeadline } from '@spotzcity/shared/goals';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const goalHeadlineQuery = () =>
  queryOptions({
    queryKey: sharedKeys.goals.headline(),
    queryFn: ({ signal }) =>
      api.get<Envelope<GoalHeadline>>('/api/goals/headline', { signal }).then((r) => r.data),
  });
