import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { PercentageContract } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { CONTRACTS_KEY } from './list-contracts.ts';

/** `POST /api/contract/percentageContract`: diverse vs non-diverse share of contracts. */
export const percentageQuery = (year: number) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'dashboard', 'percentage', year],
    queryFn: ({ signal }) =>
      api
        .post<Envelope<PercentageContract>>(
          '/api/contract/percentageContract',
          { year },
          { signal },
        )
        .then((r) => r.data),
  });
