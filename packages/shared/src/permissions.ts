import type { Features } from './features.ts';

export type { Features };

/**
 * Roles, permission keys and the feature flags derived from them (DESIGN.md §4).
 * The server stores the role → permission mapping in tables (seeded from DEFAULT_ROLE_PERMISSIONS);
 * `deriveFeatures` is the one place where permissions become the flags the interface follows.
 */

export const VIEW_PERMISSIONS = [
  'SUPPLIER_SPEND_VIEW',
  'RFX_VIEW',
  'CONTRACT_VIEW',
  'MARKETSHARE_VIEW',
  'TRAINING_VIEW',
  'SEARCH_SUPPLIER_VIEW',
  'RATE_SUPPLIER_VIEW',
  'USER_VIEW',
  'CLIENT_VIEW',
  'COST_SAVING_VIEW',
  'PASSWORD_RESET',
  'DIVERSITY_EVENTS_VIEW',
] as const;

export const ACTION_PERMISSIONS = [
  'UPLOAD_SUPPLIER_SPEND_FILE',
  'DELETE_SUPPLIER_SPEND_FILE',
  'CREATE_SUPPLIER_SPEND_REPORT',
  'ADD_EDIT_RFX',
  'DELETE_RFX',
  'CREATE_RFX_REPORT',
  'ADD_EDIT_CONTRACT',
  'DELETE_CONTRACT',
  'CREATE_CONTRACT_REPORT',
  'ADD_EDIT_COST_SAVING',
  'DELETE_COST_SAVING',
  'CREATE_COST_SAVING_REPORT',
  'CREATE_MARKET_SHARE_REPORT',
  'UPLOAD_SUPPLIER_LIST',
  'UPLOAD_DIVERSITY_EVENT',
  'TRAINING_VIDEO_UPLOAD',
  'ADD_EDIT_CLIENT',
  'DELETE_CLIENT',
  'SPORTZCITY_ADMIN_CREATION',
  'SPORTZCITY_ADMIN_DELETION',
  'BUYER_ORG_USER_CREATION',
  'BUYER_ORG_USER_DELETION',
  'BUYER_ORG_USER_MANAGEMENT',
  'ADD_EDIT_USER',
  'DELETE_USER',
  // Not one of the spec's keys: reporting Tier 2 spend as a prime supplier.
  'TIER2_REPORT',
] as const;

export const PERMISSIONS = [...VIEW_PERMISSIONS, ...ACTION_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = [
  'ROLE_SUPER_USER',
  'ROLE_SUPER_ADMIN',
  'ROLE_BUYER_ADMIN',
  'ROLE_BUYER_USER',
  'ROLE_SUPPLIER',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ROLE_SUPER_USER: 'Super User',
  ROLE_SUPER_ADMIN: 'Super Admin',
  ROLE_BUYER_ADMIN: 'Buyer Admin',
  ROLE_BUYER_USER: 'Buyer User',
  ROLE_SUPPLIER: 'Supplier',
};

const BUYER_MODULE_PERMISSIONS: Permission[] = [
  'SUPPLIER_SPEND_VIEW',
  'UPLOAD_SUPPLIER_SPEND_FILE',
  'DELETE_SUPPLIER_SPEND_FILE',
  'CREATE_SUPPLIER_SPEND_REPORT',
  'RATE_SUPPLIER_VIEW',
  'RFX_VIEW',
  'ADD_EDIT_RFX',
  'DELETE_RFX',
  'CREATE_RFX_REPORT',
  'CONTRACT_VIEW',
  'ADD_EDIT_CONTRACT',
  'DELETE_CONTRACT',
  'CREATE_CONTRACT_REPORT',
  'MARKETSHARE_VIEW',
  'CREATE_MARKET_SHARE_REPORT',
  'COST_SAVING_VIEW',
  'ADD_EDIT_COST_SAVING',
  'DELETE_COST_SAVING',
  'CREATE_COST_SAVING_REPORT',
];

const COMMON_VIEWS: Permission[] = [
  'TRAINING_VIEW',
  'SEARCH_SUPPLIER_VIEW',
  'DIVERSITY_EVENTS_VIEW',
  'PASSWORD_RESET',
];

/** The default mapping the database is seeded with (an operator may change the tables). */
export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  ROLE_SUPER_USER: PERMISSIONS,
  ROLE_SUPER_ADMIN: PERMISSIONS.filter(
    (p) => p !== 'SPORTZCITY_ADMIN_CREATION' && p !== 'SPORTZCITY_ADMIN_DELETION',
  ),
  ROLE_BUYER_ADMIN: [
    ...BUYER_MODULE_PERMISSIONS,
    'BUYER_ORG_USER_CREATION',
    'BUYER_ORG_USER_DELETION',
    'BUYER_ORG_USER_MANAGEMENT',
    'ADD_EDIT_USER',
    'DELETE_USER',
    'USER_VIEW',
    ...COMMON_VIEWS,
  ],
  ROLE_BUYER_USER: [
    ...BUYER_MODULE_PERMISSIONS.filter((p) => !p.startsWith('DELETE_')),
    ...COMMON_VIEWS,
  ],
  ROLE_SUPPLIER: [...COMMON_VIEWS, 'TIER2_REPORT'],
};

type Flags<S extends keyof Features> = { [F in keyof Features[S]]: readonly Permission[] };

/**
 * Who may do what, section by section: the one map that both the interface's feature flags
 * (`deriveFeatures`) and every route guard of the server read. Each entry is a list
 * of permissions of which the user must hold any one. A section's `allowed` and its action flags
 * are the spec's (01 point 6: a section is allowed with its view permission or any of its action
 * permissions); the other entries name what only some routes need.
 */
export const ACCESS = {
  supplierAndSpend: {
    allowed: [
      'SUPPLIER_SPEND_VIEW',
      'RATE_SUPPLIER_VIEW',
      'UPLOAD_SUPPLIER_SPEND_FILE',
      'DELETE_SUPPLIER_SPEND_FILE',
      'CREATE_SUPPLIER_SPEND_REPORT',
    ],
    deleteFile: ['DELETE_SUPPLIER_SPEND_FILE'],
    uploadFile: ['UPLOAD_SUPPLIER_SPEND_FILE'],
    createReport: ['CREATE_SUPPLIER_SPEND_REPORT'],
    /** The spend dashboards' figures and the goals: whoever sees the spend or reports on it. */
    dashboards: ['SUPPLIER_SPEND_VIEW', 'CREATE_SUPPLIER_SPEND_REPORT'],
    /** Certificates, policy and vendor matching: read, change, remove. */
    verifiedRead: ['SUPPLIER_SPEND_VIEW'],
    verifiedEdit: ['UPLOAD_SUPPLIER_SPEND_FILE'],
    verifiedAdmin: ['DELETE_SUPPLIER_SPEND_FILE'],
    /** Goals and the organisation's spend settings are changed by its admin. */
    goalsEdit: ['BUYER_ORG_USER_MANAGEMENT'],
    /** Program categories, sites and hand-marked suppliers are changed by its admin. */
    programsEdit: ['BUYER_ORG_USER_MANAGEMENT'],
    /** Inviting prime suppliers to report Tier 2 spend: the organisation's admin. */
    tier2Invite: ['BUYER_ORG_USER_MANAGEMENT'],
    rate: ['RATE_SUPPLIER_VIEW'],
    /** A supplier's ratings are read wherever the supplier is shown. */
    readRatings: ['RATE_SUPPLIER_VIEW', 'SEARCH_SUPPLIER_VIEW', 'SUPPLIER_SPEND_VIEW'],
  },
  training: {
    allowed: ['TRAINING_VIEW', 'TRAINING_VIDEO_UPLOAD'],
    uploadTraining: ['TRAINING_VIDEO_UPLOAD'],
  },
  user: {
    allowed: [
      'USER_VIEW',
      'ADD_EDIT_USER',
      'DELETE_USER',
      'BUYER_ORG_USER_CREATION',
      'BUYER_ORG_USER_DELETION',
      'BUYER_ORG_USER_MANAGEMENT',
    ],
    addEdit: ['ADD_EDIT_USER', 'BUYER_ORG_USER_CREATION', 'BUYER_ORG_USER_MANAGEMENT'],
    deleteUser: ['DELETE_USER', 'BUYER_ORG_USER_DELETION'],
    add: ['ADD_EDIT_USER', 'BUYER_ORG_USER_CREATION'],
    edit: ['ADD_EDIT_USER', 'BUYER_ORG_USER_MANAGEMENT'],
  },
  client: {
    allowed: [
      'CLIENT_VIEW',
      'ADD_EDIT_CLIENT',
      'DELETE_CLIENT',
      'SPORTZCITY_ADMIN_CREATION',
      'SPORTZCITY_ADMIN_DELETION',
    ],
    createAdmin: ['SPORTZCITY_ADMIN_CREATION'],
    createClient: ['ADD_EDIT_CLIENT'],
    deleteClient: ['DELETE_CLIENT'],
    deleteAdmin: ['SPORTZCITY_ADMIN_DELETION'],
    /** Deleting a client or an admin is one route. */
    delete: ['DELETE_CLIENT', 'SPORTZCITY_ADMIN_DELETION'],
    /** The client ids are also read by the Add User dialog. */
    options: [
      'CLIENT_VIEW',
      'ADD_EDIT_CLIENT',
      'DELETE_CLIENT',
      'SPORTZCITY_ADMIN_CREATION',
      'SPORTZCITY_ADMIN_DELETION',
      'ADD_EDIT_USER',
      'BUYER_ORG_USER_CREATION',
      'BUYER_ORG_USER_MANAGEMENT',
    ],
  },
  rfx: {
    allowed: ['RFX_VIEW', 'ADD_EDIT_RFX', 'DELETE_RFX', 'CREATE_RFX_REPORT'],
    addEdit: ['ADD_EDIT_RFX'],
    deleteFile: ['DELETE_RFX'],
    createReport: ['CREATE_RFX_REPORT'],
  },
  contract: {
    allowed: ['CONTRACT_VIEW', 'ADD_EDIT_CONTRACT', 'DELETE_CONTRACT', 'CREATE_CONTRACT_REPORT'],
    addEdit: ['ADD_EDIT_CONTRACT'],
    deleteFile: ['DELETE_CONTRACT'],
    createReport: ['CREATE_CONTRACT_REPORT'],
  },
  marketShare: {
    allowed: ['MARKETSHARE_VIEW', 'CREATE_MARKET_SHARE_REPORT'],
    createReport: ['CREATE_MARKET_SHARE_REPORT'],
  },
  costSaving: {
    allowed: [
      'COST_SAVING_VIEW',
      'ADD_EDIT_COST_SAVING',
      'DELETE_COST_SAVING',
      'CREATE_COST_SAVING_REPORT',
    ],
    addEdit: ['ADD_EDIT_COST_SAVING'],
    deleteFile: ['DELETE_COST_SAVING'],
    createReport: ['CREATE_COST_SAVING_REPORT'],
  },
  searchSupplier: {
    allowed: ['SEARCH_SUPPLIER_VIEW', 'UPLOAD_SUPPLIER_LIST'],
    uploadFile: ['UPLOAD_SUPPLIER_LIST'],
  },
  diversityEvent: {
    allowed: ['DIVERSITY_EVENTS_VIEW', 'UPLOAD_DIVERSITY_EVENT'],
    uploadEvent: ['UPLOAD_DIVERSITY_EVENT'],
  },
  profile: {
    resetPassword: ['PASSWORD_RESET'],
  },
  /**
   * A prime supplier's Tier 2 reports: the supplier role's own permission (a buyer's
   * users get 403). Within it, what a caller may report is where its organisation was invited as
   * a prime — the service answers only those links, and 404 for any other.
   */
  tier2: {
    report: ['TIER2_REPORT'],
  },
  /**
   * The organisation's API tokens (what its systems sign in with): made, listed and revoked by
   * its admin. Routes that take a token name its scopes instead (`app.guard(access, { scopes })`).
   */
  apiTokens: {
    manage: ['BUYER_ORG_USER_MANAGEMENT'],
  },
} as const satisfies { [S in keyof Features]: Flags<S> & Record<string, readonly Permission[]> } & {
  profile: Record<string, readonly Permission[]>;
  tier2: Record<string, readonly Permission[]>;
  apiTokens: Record<string, readonly Permission[]>;
};

/** Any one of these permissions: an entry of ACCESS. */
export type Access = readonly Permission[];

/** The flags of Features, section by section, in the order the profile lists them. */
const FEATURE_FLAGS: { [S in keyof Features]: readonly (keyof Features[S])[] } = {
  supplierAndSpend: ['allowed', 'deleteFile', 'uploadFile', 'createReport'],
  training: ['allowed', 'uploadTraining'],
  user: ['allowed', 'addEdit', 'deleteUser'],
  client: ['allowed', 'createAdmin', 'createClient', 'deleteClient', 'deleteAdmin'],
  rfx: ['allowed', 'addEdit', 'deleteFile', 'createReport'],
  contract: ['allowed', 'addEdit', 'deleteFile', 'createReport'],
  marketShare: ['allowed', 'createReport'],
  costSaving: ['allowed', 'addEdit', 'deleteFile', 'createReport'],
  searchSupplier: ['allowed', 'uploadFile'],
  diversityEvent: ['allowed', 'uploadEvent'],
};

/** Whether `held` includes any permission of `access` (none named: anyone signed in). */
export const mayAccess = (held: { has(p: Permission): boolean }, access: Access) =>
  access.length === 0 || access.some((p) => held.has(p));

/** The feature flags the interface follows, read from ACCESS. */
export function deriveFeatures(permissions: Iterable<string>): Features {
  const held = new Set<string>(permissions);
  const features: Record<string, Record<string, boolean>> = {};
  for (const section of Object.keys(FEATURE_FLAGS) as (keyof Features)[]) {
    const flags: Record<string, boolean> = {};
    const entries = ACCESS[section] as Record<string, Access>;
    for (const flag of FEATURE_FLAGS[section] as readonly string[]) {
      flags[flag] = entries[flag]!.some((p) => held.has(p));
    }
    features[section] = flags;
  }
  return features as unknown as Features;
}
