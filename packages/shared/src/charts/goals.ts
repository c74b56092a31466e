/**
 * The Goals Dashboard's chart and words, shared by the web (canvas) and the server's reports
 * (SVG in the PDF), so both draw the same thing.
 */
import { diversityLabel } from '../diversity-words.ts';
import type { DiversityType } from '../enums.ts';
import { formatMoney } from '../format.ts';
import type { GoalRow, GoalsDashboard } from '../goals.ts';
import { baseOption, compactMoney, monthLabel, type ChartOption } from './common.ts';

export const GOALS_WORDS = {
  progress: 'Diverse Spend Against the Goal',
  progressSubtitle: (months: number) =>
    months === 0
      ? 'no spend paid in this year yet'
      : months === 12
        ? 'the whole year paid'
        : `cumulative, ${months} month${months === 1 ? '' : 's'} paid; the dashed line runs on at that rate`,
  targets: 'Targets',
  actual: 'Actual',
  goal: 'Goal',
  projection: 'Projection',
  target: 'Target',
  goalPercent: 'Goal %',
  actualPercent: 'Actual %',
  projectedYearEnd: 'Projected at Year End',
  goalYearEnd: 'Goal at Year End',
  stillNeeded: 'Still Needed',
  status: 'Status',
  addressable: 'Addressable Spend',
  nonAddressable: 'Non-Addressable Spend',
  overallTarget: 'Overall Goal',
  diverseShare: 'Diverse % of Addressable',
  noTarget: 'No goal set for this year',
  analysis: 'Goals Analysis',
} as const;

/** 'Overall', 'MBE', 'IT Services (category)', 'Small business (program)'. */
export function goalRowLabel(row: GoalRow): string {
  if (row.kind === 'overall') return 'Overall';
  if (row.kind === 'diversity') return diversityLabel(row.name as DiversityType);
  if (row.kind === 'program') return `${row.name} (program)`;
  return `${row.name} (category)`;
}

/** The overall row first, then the types, then the categories. */
export const goalsTableRows = (d: GoalsDashboard): GoalRow[] =>
  d.overall ? [d.overall, ...d.rows] : d.rows;

/**
 * Cumulative diverse spend month by month against the overall goal (the target applied to the
 * cumulative addressable base, then to the base at the run rate), and the projection to year end
 * as a dashed line from the last month paid.
 */
/** Actual, goal and projection: the projection is the actual's colour, dashed. */
export const GOAL_COLORS = { actual: '#4f46e5', goal: '#f59e0b', projection: '#818cf8' } as const;

export function goalProgressOption(d: GoalsDashboard): ChartOption {
  return baseOption({
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: number | null) => (v === null || v === undefined ? '—' : formatMoney(v)),
    },
    legend: {
      top: 0,
      data: [GOALS_WORDS.actual, ...(d.overall ? [GOALS_WORDS.goal] : []), GOALS_WORDS.projection],
    },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', data: d.months.map(monthLabel), boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: compactMoney } },
    series: [
      {
        type: 'line',
        name: GOALS_WORDS.actual,
        data: d.cumulativeActual,
        color: GOAL_COLORS.actual,
        symbolSize: 6,
        lineStyle: { width: 3 },
        areaStyle: { opacity: 0.08 },
      },
      ...(d.overall
        ? [
            {
              type: 'line',
              name: GOALS_WORDS.goal,
              data: d.cumulativeGoal,
              color: GOAL_COLORS.goal,
              symbol: 'none',
              lineStyle: { width: 2 },
            },
          ]
        : []),
      {
        type: 'line',
        name: GOALS_WORDS.projection,
        data: d.projection,
        color: GOAL_COLORS.projection,
        symbol: 'none',
        lineStyle: { type: 'dashed', width: 2 },
      },
    ],
  });
}
