import { describe, expect, it } from 'vitest';
import { deriveFeatures } from '@spotzcity/shared/permissions';
import { MODULE_ORDER, allowedModules, moduleRoutePath, type AppModule } from './modules.tsx';

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
    };
    expect(allowedModules(features, [prime], 'SUPPLIER').map((m) => m.key)).toEqual([
      'tier2Reports',
    ]);
    expect(allowedModules(features, [prime], 'BUYER')).toEqual([]);
    expect(allowedModules(features, [prime])).toEqual([]);
  });

  it('offers nothing without permissions', () => {
    expect(allowedModules(deriveFeatures([]), registry)).toEqual([]);
  });

  it('routes a module and everything below its path', () => {
    expect(moduleRoutePath(entry('rfx', 'rfx', '/home/rfx'))).toBe('rfx/*');
  });
});
