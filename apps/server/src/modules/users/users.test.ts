import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, deriveFeatures } from '@spotzcity/shared/permissions';
import { MESSAGES } from '@spotzcity/shared/validation';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { PASSWORD, signIn, signedInUser } from '../../../test/factories.ts';
import { dataOf } from '../../../test/replies.ts';
import { TINY_PNG, multipart } from '../../../test/multipart.ts';
import { users } from '../../db/schema/index.ts';
import { USER_MESSAGES } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_IMAGE_MB: '0.01' });
});
afterAll(() => t.close());

const validProfile = {
  name: 'Dana Whitfield',
  gender: 'FEMALE',
  dateOfBirth: '1988-02-29',
  phone: '(312) 555-0147',
  email: 'ignored@example.com',
  deleteImage: 'false',
};

const update = (token: string, fields: Record<string, string>, files = {}) => {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'PUT',
    url: '/api/users/update',
    payload: body.payload,
    headers: { ...body.headers, ...t.auth(token) },
  });
};

describe('GET /api/users/profile', () => {
  it('answers 401 Unauthorized without a token or with a forged one', async () => {
    const none = await t.app.inject({ url: '/api/users/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthorized' });
    const forged = await t.app.inject({ url: '/api/users/profile', headers: t.auth('a.b.c') });
    expect(forged.statusCode).toBe(401);
  });

  it.each(Object.keys(DEFAULT_ROLE_PERMISSIONS) as (keyof typeof DEFAULT_ROLE_PERMISSIONS)[])(
    'lists the permissions of %s and the features derived from them',
    async (role) => {
      const { user, org, token } = await signedInUser(t.app, t.database.db, role);
      const res = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
      expect(res.statusCode).toBe(200);
      const profile = res.json().data;
      expect(profile).toMatchObject({
        id: user.id,
        clientId: org.clientId,
        email: user.email,
        companyName: org.companyName,
        role,
      });
      expect([...profile.permissions].sort()).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]].sort());
      expect(profile.features).toEqual(deriveFeatures(DEFAULT_ROLE_PERMISSIONS[role]));
    },
  );

  it('stops accepting the token of a deleted user', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/users/update', () => {
  it('saves the profile, strips non-digits from the phone and keeps the e-mail read-only', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db);
    const res = await update(token, validProfile);
    expect(dataOf(res, 'User Detail Updated Successfully.')).toMatchObject({
      name: 'Dana Whitfield',
      gender: 'FEMALE',
      dateOfBirth: '1988-02-29',
      phone: '3125550147',
      email: user.email,
    });
  });

  it('stores, serves, replaces and removes the profile picture', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const png = { filename: 'me.png', contentType: 'image/png', data: TINY_PNG };
    const first = await update(token, validProfile, { image: png });
    expect(first.statusCode).toBe(200);
    const url: string = first.json().data.profilePicUrl;
    expect(url).toMatch(/^\/api\/users\/picture\/[0-9a-f-]{36}\.png$/);

    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    // Wherever STORAGE_URL keeps files (a directory on PGlite, the database on PostgreSQL).
    const stored = `profile-pictures/${path.basename(url)}`;
    expect(await t.app.storage.size(stored)).toBe(TINY_PNG.length);

    const second = await update(token, validProfile, { image: png });
    expect(second.json().data.profilePicUrl).not.toBe(url);
    expect(await t.app.storage.size(stored)).toBeUndefined();

    const removed = await update(token, { ...validProfile, deleteImage: 'true' });
    expect(removed.json().data.profilePicUrl).toBeNull();
    expect((await t.app.inject({ url: second.json().data.profilePicUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await update(token, validProfile, {
      image: {
        filename: 'me.png',
        contentType: 'image/png',
        data: Buffer.from('<svg onload=alert(1)>'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('image');
  });

  it('answers 413 for a picture over the configured size', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(20_000)]);
    const res = await update(token, validProfile, {
      image: { filename: 'big.png', contentType: 'image/png', data: big },
    });
    expect(res.statusCode).toBe(413);
  });

  it.each([
    [{ name: '  ' }, 'name', MESSAGES.required],
    [{ name: 'x'.repeat(51) }, 'name', 'Must be 50 characters or less'],
    [{ gender: '' }, 'gender', MESSAGES.required],
    [{ gender: 'OTHER' }, 'gender', MESSAGES.required],
    [{ dateOfBirth: '' }, 'dateOfBirth', MESSAGES.required],
    [{ dateOfBirth: '2999-01-01' }, 'dateOfBirth', MESSAGES.invalidDate],
    [{ dateOfBirth: 'yesterday' }, 'dateOfBirth', MESSAGES.invalidDate],
    [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', MESSAGES.invalidDate],
    [{ phone: '312-555-01477' }, 'phone', 'Must be 10 characters or less'],
  ])('rejects %o with the spec message on %s', async (change, field, message) => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await update(token, { ...validProfile, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });

  it('answers 400 for a form cut off in the middle, and keeps the profile as it was', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db);
    const before = await t.database.db.select().from(users).where(eq(users.id, user.id));
    const body = multipart(validProfile, {
      image: { filename: 'me.png', contentType: 'image/png', data: TINY_PNG },
    });
    for (const cut of [40, body.payload.length - 60]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/update',
        payload: body.payload.subarray(0, cut),
        headers: { ...body.headers, ...t.auth(token) },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: 'The upload was interrupted. Please try again.' });
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, user.id))).toEqual(before);
  });

  it('answers 422 Payload Mismatch when the body is not multipart', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/update',
      payload: validProfile,
      headers: t.auth(token),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Payload Mismatch' });
  });
});

describe('PUT /api/users/password', () => {
  const change = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/users/password', payload, headers: t.auth(token) });

  it('changes the password, refuses the old token and hands back a fresh one', async () => {
    const { user, token } = await signedInUser(t.app, t.database.db);
    const res = await change(token, {
      oldPassword: PASSWORD,
      newPassword: 'Fresh#Pass9',
      confirmPassword: 'Fresh#Pass9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MESSAGES.passwordUpdated);
    const fresh = res.json().data.accessToken;

    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: t.auth(token) })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/users/profile', headers: t.auth(fresh) })).statusCode,
    ).toBe(200);
    expect(await signIn(t.app, user.email, 'Fresh#Pass9')).toBeTruthy();
  });

  it('rejects a wrong old password', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await change(token, {
      oldPassword: 'Wrong#Pass1',
      newPassword: 'Fresh#Pass9',
      confirmPassword: 'Fresh#Pass9',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'oldPassword', message: USER_MESSAGES.oldPasswordWrong },
    ]);
  });

  it('checks ten old passwords of a burst and refuses the rest unchecked', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const guess = (oldPassword: string) =>
      change(token, { oldPassword, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass9' });
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => guess(`Guess#${i}a`)));
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    // The right one is refused too now: the session cannot go on guessing.
    expect((await guess(PASSWORD)).statusCode).toBe(429);
  });

  it('does not count a right old password as a wrong guess', async () => {
    const { token } = await signedInUser(t.app, t.database.db);
    const wrong = {
      oldPassword: 'Wrong#Pass1',
      newPassword: 'Fresh#Pass9',
      confirmPassword: 'Fresh#Pass9',
    };
    const same = { oldPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD };
    for (let i = 0; i < 9; i += 1) expect((await change(token, wrong)).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) {
      const res = await change(token, same);
      expect(res.json().errors).toEqual([
        { field: 'newPassword', message: USER_MESSAGES.samePassword },
      ]);
    }
    expect((await change(token, wrong)).statusCode).toBe(400);
  });

  it.each([
    [{ oldPassword: '', newPassword: '', confirmPassword: '' }, 'oldPassword', MESSAGES.required],
    [
      { oldPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' },
      'newPassword',
      MESSAGES.passwordRule,
    ],
    [
      { oldPassword: PASSWORD, newPassword: 'Fresh#Pass9', confirmPassword: 'Fresh#Pass8' },
      'confirmPassword',
      MESSAGES.passwordMismatch,
    ],
  ])('rejects %o with the spec message', async (payload, field, message) => {
    const { token } = await signedInUser(t.app, t.database.db);
    const res = await change(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
  });
});
