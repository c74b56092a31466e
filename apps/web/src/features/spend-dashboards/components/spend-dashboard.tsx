/** Spend Dashboard: % of spend per diversity, month over month with 12-month totals, donuts per year. */
import { Statistic, Typography } from 'antd';
import { memo } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import { AfterFirstScreen } from '../../../components/after-first-screen.tsx';
import { CountingNote } from '../../../components/counting-note.tsx';
import { EChart } from '../../../components/echart.tsx';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { CountingRuleCard } from './counting-rule-card.tsx';
import { ProgramCard } from './program-card.tsx';
import { SpendBaseLine } from './spend-base.tsx';
import { Tier2Card } from './tier2-card.tsx';
import {
  diverseByYearLayout,
  diverseByYearOption,
  momTotals as totals,
  spendMomOption,
  spendPerDiversityOption,
} from '@spotzcity/shared/charts/spend';
import type { SpendBase } from '@spotzcity/shared/spend-dashboards';
import { DIVERSE_LABEL, NON_DIVERSE_LABEL, useChartSize } from './chart-format.ts';
import grid from '../../../components/dashboard-grid.module.css';
import css from '../spend-dashboards.module.css';

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

  // The counting rule fills a phone's first screen; the cards below it follow it, one per task
  // (components/after-first-screen.tsx).
  return (
    <div className={grid.pairs}>
      <div className={grid.wide}>
        <CountingRuleCard fileIds={fileIds} base={base} />
      </div>
      <AfterFirstScreen>
        <PerTypeCard fileIds={fileIds} base={base} />
      </AfterFirstScreen>

      <AfterFirstScreen>
        <ByYearCard fileIds={fileIds} base={base} />
      </AfterFirstScreen>

      <AfterFirstScreen>
        <div className={grid.wide}>
          <ProgramCard fileIds={fileIds} base={base} />
        </div>
      </AfterFirstScreen>

      <AfterFirstScreen>
        <div className={grid.wide}>
          <MomCard fileIds={fileIds} />
        </div>
      </AfterFirstScreen>

      <AfterFirstScreen>
        <div className={grid.wide}>
          <Tier2Card fileIds={fileIds} />
        </div>
      </AfterFirstScreen>
    </div>
  );
});

function PerTypeCard({ fileIds, base }: { fileIds: number[]; base: SpendBase }) {
  const { t } = useTranslation();
  const { height } = useChartSize();
  const perType = useQuery(graphQuery('spendPerDiversity', fileIds, base));
  return (
    <ChartCard
      title={t('spendDashboards.spendPerDiversity')}
      query={perType}
      isEmpty={(d) => d.types.length === 0}
      data-testid="chart-spend-per-diversity"
    >
      {(d) => (
        <>
          <div className={css.dashboardStats}>
            <Statistic title={t('spendDashboards.totalSpend')} value={formatMoney(d.totalSpend)} />
            <Statistic title={DIVERSE_LABEL} value={formatMoney(d.diverseSpend)} />
            <Statistic title={NON_DIVERSE_LABEL} value={formatMoney(d.nonDiverseSpend)} />
          </div>
          <EChart height={height - 60} option={spendPerDiversityOption(d)} />
          <SpendBaseLine base={base} testId="spend-base" />
          <CountingNote />
        </>
      )}
    </ChartCard>
  );
}

function ByYearCard({ fileIds, base }: { fileIds: number[]; base: SpendBase }) {
  const { t } = useTranslation();
  const { narrow } = useChartSize();
  const years = useQuery(graphQuery('spendDiversityOverNonDiversity', fileIds, base));
  return (
    <ChartCard
      title={t('spendDashboards.diverseByYear')}
      query={years}
      isEmpty={(d) => d.length === 0}
      data-testid="chart-diverse-by-year"
    >
      {(d) => {
        // Donuts in rows of three (two when narrow), the year in each donut's middle.
        return (
          <>
            <EChart
              height={diverseByYearLayout(d, narrow).height}
              option={diverseByYearOption(d, narrow)}
            />
            <SpendBaseLine base={base} testId="spend-base-years" />
          </>
        );
      }}
    </ChartCard>
  );
}

function MomCard({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const { height } = useChartSize();
  const mom = useQuery(graphQuery('spendPerDiversityMom', fileIds));
  return (
    <ChartCard
      title={t('spendDashboards.spendMom')}
      query={mom}
      isEmpty={(d) => d.months.length === 0}
      data-testid="chart-spend-mom"
    >
      {(d) => (
        <>
          <EChart height={height} option={spendMomOption(d)} />
          <div className={css.momTotals} data-testid="mom-totals">
            <Typography.Text strong>{t('spendDashboards.twelveMonthTotal')}</Typography.Text>
            {totals(d).map((c) => (
              <span key={c.title} className={css.momTotal}>
                <Typography.Text type="secondary">{c.title}</Typography.Text>
                <Typography.Text>{formatMoney(c.total)}</Typography.Text>
              </span>
            ))}
          </div>
          <CountingNote />
        </>
      )}
    </ChartCard>
  );
}
