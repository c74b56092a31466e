/**
 * The authorisation matrix of the administration: every admin endpoint × every role (and no
 * token) → the expected status. Each call gets fresh targets, so a success never depends on
 * another row of the table. Targets of the users endpoints belong to the Buyer Admin's own
 * organisation, where a Buyer Admin may act; other organisations are tenant-isolation's business
 * (modules/users/admin.test.ts).
 */
import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@spotzcity/shared/permissions';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actor, createOrg, createUser } from '../../test/factories.ts';

type Actor = 'superUser' | 'superAdmin' | 'buyerAdmin' | 'buyerUser' | 'supplier' | 'anonymous';
const ACTORS: Actor[] = [
  'superUser',
  'superAdmin',
  'buyerAdmin',
  'buyerUser',
  'supplier',
  'anonymous',
];
const ROLE: Record<Exclude<Actor, 'anonymous'>, Role> = {
  superUser: 'ROLE_SUPER_USER',
  superAdmin: 'ROLE_SUPER_ADMIN',
  buyerAdmin: 'ROLE_BUYER_ADMIN',
  buyerUser: 'ROLE_BUYER_USER',
  supplier: 'ROLE_SUPPLIER',
};

let t: TestApp;
const tokens = {} as Record<Actor, string | undefined>;
/** The buyer organisation of the Buyer Admin and the Buyer User. */
let buyerOrg: { id: number; clientId: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const buyerAdmin = await actor(t.app, db, 'ROLE_BUYER_ADMIN');
  buyerOrg = buyerAdmin.org;
  tokens.buyerAdmin = buyerAdmin.token;
  tokens.buyerUser = (await actor(t.app, db, 'ROLE_BUYER_USER', { clientRef: buyerOrg.id })).token;
  for (const name of ['superUser', 'superAdmin', 'supplier'] as const) {
    tokens[name] = (await actor(t.app, db, ROLE[name])).token;
  }
  tokens.anonymous = undefined;
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');
const newEmail = () => `matrix-${unique()}@example.com`;
const newClientId = () => `M-${unique()}`.toUpperCase();
const buyerUserId = async () =>
  (await createUser(t.database.db, { clientRef: buyerOrg.id, email: newEmail() })).id;
const orgId = async (type: 'BUYER' | 'SUPER_ADMIN') =>
  (await createOrg(t.database.db, { type })).id;

const clientBody = (type = 'BUYER') => ({
  clientId: newClientId(),
  name: 'Matrix Owner',
  email: newEmail(),
  companyName: 'Matrix Co',
  type,
  contractStartAt: '2026-01-01',
});

interface Row {
  name: string;
  request: () => Promise<InjectOptions>;
  expect: Record<Actor, number>;
}

const ok = (...allowed: Actor[]) =>
  Object.fromEntries(
    ACTORS.map((a) => [a, a === 'anonymous' ? 401 : allowed.includes(a) ? 200 : 403]),
  ) as Record<Actor, number>;

const MATRIX: Row[] = [
  {
    name: 'POST /api/super_admin/clients',
    request: async () => ({ method: 'POST', url: '/api/super_admin/clients', payload: {} }),
    expect: ok('superUser', 'superAdmin'),
  },
  {
    name: 'GET /api/super_admin/clients/all',
    request: async () => ({ method: 'GET', url: '/api/super_admin/clients/all' }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'POST /api/super_admin/clients/all',
    request: async () => ({ method: 'POST', url: '/api/super_admin/clients/all' }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'POST /api/super_admin/client (buyer)',
    request: async () => ({
      method: 'POST',
      url: '/api/super_admin/client',
      payload: clientBody(),
    }),
    expect: ok('superUser', 'superAdmin'),
  },
  {
    name: 'POST /api/super_admin/client (type SUPER_ADMIN)',
    request: async () => ({
      method: 'POST',
      url: '/api/super_admin/client',
      payload: clientBody('SUPER_ADMIN'),
    }),
    expect: ok('superUser'),
  },
  {
    name: 'PUT /api/super_admin/client',
    request: async () => ({
      method: 'PUT',
      url: '/api/super_admin/client',
      payload: { ...clientBody(), id: await orgId('BUYER') },
    }),
    expect: ok('superUser', 'superAdmin'),
  },
  {
    name: 'POST /api/super_admin/admin',
    request: async () => ({
      method: 'POST',
      url: '/api/super_admin/admin',
      payload: { clientId: newClientId(), name: 'Matrix Admin', email: newEmail() },
    }),
    expect: ok('superUser'),
  },
  {
    name: 'PUT /api/super_admin/admin',
    request: async () => ({
      method: 'PUT',
      url: '/api/super_admin/admin',
      payload: {
        id: await orgId('SUPER_ADMIN'),
        clientId: newClientId(),
        name: 'Matrix Admin',
        email: newEmail(),
      },
    }),
    expect: ok('superUser'),
  },
  {
    name: 'DELETE /api/super_admin/delete (buyer client)',
    request: async () => ({
      method: 'DELETE',
      url: '/api/super_admin/delete',
      payload: { id: await orgId('BUYER') },
    }),
    expect: ok('superUser', 'superAdmin'),
  },
  {
    name: 'DELETE /api/super_admin/delete (SpotzCity admin)',
    request: async () => ({
      method: 'DELETE',
      url: `/api/super_admin/delete?id=${await orgId('SUPER_ADMIN')}`,
    }),
    expect: ok('superUser'),
  },
  {
    name: 'POST /api/users/list',
    request: async () => ({ method: 'POST', url: '/api/users/list', payload: { pageNumber: 0 } }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'GET /api/users/:id',
    request: async () => ({ method: 'GET', url: `/api/users/${await buyerUserId()}` }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'POST /api/users/add',
    request: async () => ({
      method: 'POST',
      url: '/api/users/add',
      payload: { clientId: buyerOrg.clientId, name: 'Matrix User', email: newEmail() },
    }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'PUT /api/users/add',
    request: async () => ({
      method: 'PUT',
      url: '/api/users/add',
      payload: { id: await buyerUserId(), name: 'Renamed', email: newEmail() },
    }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'DELETE /api/users/delete',
    request: async () => ({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { id: await buyerUserId() },
    }),
    expect: ok('superUser', 'superAdmin', 'buyerAdmin'),
  },
  {
    name: 'GET /api/audit',
    request: async () => ({ method: 'GET', url: '/api/audit' }),
    expect: ok('superUser'),
  },
];

describe('authorisation matrix of the administration', () => {
  const cases = MATRIX.flatMap((row) =>
    ACTORS.map((who) => ({ endpoint: row.name, who, row, status: row.expect[who] })),
  );

  it.each(cases)('$endpoint as $who → $status', async ({ row, who, status }) => {
    const options = await row.request();
    const token = tokens[who];
    const res = await t.app.inject({
      ...options,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(status);
  });
});
