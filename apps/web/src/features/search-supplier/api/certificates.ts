/** A directory supplier's certificates: list, add/change, delete, a new agency. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, Paged } from '@spotzcity/shared/api';
import type { Certificate, CertificateInput } from '@spotzcity/shared/verified-diversity';
import { agenciesKey } from '../../../api/certificate-agencies.ts';
import { api, download, upload } from '../../../api/client.ts';

export const certificateKeys = {
  all: ['certificates'] as const,
  supplier: (supplierId: number) => ['certificates', 'supplier', supplierId] as const,
};

/** `POST /api/certificates/list` for one supplier (a supplier holds a handful). */
export const supplierCertificatesQuery = (supplierId: number) =>
  queryOptions({
    queryKey: certificateKeys.supplier(supplierId),
    queryFn: ({ signal }) =>
      api
        .post<Paged<Certificate>>(
          '/api/certificates/list',
          { supplierId, pageNumber: 0, pageSize: 100 },
          { signal },
        )
        .then((r) => r.data),
  });

export function useSaveCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificateInput) =>
      input.id
        ? api.put<Envelope<Certificate>>('/api/certificates/create', input)
        : api.post<Envelope<Certificate>>('/api/certificates/create', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** `POST /api/certificates/document?id=`: attaches (or replaces) the certificate's document. */
export function useUploadCertificateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return upload<Envelope<Certificate>>(`/api/certificates/document?id=${id}`, form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** `GET /api/certificates/document?id=`: saves the certificate's document. */
export const downloadCertificateDocument = (id: number) =>
  download(`/api/certificates/document?id=${id}`, undefined, { method: 'GET' });

export function useDeleteCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.delete<{ message: string }>('/api/certificates/delete', undefined, { query: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export function useAddAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<Envelope<{ id: number; name: string }>>('/api/certificates/agencies', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agenciesKey }),
  });
}
