import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { CategoryGraph } from '@spotzcity/shared/market-share';
import { api } from '../../../api/client.ts';
import { toBody, type ReportParams } from './report-params.ts';
import { marketShareKeys } from './keys.ts';

/** Diverse vs non-diverse spend per category, the totals and the market share percentages. */
export const categoryGraphQuery = (params: ReportParams) =>
  queryOptions({
    queryKey: marketShareKeys.report('graphPerCategories', params),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<CategoryGraph>>(
          '/api/marketShare/graphPerCategories',
          toBody(params),
          { signal },
        )
      ).data,
  });
