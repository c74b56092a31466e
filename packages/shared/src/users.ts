/**
 * The users administration of spec 01 points 2, 6, 7: the add/edit form, the list reply and which
 * roles an organisation's users may have. The role of a new user follows its organisation's type.
 */
import { z } from 'zod';
import { pageRequestSchema } from './api.ts';
import { recordId } from './clients.ts';
import { CLIENT_TYPES, type ClientType } from './enums.ts';
import { ROLES, type Role } from './permissions.ts';
import { LIMITS, email, optionalText, requiredText } from './validation.ts';

/** The roles a user of each organisation type may hold; the first is what a new user gets. */
export const ROLES_BY_CLIENT_TYPE: Record<ClientType, readonly Role[]> = {
  BUYER: ['ROLE_BUYER_USER', 'ROLE_BUYER_ADMIN'],
  SUPPLIER: ['ROLE_SUPPLIER'],
  SUPER_ADMIN: ['ROLE_SUPER_ADMIN', 'ROLE_SUPER_USER'],
};

/** The role of a user added to an organisation (BUYER → Buyer User, SUPPLIER → Supplier). */
export const defaultRoleFor = (type: ClientType): Role => ROLES_BY_CLIENT_TYPE[type][0] as Role;

/** The role of the first user, invited when the organisation is created. */
export const firstUserRoleFor = (type: ClientType): Role =>
  type === 'BUYER' ? 'ROLE_BUYER_ADMIN' : defaultRoleFor(type);

/** Roles that only a holder of SPORTZCITY_ADMIN_CREATION / _DELETION may grant, change or remove. */
export const PLATFORM_ROLES: readonly Role[] = ['ROLE_SUPER_USER', 'ROLE_SUPER_ADMIN'];

/**
 * Super Users and Super Admins administer every organisation; anyone else only their own, whose
 * client id the server forces whatever a request says.
 */
export const actsAcrossOrganisations = (role: string) => PLATFORM_ROLES.includes(role as Role);

export const USER_ADMIN_MESSAGES = {
  roleNotAllowed: 'This role is not available for users of this client.',
} as const;

const userFields = {
  /** Ignored unless the caller acts across organisations; required then. */
  clientId: optionalText(50),
  name: requiredText(LIMITS.nameMax),
  email: email(),
  role: z.enum(ROLES, { error: USER_ADMIN_MESSAGES.roleNotAllowed }).optional(),
};

/** `POST /api/users/add`. */
export const userCreateSchema = z.object(userFields);
export type UserCreateInput = z.output<typeof userCreateSchema>;

/** `PUT /api/users/add`: the same form with the user's `id`; a user never changes client. */
export const userUpdateSchema = z.object({ ...userFields, id: recordId() });
export type UserUpdateInput = z.output<typeof userUpdateSchema>;

/** `POST /api/users/list`: paging plus an optional client filter (ignored within one's own). */
export const userListRequestSchema = pageRequestSchema.extend({ clientId: optionalText(50) });

/* Replies: the spec's column names (emailId, dateCreated) beside the form's (email). */

/**
 * What the Users table says of each user: INVITED until the invitation's password is chosen,
 * DISABLED while the user's organisation is disabled (they cannot sign in), ACTIVE otherwise.
 */
export const USER_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const userItemSchema = z.object({
  id: z.number().int(),
  clientId: z.string(),
  name: z.string(),
  email: z.string(),
  emailId: z.string(),
  companyName: z.string(),
  /** The organisation's type, which decides the roles its users may have. */
  clientType: z.enum(CLIENT_TYPES),
  role: z.enum(ROLES),
  dateCreated: z.string(),
  /** The user has not chosen a password from the invitation yet. */
  invitationPending: z.boolean(),
  status: z.enum(USER_STATUSES),
});
export type UserItem = z.infer<typeof userItemSchema>;
