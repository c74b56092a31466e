import type { Features } from './features.ts';

export type { Features };

/**
 * Roles, permission keys and the feature flags derived from them (spec 01 point 6, DESIGN.md §4).
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
  ROLE_SUPPLIER: COMMON_VIEWS,
};

/**
 * A section is allowed when the user holds its view permission or any of its action permissions
 * (spec 01 point 6); each action flag is the matching permission.
 */
export function deriveFeatures(permissions: Iterable<string>): Features {
  const held = new Set(permissions);
  const has = (p: Permission) => held.has(p);
  const any = (...ps: Permission[]) => ps.some(has);

  return {
    supplierAndSpend: {
      allowed: any(
        'SUPPLIER_SPEND_VIEW',
        'RATE_SUPPLIER_VIEW',
        'UPLOAD_SUPPLIER_SPEND_FILE',
        'DELETE_SUPPLIER_SPEND_FILE',
        'CREATE_SUPPLIER_SPEND_REPORT',
      ),
      deleteFile: has('DELETE_SUPPLIER_SPEND_FILE'),
      uploadFile: has('UPLOAD_SUPPLIER_SPEND_FILE'),
      createReport: has('CREATE_SUPPLIER_SPEND_REPORT'),
    },
    training: {
      allowed: any('TRAINING_VIEW', 'TRAINING_VIDEO_UPLOAD'),
      uploadTraining: has('TRAINING_VIDEO_UPLOAD'),
    },
    user: {
      allowed: any(
        'USER_VIEW',
        'ADD_EDIT_USER',
        'DELETE_USER',
        'BUYER_ORG_USER_CREATION',
        'BUYER_ORG_USER_DELETION',
        'BUYER_ORG_USER_MANAGEMENT',
      ),
      addEdit: any('ADD_EDIT_USER', 'BUYER_ORG_USER_CREATION', 'BUYER_ORG_USER_MANAGEMENT'),
      deleteUser: any('DELETE_USER', 'BUYER_ORG_USER_DELETION'),
    },
    client: {
      allowed: any(
        'CLIENT_VIEW',
        'ADD_EDIT_CLIENT',
        'DELETE_CLIENT',
        'SPORTZCITY_ADMIN_CREATION',
        'SPORTZCITY_ADMIN_DELETION',
      ),
      createAdmin: has('SPORTZCITY_ADMIN_CREATION'),
      createClient: has('ADD_EDIT_CLIENT'),
      deleteClient: has('DELETE_CLIENT'),
      deleteAdmin: has('SPORTZCITY_ADMIN_DELETION'),
    },
    rfx: {
      allowed: any('RFX_VIEW', 'ADD_EDIT_RFX', 'DELETE_RFX', 'CREATE_RFX_REPORT'),
      addEdit: has('ADD_EDIT_RFX'),
      deleteFile: has('DELETE_RFX'),
      createReport: has('CREATE_RFX_REPORT'),
    },
    contract: {
      allowed: any(
        'CONTRACT_VIEW',
        'ADD_EDIT_CONTRACT',
        'DELETE_CONTRACT',
        'CREATE_CONTRACT_REPORT',
      ),
      addEdit: has('ADD_EDIT_CONTRACT'),
      deleteFile: has('DELETE_CONTRACT'),
      createReport: has('CREATE_CONTRACT_REPORT'),
    },
    marketShare: {
      allowed: any('MARKETSHARE_VIEW', 'CREATE_MARKET_SHARE_REPORT'),
      createReport: has('CREATE_MARKET_SHARE_REPORT'),
    },
    costSaving: {
      allowed: any(
        'COST_SAVING_VIEW',
        'ADD_EDIT_COST_SAVING',
        'DELETE_COST_SAVING',
        'CREATE_COST_SAVING_REPORT',
      ),
      addEdit: has('ADD_EDIT_COST_SAVING'),
      deleteFile: has('DELETE_COST_SAVING'),
      createReport: has('CREATE_COST_SAVING_REPORT'),
    },
    searchSupplier: {
      allowed: any('SEARCH_SUPPLIER_VIEW', 'UPLOAD_SUPPLIER_LIST'),
      uploadFile: has('UPLOAD_SUPPLIER_LIST'),
    },
    diversityEvent: {
      allowed: any('DIVERSITY_EVENTS_VIEW', 'UPLOAD_DIVERSITY_EVENT'),
      uploadEvent: has('UPLOAD_DIVERSITY_EVENT'),
    },
  };
}
