/**
 * `GET /api/certificates/agencies`: the certifying agencies, built in and the organisation's own,
 * offered by a supplier's certificate form (Search Supplier) and by the Certificates view's filter
 * and policy (Verified Diversity).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import { api } from './client.ts';

export const agenciesKey = ['certificate-agencies'] as const;

export const agenciesQuery = () =>
  queryOptions({
    queryKey: agenciesKey,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<{ id: number; name: string; builtIn: boolean }[]>>(
          '/api/certificates/agencies',
          { signal },
        )
        .then((r) => r.data),
  });
