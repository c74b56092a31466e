/**
 * A fixed-window counter per key (an account's e-mail), beside @fastify/rate-limit's per-IP
 * limit: together they stop both one address trying many accounts and many addresses trying one.
 */
export class AccountLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when the key is already over its limit (does not count). */
  blocked(key: string): boolean {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= this.now()) return false;
    return entry.count >= this.max;
  }

  /** Counts one attempt for the key. */
  hit(key: string): void {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 50_000) this.sweep(now);
      return;
    }
    entry.count += 1;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
