import { useDeferredValue } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A query's data for drawing a card's body, handed over in a deferred render (issue #19): React
 * renders a deferred value in an interruptible render that yields to the browser every few
 * milliseconds, where a query's answer otherwise renders in one uninterruptible task (react-query
 * updates through `useSyncExternalStore`, always synchronous). A dashboard whose queries answer
 * one after another drew each card's tables and charts in a long task of its own.
 *
 * Undefined while the query has no data (the card shows its skeleton) and for the one quick
 * render between the answer and the deferred render.
 */
export function useShownData<T>(query: UseQueryResult<T>): T | undefined {
  const current = query.data;
  const shown = useDeferredValue(current);
  return current === undefined ? undefined : shown;
}
