/**
 * `POST /api/graph/<name>` with `{selectedIds}`: one query per chart of the three dashboards;
 * `?base=addressable` makes its percentages shares of addressable spend, and `?rule=` counts the
 * Spend Dashboard's graphs of diverse spend under the rule chosen on screen.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { SpendGraphs } from '@spotzcity/shared/spend-dashboards';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import type { CountingRule } from '@spotzcity/shared/verified-words';
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
  /** Only for the graphs of diverse spend that take it; as reported without it. */
  rule?: CountingRule,
) => {
  const query = new URLSearchParams();
  if (base !== 'all') query.set('base', base);
  if (rule) query.set('rule', rule.toLowerCase());
  const search = query.size ? `?${query.toString()}` : '';
  return queryOptions({
    queryKey: sharedKeys.spendGraphs.graph(name, [...selectedIds], base, ...(rule ? [rule] : [])),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<Graphs[K]>>(`/api/graph/${name}${search}`, { selectedIds }, { signal })
        .then((r) => r.data),
  });
};
