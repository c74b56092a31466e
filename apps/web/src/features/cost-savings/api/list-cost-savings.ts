import type { Paged } from '@spotzcity/shared/api';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';

export const fetchCostSavingsPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<CostSaving>>('/api/costSaving/list', { pageNumber }, { signal });
