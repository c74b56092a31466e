/** The Certificates view's list and the organisation's policy. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Paged } from '@spotzcity/shared/api';
import type {
  Certificate,
  CertificateListRequest,
  QualificationPolicy,
} from '@spotzcity/shared/verified-diversity';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export type CertificateFilter = Pick<
  CertificateListRequest,
  'status' | 'agency' | 'diversityType' | 'source' | 'sortOrder'
>;

export const verifiedKeys = {
  certificates: (filter: CertificateFilter) => ['certificates', 'view', filter] as const,
  policy: sharedKeys.certificatePolicy,
  matching: sharedKeys.supplierMatching,
};

export const fetchCertificates = (
  filter: CertificateFilter,
  pageNumber: number,
  signal: AbortSignal,
) => api.post<Paged<Certificate>>('/api/certificates/list', { ...filter, pageNumber }, { signal });

export const policyQuery = () =>
  queryOptions({
    queryKey: verifiedKeys.policy,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<QualificationPolicy>>('/api/certificates/policy', { signal })
        .then((r) => r.data),
  });

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: QualificationPolicy) =>
      api.put<Envelope<QualificationPolicy>>('/api/certificates/policy', policy),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
