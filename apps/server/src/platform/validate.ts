import { z } from 'zod';
import { MESSAGES, findControlCharacter, toFieldErrors } from '@spotzcity/shared/validation';
import { PayloadMismatch, ValidationError } from './errors.ts';

/**
 * Validates input assembled by a handler (query and body merged, multipart fields) with a shared
 * schema: 422 when it is not an object at all, 400 with field errors otherwise.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new PayloadMismatch();
  }
  // Multipart fields and other input assembled by hand skip the request hook (http.ts).
  const nul = findControlCharacter(input);
  if (nul) throw ValidationError.field(nul.join('.'), MESSAGES.controlCharacter);
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}

/**
 * Fastify's validator for every route: the route's own zod schema (shared with the web forms)
 * checks the body, query string and path, and a failure is the platform's error — 422 'Payload
 * Mismatch' when the part is not what the schema's root expects at all, else 400 with the spec's
 * field errors, exactly as `parseInput` answers for input assembled by hand.
 */
export const zodValidatorCompiler =
  ({ schema }: { schema: unknown }) =>
  (data: unknown) => {
    const result = (schema as z.ZodType).safeParse(data);
    if (result.success) return { value: result.data };
    const wholePart = result.error.issues.some(
      (issue) => issue.path.length === 0 && issue.code === 'invalid_type',
    );
    return {
      error: wholePart ? new PayloadMismatch() : new ValidationError(toFieldErrors(result.error)),
    };
  };

/** A request part that the handler validates itself with `parseInput`: any object, or none. */
export const anyObjectOrNone = z.record(z.string(), z.unknown()).nullish();

/**
 * The schema parts of a route that takes its fields from the query string or the body (the spec's
 * clients send them in the query string); the handler reads them with `queryAndBody`.
 */
export const fieldsInQueryOrBody = { querystring: anyObjectOrNone, body: anyObjectOrNone };

/** The query string and the body as one input to `parseInput`; the query string's value wins. */
export const queryAndBody = (request: { query: unknown; body: unknown }) => ({
  ...(request.body && typeof request.body === 'object' ? request.body : {}),
  ...(request.query && typeof request.query === 'object' ? request.query : {}),
});
