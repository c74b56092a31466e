/**
 * Organisation API tokens: what a system (an ERP, a nightly script) signs in with instead of a
 * person. A Buyer Admin makes one with a name, its scopes and an optional lifetime; the secret is
 * answered once and stored only as a hash.
 */
import { z } from 'zod';
import { MESSAGES, numeric, recordId, requiredText } from './validation.ts';
import type { Permission } from './permissions.ts';

/**
 * What a token may be used for. A route names the scopes that let a token in (the API document
 * shows them); every other route refuses a token, whatever its scopes.
 */
export const API_TOKEN_SCOPES = ['spend:upload', 'read'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  'spend:upload': 'Upload spend files and follow their imports',
  read: 'Read lists and dashboard figures',
};

/**
 * The most a token of each scope may hold: its creator's permissions are cut down to these, so a
 * check inside a handler (replacing files needs the delete permission) cannot be passed by a token.
 */
export const API_TOKEN_SCOPE_PERMISSIONS: Record<ApiTokenScope, readonly Permission[]> = {
  'spend:upload': ['UPLOAD_SUPPLIER_SPEND_FILE'],
  read: [
    'SUPPLIER_SPEND_VIEW',
    'RATE_SUPPLIER_VIEW',
    'RFX_VIEW',
    'CONTRACT_VIEW',
    'MARKETSHARE_VIEW',
    'COST_SAVING_VIEW',
  ],
};

/** A token's text: `spz_` and 43 characters of base64url (32 random bytes). */
export const API_TOKEN_PATTERN = /^spz_[A-Za-z0-9_-]{43}$/;
export const API_TOKEN_PREFIX = 'spz_';

export const API_TOKEN_LIMITS = {
  nameMax: 100,
  /** The longest lifetime a token may be given, in days (two years). */
  maxDays: 730,
  /** Tokens an organisation may hold at once (not revoked and not expired). */
  activePerOrganisation: 50,
  /** Tokens listed, newest first. */
  listed: 200,
} as const;

export const API_TOKEN_MESSAGES = {
  created: 'Token created. Copy it now: it will not be shown again.',
  revoked: 'Token revoked',
  fetched: 'Fetched Successfully',
  tooMany: `An organisation can hold at most ${API_TOKEN_LIMITS.activePerOrganisation} active tokens. Revoke one first.`,
  /** A token used on a route outside its scopes (or any route that takes no token). */
  outOfScope: 'This API token may not be used here.',
  /** Platform administrators act across organisations; a token acts for one. */
  organisationOnly: 'API tokens belong to a buyer organisation and are made by its admin.',
  scopesRequired: 'Choose at least one scope',
  scopeOnce: 'Each scope once',
  maxDays: `Must be ${API_TOKEN_LIMITS.maxDays} days or less`,
} as const;

/** `POST /api/organisation/tokens`. */
export const apiTokenCreateSchema = z.object({
  name: requiredText(API_TOKEN_LIMITS.nameMax),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: 'Unknown scope' }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .max(API_TOKEN_SCOPES.length, { error: MESSAGES.maxItems(API_TOKEN_SCOPES.length) })
    .min(1, { error: API_TOKEN_MESSAGES.scopesRequired })
    .refine((scopes) => new Set(scopes).size === scopes.length, {
      error: API_TOKEN_MESSAGES.scopeOnce,
    }),
  /** Days from now until the token stops working; absent or null: it does not expire. */
  expiresInDays: numeric(
    z
      .number({ error: MESSAGES.notANumber })
      .int({ error: MESSAGES.notANumber })
      .min(1, { error: 'Must be 1 or more' })
      .max(API_TOKEN_LIMITS.maxDays, { error: API_TOKEN_MESSAGES.maxDays }),
  )
    .nullable()
    .optional(),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreateSchema>;

export const apiTokenIdParamsSchema = z.object({ id: recordId() });

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked', 'ownerRemoved'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const API_TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  ownerRemoved: 'Creator removed',
};

/** A token as listed: never its secret, only the first characters that tell tokens apart. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** `spz_` and the secret's first four characters, followed by an ellipsis. */
  hint: z.string(),
  status: z.enum(API_TOKEN_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  revokedAt: z.string().nullable(),
  revokedBy: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The reply to creating a token: the token as listed, and its secret, this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
