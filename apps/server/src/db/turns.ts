/**
 * Turns at the database, so that one organisation's work cannot make every other wait
 * (docs/database.md, "Turns and time limits").
 *
 * Each query (or transaction) waits for a turn. A turn goes to the caller whose queries have
 * taken the least database time while it has had work waiting or running, so a burst of one
 * organisation's requests does not queue all of its queries in front of another's: the
 * newcomer's query goes next. On PGlite there is one turn (one connection, and a running statement holds the
 * whole process: WebAssembly runs on the main thread); on PostgreSQL one per pooled connection,
 * and no caller may hold the last two.
 *
 * A request carries a budget: how long its queries may run. On PostgreSQL it is each statement's
 * `statement_timeout`; PGlite ignores that setting (a statement runs to its end, measured), so
 * there a request whose queries have held the database for the budget in all gets no further
 * turn. Either way the request answers 503 with the budget's message.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { AppError } from '../platform/errors.ts';

export interface QueryBudget {
  /** Whose turn: an organisation, or an address before sign-in. */
  readonly key: string;
  /** How long the request's queries may run, ms; 0: no limit. */
  limitMs: number;
  /** PGlite: how long the request's queries have held the database so far, ms. */
  usedMs: number;
  /**
   * PGlite: the request has written (a transaction or a statement other than a `select`): it is
   * no longer cut off, so that a reply never says "too large" about a change that was saved.
   */
  wrote?: boolean;
  /** The reply when the budget is spent. */
  message: string;
}

const budgets = new AsyncLocalStorage<QueryBudget>();

/** Runs `fn` with `budget` as its queries' budget (the request's, set by platform/query-limits.ts). */
export function withQueryBudget<T>(budget: QueryBudget, fn: () => T): T {
  return budgets.run(budget, fn);
}

/**
 * Runs `fn` outside any request's budget: work a request starts but that outlives it (an
 * import job, mail after the reply) is not that request's to pay for, nor cut by its limit.
 */
export function withoutQueryBudget<T>(fn: () => T): T {
  return budgets.exit(fn);
}

export function currentQueryBudget(): QueryBudget | undefined {
  return budgets.getStore();
}

/** A request's queries went past its budget: nothing more is asked of the database for it. */
export class QueryTimeExceeded extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}

/**
 * Whether `error` (or what Drizzle wrapped in it) is a request's budget spent: PGlite's
 * `QueryTimeExceeded`, or PostgreSQL's query_canceled (57014) from `statement_timeout`.
 */
export function isQueryTimeExceeded(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof QueryTimeExceeded || (e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

/** Callers without a budget (jobs, migrations, the seed, start-up) share one key. */
const NO_KEY = '';

interface Waiter {
  key: string;
  start: () => void;
}

export class Turns {
  private active = 0;
  private readonly running = new Map<string, number>();
  /** Per key, the database time its turns have taken, ms, counted from its first turn. */
  private readonly used = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  /**
   * @param slots turns that may run at once (connections)
   * @param perKey turns one key may hold at once
   */
  constructor(
    readonly slots: number,
    private readonly perKey: number = slots,
  ) {}

  /** Waits for a turn for `key`; answers the function that ends it. */
  acquire(key: string): Promise<() => void> {
    if (!this.used.has(key)) this.used.set(key, Math.max(0, this.floor() - 1));
    return new Promise((resolve) => {
      this.waiting.push({ key, start: () => resolve(this.ender(key, performance.now())) });
      this.dispatchSoon();
    });
  }

  private dispatching = false;

  /**
   * Turns are handed out from `setImmediate`, even to the only caller, never straight from the
   * end of the previous turn or from the query's call. A PGlite statement runs on this thread:
   * granted at once, each request's query ran as soon as its request reached it, and a burst
   * of requests ran their queries back to back within one turn of the event loop while a new
   * request could not even be read. Handed out this way, one statement runs per turn of the
   * loop, every request moves one step between two statements, and the turn goes to whoever is
   * waiting with the least time used — a newcomer first.
   */
  private dispatchSoon(): void {
    if (this.dispatching) return;
    this.dispatching = true;
    setImmediate(() => {
      this.dispatching = false;
      this.pump();
    });
  }

  /** Runs `work` in a turn of the current budget's key, keeping the budget (see the file's note). */
  async run<T>(work: () => Promise<T>, measure: boolean, writes = false): Promise<T> {
    const budget = currentQueryBudget();
    const end = await this.acquire(budget?.key ?? NO_KEY);
    try {
      if (
        measure &&
        budget &&
        !budget.wrote &&
        budget.limitMs > 0 &&
        budget.usedMs >= budget.limitMs
      ) {
        throw new QueryTimeExceeded(budget.message);
      }
      if (budget && writes) budget.wrote = true;
      const started = performance.now();
      try {
        return await work();
      } finally {
        if (budget) budget.usedMs += performance.now() - started;
      }
    } finally {
      end();
    }
  }

  /** For tests and the benchmark: turns waiting. */
  get queued(): number {
    return this.waiting.length;
  }

  private ender(key: string, started: number): () => void {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.active--;
      const n = (this.running.get(key) ?? 1) - 1;
      if (n === 0) this.running.delete(key);
      else this.running.set(key, n);
      this.used.set(key, (this.used.get(key) ?? 0) + performance.now() - started);
      if (n === 0 && !this.waiting.some((w) => w.key === key)) this.used.delete(key);
      if (this.waiting.length > 0) this.dispatchSoon();
    };
  }

  /**
   * Where a key that comes back starts counting: just under the least time of the keys still
   * busy. A key gains nothing by having been idle, and a newcomer goes before a key that has run.
   */
  private floor(): number {
    let least = Infinity;
    for (const value of this.used.values()) least = Math.min(least, value);
    return least === Infinity ? 0 : least;
  }

  private pump(): void {
    while (this.active < this.slots && this.waiting.length > 0) {
      const index = this.next();
      if (index < 0) return;
      const [waiter] = this.waiting.splice(index, 1);
      if (!waiter) return;
      this.active++;
      this.running.set(waiter.key, (this.running.get(waiter.key) ?? 0) + 1);
      waiter.start();
    }
  }

  /**
   * The waiter to serve next: of each key its oldest waiter; of those, the key whose turns have
   * taken the least database time, then the one with the fewest running. A key holding `perKey`
   * turns waits, even alone: the slots above it stay for whoever comes next.
   */
  private next(): number {
    let best = -1;
    let bestUsed = Infinity;
    let bestRunning = Infinity;
    const seen = new Set<string>();
    for (let i = 0; i < this.waiting.length; i++) {
      const { key } = this.waiting[i] as Waiter;
      if (seen.has(key)) continue;
      seen.add(key);
      const running = this.running.get(key) ?? 0;
      if (running >= this.perKey) continue;
      const used = this.used.get(key) ?? 0;
      if (used < bestUsed || (used === bestUsed && running < bestRunning)) {
        best = i;
        bestUsed = used;
        bestRunning = running;
      }
    }
    return best;
  }
}
