import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';
import { refreshAfterChange } from '../../../api/query-keys.ts';
import { rfxKeys } from './keys.ts';

/** The body of `/api/rfx/create`, dates already in their wire form. */
export type RfxBody = Record<string, unknown> & { id?: number };

/** `POST /api/rfx/create` adds; `PUT` with the id updates. */
export const saveRfx = (body: RfxBody) =>
  body.id === undefined
    ? api.post<Envelope<RfxRecord>>('/api/rfx/create', body)
    : api.put<Envelope<RfxRecord>>('/api/rfx/create', body);

export function useSaveRfx() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRfx,
    onSuccess: () => refreshAfterChange(queryClient, rfxKeys),
  });
}
