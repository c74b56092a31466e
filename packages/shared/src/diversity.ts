/**
 * Diversity vocabulary shared by the procurement modules (DESIGN.md §6): what "diverse" means, how a
 * type is shown, and the multi-select rule that a supplier is either non-diverse or of one or more
 * diversity types.
 */
import { z } from 'zod';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES, type DiversityType } from './enums.ts';
import { MESSAGES } from './validation.ts';

export const NON_DIVERSE: DiversityType = 'NON_DIVERSE';

/** Every diversity type except NON_DIVERSE, in the spec's order. */
export const DIVERSE_TYPES = DIVERSITY_TYPES.filter((t) => t !== NON_DIVERSE);

/**
 * How each type reads on screen and in exports, everywhere: the spec's names (8A), and
 * NON_DIVERSE as 'Non Diverse', the words of the spec's dashboards. Show a type with
 * `diversityLabel`, never with a copy of this map.
 */
export const DIVERSITY_LABELS: Record<DiversityType, string> = {
  MBE: 'MBE',
  WBE: 'WBE',
  VBE: 'VBE',
  SDVBE: 'SDVBE',
  DoBE: 'DoBE',
  LGBTBE: 'LGBTBE',
  DBE: 'DBE',
  SBE: 'SBE',
  SDB: 'SDB',
  '8A': '8A',
  HUB: 'HUB',
  NON_DIVERSE: 'Non Diverse',
};

/** What each abbreviation stands for (tooltips and the Excel legend). */
export const DIVERSITY_NAMES: Record<DiversityType, string> = {
  MBE: 'Minority-owned business',
  WBE: 'Women-owned business',
  VBE: 'Veteran-owned business',
  SDVBE: 'Service-disabled veteran-owned business',
  DoBE: 'Disability-owned business',
  LGBTBE: 'LGBT-owned business',
  DBE: 'Disadvantaged business enterprise',
  SBE: 'Small business enterprise',
  SDB: 'Small disadvantaged business',
  '8A': 'SBA 8(a) program participant',
  HUB: 'HUBZone business',
  NON_DIVERSE: 'Not a diverse business',
};

export const diversityLabel = (type: string) => DIVERSITY_LABELS[type as DiversityType] ?? type;

/**
 * Said under every per-type figure, on screen and in the exports: a supplier with several types
 * counts in full under each (DESIGN.md §6), so the types can add up to more than the total.
 */
export const MULTI_TYPE_NOTE = 'A vendor with several diversity types counts under each of them.';

/** Diverse = holding any diversity type other than NON_DIVERSE. */
export const isDiverse = (types: readonly string[] | null | undefined) =>
  (types ?? []).some((t) => t !== NON_DIVERSE);

export const DIVERSITY_MESSAGES = {
  nonDiverseAlone: `${DIVERSITY_LABELS.NON_DIVERSE} cannot be combined with a diversity type`,
} as const;

/** An optional ethnicity category (empty = none). */
export const optionalEthnicity = () =>
  z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.enum(ETHNICITY_CATEGORIES).optional(),
  );

/** A required multi-select of diversity types: one or more, duplicates dropped. */
export const diversityCategories = () =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null) return [];
      // A client may send one type, or several comma-separated, as a string.
      if (typeof value === 'string') return value.split(',').flatMap((t) => t.trim() || []);
      return value;
    },
    z
      .array(z.enum(DIVERSITY_TYPES), { error: MESSAGES.required })
      .min(1, { error: MESSAGES.required })
      .max(DIVERSITY_TYPES.length, { error: MESSAGES.maxItems(DIVERSITY_TYPES.length) })
      .transform((types) => DIVERSITY_TYPES.filter((t) => types.includes(t)))
      .refine((types) => !(types.includes(NON_DIVERSE) && types.length > 1), {
        error: DIVERSITY_MESSAGES.nonDiverseAlone,
      }),
  );
