/**
 * Tier 2 endpoints: the buyer's primes, reports and figures; the prime's requests,
 * buyers and reports. Every change refreshes the whole feature's keys.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type {
  Quarter,
  Tier2BreakdownInput,
  Tier2Buyer,
  Tier2Figures,
  Tier2InviteInput,
  Tier2Prime,
  Tier2Report,
  Tier2ReportInput,
  Tier2Request,
} from '@spotzcity/shared/tier2';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

export const tier2Keys = sharedKeys.tier2;

export const primesQuery = () =>
  queryOptions({
    queryKey: [...tier2Keys.list(), 'primes'] as const,
    queryFn: ({ signal }) =>
      api.get<Envelope<Tier2Prime[]>>('/api/tier2/primes', { signal }).then((r) => r.data),
  });

export const buyersQuery = () =>
  queryOptions({
    queryKey: [...tier2Keys.list(), 'buyers'] as const,
    queryFn: ({ signal }) =>
      api.get<Envelope<Tier2Buyer[]>>('/api/tier2/buyers', { signal }).then((r) => r.data),
  });

/** The buyers' requests the prime's organisation has not answered yet. */
export const requestsQuery = () =>
  queryOptions({
    queryKey: [...tier2Keys.list(), 'requests'] as const,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<Tier2Request[]>>('/api/tier2/buyers/requests', { signal })
        .then((r) => r.data),
  });

/** The prime's organisation accepts or declines one buyer's request. */
export function useAnswerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ primeId, answer }: { primeId: number; answer: 'accept' | 'decline' }) =>
      api.put<Envelope<Tier2Request>>(`/api/tier2/buyers/${answer}`, undefined, {
        query: { primeId },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tier2Keys.all }),
  });
}

export const figuresQuery = (year: number | null) =>
  queryOptions({
    queryKey: tier2Keys.report('figures', [], year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Tier2Figures>>('/api/tier2/figures', year ? { year } : {}, { signal })
        .then((r) => r.data),
  });

/** A report as the buyer (`side: 'buyer'`) or the prime (`'prime'`) reads it. */
export const reportQuery = (side: 'buyer' | 'prime', primeId: number, q: Quarter) =>
  queryOptions({
    queryKey: tier2Keys.report(side, primeId, q.year, q.quarter),
    queryFn: ({ signal }) =>
      api
        .get<Envelope<Tier2Report>>(
          side === 'buyer' ? '/api/tier2/primes/report' : '/api/tier2/buyers/report',
          { signal, query: { primeId, year: q.year, quarter: q.quarter } },
        )
        .then((r) => r.data),
  });

export function useInvitePrime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Tier2InviteInput) =>
      api.post<Envelope<Tier2Prime>>('/api/tier2/primes/invite', body),
    onSuccess: () => void client.invalidateQueries({ queryKey: tier2Keys.all }),
  });
}

/** The buyer changes what it asks of one prime: the breakdown and its list of names. */
export function useChangeBreakdown(primeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Tier2BreakdownInput) =>
      api.put<Envelope<Tier2Prime>>('/api/tier2/primes/breakdown', body, { query: { primeId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tier2Keys.all }),
  });
}

export function useSaveReport(primeId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Tier2ReportInput) =>
      api.put<Envelope<Tier2Report>>('/api/tier2/buyers/report', body, { query: { primeId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: tier2Keys.all }),
  });
}

export const templatePath = (primeId: number) => `/api/tier2/buyers/template?primeId=${primeId}`;
export const uploadPath = (primeId: number, q: Quarter) =>
  `/api/tier2/buyers/upload?primeId=${primeId}&year=${q.year}&quarter=${q.quarter}`;
