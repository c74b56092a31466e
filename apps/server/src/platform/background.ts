/**
 * Work that must not hold up a reply: mailing a recovery code, for one, whose cost would tell an
 * attacker that the address has an account. A task runs after the reply is sent; its failure is
 * logged, never thrown at a client. `idle()` waits for every task started so far (the server waits
 * for it when closing, and tests use it before reading the outbox).
 */
import type { FastifyBaseLogger } from 'fastify';
import { withoutQueryBudget } from '../db/turns.ts';

export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<unknown>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      // After the reply: not under the request's time limit (db/turns.ts).
      .then(() => withoutQueryBudget(task))
      .then(
        () => undefined,
        (error: unknown) => this.log.error({ err: error, task: name }, 'background task failed'),
      )
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work done after the reply. */
    background: BackgroundTasks;
  }
}
