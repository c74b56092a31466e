import { DIVERSE_LABEL, NON_DIVERSE_LABEL } from '@spotzcity/shared/spend-dashboard-words';
import { compactMoney, monthLabel, percentText } from '@spotzcity/shared/charts/common';
import { diversityLabel } from '@spotzcity/shared/diversity-words';
import { useMediaQuery } from '../../../components/use-media-query.ts';

export { DIVERSE_LABEL, NON_DIVERSE_LABEL, compactMoney, diversityLabel, monthLabel, percentText };

/** The spec's breakpoint: chart sizes change at a window width of 1000 px. */
export function useChartSize() {
  const narrow = useMediaQuery('(max-width: 999.98px)');
  return { narrow, height: narrow ? 260 : 340, mapHeight: narrow ? 300 : 420 };
}
