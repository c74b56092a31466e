import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { SupplierSpend } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

export const TOP_SUPPLIERS = 10;

/** `POST /api/supplier/topSuppliers`: the largest suppliers of the selection. */
export const topSuppliersQuery = (fileIds: number[]) =>
  queryOptions({
    queryKey: spendKeys.top(fileIds),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<SupplierSpend[]>>(
          '/api/supplier/topSuppliers',
          { selectedIds: fileIds, limit: TOP_SUPPLIERS },
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
