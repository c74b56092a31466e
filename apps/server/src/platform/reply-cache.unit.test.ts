/**
 * The store behind kept replies (platform/reply-cache.ts): its bound, its order of eviction, and
 * what makes a kept reply no longer the answer.
 */
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { ENTRY_OVERHEAD, KeptReplies, keyOf, replyCachePlugin, type Kept } from './reply-cache.ts';

const reply = (payload: string, snapshot = '7:7:', at = 0): Kept => ({
  payload: Buffer.from(payload),
  contentType: 'application/json; charset=utf-8',
  snapshot,
  at,
});

/** What an entry of a one-character key, a 9-character reply and snapshot '7:7:' costs. */
const ENTRY = 1 + 9 + 4 + ENTRY_OVERHEAD;

describe('KeptReplies', () => {
  it('answers under the same snapshot within the time, and forgets a reply that is not', () => {
    const kept = new KeptReplies(100_000);
    kept.keep('a', reply('{"n":1}', '7:7:', 100));
    expect(kept.answer('a', '7:7:', 150, 60)?.payload.toString()).toBe('{"n":1}');
    expect(kept.answer('a', '7:8:', 150, 60)).toBeUndefined();
    // Dropped on the miss: the old snapshot does not come back.
    expect(kept.answer('a', '7:7:', 150, 60)).toBeUndefined();
    kept.keep('b', reply('{}', '7:7:', 100));
    expect(kept.answer('b', '7:7:', 160, 60)).toBeUndefined();
    expect(kept.counts).toMatchObject({ hits: 1, misses: 3, entries: 0, bytes: 0 });
  });

  it('holds at most its characters, the least recently used dropped first', () => {
    const kept = new KeptReplies(16 * ENTRY);
    kept.keep('a', reply('a'.repeat(9)));
    kept.keep('b', reply('b'.repeat(9)));
    kept.keep('c', reply('c'.repeat(9)));
    expect(kept.answer('a', '7:7:', 0, 60)).toBeDefined();
    for (let i = 0; i < 14; i++) kept.keep(`${i % 10}`, reply('x'.repeat(9)));
    for (let i = 0; i < 4; i++) kept.keep(`${'xyzw'[i]}`, reply('x'.repeat(9)));
    // 17 entries where 16 fit: the least recently used one (b, as a was read) went.
    expect(kept.counts).toMatchObject({ entries: 16, bytes: 16 * ENTRY });
    expect(kept.answer('b', '7:7:', 0, 60)).toBeUndefined();
    expect(kept.answer('a', '7:7:', 0, 60)).toBeDefined();
    expect(kept.answer('c', '7:7:', 0, 60)).toBeDefined();
  });

  it('keeps no entry over a sixteenth of the whole, key counted, and replaces a key in place', () => {
    const kept = new KeptReplies(16 * ENTRY);
    kept.keep('k', reply('x'.repeat(10)));
    expect(kept.counts).toMatchObject({ entries: 0, bytes: 0 });
    kept.keep('long key', reply('x'.repeat(3)));
    expect(kept.counts).toMatchObject({ entries: 0, bytes: 0 });
    kept.keep('k', reply('x'.repeat(9), '1:1:'));
    expect(kept.counts).toMatchObject({ entries: 1, bytes: ENTRY });
    kept.keep('k', reply('y'.repeat(4), '2:2:'));
    expect(kept.counts).toMatchObject({ entries: 1, bytes: ENTRY - 5 });
    expect(kept.answer('k', '2:2:', 0, 60)?.payload.toString()).toBe('yyyy');
  });
});

describe('keyOf', () => {
  const request = (body: unknown, url = '/api/rfx/list') => ({ method: 'POST', url, body });

  it('tells users, URLs and bodies apart, and keeps long bodies short', () => {
    const keys = [
      keyOf(1, request({ pageNumber: 0 })),
      keyOf(2, request({ pageNumber: 0 })),
      keyOf(1, request({ pageNumber: 1 })),
      keyOf(1, request({ pageNumber: 0 }, '/api/rfx/list?x=1')),
      keyOf(1, request(undefined)),
      keyOf(1, { method: 'GET', url: '/api/rfx/list', body: undefined }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    const ids = Array.from({ length: 5_000 }, (_, i) => i);
    const long = keyOf(1, request({ selectedIds: ids }));
    expect(long.length).toBeLessThan(80);
    expect(long).not.toBe(keyOf(1, request({ selectedIds: [...ids, 5_000] })));
  });
});

describe('replyCachePlugin', () => {
  it('refuses a route that keeps replies and has a preHandler a hit would skip', async () => {
    const app = Fastify();
    await app.register(fp(async () => {}, { name: 'auth' }));
    await app.register(replyCachePlugin, { maxBytes: 1_000_000, ttlMs: 10_000 });
    app.post('/plain', { config: { replyCache: true } }, async () => ({}));
    expect(() =>
      app.post(
        '/checked',
        { config: { replyCache: true }, preHandler: async () => {} },
        async () => ({}),
      ),
    ).toThrow('POST /checked: a route with a preHandler keeps no replies');
    await app.close();
  });
});
