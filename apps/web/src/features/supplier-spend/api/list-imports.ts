import { queryOptions } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import type { ImportJob } from '@spotzcity/shared/spend-imports';
import { api } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

/** While an import runs, the list is read again this often. */
const WHILE_RUNNING_MS = 2_000;

/**
 * `GET /api/file/imports`: the organisation's imports still running, held or failed (until
 * dismissed), newest first; re-read while one of them runs.
 */
export const importsQuery = () =>
  queryOptions({
    queryKey: spendKeys.imports(),
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<ImportJob[]>>('/api/file/imports', { signal })).data,
    // Read afresh whenever the panel shows: an import may have ended while the user was away.
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some((job) => job.status === 'queued' || job.status === 'running')
        ? WHILE_RUNNING_MS
        : false,
  });
