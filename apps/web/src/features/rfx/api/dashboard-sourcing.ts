import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { RfxPeriod, Sourcing } from '@spotzcity/shared/rfx';
import { api } from '../../../api/client.ts';
import { rfxKeys } from './keys.ts';

/** `POST /api/rfx/dashboard/sourcing`: the diversity-in-sourcing view. */
export const dashboardSourcingQuery = (period: RfxPeriod) =>
  queryOptions({
    queryKey: rfxKeys.report('sourcing', period.quaters.join('-'), period.year),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Sourcing>>('/api/rfx/dashboard/sourcing', period, { signal })
        .then((r) => r.data),
  });
