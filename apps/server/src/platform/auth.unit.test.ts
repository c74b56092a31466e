/**
 * How the guard shares account lookups (auth.ts, `lookUp`): requests for one token that arrive in
 * the same turn of the event loop share one query; a request arriving once that query is sent
 * waits for a query of its own, so that it sees whatever was committed before it arrived
 * (a logout on another server included). The lookup is a stand-in here that counts its calls and
 * answers when told.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterEach, describe, expect, it } from 'vitest';
import { authPlugin, type LoadedAccount } from './auth.ts';

const account = () =>
  ({
    user: {
      id: 1,
      name: 'A',
      email: 'a@example.com',
      roleCode: 'ROLE_BUYER_ADMIN',
      tokenVersion: 0,
    },
    client: {
      id: 1,
      clientId: 'C-1',
      type: 'BUYER',
      status: 'ENABLE',
      contractEndAt: null,
      deletedAt: null,
    },
    revoked: false,
    permissions: [],
  }) as unknown as LoadedAccount;

let app: FastifyInstance;
afterEach(() => app.close());

/** An app whose lookups wait until `answer` is called; `calls` counts them. */
async function appWithLookups() {
  const pending: ((value: LoadedAccount) => void)[] = [];
  const state = { calls: 0 };
  app = Fastify();
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('db', {} as never);
      },
      { name: 'db' },
    ),
  );
  await app.register(authPlugin, {
    secret: 'a-secret-that-is-long-enough-for-hs256-signing',
    expiresIn: '1h',
    load: () => {
      state.calls++;
      return new Promise((resolve) => pending.push(resolve));
    },
  });
  app.get('/who', { onRequest: app.guard() }, async (request) => ({ id: request.principal!.id }));
  await app.ready();
  const token = app.tokens.sign({ id: 1, tokenVersion: 0 });
  const get = () => app.inject({ url: '/who', headers: { authorization: `Bearer ${token}` } });
  const answerAll = () => {
    for (const resolve of pending.splice(0)) resolve(account());
  };
  return { state, get, answerAll };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('account lookups', () => {
  it('are shared by requests that arrive together', async () => {
    const { state, get, answerAll } = await appWithLookups();
    const replies = [get(), get(), get(), get()];
    await turn();
    await turn();
    expect(state.calls).toBe(1);
    answerAll();
    for (const reply of await Promise.all(replies)) expect(reply.statusCode).toBe(200);
  });

  it('are not joined once sent: a later request waits for a query of its own', async () => {
    const { state, get, answerAll } = await appWithLookups();
    const first = get();
    await turn();
    await turn();
    expect(state.calls).toBe(1);
    const second = get();
    await turn();
    await turn();
    expect(state.calls).toBe(2);
    answerAll();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
  });
});
