/**
 * Fixed-window counters of sign-in and recovery attempts, kept in the database so that every
 * server process counts the same attempts (docs/auth.md). Keys are
 * stored as SHA-256 hashes: the table never holds the e-mail addresses or IPs it counts.
 */
import { createHash } from 'node:crypto';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { authThrottles } from '../db/schema/index.ts';

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');

export class Throttle {
  constructor(
    private readonly db: DbOrTx,
    readonly windowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Counts one attempt for the key (a key whose window has ended starts a new one) and answers
   * the key's count, this attempt included. One statement counts and answers, so attempts sent at
   * once each get a count of their own: decide from it, before the work the limit is for, and a
   * burst gets no more than the limit allows.
   */
  async take(key: string): Promise<number> {
    const now = this.now();
    const at = sql`${now.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(authThrottles)
      .values({
        key: hashKey(key),
        count: 1,
        windowEndsAt: new Date(now.getTime() + this.windowMs),
      })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          count: sql`case when ${authThrottles.windowEndsAt} <= ${at} then 1 else ${authThrottles.count} + 1 end`,
          windowEndsAt: sql`case when ${authThrottles.windowEndsAt} <= ${at} then excluded.window_ends_at else ${authThrottles.windowEndsAt} end`,
        },
      })
      .returning({ count: authThrottles.count });
    return row!.count;
  }

  /** Takes back one attempt `take` counted in the current window (one that was no failure). */
  async giveBack(key: string): Promise<void> {
    await this.db
      .update(authThrottles)
      .set({ count: sql`${authThrottles.count} - 1` })
      .where(
        and(
          eq(authThrottles.key, hashKey(key)),
          gt(authThrottles.count, 0),
          gt(authThrottles.windowEndsAt, this.now()),
        ),
      );
  }

  /** Removes counters whose window has ended. */
  async sweep(): Promise<void> {
    await this.db.delete(authThrottles).where(lt(authThrottles.windowEndsAt, this.now()));
  }
}

type RateLimitResult = { current: number; ttl: number };
type RateLimitCallback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * A store for @fastify/rate-limit over the same counters: on PostgreSQL the per-IP
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
