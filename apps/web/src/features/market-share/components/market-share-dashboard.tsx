/**
 * The market share dashboard (spec 02 point 2, DESIGN.md §6): the totals and the market share
 * percentages, diverse vs non-diverse spend per category, treemaps of diverse and non-diverse
 * spend by the chosen span, the 'Market Share Analysis' text and the exports. Loaded lazily.
 */
import { useMemo, useRef } from 'react';
import { Card, Col, Empty, Row, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NON_DIVERSE, diversityLabel } from '@spotzcity/shared/diversity';
import { SPAN_LABELS, type RevenueTree } from '@spotzcity/shared/market-share';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/reports';
import { AnalysisBox, useAnalysis } from '../../../components/analysis-box.tsx';
import { EChart, compactMoney, type EChartsCoreOption } from '../../../components/echart.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { exportMarketExcel } from '../api/export-market-excel.ts';
import { categoryGraphQuery } from '../api/get-category-graph.ts';
import { revenueTreeQuery } from '../api/get-revenue-tree.ts';
import type { ReportParams } from '../api/report-params.ts';

const DIVERSE_COLOR = '#10b981';
const NON_DIVERSE_COLOR = '#64748b';
const DIVERSE_SHADES = ['#065f46', '#047857', '#059669', '#10b981', '#34d399', '#6ee7b7'];
const NON_DIVERSE_SHADES = ['#1e293b', '#334155', '#475569', '#64748b', '#94a3b8', '#cbd5e1'];

function treemapOption(tree: RevenueTree, shades: string[], name: string): EChartsCoreOption {
  const total = tree.reduce((sum, node) => sum + node.value, 0);
  return {
    tooltip: {
      formatter: ({ name: label, value }: { name: string; value: number }) =>
        `<strong>${label}</strong><br/>${formatMoney(value)}` +
        (total > 0 ? ` (${((value / total) * 100).toFixed(2)}%)` : ''),
    },
    series: [
      {
        type: 'treemap',
        name,
        data: tree.map((node, i) => ({
          ...node,
          itemStyle: { color: shades[i % shades.length] },
        })),
        roam: false,
        nodeClick: false,
        breadcrumb: { show: false },
        width: '100%',
        height: '100%',
        top: 0,
        left: 0,
        itemStyle: { borderColor: '#fff', borderWidth: 2, gapWidth: 2 },
        label: {
          show: true,
          position: 'insideTopLeft',
          padding: [6, 8],
          formatter: ({ name: label, value }: { name: string; value: number }) =>
            `{name|${label}}\n{value|${compactMoney(value)}}`,
          rich: {
            name: { fontSize: 14, fontWeight: 700, color: '#fff', lineHeight: 20 },
            value: { fontSize: 12, color: 'rgba(255,255,255,0.92)', lineHeight: 16 },
          },
        },
      },
    ],
  };
}

interface MarketShareDashboardProps {
  params: ReportParams;
  onBack: () => void;
}

export default function MarketShareDashboard({ params, onBack }: MarketShareDashboardProps) {
  const { t } = useTranslation();
  const dashboard = useRef<HTMLDivElement>(null);
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

  const barOption = useMemo<EChartsCoreOption>(() => {
    const data = graph.data?.data ?? [];
    const diverseName = t('marketShare.dashboard.diverse');
    const nonDiverseName = diversityLabel(NON_DIVERSE);
    return {
      grid: { left: 16, right: 16, top: 44, bottom: 8, containLabel: true },
      legend: { top: 0, data: [diverseName, nonDiverseName] },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'shadow' },
        valueFormatter: (value: number) => formatMoney(value),
      },
      xAxis: {
        type: 'category',
        data: data.map((d) => d.category),
        axisLabel: {
          interval: 0,
          rotate: data.length > 6 ? 30 : 0,
          width: 110,
          overflow: 'truncate',
        },
        axisTick: { alignWithLabel: true },
      },
      yAxis: {
        type: 'value',
        name: t('marketShare.dashboard.spendAxis'),
        nameTextStyle: { align: 'left' },
        axisLabel: { formatter: compactMoney },
        splitLine: { lineStyle: { type: 'dashed' } },
      },
      series: [
        {
          name: diverseName,
          type: 'bar',
          data: data.map((d) => d.diverse),
          itemStyle: { color: DIVERSE_COLOR, borderRadius: [3, 3, 0, 0] },
          barMaxWidth: 28,
        },
        {
          name: nonDiverseName,
          type: 'bar',
          data: data.map((d) => d.nonDiverse),
          itemStyle: { color: NON_DIVERSE_COLOR, borderRadius: [3, 3, 0, 0] },
          barMaxWidth: 28,
        },
      ],
    };
  }, [graph.data, t]);

  const diverseTitle = t('marketShare.dashboard.diverseRevenue', { span: spanLabel });
  const nonDiverseTitle = t('marketShare.dashboard.nonDiverseRevenue', { span: spanLabel });
  const diverseOption = useMemo(
    () => treemapOption(diverse.data ?? [], DIVERSE_SHADES, diverseTitle),
    [diverse.data, diverseTitle],
  );
  const nonDiverseOption = useMemo(
    () => treemapOption(nonDiverse.data ?? [], NON_DIVERSE_SHADES, nonDiverseTitle),
    [nonDiverse.data, nonDiverseTitle],
  );

  const totals = graph.data;
  const kpis = [
    {
      key: 'overall',
      label: t('marketShare.dashboard.overallSpend'),
      value: formatMoney(totals?.overallTotal),
    },
    {
      key: 'diverse',
      label: t('marketShare.dashboard.diverseSpend'),
      value: formatMoney(totals?.diverseTotal),
      accent: 'diverse',
    },
    {
      key: 'non-diverse',
      label: t('marketShare.dashboard.nonDiverseSpend'),
      value: formatMoney(totals?.nonDiverseTotal),
      accent: 'non-diverse',
    },
    {
      key: 'diverse-share',
      label: t('marketShare.dashboard.diverseShare'),
      value: `${(totals?.diverseShare ?? 0).toFixed(2)}%`,
      accent: 'diverse',
    },
    {
      key: 'non-diverse-share',
      label: t('marketShare.dashboard.nonDiverseShare'),
      value: `${(totals?.nonDiverseShare ?? 0).toFixed(2)}%`,
      accent: 'non-diverse',
    },
  ];

  const treemap = (
    title: string,
    query: typeof diverse,
    option: EChartsCoreOption,
    testId: string,
  ) => (
    <Card title={title} className="chart-card" loading={query.isPending} data-testid={testId}>
      {(query.data ?? []).length === 0 ? (
        <Empty description={t('marketShare.dashboard.noSpend')} className="treemap-empty" />
      ) : (
        <EChart option={option} height={300} data-testid={`${testId}-chart`} />
      )}
    </Card>
  );

  return (
    <div className="dashboard" data-testid="market-share-dashboard">
      <div ref={dashboard} className="dashboard-capture">
        <header className="dashboard-header">
          <div>
            <Tooltip title={t('marketShare.dashboard.backHint')} placement="bottomLeft">
              <button
                type="button"
                className="dashboard-title-button"
                onClick={onBack}
                data-testid="dashboard-header"
              >
                <ArrowLeftOutlined className="dashboard-title-back" data-export-ignore="true" />
                <Typography.Title level={3} className="page-title" data-testid="dashboard-title">
                  {t('marketShare.dashboard.title')}
                </Typography.Title>
              </button>
            </Tooltip>
            <Typography.Text
              type="secondary"
              className="dashboard-subtitle"
              data-testid="dashboard-selection"
            >
              {subtitle}
            </Typography.Text>
          </div>
          <ExportBar
            target={dashboard}
            name={t('marketShare.dashboard.title')}
            subtitle={subtitle}
            analysis={analysis.text}
            onExcel={() => exportMarketExcel(params, analysis.text)}
          />
        </header>

        <div className="kpi-row" data-testid="market-share-kpis">
          {kpis.map((kpi) => (
            <div
              key={kpi.key}
              className={`kpi-card${kpi.accent ? ` kpi-card-${kpi.accent}` : ''}`}
              data-testid={`kpi-${kpi.key}`}
            >
              <span className="kpi-label">{kpi.label}</span>
              <span className="kpi-value" data-testid={`kpi-${kpi.key}-value`}>
                {graph.isPending ? '…' : kpi.value}
              </span>
            </div>
          ))}
        </div>

        <Row gutter={[20, 20]}>
          <Col xs={24}>
            <Card
              title={t('marketShare.dashboard.byCategory')}
              className="chart-card"
              loading={graph.isPending}
              data-testid="market-share-by-category"
            >
              {(totals?.data ?? []).length === 0 ? (
                <Empty description={t('marketShare.dashboard.noSpend')} />
              ) : (
                <EChart option={barOption} height={320} data-testid="by-category-chart" />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={12}>
            {treemap(diverseTitle, diverse, diverseOption, 'diverse-revenue')}
          </Col>
          <Col xs={24} xl={12}>
            {treemap(nonDiverseTitle, nonDiverse, nonDiverseOption, 'non-diverse-revenue')}
          </Col>
          <Col xs={24}>
            <AnalysisBox title={t('marketShare.dashboard.analysis')} analysis={analysis} />
          </Col>
        </Row>
      </div>
    </div>
  );
}
