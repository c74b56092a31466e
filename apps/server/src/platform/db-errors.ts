/** Recognises database errors that services turn into typed errors. */
import { Conflict } from './errors.ts';

/** PostgreSQL's unique_violation, from pg or PGlite, whether or not Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Runs a write that a unique index guards behind the service's own "is it taken?" check: when two
 * requests pass that check at once, the index decides, and the loser gets the same 409 `message`.
 */
export async function uniqueOrConflict<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(message);
    throw error;
  }
}
