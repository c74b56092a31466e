/**
 * The dashboards' titles and the spend base's words, without the reply schemas of
 * ./spend-dashboards.ts (which re-exports them): a dashboard's first screen shows them without
 * loading zod.
 */
import { DIVERSITY_LABELS } from './diversity-words.ts';

export const DASHBOARD_KINDS = ['supplier', 'spend', 'category'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

export const DASHBOARD_TITLES: Record<DashboardKind, string> = {
  supplier: 'Supplier Dashboard',
  spend: 'Spend Dashboard',
  category: 'Category Dashboard',
};

/** Labels of the two halves of every diverse/non-diverse figure. */
export const DIVERSE_LABEL = 'Diverse';
export const NON_DIVERSE_LABEL = DIVERSITY_LABELS.NON_DIVERSE;

/**
 * The base of the dashboards' percentages: all spend, or addressable spend — the rows
 * whose category the organisation has not marked non-addressable. Amounts stay all spend; a
 * share's numerator and denominator both come from the base (docs/figures.md).
 */
export const SPEND_BASES = ['all', 'addressable'] as const;
export type SpendBase = (typeof SPEND_BASES)[number];
/** The control's words: what the percentages are of. */
export const SPEND_BASE_WORDS = {
  control: 'Percentages of',
  all: 'All spend',
  addressable: 'Addressable spend',
  filter: 'Base',
} as const;

/**
 * The base in words, as the reports' 'Base' filter line and the workbook's Summary write it: 'All
 * spend, non-addressable categories included (Taxes)' or 'Addressable spend, without Taxes,
 * Payroll'. `spendBaseLine` puts 'Base: ' before it, under every figure that uses the base.
 */
export function spendBaseText(base: SpendBase, nonAddressable: readonly string[]): string {
  const list = [...nonAddressable].sort((a, b) => a.localeCompare(b)).join(', ');
  if (base === 'all') {
    return nonAddressable.length
      ? `All spend, non-addressable categories included (${list})`
      : 'All spend (no category is marked non-addressable)';
  }
  return nonAddressable.length
    ? `Addressable spend, without ${list}`
    : 'Addressable spend (no category is marked non-addressable: all spend)';
}
export const spendBaseLine = (base: SpendBase, nonAddressable: readonly string[]) =>
  `${SPEND_BASE_WORDS.filter}: ${spendBaseText(base, nonAddressable)}`;
