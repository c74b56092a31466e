/**
 * Each module's page chunk, by the module's path (`modules.tsx` makes its routes' lazy elements
 * from these), so that the shell can start loading the page of the address being opened before
 * it renders, rather than when its routes render (issue #19, the signed-in first load).
 */
import type { ComponentType } from 'react';

type PageChunk = () => Promise<{ default: ComponentType }>;

export const MODULE_PAGES = {
  '/home/supplierSpend': () => import('../features/supplier-spend/supplier-spend-page.tsx'),
  '/home/supplierSpend/report': () =>
    import('../features/spend-dashboards/spend-dashboards-page.tsx'),
  '/home/supplierSpend/goals': () => import('../features/goals/goals-page.tsx'),
  '/home/supplierSpend/programs': () => import('../features/programs/programs-page.tsx'),
  '/home/verified': () => import('../features/verified-diversity/verified-diversity-page.tsx'),
  '/home/tier2': () => import('../features/tier2/tier2-page.tsx'),
  '/home/tier2Reports': () => import('../features/tier2/tier2-reports-page.tsx'),
  '/home/marketShare': () => import('../features/market-share/market-share-page.tsx'),
  '/home/rfx': () => import('../features/rfx/rfx-page.tsx'),
  '/home/contracts': () => import('../features/contracts/contracts-page.tsx'),
  '/home/training': () => import('../features/training/training-page.tsx'),
  '/home/costSaving': () => import('../features/cost-savings/cost-savings-page.tsx'),
  '/home/client': () => import('../features/clients/clients-page.tsx'),
  '/home/users': () => import('../features/users/users-page.tsx'),
  '/home/audit': () => import('../features/audit/audit-page.tsx'),
  '/home/supplierSearch': () => import('../features/search-supplier/search-supplier-page.tsx'),
  '/home/diversityEvents': () => import('../features/diversity-events/diversity-events-page.tsx'),
} as const satisfies Record<`/home/${string}`, PageChunk>;

export type ModulePagePath = keyof typeof MODULE_PAGES;

/**
 * Starts loading the page chunk of the module that serves `pathname` (the longest module path
 * it starts with), if any; React's lazy element then finds the module loaded or on its way.
 */
export function preloadModulePage(pathname: string) {
  const owner = (Object.keys(MODULE_PAGES) as ModulePagePath[])
    .filter((path) => pathname === path || pathname.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
  // A failed load shows when the route renders (its lazy element loads again and says so).
  if (owner) MODULE_PAGES[owner]().catch(() => undefined);
}
