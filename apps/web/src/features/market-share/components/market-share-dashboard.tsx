/**
 * The market share dashboard (DESIGN.md §6): the totals and the market share
 * percentages, diverse vs non-diverse spend per category, treemaps of diverse and non-diverse
 * spend by the chosen span, the 'Market Share Analysis' text and the exports. Loaded lazily.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Col, Empty, Row } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NON_DIVERSE, diversityLabel } from '@spotzcity/shared/diversity-words';
import { SPAN_LABELS, type RevenueTree } from '@spotzcity/shared/market-share';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/report-words';
import { AnalysisBox } from '../../../components/analysis-box.tsx';
import { useAnalysis } from '../../../components/use-analysis.ts';
import {
  MARKET_COLORS,
  byCategoryOption,
  treemapFit,
  treemapOption,
  treemapRects,
  type TreemapFit,
} from '@spotzcity/shared/charts/market-share';
import { EChart, type EChartsCoreOption, type echarts } from '../../../components/echart.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { downloadMarketShareDashboard } from '../api/excel.ts';
import { categoryGraphQuery } from '../api/get-category-graph.ts';
import { revenueTreeQuery } from '../api/get-revenue-tree.ts';
import type { ReportParams } from '../api/report-params.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { PHONE_QUERY, useMediaQuery } from '../../../components/use-media-query.ts';
import css from '../market-share.module.css';
import dashboardCss from '../../../components/dashboard-page.module.css';

/**
 * A treemap whose labels show only what fits: after each layout the cells' rectangles are read
 * and a label that would be cut is hidden (the tooltip keeps the full value).
 */
function FittedTreemap({
  tree,
  shades,
  name,
  testId,
}: {
  tree: RevenueTree;
  shades: readonly string[];
  name: string;
  testId: string;
}) {
  const [fit, setFit] = useState<TreemapFit[] | undefined>(undefined);
  const latest = useRef({ tree, fit });
  useEffect(() => {
    latest.current = { tree, fit };
  }, [tree, fit]);
  const option = useMemo(() => treemapOption(tree, shades, name, fit), [tree, shades, name, fit]);
  const onReady = useCallback((chart: echarts.ECharts) => {
    chart.on('finished', () => {
      const { tree: nodes, fit: shown } = latest.current;
      // getModel is internal to echarts (private in its types): the layout is only there.
      const next = treemapFit(nodes, treemapRects(chart as never, nodes));
      if (next.join() !== shown?.join()) setFit(next);
    });
  }, []);
  return <EChart option={option} height={300} onReady={onReady} data-testid={testId} />;
}

interface MarketShareDashboardProps {
  params: ReportParams;
  onBack: () => void;
}

export default function MarketShareDashboard({ params, onBack }: MarketShareDashboardProps) {
  const { t } = useTranslation();
  // A phone: the categories are named upright (their bars are a dozen pixels apart).
  const narrow = useMediaQuery(PHONE_QUERY);
  const graph = useQuery(categoryGraphQuery(params));
  const diverse = useQuery(revenueTreeQuery(params, true));
  const nonDiverse = useQuery(revenueTreeQuery(params, false));
  const analysis = useAnalysis(
    reportKey('marketShare', {
      span: params.span,
      spanKeys: params.spanKeys,
      fromDate: params.fromDate ?? '',
      toDate: params.toDate ?? '',
    }),
  );
  const spanLabel = SPAN_LABELS[params.span];
  const selection = t('marketShare.dashboard.selection', {
    span: spanLabel,
    values: params.spanKeys.length
      ? params.spanKeys.join(', ')
      : t('marketShare.dashboard.allValues'),
  });
  const period =
    params.fromDate || params.toDate
      ? t('marketShare.dashboard.period', {
          from: params.fromDate ? formatDate(params.fromDate) : '…',
          to: params.toDate ? formatDate(params.toDate) : '…',
        })
      : t('marketShare.dashboard.allDates');
  const subtitle = `${selection} · ${period}`;

  const barOption = useMemo<EChartsCoreOption>(
    () =>
      byCategoryOption(
        graph.data?.data ?? [],
        {
          diverse: t('marketShare.dashboard.diverse'),
          nonDiverse: diversityLabel(NON_DIVERSE),
          spendAxis: t('marketShare.dashboard.spendAxis'),
        },
        narrow,
      ),
    [graph.data, t, narrow],
  );

  const diverseTitle = t('marketShare.dashboard.diverseRevenue', { span: spanLabel });
  const nonDiverseTitle = t('marketShare.dashboard.nonDiverseRevenue', { span: spanLabel });

  const totals = graph.data;
  const kpis = [
    {
      key: 'overall',
      label: t('marketShare.dashboard.overallSpend'),
      value: formatMoney(totals?.overallTotal),
      accent: css.overall,
    },
    {
      key: 'diverse',
      label: t('marketShare.dashboard.diverseSpend'),
      value: formatMoney(totals?.diverseTotal),
      accent: css.diverse,
    },
    {
      key: 'non-diverse',
      label: t('marketShare.dashboard.nonDiverseSpend'),
      value: formatMoney(totals?.nonDiverseTotal),
      accent: css.nonDiverse,
    },
    {
      key: 'diverse-share',
      label: t('marketShare.dashboard.diverseShare'),
      value: `${(totals?.diverseShare ?? 0).toFixed(2)}%`,
      accent: css.diverse,
    },
    {
      key: 'non-diverse-share',
      label: t('marketShare.dashboard.nonDiverseShare'),
      value: `${(totals?.nonDiverseShare ?? 0).toFixed(2)}%`,
      accent: css.nonDiverse,
    },
  ];

  const treemap = (
    title: string,
    query: typeof diverse,
    shades: readonly string[],
    testId: string,
  ) => (
    <ChartCard title={title} loading={query.isPending} data-testid={testId}>
      {(query.data ?? []).length === 0 ? (
        <Empty description={t('marketShare.dashboard.noSpend')} className={css.treemapEmpty} />
      ) : (
        <FittedTreemap
          tree={query.data ?? []}
          shades={shades}
          name={title}
          testId={`${testId}-chart`}
        />
      )}
    </ChartCard>
  );

  return (
    <div className="dashboard" data-testid="market-share-dashboard">
      <div className={dashboardCss.dashboardCapture}>
        {/* Spec 02: clicking the header returns to the list. */}
        <ModuleHeader
          title={t('marketShare.title')}
          view={t('records.dashboard')}
          onTitleClick={onBack}
          actions={
            <ExportBar
              report={{
                key: 'market',
                body: {
                  span: params.span,
                  spanKeys: params.spanKeys,
                  ...(params.fromDate ? { fromDate: params.fromDate } : {}),
                  ...(params.toDate ? { toDate: params.toDate } : {}),
                },
              }}
              analysis={analysis.text}
              onExcel={() => downloadMarketShareDashboard(params, analysis.text)}
            />
          }
        />
        <div className="dashboard-heading">
          <h2 data-testid="dashboard-title">{t('marketShare.dashboard.title')}</h2>
          <span data-testid="dashboard-selection">{subtitle}</span>
        </div>

        <div className={dashboardCss.kpiRow} data-testid="market-share-kpis">
          {kpis.map((kpi) => (
            <StatCard
              key={kpi.key}
              label={kpi.label}
              value={graph.isPending ? '…' : kpi.value}
              className={`${css.accent} ${kpi.accent}`}
              data-testid={`kpi-${kpi.key}`}
            />
          ))}
        </div>

        <Row gutter={[20, 20]}>
          <Col xs={24}>
            <ChartCard
              title={t('marketShare.dashboard.byCategory')}
              loading={graph.isPending}
              data-testid="market-share-by-category"
            >
              {(totals?.data ?? []).length === 0 ? (
                <Empty description={t('marketShare.dashboard.noSpend')} />
              ) : (
                <EChart option={barOption} height={320} data-testid="by-category-chart" />
              )}
            </ChartCard>
          </Col>
          <Col xs={24} xl={12}>
            {treemap(diverseTitle, diverse, MARKET_COLORS.diverseShades, 'diverse-revenue')}
          </Col>
          <Col xs={24} xl={12}>
            {treemap(
              nonDiverseTitle,
              nonDiverse,
              MARKET_COLORS.nonDiverseShades,
              'non-diverse-revenue',
            )}
          </Col>
          <Col xs={24}>
            <AnalysisBox title={t('marketShare.dashboard.analysis')} analysis={analysis} />
          </Col>
        </Row>
      </div>
    </div>
  );
}
