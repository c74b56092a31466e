/** `POST /api/excel/spend|supplier|categories`: the server recomputes every figure. */
import type { DashboardKind, SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import { download } from '../../../api/client.ts';

const EXCEL_PATHS: Record<DashboardKind, string> = {
  supplier: '/api/excel/supplier',
  spend: '/api/excel/spend',
  category: '/api/excel/categories',
};

export const downloadDashboardExcel = (
  kind: DashboardKind,
  selectedIds: readonly number[],
  analysis: string,
  base: SpendBase = 'all',
  /** The Spend Dashboard's counting rule as chosen on screen. */
  extra: { countingRule?: CountingRule } = {},
) =>
  download(EXCEL_PATHS[kind], {
    excel: true,
    spendData: {
      selectedIds,
      ...(kind === 'supplier' ? {} : { base }),
      ...(analysis.trim() ? { analysis } : {}),
      ...extra,
    },
  });
