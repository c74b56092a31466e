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

/**
 * The schema parts of a route whose fields may come in the query string or the body (the spec's
 * clients send them in the query string): each part declares the route's fields, all optional, so
 * the API document shows them and a wrong value in either part is refused by its field; the
 * handler checks the two together with `parseInput(schema, queryAndBody(request))`.
 */
export const fieldsInQueryOrBody = (fields: z.ZodObject) => {
  const part = fields.partial();
  return { querystring: part, body: part.nullish() };
};

/** A request field shown in the API document as `schema` shows it, that accepts any value. */
const shownOnly = (schema: z.core.$ZodType) => {
  const { $schema: _, ...shown } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return z.unknown().meta(shown);
};

/**
 * The schema parts of a multipart upload, for the API document: its text fields and files. The
 * handler reads and checks the form (platform/uploads.ts); the body Fastify checks is null for a
 * multipart request, and a JSON body sent instead passes through to the handler, which answers
 * 422, as every upload did before it showed its fields.
 */
export const multipartForm = (
  fields: z.ZodRawShape,
  files: Record<string, 'required' | 'optional'>,
) => {
  const required = [
    ...(z.toJSONSchema(z.object(fields), { io: 'input' }).required ?? []),
    ...Object.keys(files).filter((name) => files[name] === 'required'),
  ];
  const shown = (entries: [string, z.core.$ZodType][]) =>
    Object.fromEntries(entries.map(([name, schema]) => [name, shownOnly(schema).optional()]));
  return {
    consumes: ['multipart/form-data'],
    body: z
      .object({
        ...shown(Object.entries(fields)),
        ...shown(Object.keys(files).map((name) => [name, z.file()])),
      })
      // Required in the form the handler reads; the document says so, this check does not.
      .meta({ required })
      .nullish(),
  };
};

/**
 * The query string and the body as one input to `parseInput`. A field sent in both is taken from
 * the query string, on every route: it is what the spec's clients send (docs/api.md).
 */
export const queryAndBody = (request: { query: unknown; body: unknown }) => ({
  ...(request.body && typeof request.body === 'object' ? request.body : {}),
  ...(request.query && typeof request.query === 'object' ? request.query : {}),
});
