/** Spend Dashboard: % of spend per diversity, month over month with 12-month totals, donuts per year. */
import { memo } from 'react';
import { usePrefetchQuery } from '@tanstack/react-query';
import { AfterFirstScreen, lazyPart } from '../../../components/after-first-screen.tsx';
import { graphQuery } from '../api/graphs.ts';
import { CountingRuleCard } from './counting-rule-card.tsx';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import grid from '../../../components/dashboard-grid.module.css';

// The cards below the counting rule: chunks of their own, asked for once it has painted its figures.
const cards = () => import('./spend-cards.tsx');
const PerTypeCard = lazyPart(() => cards().then((m) => m.PerTypeCard));
const ByYearCard = lazyPart(() => cards().then((m) => m.ByYearCard));
const MomCard = lazyPart(() => cards().then((m) => m.MomCard));
const ProgramCard = lazyPart(() => import('./program-card.tsx').then((m) => m.ProgramCard));
const Tier2Card = lazyPart(() => import('./tier2-card.tsx').then((m) => m.Tier2Card));

/**
 * `base` is the percentages' base: the percent-of-spend chart and the donuts are shares of it
 * (numerator and denominator); the headline amounts and Month over Month stay all spend.
 *
 * The dashboard starts every card's query; each card follows its own answer, so an answer renders
 * its card, not the dashboard (issue #19: react-query renders an answer synchronously, in one
 * task). Memoised: the page around it re-renders as its own answers come (the saved analysis,
 * the counting policy) and the dashboard's props have not changed.
 */
export const SpendDashboard = memo(function SpendDashboard({
  fileIds,
  base,
}: {
  fileIds: number[];
  base: SpendBase;
}) {
  usePrefetchQuery(graphQuery('spendPerDiversity', fileIds, base));
  // Amounts only: the same figures whatever the base.
  usePrefetchQuery(graphQuery('spendPerDiversityMom', fileIds));
  usePrefetchQuery(graphQuery('spendDiversityOverNonDiversity', fileIds, base));

  // The counting rule fills a phone's first screen; the cards below it follow it, their code
  // loaded once it has painted its figures (components/after-first-screen.tsx).
  return (
    <div className={grid.pairs}>
      <div className={grid.wide}>
        <CountingRuleCard fileIds={fileIds} base={base} />
      </div>
      <AfterFirstScreen load={PerTypeCard.load}>
        <PerTypeCard fileIds={fileIds} base={base} />
      </AfterFirstScreen>

      <AfterFirstScreen load={ByYearCard.load}>
        <ByYearCard fileIds={fileIds} base={base} />
      </AfterFirstScreen>

      <AfterFirstScreen load={ProgramCard.load}>
        <div className={grid.wide}>
          <ProgramCard fileIds={fileIds} base={base} />
        </div>
      </AfterFirstScreen>

      <AfterFirstScreen load={MomCard.load}>
        <div className={grid.wide}>
          <MomCard fileIds={fileIds} />
        </div>
      </AfterFirstScreen>

      <AfterFirstScreen load={Tier2Card.load}>
        <div className={grid.wide}>
          <Tier2Card fileIds={fileIds} />
        </div>
      </AfterFirstScreen>
    </div>
  );
});
