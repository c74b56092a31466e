import type { QueryClient } from '@tanstack/react-query';
import type { Paged } from '@spotzcity/shared/api';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';

/** Every RFx query starts with this key, so a save or a delete can refresh them all. */
export const RFX_KEY = ['rfx'] as const;
export const rfxListKey = [...RFX_KEY, 'list'] as const;

/** `POST /api/rfx/list`: one page, newest start date first. */
export const fetchRfxPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<RfxRecord>>('/api/rfx/list', { pageNumber }, { signal });

/**
 * After an add, update or delete: the list restarts at page 0 (spec 02 point 4) and every other
 * query of the module (dashboards, the record being edited) is marked stale without being
 * refetched now, so the form that made the change stays mounted until it navigates away.
 */
export async function refreshAfterChange(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: RFX_KEY, refetchType: 'none' });
  await queryClient.resetQueries({ queryKey: rfxListKey });
}
