import { download } from '../../../api/client.ts';

/** `GET /api/excel/list/contract`: the whole list. */
export const downloadContractList = () =>
  download('/api/excel/list/contract', undefined, { method: 'GET' });

/** `POST /api/excel/contract`: the year dashboard; the server recomputes every figure. */
export const downloadContractDashboard = (year: number, analysis: string) =>
  download('/api/excel/contract', { excel: true, spendData: { year, analysis } });
