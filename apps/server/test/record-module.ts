/**
 * What the tests of a record module (RFx, Contracts) share: one way to call the API with or
 * without a token, and the two checks every endpoint gets (401 without a token, 403 without any
 * of the section's permissions).
 *
 *   const call = apiCaller(() => t);
 *   describe('access', () => {
 *     itGuardsEveryEndpoint(() => t, ENDPOINTS, { section: 'RFx', body: () => validRfx({ id: 1 }) });
 *   });
 */
import { expect, it } from 'vitest';
import { actor } from './factories.ts';
import type { TestApp } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Endpoint = [method: Method, url: string];

/** `t` is created in `beforeAll`, so the helpers take a getter rather than the value. */
type AppOf = () => TestApp;

export function apiCaller(appOf: AppOf) {
  return (token: string | undefined, method: Method, url: string, payload?: unknown) => {
    const t = appOf();
    return t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: token ? t.auth(token) : {},
    });
  };
}

/**
 * Every endpoint answers 401 without a token and 403 to a supplier, who holds none of the
 * section's permissions (`body` is a valid record, so only the permission can refuse it).
 */
export function itGuardsEveryEndpoint(
  appOf: AppOf,
  endpoints: Endpoint[],
  { section, body }: { section: string; body: () => unknown },
) {
  const call = apiCaller(appOf);

  it.each(endpoints)('%s %s answers 401 Unauthorized without a token', async (method, url) => {
    const res = await call(undefined, method, url, method === 'GET' ? undefined : {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it.each(endpoints)(
    `%s %s answers 403 to a user without any ${section} permission`,
    async (method, url) => {
      const t = appOf();
      const { token } = await actor(t.app, t.database.db, 'ROLE_SUPPLIER');
      const res = await call(token, method, url, method === 'GET' ? undefined : body());
      expect(res.statusCode).toBe(403);
    },
  );
}
