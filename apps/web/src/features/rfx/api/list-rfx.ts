import type { Paged } from '@spotzcity/shared/api';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';

/** Every RFx query starts with this key, so a save or a delete can refresh them all. */
export const RFX_KEY = ['rfx'] as const;
export const rfxListKey = [...RFX_KEY, 'list'] as const;

/** `POST /api/rfx/list`: one page, newest start date first. */
export const fetchRfxPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<RfxRecord>>('/api/rfx/list', { pageNumber }, { signal });
