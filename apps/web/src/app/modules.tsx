/**
 * The module registry: every procurement module is one entry here. An entry gives the route,
 * the sidebar item and the home tile at once, and all three exist only when the signed-in
 * user's feature flag `allowed` is true.
 *
 * Adding a module is one entry, e.g.
 *
 *   {
 *     key: 'rfx',
 *     order: MODULE_ORDER.rfx,
 *     path: '/home/rfx',
 *     labelKey: 'modules.rfx',
 *     icon: <FileSearchOutlined />,
 *     feature: 'rfx',
 *     sidebar: true,
 *     tile: true,
 *     element: modulePage('/home/rfx'),
 *   },
 *
 * with the page's file under its path in `MODULE_PAGE_FILES` (@spotzcity/shared/web-pages). The page
 * module must `export default` its component. Its route matches `path` and everything below it
 * (`/home/rfx/*`), so a module owns its sub-routes.
 */
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import {
  AimOutlined,
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  DollarCircleOutlined,
  FileProtectOutlined,
  FileSearchOutlined,
  FundOutlined,
  KeyOutlined,
  LinkOutlined,
  PieChartOutlined,
  PlayCircleOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  StarOutlined,
  TagsOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ParseKeys } from 'i18next';
import { MODULE_PAGE_FILES, type ModulePagePath } from '@spotzcity/shared/web-pages';
import {
  ACCESS,
  mayAccess,
  type Access,
  type Features,
  type Permission,
} from '@spotzcity/shared/permissions';

// Every page file of the features, each a chunk of its own, loaded with its route. Which file
// serves which module path is written once, in @spotzcity/shared/web-pages: the server names the
// same file's chunks in the HTML of the address being opened (apps/server/src/platform/web.ts).
const PAGE_CHUNKS = import.meta.glob<{ default: ComponentType }>([
  '../features/*/*-page.tsx',
  '!../features/auth/*',
]);

/** The lazily loaded page of a module path (`MODULE_PAGE_FILES`). */
function modulePage(path: ModulePagePath): LazyExoticComponent<ComponentType> {
  const load = PAGE_CHUNKS[`../${MODULE_PAGE_FILES[path].slice('src/'.length)}`];
  if (!load) throw new Error(`modules: no page file ${MODULE_PAGE_FILES[path]}`);
  return lazy(load);
}

/**
 * Sidebar and tile order of the spec: Home (always first, not a module), Supplier Spend Report,
 * RFx, Contracts, Market Share, Training, Cost Savings, Rate Supplier, Client, Users. Modules
 * without a sidebar item (Search Supplier, Diversity Events) sort after them.
 */
export const MODULE_ORDER = {
  supplierSpend: 10,
  /** Create Report's dashboards: a route only, under the Supplier Spend Report. */
  spendDashboards: 11,
  /**
   * The spend figures' own screens, sidebar items right under the Supplier Spend Report: the
   * organisation's settings and goals, its program categories, certificates (the route of both
   * Certificates and Supplier matching) and Supplier matching.
   */
  goals: 12,
  programs: 13,
  verifiedDiversity: 14,
  matching: 14.5,
  /** The organisation's API tokens: a route only, linked from Goals & Settings. */
  apiTokens: 17,
  /** Tier 2: the buyer's page, a sidebar item right after the Supplier Spend Report. */
  tier2: 15,
  /** Tier 2 Reports: a prime supplier's sidebar item and tile. */
  tier2Reports: 16,
  rfx: 20,
  contracts: 30,
  marketShare: 40,
  training: 50,
  costSaving: 60,
  rateSupplier: 70,
  client: 80,
  users: 90,
  supplierSearch: 100,
  diversityEvents: 110,
  audit: 120,
} as const;

export type ModuleKey = keyof typeof MODULE_ORDER;

export interface AppModule {
  key: ModuleKey;
  order: number;
  /** Absolute path under /home, e.g. '/home/rfx'. */
  path: `/home/${string}`;
  labelKey: ParseKeys;
  /** One line under the label on the home tile. */
  descriptionKey?: ParseKeys;
  icon: ReactNode;
  /** The feature whose `allowed` flag governs the route, the sidebar item and the tile. */
  feature: keyof Features;
  /** Only for users of these organisation types (all when absent). */
  clientTypes?: readonly string[];
  /**
   * The ACCESS entry the page's own routes need, when it is narrower than the feature's
   * `allowed`: the item, the tile and the route are offered only with one of its permissions.
   */
  access?: Access;
  sidebar: boolean;
  tile: boolean;
  /**
   * The page. Leave it out for an entry that only links to another module's route (Rate
   * Supplier opens /home/supplierSpend/list, which the Supplier Spend module serves).
   */
  element?: LazyExoticComponent<ComponentType>;
}

export const MODULES: readonly AppModule[] = [
  {
    key: 'supplierSpend',
    order: MODULE_ORDER.supplierSpend,
    path: '/home/supplierSpend',
    labelKey: 'modules.supplierSpend',
    descriptionKey: 'spend.tileDescription',
    icon: <FundOutlined />,
    feature: 'supplierAndSpend',
    sidebar: true,
    tile: true,
    element: modulePage('/home/supplierSpend'),
  },
  {
    // The spec's Rate Supplier item: the supplier list of the Supplier Spend Report.
    key: 'rateSupplier',
    order: MODULE_ORDER.rateSupplier,
    path: '/home/supplierSpend/list',
    labelKey: 'modules.rateSupplier',
    icon: <StarOutlined />,
    feature: 'supplierAndSpend',
    sidebar: true,
    tile: false,
  },
  {
    // Create Report's chooser and the Supplier, Spend and Category Dashboards: a route only.
    key: 'spendDashboards',
    order: MODULE_ORDER.spendDashboards,
    path: '/home/supplierSpend/report',
    labelKey: 'modules.supplierSpend',
    icon: <FundOutlined />,
    feature: 'supplierAndSpend',
    sidebar: false,
    tile: false,
    element: modulePage('/home/supplierSpend/report'),
  },
  {
    // Goals & Settings: a sidebar item, also reached from the home page and the Goals Dashboard.
    key: 'goals',
    order: MODULE_ORDER.goals,
    path: '/home/supplierSpend/goals',
    labelKey: 'goals.title',
    icon: <AimOutlined />,
    feature: 'supplierAndSpend',
    access: ACCESS.supplierAndSpend.dashboards,
    sidebar: true,
    tile: false,
    element: modulePage('/home/supplierSpend/goals'),
  },
  {
    // Program categories: a sidebar item, also linked from Goals & Settings and the Spend
    // Dashboard.
    key: 'programs',
    order: MODULE_ORDER.programs,
    path: '/home/supplierSpend/programs',
    labelKey: 'programs.title',
    icon: <TagsOutlined />,
    feature: 'supplierAndSpend',
    access: ACCESS.supplierAndSpend.dashboards,
    sidebar: true,
    tile: false,
    element: modulePage('/home/supplierSpend/programs'),
  },
  {
    // API tokens: a route only, linked from Goals & Settings, for the organisation's admin.
    key: 'apiTokens',
    order: MODULE_ORDER.apiTokens,
    path: '/home/supplierSpend/apiTokens',
    labelKey: 'apiTokens.title',
    icon: <KeyOutlined />,
    feature: 'supplierAndSpend',
    clientTypes: ['BUYER'],
    access: ACCESS.apiTokens.manage,
    sidebar: false,
    tile: false,
    element: modulePage('/home/supplierSpend/apiTokens'),
  },
  {
    // Certificates (the item opens /home/verified, which shows them) and the route of Supplier
    // matching below it.
    key: 'verifiedDiversity',
    order: MODULE_ORDER.verifiedDiversity,
    path: '/home/verified',
    labelKey: 'verified.certificates',
    icon: <SafetyCertificateOutlined />,
    feature: 'supplierAndSpend',
    access: ACCESS.supplierAndSpend.verifiedRead,
    sidebar: true,
    tile: false,
    element: modulePage('/home/verified'),
  },
  {
    // Supplier matching: an item only, for the screen the Certificates module serves.
    key: 'matching',
    order: MODULE_ORDER.matching,
    path: '/home/verified/matching',
    labelKey: 'verified.matching',
    icon: <LinkOutlined />,
    feature: 'supplierAndSpend',
    access: ACCESS.supplierAndSpend.verifiedRead,
    sidebar: true,
    tile: false,
  },
  {
    // Tier 2: primes invited, who has reported, the figures next to Tier 1. A buyer
    // organisation's item next to the Supplier Spend Report, for whoever may read its figures.
    key: 'tier2',
    order: MODULE_ORDER.tier2,
    path: '/home/tier2',
    labelKey: 'tier2.title',
    descriptionKey: 'tier2.description',
    icon: <ApartmentOutlined />,
    feature: 'supplierAndSpend',
    clientTypes: ['BUYER'],
    access: ACCESS.supplierAndSpend.dashboards,
    sidebar: true,
    tile: true,
    element: modulePage('/home/tier2'),
  },
  {
    // A prime supplier's reports to the buyers that invited it.
    key: 'tier2Reports',
    order: MODULE_ORDER.tier2Reports,
    path: '/home/tier2Reports',
    labelKey: 'tier2.primeTitle',
    descriptionKey: 'tier2.primeDescription',
    icon: <ApartmentOutlined />,
    feature: 'searchSupplier',
    clientTypes: ['SUPPLIER'],
    access: ACCESS.tier2.report,
    sidebar: true,
    tile: true,
    element: modulePage('/home/tier2Reports'),
  },
  {
    key: 'marketShare',
    order: MODULE_ORDER.marketShare,
    path: '/home/marketShare',
    labelKey: 'modules.marketShare',
    descriptionKey: 'marketShare.tileDescription',
    icon: <PieChartOutlined />,
    feature: 'marketShare',
    sidebar: true,
    tile: true,
    element: modulePage('/home/marketShare'),
  },
  {
    key: 'rfx',
    order: MODULE_ORDER.rfx,
    path: '/home/rfx',
    labelKey: 'modules.rfx',
    descriptionKey: 'modules.rfxDescription',
    icon: <FileSearchOutlined />,
    feature: 'rfx',
    sidebar: true,
    tile: true,
    element: modulePage('/home/rfx'),
  },
  {
    key: 'contracts',
    order: MODULE_ORDER.contracts,
    path: '/home/contracts',
    labelKey: 'modules.contracts',
    descriptionKey: 'modules.contractsDescription',
    icon: <FileProtectOutlined />,
    feature: 'contract',
    sidebar: true,
    tile: true,
    element: modulePage('/home/contracts'),
  },
  {
    key: 'training',
    order: MODULE_ORDER.training,
    path: '/home/training',
    labelKey: 'modules.training',
    descriptionKey: 'training.tileDescription',
    icon: <PlayCircleOutlined />,
    feature: 'training',
    sidebar: true,
    tile: true,
    element: modulePage('/home/training'),
  },
  {
    key: 'costSaving',
    order: MODULE_ORDER.costSaving,
    path: '/home/costSaving',
    labelKey: 'modules.costSaving',
    descriptionKey: 'modules.costSavingDescription',
    icon: <DollarCircleOutlined />,
    feature: 'costSaving',
    sidebar: true,
    tile: true,
    element: modulePage('/home/costSaving'),
  },
  // Administration: sidebar items only (the spec's home tiles are the procurement modules).
  {
    key: 'client',
    order: MODULE_ORDER.client,
    path: '/home/client',
    labelKey: 'modules.client',
    icon: <BankOutlined />,
    feature: 'client',
    sidebar: true,
    tile: false,
    element: modulePage('/home/client'),
  },
  {
    key: 'users',
    order: MODULE_ORDER.users,
    path: '/home/users',
    labelKey: 'modules.users',
    icon: <TeamOutlined />,
    feature: 'user',
    sidebar: true,
    tile: false,
    element: modulePage('/home/users'),
  },
  // Reached from the Clients screen; the page itself admits Super Users only, as the API does.
  {
    key: 'audit',
    order: MODULE_ORDER.audit,
    path: '/home/audit',
    labelKey: 'modules.audit',
    icon: <AuditOutlined />,
    feature: 'client',
    sidebar: false,
    tile: false,
    element: modulePage('/home/audit'),
  },
  // Routes without sidebar item or tile: reached from the home page's links
  // and from supplier names.
  {
    key: 'supplierSearch',
    order: MODULE_ORDER.supplierSearch,
    path: '/home/supplierSearch',
    labelKey: 'modules.supplierSearch',
    icon: <SearchOutlined />,
    feature: 'searchSupplier',
    sidebar: false,
    tile: false,
    element: modulePage('/home/supplierSearch'),
  },
  {
    key: 'diversityEvents',
    order: MODULE_ORDER.diversityEvents,
    path: '/home/diversityEvents',
    labelKey: 'modules.diversityEvents',
    icon: <CalendarOutlined />,
    feature: 'diversityEvent',
    sidebar: false,
    tile: false,
    element: modulePage('/home/diversityEvents'),
  },
];

/** The modules this user may open, in the spec's order. */
export function allowedModules(
  features: Features,
  modules: readonly AppModule[] = MODULES,
  clientType?: string,
  permissions: readonly string[] = [],
): AppModule[] {
  const held = new Set(permissions as readonly Permission[]);
  return modules
    .filter((m) => features[m.feature]?.allowed === true)
    .filter(
      (m) => !m.clientTypes || (clientType !== undefined && m.clientTypes.includes(clientType)),
    )
    .filter((m) => !m.access || mayAccess(held, m.access))
    .sort((a, b) => a.order - b.order);
}

/** The route pattern of a module inside the /home area ('/home/rfx' → 'rfx/*'). */
export const moduleRoutePath = (module: AppModule) => `${module.path.slice('/home/'.length)}/*`;
