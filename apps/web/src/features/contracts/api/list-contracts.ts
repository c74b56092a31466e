import type { Paged } from '@spotzcity/shared/api';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';

/** Every contract query starts with this key, so a save or a delete can refresh them all. */
export const CONTRACTS_KEY = ['contracts'] as const;
export const contractListKey = [...CONTRACTS_KEY, 'list'] as const;

/** `POST /api/contract/list`: one page, newest start date first. */
export const fetchContractPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<ContractRecord>>('/api/contract/list', { pageNumber }, { signal });
