/**
 * The counting rules and the vendor matches in words, without the schemas of
 * ./verified-diversity.ts (which re-exports all of this): the Spend Dashboard's first screen and
 * its counting details show them without loading and running zod.
 */

export const COUNTING_RULES = ['REPORTED', 'VERIFIED'] as const;
export type CountingRule = (typeof COUNTING_RULES)[number];

/** The rule's name on screen and in every export. */
export const COUNTING_RULE_LABELS: Record<CountingRule, string> = {
  REPORTED: 'As reported in the file',
  VERIFIED: 'Verified',
};

/** The rule in a diversity manager's words (under the figures and in the exports). */
export const COUNTING_RULE_TEXT: Record<CountingRule, string> = {
  REPORTED: "A payment counts for the diversity types its file's Diversity Category names.",
  VERIFIED:
    'A payment counts for a diversity type only when its vendor is matched to a directory ' +
    "supplier that held a certificate of that type, qualifying under the organisation's policy, " +
    'on the payment date.',
};

/**
 * The line under each figure of a dashboard that offers the rule, on screen and in its exports:
 * 'Counting rule: Verified'.
 */
export const countingRuleLine = (rule: CountingRule) =>
  `Counting rule: ${COUNTING_RULE_LABELS[rule]}`;

/** Under the program categories, which count the same under either rule. */
export const PROGRAMS_RULE_NOTE =
  'Counted the same under either counting rule: by the directory supplier each vendor is ' +
  'matched to, as that supplier is today.';

/** Under Tier 2 next to Tier 1: Tier 1 follows the rule, Tier 2 is the primes' own report. */
export const tier2RuleNote = (rule: CountingRule) =>
  `Tier 1 counts ${rule === 'VERIFIED' ? 'verified' : 'as reported in the file'}; Tier 2 counts as the prime suppliers reported it.`;

/* ---------------------------------------------------------------- matching */

/** How a vendor was matched, strongest first, with the score each rule gives. */
export const MATCH_RULES = [
  'CONFIRMED',
  'UEI',
  'DUNS',
  'FEIN',
  'NAME_STATE_ZIP',
  'NAME_ZIP',
  'NAME_STATE',
  'NONE',
] as const;
export type MatchRule = (typeof MATCH_RULES)[number];

export const MATCH_SCORES: Record<MatchRule, number> = {
  CONFIRMED: 100,
  UEI: 100,
  DUNS: 100,
  FEIN: 95,
  NAME_STATE_ZIP: 90,
  NAME_ZIP: 85,
  NAME_STATE: 80,
  NONE: 0,
};

/** A match below this score is 'uncertain': listed for confirmation, not counted as verified. */
export const CERTAIN_MATCH_SCORE = 90;

export const MATCH_RULE_LABELS: Record<MatchRule, string> = {
  CONFIRMED: 'Confirmed by a user',
  UEI: 'Same UEI',
  DUNS: 'Same DUNS',
  FEIN: 'Same FEIN',
  NAME_STATE_ZIP: 'Same name, state and ZIP',
  NAME_ZIP: 'Same name and ZIP',
  NAME_STATE: 'Same name and state',
  NONE: 'No match',
};

/**
 * Why a spend row's vendor is (or is not) tied to a directory supplier, in words: the rule, its
 * score and the supplier — 'Same DUNS · score 100 · Alpha Freight Partners'; below
 * CERTAIN_MATCH_SCORE the match is called uncertain (it does not count as verified).
 */
export function matchReason(
  rule: MatchRule | null,
  score: number | null,
  supplierName: string | null,
): string {
  if (rule === null) return 'Not matched yet';
  if (rule === 'NONE') return MATCH_RULE_LABELS.NONE;
  const uncertain = rule !== 'CONFIRMED' && (score ?? 0) < CERTAIN_MATCH_SCORE;
  return [
    MATCH_RULE_LABELS[rule],
    `score ${score ?? 0}${uncertain ? ', uncertain' : ''}`,
    ...(supplierName ? [supplierName] : []),
  ].join(' · ');
}
