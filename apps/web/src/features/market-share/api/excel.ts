import { download } from '../../../api/client.ts';
import { toBody, type ReportParams } from './report-params.ts';

/** `POST /api/excel/market`: the server recomputes every figure for these parameters. */
export const downloadMarketShareDashboard = (params: ReportParams, analysis: string) =>
  download('/api/excel/market', {
    excel: true,
    spendData: { ...toBody(params), ...(analysis.trim() ? { analysis } : {}) },
  });
