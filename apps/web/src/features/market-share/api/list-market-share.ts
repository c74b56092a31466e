import type { Paged } from '@spotzcity/shared/api';
import type { MarketShareRecord } from '@spotzcity/shared/market-share';
import { api } from '../../../api/client.ts';

export const fetchMarketSharePage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<MarketShareRecord>>('/api/marketShare/list', { pageNumber }, { signal });
