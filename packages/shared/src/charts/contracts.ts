/** The contract dashboard's charts for a year. */
import type { ContractMonth, PercentageContract } from '../contracts.ts';
import { DIVERSITY_LABELS } from '../diversity-words.ts';
import { SPLIT_LINE, moneyTooltipValue, moneyValueAxis, type ChartOption } from './common.ts';
import { CONTRACT_TITLES } from './words.ts';

export const CONTRACT_WORDS = {
  ...CONTRACT_TITLES,
  nonDiverse: DIVERSITY_LABELS.NON_DIVERSE,
} as const;

export const CONTRACT_COLORS = { diverse: '#4f46e5', nonDiverse: '#cbd5e1' } as const;

const axisGrid = { left: 12, right: 16, top: 40, bottom: 8, containLabel: true };

export function completedOption(
  months: ContractMonth[],
  words: { contracts: string; diverse: string; nonDiverse: string } = CONTRACT_WORDS,
): ChartOption {
  return {
    grid: axisGrid,
    legend: { top: 0, itemWidth: 12, itemHeight: 12 },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'category', data: months.map((m) => m.month), axisTick: { show: false } },
    yAxis: {
      type: 'value',
      minInterval: 1,
      name: words.contracts,
      nameTextStyle: { color: '#64748b' },
      splitLine: SPLIT_LINE,
    },
    series: [
      {
        name: words.diverse,
        type: 'bar',
        stack: 'completed',
        barMaxWidth: 26,
        itemStyle: { color: CONTRACT_COLORS.diverse },
        data: months.map((m) => m.completedDiverse),
      },
      {
        name: words.nonDiverse,
        type: 'bar',
        stack: 'completed',
        barMaxWidth: 26,
        itemStyle: { color: CONTRACT_COLORS.nonDiverse, borderRadius: [4, 4, 0, 0] },
        data: months.map((m) => m.completedNonDiverse),
      },
    ],
  };
}

export function percentOption(
  percentage: PercentageContract,
  words: { diverse: string; nonDiverse: string } = CONTRACT_WORDS,
): ChartOption {
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number; percent: number }) =>
        `${p.name}: ${p.value} (${p.percent.toFixed(2)}%)`,
    },
    legend: { bottom: 0, itemWidth: 12, itemHeight: 12 },
    title: {
      text: `${percentage.diverse.toFixed(2)}%`,
      subtext: words.diverse,
      left: 'center',
      top: '36%',
      textStyle: { fontSize: 24, fontWeight: 700, color: '#0f172a' },
      subtextStyle: { fontSize: 12, color: '#64748b' },
    },
    series: [
      {
        type: 'pie',
        radius: ['52%', '74%'],
        center: ['50%', '45%'],
        avoidLabelOverlap: true,
        label: { show: false },
        data: [
          {
            name: words.diverse,
            value: percentage.diverseCount,
            itemStyle: { color: CONTRACT_COLORS.diverse },
          },
          {
            name: words.nonDiverse,
            value: percentage.nonDiverseCount,
            itemStyle: { color: CONTRACT_COLORS.nonDiverse },
          },
        ],
      },
    ],
  };
}

export function diverseValueOption(
  months: ContractMonth[],
  words: { axisValue: string; valueTitle: string } = CONTRACT_WORDS,
): ChartOption {
  return {
    grid: { ...axisGrid, left: 30, top: 24 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: moneyTooltipValue,
    },
    xAxis: { type: 'category', data: months.map((m) => m.month), axisTick: { show: false } },
    yAxis: moneyValueAxis(words.axisValue),
    series: [
      {
        name: words.valueTitle,
        type: 'bar',
        barMaxWidth: 26,
        itemStyle: { color: '#10b981', borderRadius: [4, 4, 0, 0] },
        data: months.map((m) => m.diverseValue),
      },
    ],
  };
}
