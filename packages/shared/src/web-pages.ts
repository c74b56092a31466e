/**
 * The web app's page files (paths inside apps/web) of the signed-in area's addresses, kept once:
 * the web app makes its lazily loaded routes from them (apps/web/src/app/modules.tsx), and the
 * server names the files of the address being opened in that address's HTML, read from the
 * build's manifest (apps/server/src/platform/web.ts), so that the browser asks for the shell and
 * the page beside the entry instead of after it.
 */

/** What the router loads for every /home address (apps/web/src/app/router.tsx). */
export const SHELL_FILES = [
  'src/app/shell/app-shell.tsx',
  'src/app/antd-providers.tsx',
  'src/app/require-auth.tsx',
] as const;

/** The tiles at /home itself, and the profile editor (apps/web/src/app/home-routes.tsx). */
export const HOME_PAGE_FILE = 'src/features/home/home-page.tsx';
export const EDIT_PROFILE_FILE = 'src/features/profile/edit-profile-page.tsx';

/** Each module's page, by the module's path: the module owns that path and everything below. */
export const MODULE_PAGE_FILES = {
  '/home/supplierSpend': 'src/features/supplier-spend/supplier-spend-page.tsx',
  '/home/supplierSpend/report': 'src/features/spend-dashboards/spend-dashboards-page.tsx',
  '/home/supplierSpend/goals': 'src/features/goals/goals-page.tsx',
  '/home/supplierSpend/programs': 'src/features/programs/programs-page.tsx',
  '/home/supplierSpend/apiTokens': 'src/features/api-tokens/api-tokens-page.tsx',
  '/home/verified': 'src/features/verified-diversity/verified-diversity-page.tsx',
  '/home/tier2': 'src/features/tier2/tier2-page.tsx',
  '/home/tier2Reports': 'src/features/tier2/tier2-reports-page.tsx',
  '/home/marketShare': 'src/features/market-share/market-share-page.tsx',
  '/home/rfx': 'src/features/rfx/rfx-page.tsx',
  '/home/contracts': 'src/features/contracts/contracts-page.tsx',
  '/home/training': 'src/features/training/training-page.tsx',
  '/home/costSaving': 'src/features/cost-savings/cost-savings-page.tsx',
  '/home/client': 'src/features/clients/clients-page.tsx',
  '/home/users': 'src/features/users/users-page.tsx',
  '/home/audit': 'src/features/audit/audit-page.tsx',
  '/home/supplierSearch': 'src/features/search-supplier/search-supplier-page.tsx',
  '/home/diversityEvents': 'src/features/diversity-events/diversity-events-page.tsx',
} as const;

export type ModulePagePath = keyof typeof MODULE_PAGE_FILES;

const HOME = '/home';

/**
 * The files an address of the signed-in area renders first: the shell's and its page's (the
 * module path it starts with, the longest); none outside /home.
 */
export function pageFilesOf(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path !== HOME && !path.startsWith(`${HOME}/`)) return [];
  if (path === HOME) return [...SHELL_FILES, HOME_PAGE_FILE];
  if (path === `${HOME}/editProfile`) return [...SHELL_FILES, EDIT_PROFILE_FILE];
  const owner = (Object.keys(MODULE_PAGE_FILES) as ModulePagePath[])
    .filter((p) => path === p || path.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return owner ? [...SHELL_FILES, MODULE_PAGE_FILES[owner]] : [...SHELL_FILES];
}
