/** Spend Dashboard: % of spend per diversity, month over month with 12-month totals, donuts per year. */
import { Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@spotzcity/shared/format';
import { CountingNote } from '../../../components/counting-note.tsx';
import { EChart } from '../../../components/echart.tsx';
import { graphQuery } from '../api/graphs.ts';
import { ChartCard } from './chart-card.tsx';
import { CountingRuleCard } from './counting-rule-card.tsx';
import {
  diverseByYearLayout,
  diverseByYearOption,
  momTotals as totals,
  spendMomOption,
  spendPerDiversityOption,
} from '@spotzcity/shared/charts/spend';
import { DIVERSE_LABEL, NON_DIVERSE_LABEL, useChartSize } from './chart-format.ts';
import grid from '../dashboard-grid.module.css';

export function SpendDashboard({ fileIds }: { fileIds: number[] }) {
  const { t } = useTranslation();
  const { height, narrow } = useChartSize();
  const perType = useQuery(graphQuery('spendPerDiversity', fileIds));
  const mom = useQuery(graphQuery('spendPerDiversityMom', fileIds));
  const years = useQuery(graphQuery('spendDiversityOverNonDiversity', fileIds));

  return (
    <div className={grid.grid}>
      <div className={grid.wide}>
        <CountingRuleCard fileIds={fileIds} />
      </div>
      <ChartCard
        title={t('spendDashboards.spendPerDiversity')}
        query={perType}
        isEmpty={(d) => d.types.length === 0}
        testId="chart-spend-per-diversity"
      >
        {(d) => (
          <>
            <div className="dashboard-stats">
              <Statistic
                title={t('spendDashboards.totalSpend')}
                value={formatMoney(d.totalSpend)}
              />
              <Statistic title={DIVERSE_LABEL} value={formatMoney(d.diverseSpend)} />
              <Statistic title={NON_DIVERSE_LABEL} value={formatMoney(d.nonDiverseSpend)} />
            </div>
            <EChart height={height - 60} option={spendPerDiversityOption(d)} />
            <Typography.Text type="secondary" className="spend-base" data-testid="spend-base">
              {t('spendDashboards.allSpendBase')}
            </Typography.Text>
            <CountingNote />
          </>
        )}
      </ChartCard>

      <ChartCard
        title={t('spendDashboards.diverseByYear')}
        query={years}
        isEmpty={(d) => d.length === 0}
        testId="chart-diverse-by-year"
      >
        {(d) => {
          // Donuts in rows of three (two when narrow), the year in each donut's middle.
          return (
            <EChart
              height={diverseByYearLayout(d, narrow).height}
              option={diverseByYearOption(d, narrow)}
            />
          );
        }}
      </ChartCard>

      <div className={grid.wide}>
        <ChartCard
          title={t('spendDashboards.spendMom')}
          query={mom}
          isEmpty={(d) => d.months.length === 0}
          testId="chart-spend-mom"
        >
          {(d) => (
            <>
              <EChart height={height} option={spendMomOption(d)} />
              <div className="mom-totals" data-testid="mom-totals">
                <Typography.Text strong>{t('spendDashboards.twelveMonthTotal')}</Typography.Text>
                {totals(d).map((c) => (
                  <span key={c.title} className="mom-total">
                    <Typography.Text type="secondary">{c.title}</Typography.Text>
                    <Typography.Text>{formatMoney(c.total)}</Typography.Text>
                  </span>
                ))}
              </div>
              <CountingNote />
            </>
          )}
        </ChartCard>
      </div>
    </div>
  );
}
