import { formatMoney } from '@spotzcity/shared/format';
import { DIVERSE_LABEL, NON_DIVERSE_LABEL } from '@spotzcity/shared/spend-dashboards';
import { useMediaQuery } from '../../../components/use-media-query.ts';

/** Axis labels: $1.2M, $350K, $900 (tooltips and tables show the full truncated amount). */
export function compactMoney(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}$${trim(abs / 1e9)}B`;
  if (abs >= 1e6) return `${sign}$${trim(abs / 1e6)}M`;
  if (abs >= 1e3) return `${sign}$${trim(abs / 1e3)}K`;
  return formatMoney(value);
}
const trim = (n: number) => (Math.trunc(n * 10) / 10).toString();

export const percentText = (value: number) => `${value.toFixed(2)}%`;

export { DIVERSE_LABEL, NON_DIVERSE_LABEL };
export { diversityLabel } from '@spotzcity/shared/diversity';

/** `2025-03` → `Mar 2025`. */
export function monthLabel(month: string): string {
  const names = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  return `${names[Number(month.slice(5, 7)) - 1] ?? ''} ${month.slice(0, 4)}`;
}

/** The spec's breakpoint: chart sizes change at a window width of 1000 px. */
export function useChartSize() {
  const narrow = useMediaQuery('(max-width: 999.98px)');
  return { narrow, height: narrow ? 260 : 340, mapHeight: narrow ? 300 : 420 };
}
