/**
 * The error replies of every route, declared where the API document (served at /api/docs) and the
 * reply serializer read them: each status a route can answer is added to its `response` from what
 * the route itself declares, so a route states only what is particular to it (`alsoAnswers`).
 *
 *  - 400: every route (a NUL character in any part, a body nested too deep, field errors);
 *  - 413 and 422: every route that reads a body (past the body limit; unparseable JSON or a body
 *    of the wrong shape);
 *  - 401: routes behind a bearer token; 403: routes that need a permission, signed links, and
 *    every route behind a bearer token (an API token outside its scopes);
 *  - 404: routes that name a record (a path parameter, or an `id` / `…Id` field);
 *  - 414: routes with a path parameter (one longer than the router takes, 100 characters);
 *  - 429: routes under the per-address rate limit (`config.rateLimit`).
 *
 * The body is the error handler's own (platform/http.ts): `{ message, errors? }`.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
const rowErrorSchema = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
  value: z.string().optional(),
});

/** What every error reply is: a message, with the fields (or a file's rows) it is about. */
export const errorReplySchema = z.object({
  message: z.string(),
  errors: z.array(z.union([fieldErrorSchema, rowErrorSchema])).optional(),
});

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 414 | 416 | 422 | 429;

/** What each status means here, shown with it in the API document. */
const MEANINGS: Record<ErrorStatus, string> = {
  400: 'Refused input: `errors` names each field and its message',
  401: 'Not signed in, or the session has ended (Unauthorized)',
  403: 'Signed in without the permission this needs, an API token outside its scopes, or a link that has expired',
  404: 'No such record in the organisation',
  409: 'A duplicate the user can fix, or a state that does not allow this',
  413: 'The body or the upload is larger than allowed',
  414: 'The address is too long',
  416: 'The requested range is not satisfiable',
  422: 'Payload Mismatch: the body is not what this route reads',
  429: 'Too many requests: try again later',
};

/** The error reply of each status, described (one schema each: compiled once, see serialize.ts). */
const ERROR_REPLIES = Object.fromEntries(
  Object.entries(MEANINGS).map(([status, description]) => [
    status,
    errorReplySchema.meta({ description }),
  ]),
) as unknown as Record<ErrorStatus, typeof errorReplySchema>;

/**
 * Statuses a route answers that cannot be read from its declaration (a duplicate: 409; a throttle
 * inside the handler: 429; a record looked up by something other than an id: 404), spread into its
 * `response`: `response: { 200: reply, ...alsoAnswers(409) }`.
 */
export const alsoAnswers = (...statuses: ErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, ERROR_REPLIES[status]])) as Record<
    ErrorStatus,
    typeof errorReplySchema
  >;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A field that names one record: answered 404 when there is none (or it is another's). */
const RECORD_FIELD = /^(id|\w+Id)$/;

/** The field names of a request part: an object, possibly optional, nullable or piped. */
export function fieldNames(schema: unknown, depth = 0): string[] {
  if (!(schema instanceof z.ZodType) || depth > 8) return [];
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object':
      return Object.keys((schema as z.ZodObject).shape);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return fieldNames(def.innerType, depth + 1);
    case 'pipe':
      return [...fieldNames(def.in, depth + 1), ...fieldNames(def.out, depth + 1)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => fieldNames(option, depth + 1));
    case 'intersection':
      return [...fieldNames(def.left, depth + 1), ...fieldNames(def.right, depth + 1)];
    default:
      return [];
  }
}

/** Whether a request part names one record by id (`selectedIds`, a list, does not). */
const namesRecord = (schema: unknown) => fieldNames(schema).some((name) => RECORD_FIELD.test(name));

/** The error statuses `route` can answer, from what it declares. */
function errorStatuses(route: RouteOptions, app: FastifyInstance): ErrorStatus[] {
  const schema = route.schema as Record<string, unknown>;
  const methods = [route.method].flat();
  const statuses = new Set<ErrorStatus>([400]);
  if (methods.some((method) => BODY_METHODS.has(method))) {
    statuses.add(413);
    statuses.add(422);
  }
  const path = route.url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}');
  const access = methods
    .map((method) => app.routeAccess.get(`${method} ${path}`))
    .find((found) => found !== undefined);
  if (access?.kind === 'token') statuses.add(401);
  // Every bearer route answers 403 to an API token whose scopes it does not take.
  if (access) statuses.add(403);
  if (/:\w/.test(route.url) || namesRecord(schema.body) || namesRecord(schema.querystring)) {
    statuses.add(404);
  }
  if (/:\w/.test(route.url)) statuses.add(414);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.add(429);
  return [...statuses];
}

/**
 * Adds the error replies to every route registered after it (register it after the auth plugins,
 * whose guards it reads, and before the modules).
 */
export const apiDocument = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route) => {
      const schema = route.schema as Record<string, unknown> | undefined;
      if (!schema || schema.hide) return;
      const response = { ...(schema.response as Record<string, unknown> | undefined) };
      for (const status of errorStatuses(route, app)) response[status] ??= ERROR_REPLIES[status];
      schema.response = response;
    });
  },
  { name: 'api-document', dependencies: ['auth', 'signed-urls'] },
);

/**
 * The document's last touch (swagger's `transformObject`): a route that declares no success reply
 * (a download, an event stream) still shows one, as it did before its errors were declared.
 */
export function withSuccessReplies<D extends { paths?: Record<string, unknown> }>(document: D): D {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations as Record<string, { responses?: object }>)) {
      const responses = (operation.responses ??= {}) as Record<string, unknown>;
      if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
        operation.responses = { 200: { description: 'Default Response' }, ...responses };
      }
    }
  }
  return document;
}
