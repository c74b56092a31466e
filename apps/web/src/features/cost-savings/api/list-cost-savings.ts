import type { Paged } from '@spotzcity/shared/api';
import type { CostSaving } from '@spotzcity/shared/cost-savings';
import { api } from '../../../api/client.ts';

/** The list's query key: every add, update or delete restarts it at page 0. */
export const costSavingsListKey = ['cost-savings', 'list'] as const;

export const fetchCostSavingsPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<CostSaving>>('/api/costSaving/list', { pageNumber }, { signal });
