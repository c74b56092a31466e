/**
 * Fixed-window counters of sign-in and recovery attempts, kept in the database so that every
 * server process counts the same attempts (docs/decisions.md, "Sign-in throttling"). Keys are
 * stored as SHA-256 hashes: the table never holds the e-mail addresses or IPs it counts.
 */
import { createHash } from 'node:crypto';
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
