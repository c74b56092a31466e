import { describe, expect, it } from 'vitest';
import { normaliseDuns, normaliseSupplierName, supplierKey } from './suppliers.ts';

describe('supplier identity', () => {
  it('is the DUNS when there is one (dashes and spaces are formatting)', () => {
    expect(supplierKey('12-345-6789', 'Anything')).toBe('duns:123456789');
    expect(supplierKey(' 123456789 ', 'Other name')).toBe('duns:123456789');
    expect(normaliseDuns('12345678')).toBeNull();
    expect(normaliseDuns('12345678X')).toBeNull();
  });

  it('is the normalised name otherwise: case, punctuation, & and legal forms do not count', () => {
    expect(normaliseSupplierName('Delgado & Sons, Inc.')).toBe('delgado and sons');
    expect(normaliseSupplierName('DELGADO AND SONS INC')).toBe('delgado and sons');
    expect(normaliseSupplierName('Blue Ridge Logistics L.L.C.')).toBe('blue ridge logistics');
    expect(normaliseSupplierName('Acme Co. LLC')).toBe('acme');
    expect(normaliseSupplierName('Company')).toBe('company');
    expect(supplierKey(null, 'Harbor Point Logistics LLC')).toBe('name:harbor point logistics');
    expect(supplierKey('', 'Harbor Point Logistics')).toBe('name:harbor point logistics');
  });
});
