/**
 * The parts of the home page's "Needs attention" (`GET /api/home/attention`), each given by the
 * module that owns its rule — the goal by goals, certificates and matching by verified diversity,
 * primes by Tier 2, imports by spend — so that the home page counts what the module's own screen
 * shows, and no module reads another's tables.
 *
 *   app.attention.provide('tier2', (db, asker) => overduePrimes(db, asker.clientRef, asker.today));
 */
import fp from 'fastify-plugin';
import { homeAttentionSchema, type HomeAttention } from '@spotzcity/shared/home';
import type { Permission } from '@spotzcity/shared/permissions';
import type { DbOrTx } from '../db/client.ts';

export interface AttentionAsker {
  clientRef: number;
  permissions: ReadonlySet<Permission>;
  /** The day the counts are for (YYYY-MM-DD). */
  today: string;
}

export type AttentionPart<K extends keyof HomeAttention> = (
  db: DbOrTx,
  asker: AttentionAsker,
) => Promise<HomeAttention[K]>;

const KEYS = homeAttentionSchema.keyof().options;

export class AttentionParts {
  readonly #parts = new Map<keyof HomeAttention, AttentionPart<keyof HomeAttention>>();

  provide<K extends keyof HomeAttention>(key: K, part: AttentionPart<K>): void {
    if (this.#parts.has(key)) throw new Error(`The home page's ${key} is given twice`);
    this.#parts.set(key, part as AttentionPart<keyof HomeAttention>);
  }

  /** Every part, one after another (one connection's worth of work, not five at once). */
  async read(db: DbOrTx, asker: AttentionAsker): Promise<HomeAttention> {
    const answer: Partial<Record<keyof HomeAttention, unknown>> = {};
    for (const key of KEYS) {
      const part = this.#parts.get(key);
      if (!part) throw new Error(`No module gives the home page's ${key}`);
      answer[key] = await part(db, asker);
    }
    return answer as HomeAttention;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    attention: AttentionParts;
  }
}

export const attentionPlugin = fp(
  async (app) => {
    app.decorate('attention', new AttentionParts());
  },
  { name: 'attention' },
);
