import type { Paged } from '@spotzcity/shared/api';
import type { NewContract } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';
import { CONTRACTS_KEY } from './list-contracts.ts';

export const newContractsKey = (year: number) =>
  [...CONTRACTS_KEY, 'dashboard', 'new', year] as const;

/** `POST /api/contract/topNewContract`: contracts starting in the year, largest first. */
export const fetchNewContracts = (year: number) => (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<NewContract>>('/api/contract/topNewContract', { year, pageNumber }, { signal });
