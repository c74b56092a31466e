import { describe, expect, it } from 'vitest';
import { ACCESS, DEFAULT_ROLE_PERMISSIONS, deriveFeatures } from '@spotzcity/shared/permissions';
import {
  MODULES,
  MODULE_ORDER,
  allowedModules,
  moduleRoutePath,
  type AppModule,
} from './modules.tsx';

const entry = (key: AppModule['key'], feature: AppModule['feature'], path: AppModule['path']) =>
  ({
    key,
    order: MODULE_ORDER[key],
    path,
    labelKey: `modules.${key}`,
    icon: null,
    feature,
    sidebar: true,
    tile: true,
  }) as AppModule;

const registry = [
  entry('users', 'user', '/home/users'),
  entry('rateSupplier', 'supplierAndSpend', '/home/supplierSpend/list'),
  entry('rfx', 'rfx', '/home/rfx'),
  entry('supplierSpend', 'supplierAndSpend', '/home/supplierSpend'),
  entry('client', 'client', '/home/client'),
];

describe('module registry', () => {
  it("keeps only the modules whose feature is allowed, in the spec's order", () => {
    const features = deriveFeatures(['SUPPLIER_SPEND_VIEW', 'RFX_VIEW', 'USER_VIEW']);
    expect(allowedModules(features, registry).map((m) => m.key)).toEqual([
      'supplierSpend',
      'rfx',
      'rateSupplier',
      'users',
    ]);
  });

  it('offers a module limited to supplier organisations to them only (Tier 2 Reports)', () => {
    const features = deriveFeatures(['SEARCH_SUPPLIER_VIEW']);
    const prime = {
      ...entry('tier2Reports', 'searchSupplier', '/home/tier2Reports'),
      clientTypes: ['SUPPLIER'],
      access: ACCESS.tier2.report,
    };
    const held = ['SEARCH_SUPPLIER_VIEW', 'TIER2_REPORT'];
    expect(allowedModules(features, [prime], 'SUPPLIER', held).map((m) => m.key)).toEqual([
      'tier2Reports',
    ]);
    // A supplier organisation's user without the supplier role's permission: no item.
    expect(allowedModules(features, [prime], 'SUPPLIER', ['SEARCH_SUPPLIER_VIEW'])).toEqual([]);
    expect(allowedModules(features, [prime], 'BUYER', held)).toEqual([]);
    expect(allowedModules(features, [prime])).toEqual([]);
  });

  it("offers the buyer's Tier 2 item next to the Supplier Spend Report, to who may read figures", () => {
    const tier2 = MODULES.find((m) => m.key === 'tier2')!;
    const spend = MODULES.find((m) => m.key === 'supplierSpend')!;
    const viewer = ['SUPPLIER_SPEND_VIEW'];
    expect(
      allowedModules(deriveFeatures(viewer), [tier2, spend], 'BUYER', viewer).map((m) => m.key),
    ).toEqual(['supplierSpend', 'tier2']);
    expect(tier2.sidebar).toBe(true);
    // Rating suppliers opens the spend area but not its figures: no Tier 2 item.
    const rater = ['RATE_SUPPLIER_VIEW'];
    expect(
      allowedModules(deriveFeatures(rater), [tier2, spend], 'BUYER', rater).map((m) => m.key),
    ).toEqual(['supplierSpend']);
    expect(allowedModules(deriveFeatures(viewer), [tier2], 'SUPPLIER', viewer)).toEqual([]);
  });

  it("gives the spend figures' own screens sidebar items, to the roles whose routes answer them", () => {
    const sidebar = (role: keyof typeof DEFAULT_ROLE_PERMISSIONS, clientType: string) => {
      const held = DEFAULT_ROLE_PERMISSIONS[role];
      return allowedModules(deriveFeatures(held), MODULES, clientType, held)
        .filter((m) => m.sidebar)
        .map((m) => m.path);
    };
    const screens = [
      '/home/supplierSpend/goals',
      '/home/supplierSpend/programs',
      '/home/verified',
      '/home/verified/matching',
    ];
    for (const role of ['ROLE_BUYER_ADMIN', 'ROLE_BUYER_USER'] as const) {
      const items = sidebar(role, 'BUYER');
      // Right under the Supplier Spend Report, before Tier 2.
      const spend = items.indexOf('/home/supplierSpend');
      expect(items.slice(spend, spend + 6), role).toEqual([
        '/home/supplierSpend',
        ...screens,
        '/home/tier2',
      ]);
    }
    expect(sidebar('ROLE_SUPER_USER', 'ADMIN')).toEqual(expect.arrayContaining(screens));
    expect(sidebar('ROLE_SUPPLIER', 'SUPPLIER').filter((p) => screens.includes(p))).toEqual([]);
    // Rating suppliers opens the spend area, not its figures' screens.
    const rater = ['RATE_SUPPLIER_VIEW'];
    const items = allowedModules(deriveFeatures(rater), MODULES, 'BUYER', rater).map((m) => m.path);
    expect(items.filter((p) => screens.includes(p))).toEqual([]);
  });

  it('offers nothing without permissions', () => {
    expect(allowedModules(deriveFeatures([]), registry)).toEqual([]);
  });

  it('routes a module and everything below its path', () => {
    expect(moduleRoutePath(entry('rfx', 'rfx', '/home/rfx'))).toBe('rfx/*');
  });
});
