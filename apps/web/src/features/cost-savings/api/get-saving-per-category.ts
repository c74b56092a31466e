import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { CategorySaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';
import { costSavingKeys } from './keys.ts';

/** 'Savings Per Category': total and per-year series per business category. */
export const savingPerCategoryQuery = (years: number[]) =>
  queryOptions({
    queryKey: costSavingKeys.report('savingPerCategory', years),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<CategorySaving[]>>(
          '/api/costSaving/graph/savingPerCategory',
          { years },
          { signal },
        )
      ).data,
  });
