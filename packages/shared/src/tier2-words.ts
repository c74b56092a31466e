/**
 * Tier 2's titles, paths and note, without the schemas of ./tier2.ts (which re-exports them): the
 * Spend Dashboard's Tier 2 card shows them without loading and running zod.
 */
import type { Tier2Figures } from './tier2.ts';

export const TIER2_TITLE = 'Tier 2';
export const TIER2_PRIME_TITLE = 'Tier 2 Reports';
/** The buyer's Tier 2 page and the prime's. */
export const TIER2_PAGE_PATH = '/home/tier2';
export const TIER2_PRIME_PATH = '/home/tier2Reports';

/** Said under every Tier 2 figure, on screen and in the exports. */
export const TIER2_DASHBOARD_NOTE = (reported: number, invited: number) =>
  `Tier 2 is what ${reported} of ${invited} invited prime supplier${invited === 1 ? '' : 's'} ` +
  "reported paying diverse suppliers: direct spend for this organisation's work, and indirect " +
  "spend allocated by this organisation's share of the prime's revenue. It is shown next to " +
  'Tier 1 and never added into it.';

export const tier2NoteFor = (figures: Pick<Tier2Figures, 'primes' | 'primesInvited'>) =>
  TIER2_DASHBOARD_NOTE(
    figures.primes.filter((p) => p.quartersReported > 0).length,
    figures.primesInvited,
  );
