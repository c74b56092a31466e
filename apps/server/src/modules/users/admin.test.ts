import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_ADMIN_MESSAGES } from '@spotzcity/shared/users';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PASSWORD, actor, createOrg, createUser, signIn } from '../../../test/factories.ts';
import { acceptInvitation, mailsTo } from '../../../test/mail.ts';
import { auditLog, clients, users } from '../../db/schema/index.ts';
import { ACCOUNT_MESSAGES } from '../../platform/accounts.ts';
import { USER_ADMIN_ERRORS } from './admin-service.ts';

let t: TestApp;
let superUser: Awaited<ReturnType<typeof actor>>;
let superAdmin: Awaited<ReturnType<typeof actor>>;

beforeAll(async () => {
  t = await createTestApp();
  superUser = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
  superAdmin = await actor(t.app, t.database.db, 'ROLE_SUPER_ADMIN');
});
afterAll(() => t.close());

const newEmail = () => `person-${randomBytes(4).toString('hex')}@example.com`;
const userRow = async (id: number) =>
  (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const membersOf = async (clientRef: number) =>
  (await t.database.db.select({ n: count() }).from(users).where(eq(users.clientRef, clientRef)))[0]!
    .n;

/** Two buyer organisations, A and B, each with a Buyer Admin and a Buyer User. */
async function twoOrganisations() {
  const a = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  const b = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
  const aUser = await createUser(t.database.db, { clientRef: a.org.id });
  const bUser = await createUser(t.database.db, { clientRef: b.org.id });
  return { a, b, aUser, bUser };
}

describe('POST /api/users/list', () => {
  it("shows a Buyer Admin only their own organisation's users, with the spec's columns", async () => {
    const { a, aUser, bUser } = await twoOrganisations();
    const gone = await createUser(t.database.db, { clientRef: a.org.id, deletedAt: new Date() });
    const res = await t.call(a.token, 'POST', '/api/users/list', { pageNumber: 0 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalCount: 2, length: 2, pageNumber: 0, pageSize: 20 });
    const ids = body.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual([aUser.id, a.user.id]);
    expect(ids).not.toContain(bUser.id);
    expect(ids).not.toContain(gone.id);
    expect(body.data[0]).toEqual({
      id: aUser.id,
      clientId: a.org.clientId,
      name: aUser.name,
      email: aUser.email,
      emailId: aUser.email,
      companyName: a.org.companyName,
      clientType: 'BUYER',
      role: 'ROLE_BUYER_USER',
      dateCreated: aUser.createdAt.toISOString(),
      invitationPending: false,
      status: 'ACTIVE',
    });
  });

  it('says DISABLED of the users of a disabled organisation', async () => {
    const { a, aUser } = await twoOrganisations();
    await t.database.db.update(clients).set({ status: 'DISABLE' }).where(eq(clients.id, a.org.id));
    const res = await t.call(superUser.token, 'GET', `/api/users/${aUser.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'DISABLED', invitationPending: false });
  });

  it('ignores the client filter of a Buyer Admin pointing at another organisation', async () => {
    const { a, b } = await twoOrganisations();
    const res = await t.call(a.token, 'POST', '/api/users/list', { clientId: b.org.clientId });
    expect(res.json().data.every((u: { clientId: string }) => u.clientId === a.org.clientId)).toBe(
      true,
    );
  });

  it('shows Super Users every organisation, filtered by client id on request, but not deleted clients', async () => {
    const { a, b } = await twoOrganisations();
    const deletedOrg = await createOrg(t.database.db, { deletedAt: new Date() });
    const hidden = await createUser(t.database.db, { clientRef: deletedOrg.id });
    const all = await t.call(superUser.token, 'POST', '/api/users/list', { pageSize: 100 });
    const clientIds = new Set(all.json().data.map((u: { clientId: string }) => u.clientId));
    expect(clientIds).toContain(a.org.clientId);
    expect(clientIds).toContain(b.org.clientId);
    expect(all.json().data.map((u: { id: number }) => u.id)).not.toContain(hidden.id);

    const onlyB = await t.call(superAdmin.token, 'POST', '/api/users/list', {
      clientId: b.org.clientId.toLowerCase(),
    });
    expect(onlyB.json().totalCount).toBe(2);
    expect(
      onlyB.json().data.every((u: { clientId: string }) => u.clientId === b.org.clientId),
    ).toBe(true);
  });
});

describe('tenant isolation', () => {
  it("answers 404 to a Buyer Admin reading, updating or deleting another organisation's user, and changes nothing", async () => {
    const { a, bUser } = await twoOrganisations();
    const before = await userRow(bUser.id);

    const read = await t.call(a.token, 'GET', `/api/users/${bUser.id}`);
    const update = await t.call(a.token, 'PUT', '/api/users/add', {
      id: bUser.id,
      name: 'Hijacked',
      email: newEmail(),
      role: 'ROLE_BUYER_ADMIN',
    });
    const removeBody = await t.call(a.token, 'DELETE', '/api/users/delete', { id: bUser.id });
    const removeQuery = await t.call(a.token, 'DELETE', `/api/users/delete?id=${bUser.id}`);
    for (const res of [read, update, removeBody, removeQuery]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: USER_ADMIN_ERRORS.notFound });
    }
    expect(await userRow(bUser.id)).toEqual(before);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, bUser.id)));
    expect(trail).toEqual([]);
  });

  it("creates a Buyer Admin's user in their own organisation even when the body names another", async () => {
    const { a, b } = await twoOrganisations();
    const bMembers = await membersOf(b.org.id);
    const email = newEmail();
    const res = await t.call(a.token, 'POST', '/api/users/add', {
      clientId: b.org.clientId,
      name: 'Casey Park',
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ clientId: a.org.clientId, email });
    expect(await membersOf(b.org.id)).toBe(bMembers);
    const created = await userRow(res.json().data.id);
    expect(created.clientRef).toBe(a.org.id);
  });

  it('does not let a Buyer Admin read a user of their own organisation once it is deleted', async () => {
    const { a, aUser } = await twoOrganisations();
    await t.call(a.token, 'DELETE', '/api/users/delete', { id: aUser.id });
    expect((await t.call(a.token, 'GET', `/api/users/${aUser.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/users/add', () => {
  it('invites the new user, whose role follows the organisation type', async () => {
    const supplierOrg = await createOrg(t.database.db, { type: 'SUPPLIER' });
    const email = newEmail();
    const res = await t.call(superUser.token, 'POST', '/api/users/add', {
      clientId: supplierOrg.clientId,
      name: 'Quinn Rivera',
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `Created Successfully. An invitation to set a password has been sent to ${email}.`,
    );
    expect(res.json().data).toMatchObject({
      role: 'ROLE_SUPPLIER',
      email,
      invitationPending: true,
      status: 'INVITED',
    });
    expect(await mailsTo(t.database.db, email)).toHaveLength(1);

    await acceptInvitation(t.app, t.database.db, email, 'Quinn#Rivera1');
    const token = await signIn(t.app, email, 'Quinn#Rivera1');
    const listed = await t.call(superUser.token, 'GET', `/api/users/${res.json().data.id}`);
    expect(listed.json().data).toMatchObject({ invitationPending: false, status: 'ACTIVE' });
    expect(token).toBeTruthy();
  });

  it('makes a Buyer Admin’s new user a Buyer User, or a Buyer Admin when asked', async () => {
    const { a } = await twoOrganisations();
    const plain = await t.call(a.token, 'POST', '/api/users/add', { name: 'A', email: newEmail() });
    expect(plain.json().data.role).toBe('ROLE_BUYER_USER');
    const admin = await t.call(a.token, 'POST', '/api/users/add', {
      name: 'B',
      email: newEmail(),
      role: 'ROLE_BUYER_ADMIN',
    });
    expect(admin.json().data.role).toBe('ROLE_BUYER_ADMIN');
  });

  it('answers the validation messages of the form', async () => {
    const { a } = await twoOrganisations();
    const empty = await t.call(a.token, 'POST', '/api/users/add', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { field: 'name', message: 'Required' },
      { field: 'email', message: 'Required' },
    ]);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '   ' }, 'name', 'Required'],
      [{ name: 'n'.repeat(51) }, 'name', 'Must be 50 characters or less'],
      [{ email: 'someone@' }, 'email', 'Invalid email address'],
      [{ role: 'ROLE_OWNER' }, 'role', USER_ADMIN_MESSAGES.roleNotAllowed],
      [{ role: 'ROLE_SUPPLIER' }, 'role', USER_ADMIN_MESSAGES.roleNotAllowed],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.call(a.token, 'POST', '/api/users/add', {
        name: 'Valid Name',
        email: newEmail(),
        ...overrides,
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    }
  });

  it('asks a Super User for a client id that exists', async () => {
    const none = await t.call(superUser.token, 'POST', '/api/users/add', {
      name: 'N',
      email: newEmail(),
    });
    expect(none.json().errors).toEqual([{ field: 'clientId', message: 'Required' }]);
    const unknown = await t.call(superUser.token, 'POST', '/api/users/add', {
      clientId: 'NO-SUCH-CLIENT',
      name: 'N',
      email: newEmail(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { field: 'clientId', message: USER_ADMIN_ERRORS.clientNotFound },
    ]);
  });

  it('refuses an e-mail that another user of the organisation has, whatever its case', async () => {
    const { a, aUser, bUser } = await twoOrganisations();
    const res = await t.call(a.token, 'POST', '/api/users/add', {
      name: 'Copy',
      email: aUser.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ACCOUNT_MESSAGES.emailTaken);
    // A Super User sees every organisation: for them an address in use anywhere is a 409.
    const across = await t.call(superUser.token, 'POST', '/api/users/add', {
      clientId: a.org.clientId,
      name: 'Copy',
      email: bUser.email,
    });
    expect(across.statusCode).toBe(409);
  });

  it('does not tell an organisation admin that an address belongs to another organisation', async () => {
    const { a, bUser } = await twoOrganisations();
    const fresh = newEmail();
    const free = await t.call(a.token, 'POST', '/api/users/add', { name: 'Fresh', email: fresh });
    const taken = await t.call(a.token, 'POST', '/api/users/add', {
      name: 'Copy',
      email: bUser.email,
    });
    // The same answer as for a free address, and the same kind of row in the list.
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().message).toBe(free.json().message.replace(fresh, bUser.email));
    const shapeOf = (data: Record<string, unknown>) => {
      const { name: _n, email: _e, emailId: _ei, id: _i, dateCreated: _d, ...rest } = data;
      return rest;
    };
    expect(shapeOf(taken.json().data)).toEqual(shapeOf(free.json().data));
    const list = await t.call(a.token, 'POST', '/api/users/list', { pageNumber: 0 });
    const listed = list.json().data.find((u: { email: string }) => u.email === bUser.email);
    expect(listed).toMatchObject({ invitationPending: true, companyName: a.org.companyName });

    // No code went to the address: its owner was told, and their account is untouched.
    const [notice] = await mailsTo(t.database.db, bUser.email);
    expect(notice?.body).not.toMatch(/\b\d{6}\b/);
    expect(notice?.body).toMatch(/already belongs to your SpotzCity account/);
    expect(await signIn(t.app, bUser.email)).toBeTruthy();
    const row = await userRow(taken.json().data.id);
    expect(row.addressInUse).toBe(true);
    // A second try in the same organisation is a duplicate its admin can see.
    const again = await t.call(a.token, 'POST', '/api/users/add', {
      name: 'Copy',
      email: bUser.email,
    });
    expect(again.statusCode).toBe(409);
  });

  it('lets only a holder of SPORTZCITY_ADMIN_CREATION add users to a SpotzCity admin', async () => {
    const adminOrg = await createOrg(t.database.db, { type: 'SUPER_ADMIN' });
    const body = { clientId: adminOrg.clientId, name: 'Ops', email: newEmail() };
    expect((await t.call(superAdmin.token, 'POST', '/api/users/add', body)).statusCode).toBe(403);
    const res = await t.call(superUser.token, 'POST', '/api/users/add', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('ROLE_SUPER_ADMIN');
  });
});

describe('PUT /api/users/add', () => {
  it('lets a Buyer Admin promote and demote a user of their organisation, audited', async () => {
    const { a, aUser } = await twoOrganisations();
    const promoted = await t.call(a.token, 'PUT', '/api/users/add', {
      id: aUser.id,
      name: 'Promoted Person',
      email: aUser.email,
      role: 'ROLE_BUYER_ADMIN',
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({
      message: 'Updated Successfully',
      data: { role: 'ROLE_BUYER_ADMIN', name: 'Promoted Person' },
    });
    const demoted = await t.call(a.token, 'PUT', '/api/users/add', {
      id: aUser.id,
      name: 'Promoted Person',
      email: aUser.email,
      role: 'ROLE_BUYER_USER',
    });
    expect(demoted.json().data.role).toBe('ROLE_BUYER_USER');

    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, aUser.id)))
      .orderBy(auditLog.id);
    expect(trail.map((e) => [e.action, e.actorId, e.before, e.after])).toEqual([
      [
        'UPDATE',
        a.user.id,
        { name: 'Test User', role: 'ROLE_BUYER_USER' },
        { name: 'Promoted Person', role: 'ROLE_BUYER_ADMIN' },
      ],
      ['UPDATE', a.user.id, { role: 'ROLE_BUYER_ADMIN' }, { role: 'ROLE_BUYER_USER' }],
    ]);
  });

  it('keeps a user in their organisation and refuses a change of one’s own role', async () => {
    const { a, b, aUser } = await twoOrganisations();
    const moved = await t.call(superUser.token, 'PUT', '/api/users/add', {
      id: aUser.id,
      clientId: b.org.clientId,
      name: aUser.name,
      email: aUser.email,
    });
    expect(moved.statusCode).toBe(200);
    expect((await userRow(aUser.id)).clientRef).toBe(a.org.id);

    const own = await t.call(a.token, 'PUT', '/api/users/add', {
      id: a.user.id,
      name: a.user.name,
      email: a.user.email,
      role: 'ROLE_BUYER_USER',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(USER_ADMIN_ERRORS.ownRole);
  });

  it('refuses a taken e-mail, a role foreign to the organisation, and a missing id', async () => {
    const { a, aUser, bUser } = await twoOrganisations();
    const base = { id: aUser.id, name: aUser.name, email: aUser.email };
    const taken = await t.call(a.token, 'PUT', '/api/users/add', { ...base, email: a.user.email });
    expect(taken.statusCode).toBe(409);
    // Another organisation's address is not refused (that would tell): the row can no longer
    // sign in, and the address's owner is told.
    const elsewhere = await t.call(a.token, 'PUT', '/api/users/add', {
      ...base,
      email: bUser.email,
    });
    expect(elsewhere.statusCode).toBe(200);
    expect((await userRow(aUser.id)).addressInUse).toBe(true);
    expect((await mailsTo(t.database.db, bUser.email))[0]?.body).toMatch(/already belongs/);
    expect(await signIn(t.app, bUser.email)).toBeTruthy();
    const foreign = await t.call(superUser.token, 'PUT', '/api/users/add', {
      ...base,
      role: 'ROLE_SUPER_USER',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { field: 'role', message: USER_ADMIN_MESSAGES.roleNotAllowed },
    ]);
    const noId = await t.call(a.token, 'PUT', '/api/users/add', { name: 'x', email: newEmail() });
    expect(noId.json().errors).toEqual([{ field: 'id', message: 'Required' }]);
  });

  it('does not let a Super Admin change a Super User', async () => {
    const target = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
    const res = await t.call(superAdmin.token, 'PUT', '/api/users/add', {
      id: target.user.id,
      name: 'Renamed',
      email: target.user.email,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/users/delete', () => {
  it('soft-deletes: the row stays, access goes, the audit keeps before and after', async () => {
    const { a, aUser } = await twoOrganisations();
    const token = await signIn(t.app, aUser.email);
    const res = await t.call(a.token, 'DELETE', '/api/users/delete', { id: aUser.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted Successfully' });

    const kept = await userRow(aUser.id);
    expect(kept.deletedAt).toBeInstanceOf(Date);
    expect((await t.call(token, 'GET', '/api/users/profile')).statusCode).toBe(401);
    await expect(signIn(t.app, aUser.email, PASSWORD)).rejects.toThrow(/400/);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, aUser.id)));
    expect(entry).toMatchObject({
      action: 'DELETE',
      actorId: a.user.id,
      actorEmail: a.user.email,
      clientRef: a.org.id,
      before: { email: aUser.email, deletedAt: null },
      after: { email: aUser.email, deletedAt: kept.deletedAt!.toISOString() },
    });
    // The e-mail is free again for a new account.
    const reused = await t.call(a.token, 'POST', '/api/users/add', {
      name: 'New',
      email: aUser.email,
    });
    expect(reused.statusCode).toBe(200);
  });

  it('refuses to delete oneself', async () => {
    const res = await t.call(
      superUser.token,
      'DELETE',
      `/api/users/delete?id=${superUser.user.id}`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_ADMIN_ERRORS.deleteSelf);
    expect((await userRow(superUser.user.id)).deletedAt).toBeNull();
  });

  it('does not let a Super Admin delete a Super User or another Super Admin', async () => {
    for (const role of ['ROLE_SUPER_USER', 'ROLE_SUPER_ADMIN'] as const) {
      const target = await actor(t.app, t.database.db, role);
      const res = await t.call(superAdmin.token, 'DELETE', '/api/users/delete', {
        id: target.user.id,
      });
      expect(res.statusCode).toBe(403);
    }
  });
});
