import { describe, expect, it } from 'vitest';
import { exclusiveDiversity } from './diversity.tsx';

describe('the diversity multi-select', () => {
  it('clears the diversity types when Non-Diverse is chosen, and the other way round', () => {
    expect(exclusiveDiversity(['MBE', 'WBE'], ['MBE', 'WBE', 'NON_DIVERSE'])).toEqual([
      'NON_DIVERSE',
    ]);
    expect(exclusiveDiversity(['NON_DIVERSE'], ['NON_DIVERSE', 'VBE'])).toEqual(['VBE']);
    expect(exclusiveDiversity(['MBE'], ['MBE', 'WBE'])).toEqual(['MBE', 'WBE']);
    expect(exclusiveDiversity(['MBE', 'WBE'], ['WBE'])).toEqual(['WBE']);
  });
});
