/**
 * Diversity in sourcing: are diverse suppliers as present among the winners as among the
 * invited? For the period, the diverse share of invitations, of deals won and of contract value
 * won, in total and per diversity type.
 */
import { useMemo } from 'react';
import { BulbOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { diversityLabel, NON_DIVERSE } from '@spotzcity/shared/diversity-words';
import { formatCompactMoney } from '@spotzcity/shared/format';
import type { Sourcing } from '@spotzcity/shared/rfx';
import { ChartCard } from '../../../components/chart-card.tsx';
import { ChartEmpty } from '../../../components/chart-empty.tsx';
import { CountingNote } from '../../../components/counting-note.tsx';
import { SPLIT_LINE, STRONG_TEXT } from '../../../components/chart-options.ts';
import { CHART_COLORS, EChart, type EChartsCoreOption } from '../../../components/echart.tsx';
import css from '../rfx.module.css';

// The chart cycle's first three colours (sky, indigo, emerald).
export const STEP_COLORS = {
  invited: CHART_COLORS[1],
  won: CHART_COLORS[0],
  value: CHART_COLORS[2],
} as const;

const pct = (n: number) => `${n.toFixed(1)}%`;

function Step({
  label,
  share,
  detail,
  color,
  testId,
}: {
  label: string;
  share: number;
  detail: string;
  color: string;
  testId: string;
}) {
  return (
    <div className={css.sourcingStep} data-testid={testId}>
      <div className={css.sourcingStepLabel}>{label}</div>
      <div className={css.sourcingStepValue} style={{ color }}>
        {pct(share)}
      </div>
      <div className={css.sourcingStepDetail}>{detail}</div>
      <div className={css.sourcingStepBar}>
        <span style={{ width: `${Math.min(100, share)}%`, background: color }} />
      </div>
    </div>
  );
}

/** Types shown in the per-type chart: those that took part, least invited first (bottom up). */
const typesShown = (sourcing: Sourcing) =>
  sourcing.rows
    .filter((r) => r.diversityType !== NON_DIVERSE && (r.invited > 0 || r.won > 0))
    .sort((a, b) => a.invitedShare - b.invitedShare);

const chartHeightFor = (rows: number) => Math.max(240, 48 + (rows + 1) * 30);

/** The card's body height, so that a chart beside it can match. */
export const sourcingHeight = (sourcing: Sourcing) =>
  chartHeightFor(typesShown(sourcing).length) + 190;

export function SourcingView({ sourcing }: { sourcing: Sourcing }) {
  const { t } = useTranslation();
  const { diverse, totals } = sourcing;

  // Types that took part in the period, most invited first; then the all-diverse bar on top.
  const rows = useMemo(() => typesShown(sourcing), [sourcing]);

  const option = useMemo<EChartsCoreOption>(() => {
    const labels = [
      ...rows.map((r) => diversityLabel(r.diversityType)),
      t('rfx.dashboard.allDiverse'),
    ];
    const series = (
      name: string,
      key: 'invitedShare' | 'wonShare' | 'wonValueShare',
      color: string,
    ) => ({
      name,
      type: 'bar',
      data: [...rows.map((r) => r[key]), diverse[key]],
      itemStyle: { color, borderRadius: [0, 3, 3, 0] },
      barMaxWidth: 7,
      barGap: '15%',
    });
    return {
      grid: { left: 8, right: 40, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, itemWidth: 12, itemHeight: 12 },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (v: number) => pct(v),
      },
      xAxis: {
        type: 'value',
        max: 100,
        axisLabel: { formatter: '{value}%' },
        splitLine: SPLIT_LINE,
      },
      yAxis: {
        type: 'category',
        data: labels,
        axisTick: { show: false },
        axisLabel: {
          fontWeight: 500,
          formatter: (label: string) =>
            label === t('rfx.dashboard.allDiverse') ? `{strong|${label}}` : label,
          rich: { strong: { fontWeight: 700, color: STRONG_TEXT } },
        },
      },
      series: [
        series(t('rfx.dashboard.invited'), 'invitedShare', STEP_COLORS.invited),
        series(t('rfx.dashboard.won'), 'wonShare', STEP_COLORS.won),
        series(t('rfx.dashboard.valueWon'), 'wonValueShare', STEP_COLORS.value),
      ],
    };
  }, [rows, diverse, t]);

  const headline =
    totals.invited === 0
      ? t('rfx.dashboard.noInvitations')
      : totals.won === 0
        ? t('rfx.dashboard.noAwards')
        : `${t('rfx.dashboard.headline', {
            invited: pct(diverse.invitedShare),
            won: pct(diverse.wonShare),
            value: pct(diverse.wonValueShare),
          })} ${
            Math.min(diverse.wonShare, diverse.wonValueShare) + 2 < diverse.invitedShare
              ? t('rfx.dashboard.gapDown')
              : t('rfx.dashboard.gapUp')
          }`;

  const chartHeight = chartHeightFor(rows.length);

  return (
    <ChartCard
      title={t('rfx.dashboard.sourcingTitle')}
      subtitle={t('rfx.dashboard.sourcingSubtitle')}
      note={<CountingNote />}
      data-testid="rfx-sourcing"
    >
      <div className={css.sourcingHeadline} data-testid="rfx-sourcing-headline">
        <BulbOutlined />
        <span>{headline}</span>
      </div>
      <div className={css.sourcingSteps}>
        <Step
          label={t('rfx.dashboard.invited')}
          share={diverse.invitedShare}
          detail={t('rfx.dashboard.invitedDetail', {
            diverse: diverse.invited,
            total: totals.invited,
          })}
          color={STEP_COLORS.invited}
          testId="sourcing-invited"
        />
        <Step
          label={t('rfx.dashboard.won')}
          share={diverse.wonShare}
          detail={t('rfx.dashboard.wonDetail', { diverse: diverse.won, total: totals.won })}
          color={STEP_COLORS.won}
          testId="sourcing-won"
        />
        <Step
          label={t('rfx.dashboard.valueWon')}
          share={diverse.wonValueShare}
          detail={t('rfx.dashboard.valueDetail', {
            diverse: formatCompactMoney(diverse.wonValue),
            total: formatCompactMoney(totals.wonValue),
          })}
          color={STEP_COLORS.value}
          testId="sourcing-value"
        />
      </div>
      {totals.invited > 0 ? (
        <EChart option={option} height={chartHeight} data-testid="rfx-sourcing-chart" />
      ) : (
        <ChartEmpty height={chartHeight} text={t('rfx.dashboard.noInvitations')} />
      )}
    </ChartCard>
  );
}
