/**
 * `/api/programs/*`: the organisation's program categories, its sites and the
 * suppliers it marks by hand. Every change refreshes the categories and the dashboards' figures.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type {
  ProgramCategory,
  ProgramCategoryInput,
  ProgramCategoryUpdate,
  Site,
  SupplierOption,
} from '@spotzcity/shared/programs';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const programKeys = sharedKeys.programs;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: [...programKeys.all, 'categories'] as const,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<ProgramCategory[]>>('/api/programs/categories', { signal })
        .then((r) => r.data),
  });

export const sitesQuery = () =>
  queryOptions({
    queryKey: [...programKeys.all, 'sites'] as const,
    queryFn: ({ signal }) =>
      api.get<Envelope<Site[]>>('/api/programs/sites', { signal }).then((r) => r.data),
  });

export const markedQuery = (id: number) =>
  queryOptions({
    queryKey: [...programKeys.all, 'marked', id] as const,
    queryFn: ({ signal }) =>
      api
        .get<
          Envelope<
            { id: number; name: string; duns: string; city: string | null; state: string | null }[]
          >
        >(`/api/programs/categories/${id}/suppliers`, { signal })
        .then((r) => r.data),
  });

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: programKeys.all });
    // The Spend Dashboard's program card and the goals read the categories.
    void client.invalidateQueries({ queryKey: sharedKeys.spendGraphs.graph('programSpend') });
    void client.invalidateQueries({ queryKey: sharedKeys.goals.all });
  };
}

export function useCreateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ProgramCategoryInput) =>
      api.post<Envelope<ProgramCategory>>('/api/programs/categories', body),
    onSuccess: refresh,
  });
}

export function useUpdateCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: ProgramCategoryUpdate & { id: number }) =>
      api.put<Envelope<ProgramCategory>>(`/api/programs/categories/${id}`, body),
    onSuccess: refresh,
  });
}

export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/programs/categories/${id}`),
    onSuccess: refresh,
  });
}

export function useAddSite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { name: string; zip: string }) =>
      api.post<Envelope<Site>>('/api/programs/sites', body),
    onSuccess: refresh,
  });
}

export function useDeleteSite() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/api/programs/sites/${id}`),
    onSuccess: refresh,
  });
}

/** The hand-marking picker's search (2 characters at least; off below that). */
export const supplierOptionsQuery = (id: number, q: string) =>
  queryOptions({
    queryKey: [...programKeys.all, 'supplier-options', id, q] as const,
    enabled: q.trim().length >= 2,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<SupplierOption[]>>(
          `/api/programs/categories/${id}/supplier-options?q=${encodeURIComponent(q.trim())}`,
          { signal },
        )
        .then((r) => r.data),
  });

export function useMarkSupplier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, supplierId, mark }: { id: number; supplierId: number; mark: boolean }) =>
      mark
        ? api.put<{ message: string }>(`/api/programs/categories/${id}/suppliers/${supplierId}`)
        : api.delete<{ message: string }>(`/api/programs/categories/${id}/suppliers/${supplierId}`),
    onSuccess: refresh,
  });
}
