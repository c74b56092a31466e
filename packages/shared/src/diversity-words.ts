/**
 * How diversity types read, without the request schemas of ./diversity.ts (which re-exports all of
 * this): a page's first screen shows the labels without loading and running zod.
 */
import { DIVERSITY_TYPES, type DiversityType } from './enums.ts';

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
