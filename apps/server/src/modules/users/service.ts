/** The signed-in user's own profile, picture and password (spec 01 points 3, 5, 7). */
import { eq, sql } from 'drizzle-orm';
import type { PasswordChangeInput, ProfileUpdateInput } from '@spotzcity/shared/auth';
import { deriveFeatures, type Permission } from '@spotzcity/shared/permissions';
import type { UserProfile } from '@spotzcity/shared/api';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type LoadedAccount, loadPrincipal } from '../../platform/auth.ts';
import { NotFound, TooManyRequests, ValidationError } from '../../platform/errors.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Throttle } from '../../platform/throttle.ts';

export const PICTURE_PREFIX = 'profile-pictures';

export const USER_MESSAGES = {
  oldPasswordWrong: 'Old Password is incorrect.',
  samePassword: 'New Password must be different from the Old Password.',
  passwordUpdated: 'Password Updated Successfully.',
} as const;

/** `/api/users/picture/<file>`: the picture's storage key without its folder. */
export const pictureUrl = (key: string | null) =>
  key ? `/api/users/picture/${key.slice(PICTURE_PREFIX.length + 1)}` : null;

export async function getProfile(db: DbOrTx, userId: number): Promise<UserProfile> {
  const loaded = await loadPrincipal(db, userId);
  if (!loaded) throw new NotFound('User not found');
  return profileOf(loaded);
}

/** The profile as the reply shows it, from the account's rows. */
export function profileOf({ user, client, permissions }: LoadedAccount): UserProfile {
  return {
    id: user.id,
    clientId: client.clientId,
    name: user.name,
    email: user.email,
    companyName: client.companyName,
    clientType: client.type,
    createdDate: user.createdAt.toISOString(),
    role: user.roleCode,
    profilePicUrl: pictureUrl(user.pictureKey),
    gender: user.gender,
    dateOfBirth: user.dateOfBirth,
    phone: user.phone,
    permissions: permissions as Permission[],
    features: deriveFeatures(permissions),
  };
}

/**
 * Saves the profile fields and the picture change. `newPictureKey` is an already stored upload;
 * the replaced (or removed) picture is deleted from storage after the row is saved.
 */
export async function updateProfile(
  db: DbOrTx,
  storage: Storage,
  userId: number,
  input: ProfileUpdateInput,
  newPictureKey: string | undefined,
) {
  const [current] = await db
    .select({ pictureKey: users.pictureKey })
    .from(users)
    .where(eq(users.id, userId));
  if (!current) throw new NotFound('User not found');

  const pictureKey = newPictureKey ?? (input.deleteImage ? null : current.pictureKey);
  await db
    .update(users)
    .set({
      name: input.name,
      gender: input.gender,
      dateOfBirth: input.dateOfBirth,
      phone: input.phone ?? null,
      pictureKey,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  if (current.pictureKey && current.pictureKey !== pictureKey) {
    await storage.remove(current.pictureKey);
  }
  return getProfile(db, userId);
}

/** How often the old password may be wrong per account and throttle window. */
export interface OldPasswordChecks {
  throttle: Throttle;
  limit: number;
}

/**
 * Changes the password and bumps the token version; returns the new version for a fresh token.
 * Each check of the old password is counted before it is made, so that a stolen session cannot
 * guess it, not even with many requests at once.
 */
export async function changePassword(
  db: DbOrTx,
  userId: number,
  input: PasswordChangeInput,
  checks: OldPasswordChecks,
) {
  const key = `old-password:${userId}`;
  if ((await checks.throttle.take(key)) > checks.limit) throw new TooManyRequests();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new NotFound('User not found');
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw ValidationError.field('oldPassword', USER_MESSAGES.oldPasswordWrong);
  }
  await checks.throttle.giveBack(key);
  if (input.oldPassword === input.newPassword) {
    throw ValidationError.field('newPassword', USER_MESSAGES.samePassword);
  }
  const [updated] = await db
    .update(users)
    .set({
      passwordHash: await hashPassword(input.newPassword),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  if (!updated) throw new NotFound('User not found');
  return updated;
}
