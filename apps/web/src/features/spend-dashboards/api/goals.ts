/**
 * The Goals Dashboard's figures (`POST /api/graph/goals` with `{selectedIds, fiscalYear}`) and
 * its workbook (`POST /api/excel/goals`); the fiscal years with goals: `api/goal-years.ts`.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { GoalsDashboard } from '@spotzcity/shared/goals';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import { api, download } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const goalsGraphQuery = (
  selectedIds: readonly number[],
  fiscalYear: number | null,
  countingRule?: CountingRule,
) =>
  queryOptions({
    queryKey: sharedKeys.goals.graph([...selectedIds], fiscalYear, countingRule ?? null),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<GoalsDashboard>>(
          '/api/graph/goals',
          {
            selectedIds,
            ...(fiscalYear ? { fiscalYear } : {}),
            ...(countingRule ? { countingRule } : {}),
          },
          { signal },
        )
        .then((r) => r.data),
  });

export const downloadGoalsExcel = (
  selectedIds: readonly number[],
  fiscalYear: number | null,
  analysis: string,
  countingRule?: CountingRule,
) =>
  download('/api/excel/goals', {
    excel: true,
    spendData: {
      selectedIds,
      ...(fiscalYear ? { fiscalYear } : {}),
      ...(countingRule ? { countingRule } : {}),
      ...(analysis.trim() ? { analysis } : {}),
    },
  });
