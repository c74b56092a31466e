import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { PercentageContract } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { contractKeys } from './keys.ts';

/** `POST /api/contract/percentageContract`: diverse vs non-diverse share of contracts. */
export const percentageQuery = (year: number) =>
  queryOptions({
    queryKey: contractKeys.report('percentage', year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<PercentageContract>>(
          '/api/contract/percentageContract',
          { year },
          { signal },
        )
        .then((r) => r.data),
  });
