import type { z } from 'zod';
import { toFieldErrors } from '@spotzcity/shared/validation';
import { PayloadMismatch, ValidationError } from './errors.ts';

/**
 * Validates input assembled by a handler (query and body merged, multipart fields) with a shared
 * schema: 422 when it is not an object at all, 400 with field errors otherwise.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new PayloadMismatch();
  }
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationError(toFieldErrors(result.error));
  return result.data;
}
