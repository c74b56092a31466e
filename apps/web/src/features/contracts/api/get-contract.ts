import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { contractKeys } from './keys.ts';

/** `GET /api/contract/detail/:id`: one contract, for the edit form. */
export const contractQuery = (id: number) =>
  queryOptions({
    queryKey: contractKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<Envelope<ContractRecord>>(`/api/contract/detail/${id}`, { signal })
        .then((r) => r.data),
  });
