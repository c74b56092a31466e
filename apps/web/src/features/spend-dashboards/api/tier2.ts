/** Tier 2 next to Tier 1 (`POST /api/tier2/figures`) for the Spend Dashboard's card. */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { Tier2Figures } from '@spotzcity/shared/tier2';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

/** `countingRule`: the rule of the Tier 1 column (as reported without it). */
export const tier2FiguresQuery = (
  selectedIds: readonly number[],
  year: number | null,
  countingRule?: CountingRule,
) =>
  queryOptions({
    queryKey: sharedKeys.tier2.report('figures', [...selectedIds], year, countingRule ?? null),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Tier2Figures>>(
          '/api/tier2/figures',
          { selectedIds, ...(year ? { year } : {}), ...(countingRule ? { countingRule } : {}) },
          { signal },
        )
        .then((r) => r.data),
  });
