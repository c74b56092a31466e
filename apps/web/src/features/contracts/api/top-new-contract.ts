import type { Paged } from '@spotzcity/shared/api';
import type { NewContract } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { contractKeys } from './keys.ts';

export const newContractsKey = (year: number) => contractKeys.report('new', year);

/** `POST /api/contract/topNewContract`: contracts starting in the year, largest first. */
export const fetchNewContracts = (year: number) => (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<NewContract>>('/api/contract/topNewContract', { year, pageNumber }, { signal });
