import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { SupplierDetail, SupplierSearchFilter } from '@spotzcity/shared/search-supplier';
import { api } from '../../../api/client.ts';
import type { SupplierLinkTarget } from '../../../components/supplier-link.tsx';

export const supplierSearchKeys = {
  all: ['supplierSearch'] as const,
  list: (filter: SupplierSearchFilter) => ['supplierSearch', 'list', filter] as const,
  linked: (link: SupplierLinkTarget | null) => ['supplierSearch', 'linked', link] as const,
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

/** Where a supplier link lands: the filter it stands for and, when found by DUNS, the supplier. */
export interface LinkedSupplier {
  filter: SupplierSearchFilter;
  supplier: SupplierDetail | null;
}

/**
 * A supplier link's lookup: the directory's supplier with exactly that DUNS (the search matches
 * DUNS from the start, so the exact one is picked from the first page); when there is none, the
 * search by Business Name/DBA Name (or, without a name, by the DUNS).
 */
export const linkedSupplierQuery = (link: SupplierLinkTarget | null) =>
  queryOptions({
    queryKey: supplierSearchKeys.linked(link),
    queryFn: async ({ signal }): Promise<LinkedSupplier> => {
      const duns = link?.duns ?? null;
      if (duns) {
        const page = await searchSuppliers({ duns }, 0, signal);
        const supplier = page.data.find((s) => s.duns === duns) ?? null;
        if (supplier || !link?.name) return { filter: { duns }, supplier };
      }
      return { filter: { dbaName: (link?.name ?? '').slice(0, 200) }, supplier: null };
    },
    staleTime: 0,
  });
