import { describe, expect, it } from 'vitest';
import {
  ROLES_BY_CLIENT_TYPE,
  USER_ADMIN_MESSAGES,
  defaultRoleFor,
  firstUserRoleFor,
  userCreateSchema,
  userListRequestSchema,
} from './users.ts';
import { toFieldErrors } from './validation.ts';

describe('roles by organisation type', () => {
  it('gives a new user the role of their organisation type', () => {
    expect(defaultRoleFor('BUYER')).toBe('ROLE_BUYER_USER');
    expect(defaultRoleFor('SUPPLIER')).toBe('ROLE_SUPPLIER');
    expect(defaultRoleFor('SUPER_ADMIN')).toBe('ROLE_SUPER_ADMIN');
  });

  it("makes a buyer's first user its Buyer Admin", () => {
    expect(firstUserRoleFor('BUYER')).toBe('ROLE_BUYER_ADMIN');
    expect(firstUserRoleFor('SUPPLIER')).toBe('ROLE_SUPPLIER');
    expect(firstUserRoleFor('SUPER_ADMIN')).toBe('ROLE_SUPER_ADMIN');
  });

  it('lets buyer users be promoted to Buyer Admin but never to a platform role', () => {
    expect(ROLES_BY_CLIENT_TYPE.BUYER).toEqual(['ROLE_BUYER_USER', 'ROLE_BUYER_ADMIN']);
    expect(ROLES_BY_CLIENT_TYPE.SUPPLIER).toEqual(['ROLE_SUPPLIER']);
  });
});

describe('user form', () => {
  const errorsOf = (input: unknown) => {
    const result = userCreateSchema.safeParse(input);
    return result.success ? [] : toFieldErrors(result.error);
  };

  it('requires a name and an e-mail; the client id is optional (forced by the server)', () => {
    expect(errorsOf({})).toEqual([
      { field: 'name', message: 'Required' },
      { field: 'email', message: 'Required' },
    ]);
    expect(userCreateSchema.parse({ name: ' Kim ', email: 'kim@x.example', clientId: '' })).toEqual(
      { name: 'Kim', email: 'kim@x.example', clientId: undefined },
    );
  });

  it('names an unknown role', () => {
    expect(errorsOf({ name: 'Kim', email: 'kim@x.example', role: 'ROLE_KING' })).toEqual([
      { field: 'role', message: USER_ADMIN_MESSAGES.roleNotAllowed },
    ]);
  });

  it('pages from 0 with 20 rows by default', () => {
    expect(userListRequestSchema.parse({})).toEqual({ pageNumber: 0, pageSize: 20 });
  });
});
