import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of one feature (issue #18): every key starts with the feature's root, so a
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
 * After an add, update or delete: the list restarts at page 0 (spec 02 point 4) and every other
 * query of the feature (dashboards, the record being edited) is marked stale without being
 * refetched now, so the form that made the change stays mounted until it navigates away.
 */
export async function refreshAfterChange(queryClient: QueryClient, keys: FeatureKeys) {
  await queryClient.invalidateQueries({ queryKey: keys.all, refetchType: 'none' });
  await queryClient.resetQueries({ queryKey: keys.list() });
}
