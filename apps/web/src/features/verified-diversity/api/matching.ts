/** The Supplier matching screen: vendors to decide, and the decision. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { VendorMatch } from '@spotzcity/shared/verified-diversity';
import { api } from '../../../api/client.ts';

export const fetchVendorsToMatch = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<VendorMatch>>('/api/supplierMatching/list', { pageNumber }, { signal });

export function useAssignVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { supplierKey: string; supplierId: number | null }) =>
      api.post<{ message: string }>('/api/supplierMatching/assign', body),
    // Every figure that reads the match changes: the list, the match rate, the verified figures.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
