import { download } from '../../../api/client.ts';

/** `POST /api/excel/cost`: the server recomputes every figure for these years. */
export const downloadCostSavingsDashboard = (years: number[], analysis: string) =>
  download('/api/excel/cost', {
    excel: true,
    spendData: { years, ...(analysis.trim() ? { analysis } : {}) },
  });
