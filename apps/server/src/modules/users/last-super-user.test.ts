/**
 * SpotzCity always keeps a Super User who can sign in. By default only Super Users may remove
 * one, and nobody may remove themselves; the rule must hold even when an operator grants the
 * SPORTZCITY_ADMIN_* permissions to Super Admins, so this file does exactly that.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { TEST_ADMIN } from '../../../test/constants.ts';
import { actor, signIn } from '../../../test/factories.ts';
import { clients, rolePermissions, users } from '../../db/schema/index.ts';
import { ACCOUNT_MESSAGES } from '../../platform/accounts.ts';

let t: TestApp;
let operator: Awaited<ReturnType<typeof actor>>;
let onlySuperUser: typeof users.$inferSelect;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.insert(rolePermissions).values([
    { roleCode: 'ROLE_SUPER_ADMIN', permissionCode: 'SPORTZCITY_ADMIN_CREATION' },
    { roleCode: 'ROLE_SUPER_ADMIN', permissionCode: 'SPORTZCITY_ADMIN_DELETION' },
  ]);
  operator = await actor(t.app, db, 'ROLE_SUPER_ADMIN');
  const superUsers = await db
    .select()
    .from(users)
    .where(and(eq(users.roleCode, 'ROLE_SUPER_USER'), isNull(users.deletedAt)));
  expect(superUsers).toHaveLength(1);
  onlySuperUser = superUsers[0]!;
});
afterAll(() => t.close());

const call = (method: 'PUT' | 'DELETE', url: string, payload: object) =>
  t.app.inject({ method, url, payload, headers: t.auth(operator.token) });

async function unchanged() {
  const [user] = await t.database.db.select().from(users).where(eq(users.id, onlySuperUser.id));
  const [org] = await t.database.db
    .select()
    .from(clients)
    .where(eq(clients.id, onlySuperUser.clientRef));
  expect(user).toEqual(onlySuperUser);
  expect(org?.deletedAt).toBeNull();
  expect(org?.status).toBe('ENABLE');
  expect(await signIn(t.app, TEST_ADMIN.email, TEST_ADMIN.password)).toBeTruthy();
}

describe('the last Super User', () => {
  it('cannot be deleted', async () => {
    const res = await call('DELETE', '/api/users/delete', { id: onlySuperUser.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.lastSuperUser);
    await unchanged();
  });

  it('cannot be demoted', async () => {
    const res = await call('PUT', '/api/users/add', {
      id: onlySuperUser.id,
      name: onlySuperUser.name,
      email: onlySuperUser.email,
      role: 'ROLE_SUPER_ADMIN',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.noActiveSuperUser);
    await unchanged();
  });

  it('cannot lose access through their organisation being deleted or disabled', async () => {
    const [org] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, onlySuperUser.clientRef));
    const deleted = await call('DELETE', '/api/super_admin/delete', { id: org!.id });
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json().message).toBe(ACCOUNT_MESSAGES.lastSuperUser);

    const disabled = await call('PUT', '/api/super_admin/client', {
      id: org!.id,
      clientId: org!.clientId,
      name: org!.name,
      email: org!.email,
      companyName: org!.companyName,
      type: org!.type,
      status: 'DISABLE',
      contractStartAt: '2026-01-01',
    });
    expect(disabled.statusCode).toBe(400);
    expect(disabled.json().message).toBe(ACCOUNT_MESSAGES.noActiveSuperUser);
    await unchanged();
  });

  it('can be deleted by another Super User once there are two, who then cannot delete themselves', async () => {
    const second = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { id: onlySuperUser.id },
      headers: t.auth(second.token),
    });
    expect(res.statusCode).toBe(200);
    const self = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/delete',
      payload: { id: second.user.id },
      headers: t.auth(second.token),
    });
    expect(self.statusCode).toBe(400);
  });
});
