/**
 * Goals Dashboard: cumulative diverse spend against the year's goal, the projection
 * to year end at the run rate, and every target's row with the dollars still needed and whether
 * it is on track — for the selected files, as a percent of addressable spend.
 */
import { Alert, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { goalProgressOption, goalRowLabel, goalsTableRows } from '@spotzcity/shared/charts/goals';
import { formatMoney } from '@spotzcity/shared/format';
import type { GoalRow, GoalStatus, GoalsDashboard as Figures } from '@spotzcity/shared/goals';
import { EChart } from '../../../components/echart.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { DrillDownFigure } from '../../../components/drill-down.tsx';
import { goalsGraphQuery } from '../api/goals.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { percentText, useChartSize } from './chart-format.ts';
import {
  COUNTING_RULE_LABELS,
  COUNTING_RULE_TEXT,
  type CountingRule,
} from '@spotzcity/shared/verified-words';
import grid from '../../../components/dashboard-grid.module.css';
import css from '../spend-dashboards.module.css';

const STATUS_COLORS: Record<GoalStatus, string> = {
  ON_TRACK: 'green',
  AT_RISK: 'gold',
  OFF_TRACK: 'red',
  NO_DATA: 'default',
};

export const GOALS_SETTINGS_PATH = '/home/supplierSpend/goals';

export function StatusTag({ status }: { status: GoalStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="goal-status">
      {t(`goals.statuses.${status}`)}
    </Tag>
  );
}

/** 'Base: addressable spend — all spend except Taxes, Utilities'. */
export function BaseNote({ d }: { d: Figures }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" data-testid="goals-base">
      {t('goals.base')}: {t('goals.addressable').toLowerCase()} —{' '}
      {d.nonAddressableCategories.length === 0
        ? t('goals.baseAll')
        : t('goals.baseExcept', { categories: d.nonAddressableCategories.join(', ') })}
    </Typography.Text>
  );
}

function Headline({ d }: { d: Figures }) {
  const { t } = useTranslation();
  const o = d.overall;
  return (
    <div className={css.goalsHeadline} data-testid="goals-headline">
      <StatCard
        label={t('goals.overall')}
        value={o ? percentText(o.target) : '—'}
        detail={
          o ? <StatusTag status={o.status} /> : t('goals.noGoal', { year: `FY${d.fiscalYear}` })
        }
        data-testid="goal-overall-card"
      />
      <StatCard
        label={t('goals.actualPercent')}
        value={o?.share === null || o === null ? '—' : percentText(o.share)}
        detail={t('goals.monthsPaid', { count: d.monthsElapsed })}
      />
      <StatCard
        label={t('goals.stillNeeded')}
        value={o ? formatMoney(o.stillNeeded) : '—'}
        detail={o ? `${t('goals.goalYearEnd')} ${formatMoney(o.goalAtYearEnd)}` : undefined}
        data-testid="goal-still-needed"
      />
      <StatCard
        label={t('goals.addressable')}
        value={formatMoney(d.addressableSpend)}
        detail={`${t('goals.nonAddressableSpend')} ${formatMoney(d.nonAddressableSpend)}`}
      />
    </div>
  );
}

function TargetsTable({ d, fileIds }: { d: Figures; fileIds: number[] }) {
  const { t } = useTranslation();
  const money = (v: number) => formatMoney(v);
  // A row's actual opens the suppliers and payments behind it, under the dashboard's rule.
  const actual = (v: number, r: GoalRow) => (
    <DrillDownFigure
      target={{
        path: '/api/drillDown/goal',
        excelPath: '/api/excel/drillDown/goal',
        body: {
          selectedIds: fileIds,
          fiscalYear: d.fiscalYear,
          countingRule: d.countingRule,
          kind: r.kind,
          name: r.name,
        },
      }}
      amount={formatMoney(v)}
      data-testid={`goal-drill-${r.kind}-${r.name}`}
    >
      {formatMoney(v)}
    </DrillDownFigure>
  );
  const columns: TableColumnsType<GoalRow> = [
    {
      title: t('goals.target'),
      key: 'name',
      render: (_, r) => goalRowLabel(r),
      fixed: 'left',
      width: 170,
    },
    { title: t('goals.goalPercent'), dataIndex: 'target', align: 'right', render: percentText },
    {
      title: t('goals.actualPercent'),
      dataIndex: 'share',
      align: 'right',
      render: (v: number | null) => (v === null ? '—' : percentText(v)),
    },
    { title: t('goals.actual'), dataIndex: 'actual', align: 'right', render: actual },
    { title: t('goals.projected'), dataIndex: 'projectedActual', align: 'right', render: money },
    { title: t('goals.goalYearEnd'), dataIndex: 'goalAtYearEnd', align: 'right', render: money },
    { title: t('goals.stillNeeded'), dataIndex: 'stillNeeded', align: 'right', render: money },
    {
      title: t('goals.status'),
      dataIndex: 'status',
      render: (s: GoalStatus) => <StatusTag status={s} />,
    },
  ];
  return (
    <Table<GoalRow>
      size="small"
      rowKey={(r) => `${r.kind}:${r.name}`}
      columns={columns}
      dataSource={goalsTableRows(d)}
      pagination={false}
      scroll={{ x: 900 }}
      data-testid="goals-table"
    />
  );
}

export function GoalsDashboard({
  fileIds,
  fiscalYear,
  countingRule,
}: {
  fileIds: number[];
  fiscalYear: number | null;
  /** 'As reported in the file' or 'verified', as chosen on the page. */
  countingRule?: CountingRule;
}) {
  const { t } = useTranslation();
  const { height } = useChartSize();
  const query = useQuery(goalsGraphQuery(fileIds, fiscalYear, countingRule));
  const d = query.data;
  const noGoals = d && d.overall === null && d.rows.length === 0;
  return (
    <div className={grid.pairs}>
      <div className={grid.wide}>
        {d && (
          <div className={css.goalsSummary}>
            <BaseNote d={d} />
            <Typography.Text type="secondary" data-testid="goals-counting-rule-text">
              {`${t('verified.countingRule')}: ${COUNTING_RULE_LABELS[d.countingRule]} — ${COUNTING_RULE_TEXT[d.countingRule]}`}
            </Typography.Text>
            {noGoals && (
              <Alert
                type="info"
                showIcon
                title={t('goals.noGoal', { year: d.label })}
                action={
                  <Link to={`${GOALS_SETTINGS_PATH}?year=${d.fiscalYear}`}>
                    {t('goals.setGoals')}
                  </Link>
                }
              />
            )}
            <Headline d={d} />
          </div>
        )}
      </div>
      <div className={grid.wide}>
        <ChartCard
          title={`${t('goals.progress')} · ${d?.label ?? ''}`}
          query={query}
          isEmpty={(x) => x.monthsElapsed === 0}
          data-testid="chart-goal-progress"
        >
          {(x) => <EChart height={height} option={goalProgressOption(x)} />}
        </ChartCard>
      </div>
      <div className={grid.wide}>
        <ChartCard
          title={t('goals.targets')}
          query={query}
          isEmpty={(x) => goalsTableRows(x).length === 0}
          data-testid="goals-targets"
        >
          {(x) => <TargetsTable d={x} fileIds={fileIds} />}
        </ChartCard>
      </div>
    </div>
  );
}
