import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of one feature: every key starts with the feature's root, so a
 * change can refresh the whole feature at once. `list` is the paged list, `detail` one record
 * (outside the list's key: resetting the list must not empty an open form), `report` the
 * dashboard's queries, each with its own parameters.
 */
export function featureKeys<const Root extends string>(root: Root) {
  return {
    all: [root] as const,
    list: () => [root, 'list'] as const,
    detail: (id: number) => [root, 'detail', id] as const,
    report: <const Parts extends readonly unknown[]>(...parts: Parts) =>
      [root, 'report', ...parts] as const,
  };
}

export type FeatureKeys = ReturnType<typeof featureKeys>;

/**
 * The keys of data that more than one feature reads or refreshes. Features never import each
 * other, so a change in one refreshes another's queries through these names — never through a
 * copy of the other's key, which a rename would silently stop refreshing. A query key written as
 * a literal anywhere else is a lint error (eslint.config.js).
 */
export const sharedKeys = {
  /** The public settings (product name, support address). */
  settings: ['settings'] as const,
  /** Fiscal-year start and non-addressable categories: every goal and share depends on them. */
  organisationSettings: ['organisation-settings'] as const,
  goals: {
    all: ['goals'] as const,
    years: () => ['goals', 'years'] as const,
    year: (fiscalYear: number) => ['goals', 'year', fiscalYear] as const,
    history: () => ['goals', 'history'] as const,
    headline: () => ['goals', 'headline'] as const,
    graph: (...parts: readonly unknown[]) => ['goals', 'graph', ...parts] as const,
  },
  /** The spend dashboards' graphs, one query per graph name and selection. */
  spendGraphs: {
    all: ['spend-graph'] as const,
    graph: (name: string, ...parts: readonly unknown[]) => ['spend-graph', name, ...parts] as const,
  },
  programs: featureKeys('programs'),
  tier2: featureKeys('tier2'),
  certificatePolicy: ['certificate-policy'] as const,
  supplierMatching: ['supplier-matching'] as const,
};

/**
 * After an add, update or delete: the list restarts at page 0 and every other
 * query of the feature (dashboards, the record being edited) is marked stale without being
 * refetched now, so the form that made the change stays mounted until it navigates away.
 */
export async function refreshAfterChange(queryClient: QueryClient, keys: FeatureKeys) {
  await queryClient.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
  await queryClient.resetQueries({ queryKey: keys.list() });
}
