/**
 * Fixed-window counters of sign-in and recovery attempts, kept in the database so that every
 * server process counts the same attempts (docs/auth.md). Keys are
 * stored as SHA-256 hashes: the table never holds the e-mail addresses or IPs it counts.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { authThrottles } from '../db/schema/index.ts';

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export class Throttle {
  constructor(
    private readonly db: DbOrTx,
    readonly windowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The attempts counted in the current window, per key (0 when none). */
  async counts(keys: string[]): Promise<number[]> {
    const hashed = keys.map(hashKey);
    const rows = await this.db
      .select({ key: authThrottles.key, count: authThrottles.count })
      .from(authThrottles)
      .where(and(inArray(authThrottles.key, hashed), gt(authThrottles.windowEndsAt, this.now())));
    const byKey = new Map(rows.map((r) => [r.key, r.count]));
    return hashed.map((k) => byKey.get(k) ?? 0);
  }

  /** Counts one attempt for each key; a key whose window has ended starts a new one. */
  async hit(...keys: string[]): Promise<void> {
    const now = this.now();
    const windowEndsAt = new Date(now.getTime() + this.windowMs);
    const at = sql`${now.toISOString()}::timestamptz`;
    const nextEnd = sql`${windowEndsAt.toISOString()}::timestamptz`;
    await this.db
      .insert(authThrottles)
      .values(keys.map((key) => ({ key: hashKey(key), count: 1, windowEndsAt })))
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${authThrottles.windowEndsAt} <= ${at} then 1 else ${authThrottles.count} + 1 end`,
          windowEndsAt: sql`case when ${authThrottles.windowEndsAt} <= ${at} then ${nextEnd} else ${authThrottles.windowEndsAt} end`,
        },
      });
  }

  async reset(...keys: string[]): Promise<void> {
    await this.db.delete(authThrottles).where(inArray(authThrottles.key, keys.map(hashKey)));
  }

  /** Removes counters whose window has ended. */
  async sweep(): Promise<void> {
    await this.db.delete(authThrottles).where(lt(authThrottles.windowEndsAt, this.now()));
  }
}

type RateLimitResult = { current: number; ttl: number };
type RateLimitCallback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * A store for @fastify/rate-limit over the same counters (issue #20): on PostgreSQL the per-IP
 * limit of the sign-in endpoints counts every process's requests, as the per-account ones do.
 * One counter per route and address (the plugin's own store keeps one per route too).
 */
export function sharedRateLimitStore(db: DbOrTx): FastifyRateLimitStoreCtor {
  const count = async (key: string, windowMs: number, increment: boolean) => {
    const hashed = hashKey(key);
    const now = new Date();
    if (!increment) {
      const [row] = await db
        .select({ count: authThrottles.count, windowEndsAt: authThrottles.windowEndsAt })
        .from(authThrottles)
        .where(and(inArray(authThrottles.key, [hashed]), gt(authThrottles.windowEndsAt, now)));
      return row
        ? { current: row.count, ttl: row.windowEndsAt.getTime() - now.getTime() }
        : { current: 0, ttl: 0 };
    }
    const at = sql`${now.toISOString()}::timestamptz`;
    const windowEndsAt = new Date(now.getTime() + windowMs);
    const [row] = await db
      .insert(authThrottles)
      .values({ key: hashed, count: 1, windowEndsAt })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${authThrottles.windowEndsAt} <= ${at} then 1 else ${authThrottles.count} + 1 end`,
          windowEndsAt: sql`case when ${authThrottles.windowEndsAt} <= ${at} then excluded.window_ends_at else ${authThrottles.windowEndsAt} end`,
        },
      })
      .returning({ count: authThrottles.count, windowEndsAt: authThrottles.windowEndsAt });
    return { current: row!.count, ttl: Math.max(0, row!.windowEndsAt.getTime() - now.getTime()) };
  };

  return class SharedRateLimitStore {
    private readonly scope: string;

    /** The plugin constructs it with its options; `child` with the route's name. */
    constructor(scope?: unknown) {
      this.scope = typeof scope === 'string' ? scope : 'all';
    }

    incr(key: string, callback: RateLimitCallback, timeWindow: number) {
      count(`ip:${this.scope}:${key}`, timeWindow, true).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: RateLimitCallback, timeWindow: number) {
      count(`ip:${this.scope}:${key}`, timeWindow, false).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** At run time the route's merged limit options, its route under `routeInfo`. */
    child(options: unknown) {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } })
        .routeInfo;
      return new SharedRateLimitStore(`${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  };
}
