/**
 * `POST /api/graph/<name>` with `{selectedIds}`: one query per chart of the three dashboards;
 * `?base=addressable` makes its percentages shares of addressable spend.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { SpendGraphs } from '@spotzcity/shared/spend-dashboards';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import type { ProgramSpend } from '@spotzcity/shared/programs';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';

/** The graphs' replies (the spend dashboards' map) and the organisation's program categories. */
export interface Graphs extends SpendGraphs {
  /** The organisation's program categories. */
  programSpend: ProgramSpend;
}

export const graphQuery = <K extends keyof Graphs>(
  name: K,
  selectedIds: readonly number[],
  base: SpendBase = 'all',
) =>
  queryOptions({
    queryKey: sharedKeys.spendGraphs.graph(name, [...selectedIds], base),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Graphs[K]>>(
          `/api/graph/${name}${base === 'all' ? '' : `?base=${base}`}`,
          { selectedIds },
          { signal },
        )
        .then((r) => r.data),
  });
