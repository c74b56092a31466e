/** Organisations and users for tests, created straight in the database. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Permission, Role } from '@spotzcity/shared/permissions';
import type { Db } from '../src/db/client.ts';
import { clients, rolePermissions, roles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/platform/passwords.ts';

export const PASSWORD = 'Passw0rd!';
let passwordHash: Promise<string> | undefined;

const unique = () => randomBytes(4).toString('hex');

export async function createOrg(db: Db, values: Partial<typeof clients.$inferInsert> = {}) {
  const id = unique();
  const [org] = await db
    .insert(clients)
    .values({
      clientId: `ORG-${id}`.toUpperCase(),
      name: `Owner ${id}`,
      email: `owner-${id}@example.com`,
      companyName: `Company ${id}`,
      type: 'BUYER',
      ...values,
    })
    .returning();
  if (!org) throw new Error('org not created');
  return org;
}

export async function createUser(
  db: Db,
  values: { clientRef: number; role?: Role } & Partial<typeof users.$inferInsert>,
) {
  passwordHash ??= hashPassword(PASSWORD);
  const { role = 'ROLE_BUYER_USER', ...rest } = values;
  const [user] = await db
    .insert(users)
    .values({
      name: 'Test User',
      email: `user-${unique()}@example.com`,
      passwordHash: await passwordHash,
      roleCode: role,
      ...rest,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

/** The sign-in's own answer, for tests of a refusal. */
export function signInAttempt(app: FastifyInstance, email: string, password = PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { usernameOrEmail: email, password },
  });
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD) {
  const res = await signInAttempt(app, email, password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ accessToken: string }>().accessToken;
}

/** A buyer organisation with one user of the given role, signed in. */
export async function signedInUser(app: FastifyInstance, db: Db, role: Role = 'ROLE_BUYER_ADMIN') {
  const org = await createOrg(db);
  const user = await createUser(db, { clientRef: org.id, role });
  const token = await signIn(app, user.email);
  return { org, user, token };
}

/** The organisation type a role belongs to. */
export const orgTypeFor = (role: Role) =>
  role === 'ROLE_SUPER_USER' || role === 'ROLE_SUPER_ADMIN'
    ? ('SUPER_ADMIN' as const)
    : role === 'ROLE_SUPPLIER'
      ? ('SUPPLIER' as const)
      : ('BUYER' as const);

/**
 * A user of the given role in a new organisation of the matching type (or in `clientRef`), with
 * a token signed directly, so that tests needing many users do not meet the sign-in rate limit.
 */
export async function actor(
  app: FastifyInstance,
  db: Db,
  role: Role,
  options: { clientRef?: number } = {},
) {
  const org = options.clientRef
    ? (await db.select().from(clients).where(eq(clients.id, options.clientRef)))[0]!
    : await createOrg(db, { type: orgTypeFor(role) });
  const user = await createUser(db, { clientRef: org.id, role });
  return { org, user, token: app.tokens.sign(user) };
}

/**
 * A user of a new organisation whose role (made for the test) holds exactly `permissions`, with a
 * token signed directly: for "allowed to read but not to change" cases no default role covers.
 */
export async function actorWith(app: FastifyInstance, db: Db, permissions: Permission[]) {
  const code = `ROLE_TEST_${unique().toUpperCase()}`;
  await db.insert(roles).values({ code, label: code });
  if (permissions.length) {
    await db
      .insert(rolePermissions)
      .values(permissions.map((permissionCode) => ({ roleCode: code, permissionCode })));
  }
  const org = await createOrg(db);
  const user = await createUser(db, { clientRef: org.id, role: code as Role });
  return { org, user, token: app.tokens.sign(user) };
}
