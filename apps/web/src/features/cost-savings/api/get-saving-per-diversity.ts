import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { DiversitySaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';
import { costSavingKeys } from './keys.ts';

/** 'Savings by Diversity': Direct and Indirect share of the savings per diversity type. */
export const savingPerDiversityQuery = (years: number[]) =>
  queryOptions({
    queryKey: costSavingKeys.report('savingPerDiversity', years),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<DiversitySaving[]>>(
          '/api/costSaving/graph/savingPerDiversity',
          { years },
          { signal },
        )
      ).data,
  });
