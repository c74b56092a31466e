/** The Supplier matching screen: vendors to decide, the decision, the decided matches and Undo. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Paged } from '@spotzcity/shared/api';
import type {
  DecidedMatch,
  DirectoryOption,
  VendorMatch,
} from '@spotzcity/shared/verified-diversity';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const fetchVendorsToMatch = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<VendorMatch>>('/api/supplierMatching/list', { pageNumber }, { signal });

/** The decided list's filter: who made the match, and text in the vendor's or supplier's name. */
export interface DecidedFilter {
  how?: 'PERSON' | 'AUTOMATIC';
  q?: string;
}

/** Under the matching list's key: whatever reloads one reloads the other. */
export const decidedKey = (filter: DecidedFilter) =>
  [...sharedKeys.supplierMatching, 'decided', filter] as const;

export const fetchDecided = (filter: DecidedFilter) => (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<DecidedMatch>>(
    '/api/supplierMatching/decided',
    { ...filter, pageNumber },
    { signal },
  );

/** Directory suppliers whose name or DUNS holds `q` (none under two characters). */
export const directorySearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...sharedKeys.supplierMatching, 'directory', q] as const,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<DirectoryOption[]>>(
          `/api/supplierMatching/suppliers?q=${encodeURIComponent(q)}`,
          { signal },
        )
        .then((r) => r.data),
    enabled: q.trim().length >= 2,
  });

export function useAssignVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { supplierKey: string; supplierId: number | null }) =>
      api.post<{ message: string }>('/api/supplierMatching/assign', body),
    // Every figure that reads the match changes: the lists, the match rate, the verified figures.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** Undoes a person's decision: the vendor is matched automatically again. */
export function useUndoDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplierKey: string) =>
      api.post<{ message: string }>('/api/supplierMatching/undo', { supplierKey }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
