import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, clientRefColumn, timestamps } from './columns.ts';

export const roles = pgTable('roles', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
});

export const permissions = pgTable('permissions', {
  code: text('code').primaryKey(),
  kind: text('kind', { enum: ['VIEW', 'ACTION'] }).notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code, { onDelete: 'cascade' }),
    permissionCode: text('permission_code')
      .notNull()
      .references(() => permissions.code, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleCode, t.permissionCode] })],
);

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    clientRef: clientRefColumn(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique among users that are not deleted. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roleCode: text('role_code')
      .notNull()
      .references(() => roles.code),
    gender: text('gender', { enum: ['MALE', 'FEMALE'] }),
    dateOfBirth: date('date_of_birth'),
    phone: text('phone'),
    /** Storage key of the profile picture. */
    pictureKey: text('picture_key'),
    /**
     * An invitation by an organisation admin to an address that already belongs to another
     * organisation's account: kept and listed like any pending invitation (the admin must not
     * learn that the address is in use), but no code is mailed and it can never be activated.
     */
    addressInUse: boolean('address_in_use').notNull().default(false),
    /** Bumped by every password change or reset: tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_active_key')
      .on(t.email)
      .where(sql`${t.deletedAt} is null and not ${t.addressInUse}`),
    uniqueIndex('users_client_email_key')
      .on(t.clientRef, t.email)
      .where(sql`${t.deletedAt} is null`),
    index('users_client_ref_idx').on(t.clientRef),
  ],
);
