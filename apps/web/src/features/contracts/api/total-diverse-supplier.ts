import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { TotalDiverse } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { contractKeys } from './keys.ts';

/** `POST /api/contract/totalDiverseSupplier`: diverse contracts in force in the year. */
export const totalDiverseQuery = (year: number) =>
  queryOptions({
    queryKey: contractKeys.report('total', year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<TotalDiverse>>('/api/contract/totalDiverseSupplier', { year }, { signal })
        .then((r) => r.data),
  });
