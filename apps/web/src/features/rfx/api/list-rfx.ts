import type { Paged } from '@spotzcity/shared/api';
import type { RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';

/** `POST /api/rfx/list`: one page, newest start date first. */
export const fetchRfxPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<RfxRecord>>('/api/rfx/list', { pageNumber }, { signal });
