import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ContractMonth } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { contractKeys } from './keys.ts';

/** `POST /api/contract/contractPerDiversityMom`: completed contracts and diverse value per month. */
export const perMonthQuery = (year: number) =>
  queryOptions({
    queryKey: contractKeys.report('months', year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<ContractMonth[]>>(
          '/api/contract/contractPerDiversityMom',
          { year },
          { signal },
        )
        .then((r) => r.data),
  });
