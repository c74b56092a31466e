import type { QueryClient } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';

/** Every contract query starts with this key, so a save or a delete can refresh them all. */
export const CONTRACTS_KEY = ['contracts'] as const;
export const contractListKey = [...CONTRACTS_KEY, 'list'] as const;

/** `POST /api/contract/list`: one page, newest start date first. */
export const fetchContractPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<ContractRecord>>('/api/contract/list', { pageNumber }, { signal });

/**
 * After an add, update or delete: the list restarts at page 0 (spec 02 point 4) and every other
 * query of the module (dashboards, the record being edited) is marked stale without being
 * refetched now, so the form that made the change stays mounted until it navigates away.
 */
export async function refreshAfterChange(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: CONTRACTS_KEY, refetchType: 'none' });
  await queryClient.resetQueries({ queryKey: contractListKey });
}
