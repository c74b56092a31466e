import type { Paged } from '@spotzcity/shared/api';
import type { ContractRecord } from '@spotzcity/shared/contracts';
import { api } from '../../../api/client.ts';

/** `POST /api/contract/list`: one page, newest start date first. */
export const fetchContractPage = (pageNumber: number, signal: AbortSignal) =>
  api.post<Paged<ContractRecord>>('/api/contract/list', { pageNumber }, { signal });
