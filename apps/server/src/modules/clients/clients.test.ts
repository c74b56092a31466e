import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '@spotzcity/shared/clients';
import { DEFAULT_ROLE_PERMISSIONS, deriveFeatures } from '@spotzcity/shared/permissions';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { actor, createOrg, createUser, signIn, signInAttempt } from '../../../test/factories.ts';
import { acceptInvitation, mailsTo } from '../../../test/mail.ts';
import { auditLog, clients, users } from '../../db/schema/index.ts';
import { ACCOUNT_MESSAGES } from '../../platform/accounts.ts';
import { CLIENT_ERRORS } from './service.ts';

let t: TestApp;
let superUser: string;
let superAdmin: string;
let superUserOrg: number;

beforeAll(async () => {
  t = await createTestApp();
  const su = await actor(t.app, t.database.db, 'ROLE_SUPER_USER');
  superUser = su.token;
  superUserOrg = su.org.id;
  superAdmin = (await actor(t.app, t.database.db, 'ROLE_SUPER_ADMIN')).token;
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');
const NEW_PASSWORD = 'Welc0me!Aboard';

const clientBody = (overrides: Record<string, unknown> = {}) => ({
  clientId: `C-${unique()}`.toUpperCase(),
  name: 'Morgan Blake',
  email: `owner-${unique()}@example.com`,
  companyName: 'Blake Foods',
  type: 'BUYER',
  contractStartAt: '2026-03-01',
  ...overrides,
});

const usersOf = (clientRef: number) =>
  t.database.db.select().from(users).where(eq(users.clientRef, clientRef));

const auditOf = (entity: 'client' | 'user', entityId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);

describe('POST /api/super_admin/clients', () => {
  it('answers a page of live clients, newest first, in the paged shape', async () => {
    const older = await createOrg(t.database.db);
    const newer = await createOrg(t.database.db);
    const gone = await createOrg(t.database.db, { deletedAt: new Date() });
    const res = await t.call(superUser, 'POST', '/api/super_admin/clients', {
      pageNumber: 0,
      pageSize: 100,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: 'Fetched List Successfully',
      pageNumber: 0,
      pageSize: 100,
    });
    expect(body.length).toBe(body.data.length);
    expect(body.totalCount).toBe(body.data.length);
    const ids = body.data.map((c: { id: number }) => c.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(gone.id);
    expect(body.data.find((c: { id: number }) => c.id === older.id)).toEqual({
      id: older.id,
      clientId: older.clientId,
      name: older.name,
      email: older.email,
      companyName: older.companyName,
      type: 'BUYER',
      status: 'ENABLE',
      contractStartAt: null,
      contractEndAt: null,
      createdAt: older.createdAt.toISOString(),
    });

    const second = await t.call(superUser, 'POST', '/api/super_admin/clients', {
      pageNumber: 1,
      pageSize: 1,
    });
    expect(second.json()).toMatchObject({ pageNumber: 1, pageSize: 1, length: 1 });
  });
});

describe('GET /api/super_admin/clients/all', () => {
  it('maps every live client id to value and label', async () => {
    const org = await createOrg(t.database.db);
    const res = await t.call(superUser, 'GET', '/api/super_admin/clients/all');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ value: org.clientId, label: org.clientId });
  });

  it('leaves SpotzCity admins out for a Super Admin, who may not add users there', async () => {
    const admin = await createOrg(t.database.db, { type: 'SUPER_ADMIN' });
    const options = (await t.call(superAdmin, 'GET', '/api/super_admin/clients/all')).json().data;
    expect(options).not.toContainEqual({ value: admin.clientId, label: admin.clientId });
    const all = (await t.call(superUser, 'GET', '/api/super_admin/clients/all')).json().data;
    expect(all).toContainEqual({ value: admin.clientId, label: admin.clientId });
  });

  it("answers a Buyer Admin only their own client's id", async () => {
    const buyer = await actor(t.app, t.database.db, 'ROLE_BUYER_ADMIN');
    const res = await t.call(buyer.token, 'GET', '/api/super_admin/clients/all');
    expect(res.json().data).toEqual([{ value: buyer.org.clientId, label: buyer.org.clientId }]);
  });
});

describe('POST /api/super_admin/client', () => {
  it('adds a buyer and invites its Buyer Admin, who sets a password and signs in', async () => {
    const body = clientBody({ email: `Mixed.Case-${unique()}@Example.com` });
    const res = await t.call(superUser, 'POST', '/api/super_admin/client', body);
    expect(res.statusCode).toBe(200);
    const email = body.email.toLowerCase();
    expect(res.json().message).toBe(
      `Created Successfully. An invitation to set a password has been sent to ${email}.`,
    );
    const client = res.json().data;
    expect(client).toMatchObject({
      clientId: body.clientId,
      email,
      type: 'BUYER',
      status: 'ENABLE',
      contractStartAt: '2026-03-01',
      contractEndAt: '2027-03-01',
    });

    const [invitee] = await usersOf(client.id);
    expect(invitee).toMatchObject({
      email,
      name: body.name,
      roleCode: 'ROLE_BUYER_ADMIN',
      passwordHash: null,
    });
    const [mail] = await mailsTo(t.database.db, email);
    expect(mail?.subject).toBe('Your SpotzCity account');
    expect(mail?.body).toContain('/forgot-password?email=');
    expect(mail?.body).toMatch(/code: \d{6}/);

    // No password yet: sign-in fails until the invitation is accepted.
    const early = await signInAttempt(t.app, email, NEW_PASSWORD);
    expect(early.statusCode).toBe(400);

    await acceptInvitation(t.app, t.database.db, email, NEW_PASSWORD);
    const token = await signIn(t.app, email, NEW_PASSWORD);
    const profile = (await t.call(token, 'GET', '/api/users/profile')).json().data;
    expect(profile.role).toBe('ROLE_BUYER_ADMIN');
    expect(profile.features).toEqual(deriveFeatures(DEFAULT_ROLE_PERMISSIONS.ROLE_BUYER_ADMIN));
  });

  it('invites a Supplier as the first user of a supplier client', async () => {
    const res = await t.call(
      superAdmin,
      'POST',
      '/api/super_admin/client',
      clientBody({ type: 'SUPPLIER' }),
    );
    expect(res.statusCode).toBe(200);
    const [first] = await usersOf(res.json().data.id);
    expect(first?.roleCode).toBe('ROLE_SUPPLIER');
  });

  it('reads a picked instant in the sender’s time zone and ends the contract a year later', async () => {
    // 04:30 UTC on 1 March is still 28 February five hours west of Greenwich (offset 300).
    const res = await t.call(
      superUser,
      'POST',
      '/api/super_admin/client',
      clientBody({ contractStartAt: '2026-03-01T04:30:00.000Z', offset: 300 }),
    );
    expect(res.json().data).toMatchObject({
      contractStartAt: '2026-02-28',
      contractEndAt: '2027-02-28',
    });
  });

  it('answers each validation message of the form', async () => {
    const empty = await t.call(superUser, 'POST', '/api/super_admin/client', {});
    expect(empty.statusCode).toBe(400);
    const fields = Object.fromEntries(
      empty.json().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
    );
    expect(fields).toEqual({
      clientId: 'Required',
      name: 'Required',
      email: 'Required',
      companyName: 'Required',
      type: 'Required',
      contractStartAt: 'Required',
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x'.repeat(51) }, 'name', 'Must be 50 characters or less'],
      [{ clientId: 'X'.repeat(21) }, 'clientId', 'Must be 20 characters or less'],
      [{ clientId: 'ACME CORP' }, 'clientId', CLIENT_MESSAGES.clientIdPattern],
      [{ companyName: 'x'.repeat(101) }, 'companyName', 'Must be 100 characters or less'],
      [{ email: 'not-an-email' }, 'email', 'Invalid email address'],
      [{ type: 'GOVERNMENT' }, 'type', 'Required'],
      [{ status: 'PAUSED' }, 'status', 'Required'],
      [{ contractStartAt: '2026-02-30' }, 'contractStartAt', 'Enter Valid Date.'],
      [{ contractEndAt: 'soon' }, 'contractEndAt', 'Enter Valid Date.'],
      [{ contractEndAt: '2026-02-01' }, 'contractEndAt', CLIENT_MESSAGES.endBeforeStart],
      [{ offset: 2000 }, 'offset', CLIENT_MESSAGES.offset],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await t.call(superUser, 'POST', '/api/super_admin/client', clientBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toEqual({ message, errors: [{ field, message }] });
    }
  });

  it('refuses a client id already taken, whatever its case, and a taken e-mail, leaving nothing behind', async () => {
    const existing = await createOrg(t.database.db);
    const dupId = await t.call(
      superUser,
      'POST',
      '/api/super_admin/client',
      clientBody({ clientId: existing.clientId.toLowerCase() }),
    );
    expect(dupId.statusCode).toBe(409);
    expect(dupId.json().message).toBe(CLIENT_ERRORS.clientIdTaken);

    const member = await createUser(t.database.db, { clientRef: existing.id });
    const body = clientBody({ email: member.email.toUpperCase() });
    const dupEmail = await t.call(superUser, 'POST', '/api/super_admin/client', body);
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe(ACCOUNT_MESSAGES.emailTaken);
    // The transaction rolled back: no client, no audit row, no second mail.
    const left = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.clientId, body.clientId));
    expect(left).toEqual([]);
    expect(await mailsTo(t.database.db, member.email)).toEqual([]);
  });
});

describe('PUT /api/super_admin/client', () => {
  it('updates the client and writes what changed to the audit log', async () => {
    const created = (
      await t.call(superUser, 'POST', '/api/super_admin/client', clientBody())
    ).json().data;
    const res = await t.call(superUser, 'PUT', '/api/super_admin/client', {
      ...clientBody({ clientId: created.clientId, email: created.email }),
      id: created.id,
      companyName: 'Blake Foods International',
      contractEndAt: '2028-12-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Updated Successfully',
      data: { companyName: 'Blake Foods International', contractEndAt: '2028-12-31' },
    });
    const trail = await auditOf('client', created.id);
    expect(trail.map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    expect(trail[1]).toMatchObject({
      before: { companyName: 'Blake Foods', contractEndAt: '2027-03-01' },
      after: { companyName: 'Blake Foods International', contractEndAt: '2028-12-31' },
    });
  });

  it('keeps the type of a client and answers 404 for a missing or deleted one', async () => {
    const org = await createOrg(t.database.db);
    const typed = await t.call(superUser, 'PUT', '/api/super_admin/client', {
      ...clientBody({ type: 'SUPPLIER' }),
      id: org.id,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().errors).toEqual([{ field: 'type', message: CLIENT_ERRORS.typeChange }]);

    const gone = await createOrg(t.database.db, { deletedAt: new Date() });
    for (const id of [gone.id, 999_999]) {
      const res = await t.call(superUser, 'PUT', '/api/super_admin/client', {
        ...clientBody(),
        id,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('locks out the users of a disabled client with a clear message, and lets them back in', async () => {
    const org = await createOrg(t.database.db);
    const member = await createUser(t.database.db, { clientRef: org.id });
    const token = await signIn(t.app, member.email);
    const body = {
      ...clientBody({ clientId: org.clientId, email: org.email }),
      id: org.id,
      status: 'DISABLE',
    };
    expect((await t.call(superUser, 'PUT', '/api/super_admin/client', body)).statusCode).toBe(200);

    const refused = await signInAttempt(t.app, member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your organisation’s access has been disabled.');
    expect((await t.call(token, 'GET', '/api/users/profile')).statusCode).toBe(401);

    await t.call(superUser, 'PUT', '/api/super_admin/client', { ...body, status: 'ENABLE' });
    expect(await signIn(t.app, member.email)).toBeTruthy();
  });

  it('tells the users of a client whose contract has ended why they cannot sign in', async () => {
    const org = await createOrg(t.database.db);
    const member = await createUser(t.database.db, { clientRef: org.id });
    await t.call(superUser, 'PUT', '/api/super_admin/client', {
      ...clientBody({ clientId: org.clientId, email: org.email }),
      id: org.id,
      contractStartAt: '2020-01-01',
      contractEndAt: '2021-01-01',
    });
    const refused = await signInAttempt(t.app, member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Your organisation’s contract has ended. Please contact your administrator.',
    );
  });

  it('refuses to disable or end the contract of one’s own organisation', async () => {
    const [own] = await t.database.db.select().from(clients).where(eq(clients.id, superUserOrg));
    const res = await t.call(superUser, 'PUT', '/api/super_admin/client', {
      clientId: own!.clientId,
      name: own!.name,
      email: own!.email,
      companyName: own!.companyName,
      type: own!.type,
      contractStartAt: '2026-01-01',
      status: 'DISABLE',
      id: own!.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CLIENT_ERRORS.blockOwn);
  });
});

describe('/api/super_admin/admin', () => {
  it('adds a SpotzCity admin: a SUPER_ADMIN client whose first user is a Super Admin', async () => {
    const email = `admin-${unique()}@spotzcity.example`;
    const res = await t.call(superUser, 'POST', '/api/super_admin/admin', {
      clientId: `ADM-${unique()}`,
      name: 'Riley Chen',
      email,
    });
    expect(res.statusCode).toBe(200);
    const admin = res.json().data;
    expect(admin).toMatchObject({
      type: 'SUPER_ADMIN',
      companyName: 'SpotzCity',
      status: 'ENABLE',
    });
    const [first] = await usersOf(admin.id);
    expect(first).toMatchObject({ email, roleCode: 'ROLE_SUPER_ADMIN', passwordHash: null });
    expect(await mailsTo(t.database.db, email)).toHaveLength(1);

    const renamed = await t.call(superUser, 'PUT', '/api/super_admin/admin', {
      id: admin.id,
      clientId: admin.clientId,
      name: 'Riley Chen-Park',
      email,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('Riley Chen-Park');
  });

  it('validates the admin form and edits only SpotzCity admins', async () => {
    const empty = await t.call(superUser, 'POST', '/api/super_admin/admin', { email: 'nope' });
    expect(empty.json().errors).toEqual([
      { field: 'clientId', message: 'Required' },
      { field: 'name', message: 'Required' },
      { field: 'email', message: 'Invalid email address' },
    ]);
    const buyer = await createOrg(t.database.db);
    const res = await t.call(superUser, 'PUT', '/api/super_admin/admin', {
      id: buyer.id,
      clientId: buyer.clientId,
      name: 'x',
      email: buyer.email,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CLIENT_ERRORS.notAnAdmin);
  });
});

describe('DELETE /api/super_admin/delete', () => {
  it('soft-deletes a client: rows kept, its users locked out with a clear message', async () => {
    const org = await createOrg(t.database.db);
    const member = await createUser(t.database.db, { clientRef: org.id });
    const token = await signIn(t.app, member.email);

    const res = await t.call(superAdmin, 'DELETE', '/api/super_admin/delete', { id: org.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Deleted Successfully' });

    const [kept] = await t.database.db.select().from(clients).where(eq(clients.id, org.id));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    const [user] = await usersOf(org.id);
    expect(user?.deletedAt).toBeNull();
    expect((await t.call(token, 'GET', '/api/users/profile')).statusCode).toBe(401);
    const refused = await signInAttempt(t.app, member.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your organisation no longer has access to SpotzCity.');

    const trail = await auditOf('client', org.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'DELETE',
      before: { deletedAt: null, clientId: org.clientId },
      after: { deletedAt: kept!.deletedAt!.toISOString() },
    });

    const again = await t.call(superUser, 'DELETE', `/api/super_admin/delete?id=${org.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete one’s own organisation and asks for an id', async () => {
    const own = await t.call(superUser, 'DELETE', '/api/super_admin/delete', { id: superUserOrg });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(CLIENT_ERRORS.deleteOwn);
    const missing = await t.call(superUser, 'DELETE', '/api/super_admin/delete');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'id', message: 'Required' }]);
  });
});

describe('GET /api/audit', () => {
  it('lets a Super User read who created which client, newest first, filtered by entity', async () => {
    const created = (
      await t.call(superUser, 'POST', '/api/super_admin/client', clientBody())
    ).json().data;
    const res = await t.call(superUser, 'GET', `/api/audit?entity=client&entityId=${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalCount: 1, length: 1, pageNumber: 0, pageSize: 20 });
    const [entry] = res.json().data;
    expect(entry).toMatchObject({
      action: 'CREATE',
      entity: 'client',
      entityId: created.id,
      clientId: created.clientId,
      before: null,
      after: { clientId: created.clientId, type: 'BUYER' },
    });
    expect(entry.actorEmail).toMatch(/@example\.com$/);

    const invitee = (await usersOf(created.id))[0]!;
    const userTrail = (
      await t.call(superUser, 'GET', `/api/audit?entity=user&entityId=${invitee.id}`)
    ).json().data;
    expect(userTrail).toHaveLength(1);
    expect(userTrail[0].after).toEqual({
      clientRef: created.id,
      name: invitee.name,
      email: invitee.email,
      role: 'ROLE_BUYER_ADMIN',
      deletedAt: null,
    });
  });
});
