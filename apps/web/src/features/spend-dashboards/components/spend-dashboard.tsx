/** Spend Dashboard: % of spend per diversity, month over month with 12-month totals, donuts per year. */
import { lazy, memo, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { graphQuery } from '../api/graphs.ts';
import { CountingRuleCard } from './counting-rule-card.tsx';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import grid from '../../../components/dashboard-grid.module.css';

// The cards below the counting rule: chunks of their own (their charts and tables are not the
// first screen's), each shown as a card's skeleton until its code has come.
const cards = () => import('./spend-cards.tsx');
const part = <P,>(load: () => Promise<ComponentType<P>>) =>
  lazy(() => load().then((component) => ({ default: component })));
const PerTypeCard = part(() => cards().then((m) => m.PerTypeCard));
const ByYearCard = part(() => cards().then((m) => m.ByYearCard));
const MomCard = part(() => cards().then((m) => m.MomCard));
const ProgramCard = part(() => import('./program-card.tsx').then((m) => m.ProgramCard));
const Tier2Card = part(() => import('./tier2-card.tsx').then((m) => m.Tier2Card));

function CardPending({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Card size="small">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * `base` is the percentages' base: the percent-of-spend chart and the donuts are shares of it
 * (numerator and denominator); the headline amounts and Month over Month stay all spend.
 *
 * `rule` is the counting rule chosen on screen (null until known: the policy's default may still
 * be coming): every card of diverse spend counts under it and says so; the program categories and
 * Tier 2, which count the same under either rule, say that.
 *
 * The dashboard starts every card's query; each card follows its own answer, so an answer renders
 * its card, not the dashboard. Memoised: the page around it re-renders as its own answers come
 * (the saved analysis, the counting policy) and the dashboard's props have not changed.
 */
export const SpendDashboard = memo(function SpendDashboard({
  fileIds,
  base,
  rule,
}: {
  fileIds: number[];
  base: SpendBase;
  rule: CountingRule | null;
}) {
  const client = useQueryClient();
  useEffect(() => {
    if (rule === null) return;
    const asked = rule;
    void client.prefetchQuery(graphQuery('spendPerDiversity', fileIds, base, asked));
    // Amounts only: the same figures whatever the base.
    void client.prefetchQuery(graphQuery('spendPerDiversityMom', fileIds, 'all', asked));
    void client.prefetchQuery(graphQuery('spendDiversityOverNonDiversity', fileIds, base, asked));
  }, [client, fileIds, base, rule]);

  return (
    <div className={grid.pairs}>
      <div className={grid.wide}>
        <CountingRuleCard fileIds={fileIds} base={base} />
      </div>
      <CardPending>
        <PerTypeCard fileIds={fileIds} base={base} rule={rule} />
      </CardPending>
      <CardPending>
        <ByYearCard fileIds={fileIds} base={base} rule={rule} />
      </CardPending>
      <div className={grid.wide}>
        <CardPending>
          <ProgramCard fileIds={fileIds} base={base} />
        </CardPending>
      </div>
      <div className={grid.wide}>
        <CardPending>
          <MomCard fileIds={fileIds} rule={rule} />
        </CardPending>
      </div>
      <div className={grid.wide}>
        <CardPending>
          <Tier2Card fileIds={fileIds} rule={rule} />
        </CardPending>
      </div>
    </div>
  );
});
