import { describe, expect, it } from 'vitest';
import { endAfterStartChange } from './contract-term.ts';

describe('the contract end in the client form', () => {
  it('follows the start while it is the default one-year term or empty', () => {
    expect(endAfterStartChange('2026-01-15', '2027-01-15', '2026-03-01')).toBe('2027-03-01');
    expect(endAfterStartChange('2026-01-15', undefined, '2026-03-01')).toBe('2027-03-01');
    expect(endAfterStartChange('2026-01-15', '', '2028-02-29')).toBe('2029-02-28');
  });

  it('keeps an end the user chose, and does nothing when the start is cleared', () => {
    expect(endAfterStartChange('2026-01-15', '2026-12-31', '2026-03-01')).toBe('2026-12-31');
    expect(endAfterStartChange('2026-01-15', '2027-01-15', '')).toBe('2027-01-15');
  });
});
