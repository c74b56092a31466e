/**
 * The HTTP contract every module shares (DESIGN.md §3): the error mapping, 404/405 for unknown
 * routes, and the envelope and paging helpers.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPVersion } from 'find-my-way';
import fp from 'fastify-plugin';
import type { PageRequest, Paged } from '@spotzcity/shared/api';
import { formatFileSize } from '@spotzcity/shared/format';
import {
  MESSAGES,
  findControlCharacter,
  type FieldError,
  type RowError,
} from '@spotzcity/shared/validation';
import { isQueryTimeExceeded } from '../db/turns.ts';
import { AppError, BadRequest, FileRejected, ValidationError } from './errors.ts';
import { tooLargeMessage } from './query-limits.ts';

interface ErrorBody {
  message: string;
  errors?: FieldError[] | RowError[];
}

const send = (reply: FastifyReply, status: number, body: ErrorBody) =>
  reply.status(status).type('application/json; charset=utf-8').send(body);

/** Maps every error to `{ message, errors? }`; internals of 5xx are logged, never sent. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof FileRejected) {
    return send(reply, error.statusCode, {
      message: error.message,
      ...(error.rowErrors.length ? { errors: error.rowErrors } : {}),
    });
  }
  // The request's queries ran past its limit (db/turns.ts), wrapped by Drizzle or not.
  if (isQueryTimeExceeded(error)) return send(reply, 503, { message: tooLargeMessage(request) });
  if (error instanceof AppError) {
    return send(reply, error.statusCode, {
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    });
  }

  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return send(reply, 422, { message: 'Payload Mismatch' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return send(reply, 413, {
        message: `The request body is larger than the ${formatFileSize(request.routeOptions.bodyLimit)} limit.`,
      });
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return send(reply, 413, { message: 'The upload is too large.' });
  }
  // A multipart body whose Content-Type names no boundary cannot be read at all.
  if (/^Multipart: Boundary not found$/.test(error.message)) {
    return send(reply, 422, { message: 'Payload Mismatch' });
  }
  if (status === 429) return send(reply, 429, { message: error.message });
  if (status >= 400 && status < 500) return send(reply, status, { message: error.message });

  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, { message: 'Something went wrong on our side. Please try again.' });
}

/**
 * No field may hold a NUL character (PostgreSQL's text cannot store one): refused with the field's
 * name before any route's own checks, wherever it hides in the body, query string or path.
 */
export const refuseControlCharacters = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [where, value] of [
      ['', request.body],
      ['', request.query],
      ['', request.params],
    ] as const) {
      const path = findControlCharacter(value);
      if (path) {
        return done(
          ValidationError.field(
            [where, ...path].filter(Boolean).join('.'),
            MESSAGES.controlCharacter,
          ),
        );
      }
    }
    done();
  });
});

/**
 * How deep arrays and objects may nest in a JSON body: the deepest request the API takes has 4
 * levels. Past it the body is refused before JSON.parse builds anything (a 2 MB body of nested
 * arrays costs half a second to parse, and as long again to walk).
 */
export const MAX_JSON_DEPTH = 16;

export const JSON_MESSAGES = {
  tooDeep: `The request body is too deeply nested (at most ${MAX_JSON_DEPTH} levels).`,
} as const;

/**
 * Whether arrays and objects nest deeper than `max` in `text`, read only up to where they do.
 * Strings are skipped whole (one indexOf each), so brackets inside them do not count; text that
 * is not JSON at all is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === 0x22 /* " */) {
      at = text.indexOf('"', at + 1);
      while (at !== -1 && isEscaped(text, at)) at = text.indexOf('"', at + 1);
      if (at === -1) return false;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether the quote at `at` is escaped: an odd run of backslashes before it. */
function isEscaped(text: string, at: number) {
  let backslashes = 0;
  while (text.charCodeAt(at - 1 - backslashes) === 0x5c) backslashes += 1;
  return backslashes % 2 === 1;
}

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind the nesting check: a body
 * nested past MAX_JSON_DEPTH answers 400 saying so.
 */
export const jsonBodies = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(new BadRequest(JSON_MESSAGES.tooDeep), undefined);
    }
    parse(request, body as string, done);
  });
});

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Unknown paths answer 404; a known path with another method answers 405 `Not Allowed`.
 * API paths only: everything else is the web app's (see web.ts).
 */
export const routeIndex = fp(async (app: FastifyInstance) => {
  const known = FindMyWay<HTTPVersion.V1>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!METHODS.includes(method as (typeof METHODS)[number])) continue;
      if (!known.hasRoute(method as 'GET', route.url))
        known.on(method as 'GET', route.url, () => {});
    }
  });
  app.decorate('isKnownPath', (url: string) => {
    const path = url.split('?')[0] ?? url;
    return METHODS.some((m) => known.find(m, path) !== null);
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    isKnownPath(url: string): boolean;
  }
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  if (request.server.isKnownPath(request.url)) {
    return send(reply, 405, { message: 'Not Allowed' });
  }
  return send(reply, 404, { message: 'Not Found' });
}

/** The envelope of every JSON reply. */
export const ok = <T>(data: T, message = 'Fetched Successfully') => ({ message, data });

/** The paged reply: `{ message, data, totalCount, pageNumber, pageSize, length }`. */
export function paged<T>(
  rows: T[],
  totalCount: number,
  page: PageRequest,
  message = 'Fetched List Successfully',
): Paged<T> {
  return {
    message,
    data: rows,
    totalCount,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    length: rows.length,
  };
}
