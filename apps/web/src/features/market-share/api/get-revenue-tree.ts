import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { RevenueTree } from '@spotzcity/shared/market-share';
import { api } from '../../../api/client.ts';
import { toBody, type ReportParams } from './report-params.ts';
import { marketShareKeys } from './keys.ts';

/** Diverse (or non-diverse) spend per span value, for a treemap. */
export const revenueTreeQuery = (params: ReportParams, diverse: boolean) =>
  queryOptions({
    queryKey: marketShareKeys.report('graphRevenueCityStateZip', diverse, params),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<RevenueTree>>(
          `/api/marketShare/graphRevenueCityStateZip/${diverse ? 'diverse' : 'non_diverse'}`,
          { ...toBody(params), isForDiversity: diverse },
          { signal },
        )
      ).data,
  });
