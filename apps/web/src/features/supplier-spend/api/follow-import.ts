import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@spotzcity/shared/api';
import {
  isFinalImport,
  type ImportJob,
  type ImportJobDetail,
} from '@spotzcity/shared/spend-imports';
import { ApiError, api, followEvents } from '../../../api/client.ts';
import { spendKeys } from './keys.ts';

const RETRY_MS = 2_000;

export const isResting = (job: Pick<ImportJob, 'status'>) =>
  job.status === 'held' || isFinalImport(job.status);

/**
 * The live state of import `id`: `GET /api/file/imports/:id/events` (server-sent events) as long
 * as it runs, reconnecting when the connection drops; the last state carries a refused file's
 * first problems. When it rests (done, failed, cancelled, held) the spend lists reload. A new
 * `round` follows it again (after a held import's choice).
 */
export function useImportJob(id: number | undefined, initial?: ImportJob, round = 0) {
  const queryClient = useQueryClient();
  const [job, setJob] = useState<ImportJobDetail | ImportJob | undefined>(initial);
  const [error, setError] = useState<ApiError | undefined>();

  useEffect(() => {
    if (id === undefined) return;
    const controller = new AbortController();
    let last: ImportJob | undefined;
    const follow = async () => {
      while (!controller.signal.aborted) {
        try {
          await followEvents<ImportJobDetail>(
            `/api/file/imports/${id}/events`,
            (state) => {
              last = state;
              setJob(state);
            },
            controller.signal,
          );
          if (last && isResting(last)) break;
        } catch (caught) {
          if (controller.signal.aborted) return;
          // Gone or not ours: nothing to wait for. A dropped connection: try again.
          if (caught instanceof ApiError && caught.status !== 0 && caught.status < 500) {
            setError(caught);
            return;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      if (last && isResting(last)) {
        await queryClient.invalidateQueries({ queryKey: spendKeys.all });
      }
    };
    void follow();
    return () => controller.abort();
  }, [id, round, queryClient]);

  /** `replace` shows a state the caller got otherwise (a choice's answer) until the next one. */
  return { job, error, replace: setJob };
}

/** `GET /api/file/imports/:id`: one import with its first problems. */
export const fetchImport = (id: number) =>
  api.get<Envelope<ImportJobDetail>>(`/api/file/imports/${id}`).then((reply) => reply.data);
