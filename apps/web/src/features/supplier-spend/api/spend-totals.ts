import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { SpendTotals } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

/** `POST /api/supplier/spends`: totals of the selected files (all files when none). */
export const spendTotalsQuery = (fileIds: number[]) =>
  queryOptions({
    queryKey: spendKeys.totals(fileIds),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<SpendTotals>>(
          '/api/supplier/spends',
          { selectedIds: fileIds },
          { signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });
