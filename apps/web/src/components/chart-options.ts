/** ECharts option pieces the dashboards share, with the server's reports too. */
export {
  SPLIT_LINE,
  STRONG_TEXT,
  moneyTooltipValue,
  moneyValueAxis,
} from '@spotzcity/shared/charts/common';
