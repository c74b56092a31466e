import { oneYearAfter } from '@spotzcity/shared/clients';

/**
 * The contract end after the start moves from `previousStart` to `start`: it follows (one year
 * after the new start) while it is empty or still the default of the previous start; an end the
 * user chose stays where it is.
 */
export function endAfterStartChange(
  previousStart: string,
  end: string | undefined,
  start: string,
): string | undefined {
  if (!start) return end;
  const followsStart = !end || end === oneYearAfter(previousStart);
  return followsStart ? oneYearAfter(start) : end;
}
