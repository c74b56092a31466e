import type { Paged } from '@spotzcity/shared/api';
import type { SupplierDetail, SupplierSearchFilter } from '@spotzcity/shared/search-supplier';
import { api } from '../../../api/client.ts';

export const supplierSearchKeys = {
  all: ['supplierSearch'] as const,
  list: (filter: SupplierSearchFilter) => ['supplierSearch', 'list', filter] as const,
};

/** `POST /api/searchSupplier/list` with the filter values and `pageNumber`. */
export const searchSuppliers = (
  filter: SupplierSearchFilter,
  pageNumber: number,
  signal: AbortSignal,
) =>
  api.post<Paged<SupplierDetail>>(
    '/api/searchSupplier/list',
    { ...filter, pageNumber },
    { signal },
  );

export const UPLOAD_SUPPLIERS_PATH = '/api/searchSupplier/upload';
export const SUPPLIERS_TEMPLATE_PATH = '/api/searchSupplier/template';
