/**
 * Replies kept for repeated reads (docs/performance.md). A route that opts in with
 * `config: { replyCache: true }` has its 200 JSON replies kept per user, method, URL and body;
 * the same request answers from the kept text while the database has not changed.
 *
 * "Not changed" is the database's own word, not a guess: the guard's account lookup, which every
 * signed-in request runs, also reads `pg_current_snapshot()`. A kept reply carries the snapshot
 * its request was let in with, taken before the handler's queries, and is used only while a new
 * request's snapshot is the same text — the same next transaction id and the same transactions in
 * progress, so no write has committed since, on this process or any other sharing the database.
 * Any write anywhere therefore drops every kept reply: coarse, but nothing a user or another
 * server wrote can be missed. The account itself is looked up on every request as before, so a
 * logout, a disabled organisation or a changed role still applies at once.
 *
 * A reply is kept at most `ttlMs` (what depends on the clock, such as today's date, moves on) and
 * the whole cache holds at most `maxBytes`, least recently used dropped first. A reply is kept as
 * the bytes sent, so a hit neither encodes nor measures its text again.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountOfOrUndefined } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Keep this route's replies for repeated reads (platform/reply-cache.ts). */
    replyCache?: boolean;
  }
  interface FastifyInstance {
    replyCache: ReplyCacheCounts;
  }
}

export interface ReplyCacheCounts {
  hits: number;
  misses: number;
  /** Kept replies now, and their bytes with their keys', snapshots' and ENTRY_OVERHEAD. */
  entries: number;
  bytes: number;
}

export interface ReplyCacheOptions {
  /** 0 keeps nothing. */
  maxBytes: number;
  ttlMs: number;
  now?: () => number;
}

export interface Kept {
  payload: Buffer;
  contentType: string;
  snapshot: string;
  at: number;
}

/**
 * What one kept reply costs besides its key, payload and snapshot (the entry object, the Map's
 * slot, the buffer's header), in bytes: many small replies must not hold much more than the bound
 * says.
 */
export const ENTRY_OVERHEAD = 200;

/**
 * Kept replies by key, least recently used first, at most `maxBytes` in all, keys and snapshots
 * counted (a byte a character, as V8 holds such ASCII text): a key holds the request's URL, so
 * many requests with long query strings and small replies must not grow the cache past its bound.
 */
export class KeptReplies {
  readonly counts: ReplyCacheCounts = { hits: 0, misses: 0, entries: 0, bytes: 0 };
  readonly #kept = new Map<string, Kept>();

  constructor(readonly maxBytes: number) {}

  /** The kept reply, if still the database's answer under `snapshot` at time `now`. */
  answer(key: string, snapshot: string, now: number, ttlMs: number): Kept | undefined {
    const entry = this.#kept.get(key);
    if (entry && entry.snapshot === snapshot && now - entry.at < ttlMs) {
      this.#kept.delete(key);
      this.#kept.set(key, entry);
      this.counts.hits++;
      return entry;
    }
    if (entry) this.#drop(key);
    this.counts.misses++;
    return undefined;
  }

  /** Keeps a reply; one over a sixteenth of the whole is not kept, so none can empty it. */
  keep(key: string, entry: Kept) {
    this.#drop(key);
    const size = sizeOf(key, entry);
    if (size > this.maxBytes / 16) return;
    this.#kept.set(key, entry);
    this.counts.bytes += size;
    for (const [oldest] of this.#kept) {
      if (this.counts.bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
    this.counts.entries = this.#kept.size;
  }

  #drop(key: string) {
    const entry = this.#kept.get(key);
    if (!entry) return;
    this.#kept.delete(key);
    this.counts.bytes -= sizeOf(key, entry);
    this.counts.entries = this.#kept.size;
  }
}

const sizeOf = (key: string, entry: Kept) =>
  key.length + entry.payload.length + entry.snapshot.length + ENTRY_OVERHEAD;

/** A request that missed: where its reply goes once written, and what it was let in with. */
interface Pending {
  key: string;
  snapshot: string;
}

/**
 * Its onSend hook is the application's, so it runs before compression's (which @fastify/compress
 * adds to each route): the kept text is the serialized reply, and every hit is compressed for its
 * own request's Accept-Encoding.
 */
export const replyCachePlugin = fp(
  async (app: FastifyInstance, options: ReplyCacheOptions) => {
    // A monotonic clock: a wall clock set back would keep replies past their time.
    const now = options.now ?? (() => performance.now());
    const kept = new KeptReplies(options.maxBytes);
    const pending = new WeakMap<FastifyRequest, Pending>();
    app.decorate('replyCache', kept.counts);
    if (options.maxBytes <= 0) return;

    // A hit answers in the application's preHandler, before any of the route's own: a route that
    // checks something there would be skipped on a hit, so it may not keep its replies.
    app.addHook('onRoute', (route) => {
      if (route.config?.replyCache === true && route.preHandler) {
        throw new Error(`${route.method} ${route.url}: a route with a preHandler keeps no replies`);
      }
    });

    // Both hooks take a callback, not a promise: they run on every request of a kept route, and
    // a hit costs little else (issue #20).
    app.addHook('preHandler', (request, reply, done) => {
      const account =
        request.routeOptions.config.replyCache === true &&
        (request.method === 'GET' || request.method === 'POST')
          ? accountOfOrUndefined(request)
          : undefined;
      if (!account) return done();
      const key = keyOf(account.user.id, request);
      const entry = kept.answer(key, account.snapshot, now(), options.ttlMs);
      // A reply sent from a callback hook ends the request there; done() must not follow.
      if (entry) return void reply.header('content-type', entry.contentType).send(entry.payload);
      pending.set(request, { key, snapshot: account.snapshot });
      done();
    });

    app.addHook('onSend', (request, reply, payload, done) => {
      const miss = pending.get(request);
      if (miss) {
        pending.delete(request);
        const contentType = reply.getHeader('content-type');
        if (
          reply.statusCode === 200 &&
          typeof payload === 'string' &&
          typeof contentType === 'string' &&
          contentType.startsWith('application/json')
        ) {
          kept.keep(miss.key, {
            payload: Buffer.from(payload),
            contentType,
            snapshot: miss.snapshot,
            at: now(),
          });
        }
      }
      done(null, payload);
    });
  },
  { name: 'reply-cache', dependencies: ['auth'] },
);

/**
 * The user, the method, the URL with its query and the parsed body: everything a kept route's
 * reply is computed from besides the database. A long body (a list of file ids) goes in by its
 * digest, so that a key stays small whatever list a request sends; a digest starts with `#`,
 * which no JSON text does.
 */
export function keyOf(userId: number, request: Pick<FastifyRequest, 'method' | 'url' | 'body'>) {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  const part =
    body.length <= 256 ? body : `#${createHash('sha256').update(body).digest('base64url')}`;
  return `${userId} ${request.method} ${request.url} ${part}`;
}
