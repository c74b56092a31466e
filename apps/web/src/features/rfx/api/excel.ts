import type { RfxPeriod } from '@spotzcity/shared/rfx';
import { download } from '../../../api/client.ts';

/** `GET /api/excel/list/rfx`: the whole list with its suppliers. */
export const downloadRfxList = () => download('/api/excel/list/rfx', undefined, { method: 'GET' });

/**
 * `POST /api/excel/rfx`: the dashboard. Only the period and the analysis text are sent; the
 * server recomputes every figure.
 */
export const downloadRfxDashboard = (period: RfxPeriod, analysis: string) =>
  download('/api/excel/rfx', { excel: true, spendData: { period, analysis } });
