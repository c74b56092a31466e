/**
 * Diversity vocabulary shared by the procurement modules (DESIGN.md §6): what "diverse" means, how a
 * type is shown, and the multi-select rule that a supplier is either non-diverse or of one or more
 * diversity types.
 */
import { z } from 'zod';
import { DIVERSITY_TYPES, ETHNICITY_CATEGORIES } from './enums.ts';
import { MESSAGES } from './validation.ts';
import { DIVERSITY_LABELS, NON_DIVERSE } from './diversity-words.ts';

export * from './diversity-words.ts';

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
