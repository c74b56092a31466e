import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { Span, SpanValue } from '@spotzcity/shared/market-share';
import { api } from '../../../api/client.ts';

import { marketShareKeys } from './keys.ts';

/** The values of a span present in the period, largest spend first (the dialog's choices). */
export const spanValuesQuery = (span: Span, fromDate?: string, toDate?: string) =>
  queryOptions({
    queryKey: marketShareKeys.report('spanValues', span, fromDate ?? '', toDate ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.post<Envelope<SpanValue[]>>(
          '/api/marketShare/spanValues',
          { span, ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) },
          { signal },
        )
      ).data,
  });
