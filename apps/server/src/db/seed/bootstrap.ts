/**
 * What every installation needs: roles, permissions, the default role → permission mapping
 * (only on the first start: an operator may change it afterwards), the platform organisation and
 * one Super User.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ACTION_PERMISSIONS,
  DEFAULT_ROLE_PERMISSIONS,
  ROLES,
  ROLE_LABELS,
  VIEW_PERMISSIONS,
} from '@spotzcity/shared/permissions';
import type { Db } from '../client.ts';
import { clients, permissions, rolePermissions, roles, users } from '../schema/index.ts';
import { hashPassword } from '../../platform/passwords.ts';

export const PLATFORM_CLIENT_ID = 'SPOTZCITY';

export interface BootstrapOptions {
  adminEmail: string;
  adminPassword: string | undefined;
  appName: string;
  /** Told once about a generated Super User password. */
  announce: (message: string) => void;
}

export async function bootstrap(db: Db, options: BootstrapOptions) {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(ROLES.map((code) => ({ code, label: ROLE_LABELS[code] })))
      .onConflictDoNothing();
    await tx
      .insert(permissions)
      .values([
        ...VIEW_PERMISSIONS.map((code) => ({ code, kind: 'VIEW' as const })),
        ...ACTION_PERMISSIONS.map((code) => ({ code, kind: 'ACTION' as const })),
      ])
      .onConflictDoNothing();
    const [mapped] = await tx.select({ n: sql<number>`count(*)::int` }).from(rolePermissions);
    if (!mapped?.n) {
      await tx.insert(rolePermissions).values(
        ROLES.flatMap((role) =>
          DEFAULT_ROLE_PERMISSIONS[role].map((permissionCode) => ({
            roleCode: role,
            permissionCode,
          })),
        ),
      );
    }

    let [platform] = await tx
      .select()
      .from(clients)
      .where(eq(clients.clientId, PLATFORM_CLIENT_ID))
      .limit(1);
    platform ??= (
      await tx
        .insert(clients)
        .values({
          clientId: PLATFORM_CLIENT_ID,
          name: `${options.appName} Operations`,
          email: options.adminEmail,
          companyName: options.appName,
          type: 'SUPER_ADMIN',
        })
        .returning()
    )[0];
    if (!platform) throw new Error('Could not create the platform organisation');

    const [superUser] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.roleCode, 'ROLE_SUPER_USER'), isNull(users.deletedAt)))
      .limit(1);
    if (!superUser) {
      const password = options.adminPassword ?? generatePassword();
      await tx.insert(users).values({
        clientRef: platform.id,
        name: 'Super User',
        email: options.adminEmail,
        passwordHash: await hashPassword(password),
        roleCode: 'ROLE_SUPER_USER',
      });
      if (!options.adminPassword) {
        options.announce(
          `Created the Super User ${options.adminEmail} with the generated password ${password} ` +
            `(shown once; set ADMIN_PASSWORD to choose it).`,
        );
      }
    }
  });
}

/** A password that satisfies the spec's rule: upper, lower, digit and symbol. */
function generatePassword() {
  return `Sc${randomBytes(9).toString('base64url')}7!`;
}
