import type { Paged } from '@spotzcity/shared/api';
import type { SortOrder } from '@spotzcity/shared/enums';
import type { SpendRowItem } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';

/**
 * `POST /api/supplier/spendRows`: the table view's rows of the selected files, in file order,
 * or by spend when `sortOrder` is given.
 */
export const fetchSpendRowsPage = (
  fileIds: number[],
  sortOrder: SortOrder | undefined,
  pageNumber: number,
  signal: AbortSignal,
) =>
  api.post<Paged<SpendRowItem>>(
    '/api/supplier/spendRows',
    { selectedIds: fileIds, pageNumber, ...(sortOrder ? { sortOn: 'spend', sortOrder } : {}) },
    { signal },
  );
