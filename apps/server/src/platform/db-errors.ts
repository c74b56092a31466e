/** Recognises database errors that services turn into typed errors. */

/** PostgreSQL's unique_violation, from pg or PGlite, whether or not Drizzle wrapped it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
