/**
 * The Spend Dashboard's chart cards below its first screen (./spend-dashboard.tsx): the percent of
 * spend per diversity, the diverse share by year and Month over Month, each counted under the rule
 * chosen on screen and saying so. A chunk of its own, loaded once the first screen has painted.
 */
import { Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import { CountingNote } from '../../../components/counting-note.tsx';
import { EChart } from '../../../components/echart.tsx';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { SpendBaseLine } from './spend-base.tsx';
import {
  diverseByYearLayout,
  diverseByYearOption,
  momTotals as totals,
  spendMomOption,
  spendPerDiversityOption,
} from '@spotzcity/shared/charts/spend';
import type { SpendBase } from '@spotzcity/shared/spend-dashboard-words';
import type { CountingRule } from '@spotzcity/shared/verified-words';
import { RuleLine } from './rule-line.tsx';
import { DIVERSE_LABEL, NON_DIVERSE_LABEL, useChartSize } from './chart-format.ts';
import css from '../spend-dashboards.module.css';

/** The rule the cards count under; null until it is known (the card waits). */
interface RuleProps {
  rule: CountingRule | null;
}

export function PerTypeCard({
  fileIds,
  base,
  rule,
}: { fileIds: number[]; base: SpendBase } & RuleProps) {
  const { t } = useTranslation();
  const { height } = useChartSize();
  const perType = useQuery({
    ...graphQuery('spendPerDiversity', fileIds, base, rule ?? undefined),
    enabled: rule !== null,
  });
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
          <RuleLine rule={rule ?? undefined} testId="rule-per-type" />
          <CountingNote />
        </>
      )}
    </ChartCard>
  );
}

export function ByYearCard({
  fileIds,
  base,
  rule,
}: { fileIds: number[]; base: SpendBase } & RuleProps) {
  const { t } = useTranslation();
  const { narrow } = useChartSize();
  const years = useQuery({
    ...graphQuery('spendDiversityOverNonDiversity', fileIds, base, rule ?? undefined),
    enabled: rule !== null,
  });
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
            <RuleLine rule={rule ?? undefined} testId="rule-years" />
          </>
        );
      }}
    </ChartCard>
  );
}

export function MomCard({ fileIds, rule }: { fileIds: number[] } & RuleProps) {
  const { t } = useTranslation();
  const { height } = useChartSize();
  // Amounts only: the same figures whatever the base.
  const mom = useQuery({
    ...graphQuery('spendPerDiversityMom', fileIds, 'all', rule ?? undefined),
    enabled: rule !== null,
  });
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
          <RuleLine rule={rule ?? undefined} testId="rule-mom" />
          <CountingNote />
        </>
      )}
    </ChartCard>
  );
}
