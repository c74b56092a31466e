/**
 * The server's reports title their charts and tables with the words of @spotzcity/shared/charts;
 * the screen takes its words from this bundle. They must be the same words.
 */
import { describe, expect, it } from 'vitest';
import { CONTRACT_WORDS } from '@spotzcity/shared/charts/contracts';
import { COST_WORDS } from '@spotzcity/shared/charts/cost-savings';
import { MARKET_WORDS } from '@spotzcity/shared/charts/market-share';
import { RFX_WORDS } from '@spotzcity/shared/charts/rfx';
import { GOALS_WORDS } from '@spotzcity/shared/charts/goals';
import { SPEND_WORDS } from '@spotzcity/shared/charts/spend';
import { en } from './en.ts';

/** The entries of `words` that the bundle section also names, with the bundle's text. */
function common(section: Record<string, unknown>, words: Record<string, string>) {
  const keys = Object.keys(words).filter((key) => typeof section[key] === 'string');
  return {
    keys,
    bundle: Object.fromEntries(keys.map((key) => [key, section[key]])),
    shared: Object.fromEntries(keys.map((key) => [key, words[key]])),
  };
}

describe('report words', () => {
  it.each([
    ['spendDashboards', en.spendDashboards, SPEND_WORDS],
    ['rfx.dashboard', en.rfx.dashboard, RFX_WORDS],
    ['contracts.dashboard', en.contracts.dashboard, CONTRACT_WORDS],
    ['costSaving.dashboard', en.costSaving.dashboard, COST_WORDS],
    ['marketShare.dashboard', en.marketShare.dashboard, MARKET_WORDS],
    ['goals', en.goals, GOALS_WORDS as unknown as Record<string, string>],
  ])('%s reads as the reports do', (_name, section, words) => {
    const { keys, bundle, shared } = common(section, words);
    expect(keys.length).toBeGreaterThan(5);
    expect(bundle).toEqual(shared);
  });
});
