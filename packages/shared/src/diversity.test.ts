import { describe, expect, it } from 'vitest';
import { DIVERSITY_LABELS, DIVERSITY_MESSAGES, diversityLabel } from './diversity.ts';
import { DIVERSITY_TYPES } from './enums.ts';

describe('diversity labels', () => {
  it("shows every type by the spec's name, and NON_DIVERSE as 'Non Diverse'", () => {
    expect(DIVERSITY_TYPES.map(diversityLabel)).toEqual([
      'MBE',
      'WBE',
      'VBE',
      'SDVBE',
      'DoBE',
      'LGBTBE',
      'DBE',
      'SBE',
      'SDB',
      '8A',
      'HUB',
      'Non Diverse',
    ]);
  });

  it('leaves a value that is no type as it is', () => {
    expect(diversityLabel('Other')).toBe('Other');
  });

  it('names Non Diverse in its message with the same label', () => {
    expect(DIVERSITY_MESSAGES.nonDiverseAlone).toBe(
      `${DIVERSITY_LABELS.NON_DIVERSE} cannot be combined with a diversity type`,
    );
  });
});
