import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { YearSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';
import { costSavingKeys } from './keys.ts';

/** 'Total Cost Savings': savings per calendar year of the chosen years (none = all). */
export const totalCostSavingQuery = (years: number[]) =>
  queryOptions({
    queryKey: costSavingKeys.report('totalCostSaving', years),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<YearSaving[]>>(
          '/api/costSaving/graph/totalCostSaving',
          { years },
          { signal },
        )
      ).data,
  });
