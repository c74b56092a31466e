/**
 * The selected spend files live in the URL (`?files=3,1`), so the table view, the supplier list
 * and the way back keep them, and a reload shows the same thing.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const SPEND_HOME = '/home/supplierSpend';

export function parseFileIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** `/home/supplierSpend/table?files=1,3` (no query when every file is meant). */
export const withFiles = (path: string, fileIds: readonly number[]) =>
  fileIds.length > 0 ? `${path}?files=${fileIds.join(',')}` : path;

export function useSelectedFiles(): [number[], (ids: number[]) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('files');
  const ids = useMemo(() => parseFileIds(raw), [raw]);
  const setIds = useCallback(
    (next: number[]) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          const sorted = [...new Set(next)].sort((a, b) => a - b);
          if (sorted.length > 0) updated.set('files', sorted.join(','));
          else updated.delete('files');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [ids, setIds];
}
