import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { RfxPeriod } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';
import { rfxKeys } from './keys.ts';

/** `POST /api/rfx/dashboard/graph`: contract value of won deals per diversity type. */
export const dashboardGraphQuery = (period: RfxPeriod) =>
  queryOptions({
    queryKey: rfxKeys.report('graph', period.quaters.join('-'), period.year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Record<string, number>>>('/api/rfx/dashboard/graph', period, { signal })
        .then((r) => r.data),
  });
