/** The counting rules: both figures side by side, the drill-down, the default rule. */
import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type {
  QualificationPolicy,
  VerifiedFigures,
  verifiedSuppliersSchema,
} from '@spotzcity/shared/verified-diversity';
import type { z } from 'zod';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import { api } from '../../../api/client.ts';
import { sharedKeys } from '../../../api/query-keys.ts';
import type { DrillTarget } from '../../../components/drill-down.tsx';

export type VerifiedSupplier = z.infer<typeof verifiedSuppliersSchema>[number];

export const verifiedFiguresQuery = (selectedIds: readonly number[], base: SpendBase = 'all') =>
  queryOptions({
    queryKey: sharedKeys.spendGraphs.graph('verifiedSpend', [...selectedIds], base),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<VerifiedFigures>>(
          `/api/graph/verifiedSpend${base === 'all' ? '' : `?base=${base}`}`,
          { selectedIds },
          { signal },
        )
        .then((r) => r.data),
  });

export const verifiedSuppliersQuery = (selectedIds: readonly number[]) =>
  queryOptions({
    queryKey: sharedKeys.spendGraphs.graph('verifiedSuppliers', [...selectedIds]),
    queryFn: ({ signal }) =>
      api
        .post<Envelope<VerifiedSupplier[]>>(
          '/api/graph/verifiedSuppliers',
          { selectedIds },
          { signal },
        )
        .then((r) => r.data),
  });

export const countingPolicyQuery = () =>
  queryOptions({
    queryKey: sharedKeys.certificatePolicy,
    queryFn: ({ signal }) =>
      api
        .get<Envelope<QualificationPolicy>>('/api/certificates/policy', { signal })
        .then((r) => r.data),
  });

/** The suppliers and payments behind the verified diverse spend of the selection. */
export const verifiedDrillTarget = (selectedIds: readonly number[]): DrillTarget => ({
  path: '/api/drillDown/verified',
  excelPath: '/api/excel/drillDown/verified',
  body: { selectedIds: [...selectedIds] },
});
