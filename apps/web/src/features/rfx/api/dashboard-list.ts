import type { Paged } from '@spotzcity/shared/api';
import type { RfxPeriod, RfxRecord } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';
import { rfxKeys } from './keys.ts';

export const dashboardListKey = (period: RfxPeriod) =>
  rfxKeys.report('list', period.quaters.join('-'), period.year);

/** `POST /api/rfx/dashboard/list`: the period's RFx, paged, by start date. */
export const fetchDashboardPage =
  (period: RfxPeriod) => (pageNumber: number, signal: AbortSignal) =>
    api.post<Paged<RfxRecord>>('/api/rfx/dashboard/list', { ...period, pageNumber }, { signal });
