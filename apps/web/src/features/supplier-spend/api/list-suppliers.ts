import type { Paged } from '@spotzcity/shared/api';
import type { SortOrder } from '@spotzcity/shared/enums';
import type { SupplierListItem } from '@spotzcity/shared/spend';
import { api } from '../../../api/client.ts';

/** `POST /api/supplier/list`: every supplier of the selection, by total spend. */
export const fetchSuppliersPage = (
  fileIds: number[],
  sortOrder: SortOrder,
  pageNumber: number,
  signal: AbortSignal,
) =>
  api.post<Paged<SupplierListItem>>(
    '/api/supplier/list',
    { selectedIds: fileIds, sortOn: 'spend', sortOrder, pageNumber },
    { signal },
  );
