/**
 * The RFx dashboard for the chosen quarters and year (DESIGN.md §6): the RFx of
 * the period, the 'Contract Value' chart of won deals per diversity type, the diversity-in-sourcing
 * view, the analysis text, and the export bar (PPT, PDF, Excel, Print).
 */
import { useMemo } from 'react';
import { Alert, Spin, Tag, type TableProps } from 'antd';
import {
  DollarOutlined,
  FileSearchOutlined,
  TeamOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contractValueOption } from '@spotzcity/shared/charts/rfx';
import { formatDate, formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/report-words';
import {
  RFX_TYPE_NAMES,
  rfxPeriodSchema,
  rfxPeriodTitle,
  type RfxPeriod,
  type RfxRecord,
  type RfxType,
  type Sourcing,
} from '@spotzcity/shared/rfx';
import { AnalysisBox } from '../../../components/analysis-box.tsx';
import { useAnalysis } from '../../../components/use-analysis.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { ChartEmpty } from '../../../components/chart-empty.tsx';
import { CountingNote } from '../../../components/counting-note.tsx';
import { EChart, type EChartsCoreOption } from '../../../components/echart.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import grid from '../../../components/dashboard-grid.module.css';
import { dashboardGraphQuery } from '../api/dashboard-graph.ts';
import { dashboardListKey, fetchDashboardPage } from '../api/dashboard-list.ts';
import { dashboardSourcingQuery } from '../api/dashboard-sourcing.ts';
import { downloadRfxDashboard } from '../api/excel.ts';
import { SourcingView, sourcingHeight } from './sourcing-view.tsx';
import { StatusTag } from './status-tags.tsx';

/** The period from the address (?quaters=Q1-Q2&year=2025), or null when it is not one. */
export function periodFromSearch(params: URLSearchParams): RfxPeriod | null {
  const parsed = rfxPeriodSchema.safeParse({
    quaters: params.get('quaters') ?? '',
    year: params.get('year') ?? '',
  });
  return parsed.success ? parsed.data : null;
}

function ContractValueChart({ graph, height }: { graph: Record<string, number>; height: number }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () =>
      contractValueOption(graph, {
        axis: t('rfx.dashboard.axis'),
        series: t('rfx.dashboard.chartTitle'),
      }),
    [graph, t],
  );
  if (!Object.values(graph).some((v) => v > 0)) {
    return <ChartEmpty height={height} text={t('rfx.dashboard.noValue')} />;
  }
  return <EChart option={option} height={height} data-testid="rfx-contract-value-chart" />;
}

function Headline({ sourcing, rows }: { sourcing: Sourcing; rows: number }) {
  const { t } = useTranslation();
  const { totals, diverse } = sourcing;
  return (
    <div className={grid.grid} data-testid="rfx-stats">
      <div className={grid.span3}>
        <StatCard
          label={t('rfx.dashboard.statRfx')}
          icon={<FileSearchOutlined />}
          value={rows}
          data-testid="stat-rfx"
        />
      </div>
      <div className={grid.span3}>
        <StatCard
          label={t('rfx.dashboard.statInvited')}
          icon={<TeamOutlined />}
          value={totals.invited}
          detail={t('rfx.dashboard.statInvitedDetail', { diverse: diverse.invited })}
          data-testid="stat-invited"
        />
      </div>
      <div className={grid.span3}>
        <StatCard
          label={t('rfx.dashboard.statWon')}
          icon={<TrophyOutlined />}
          value={totals.won}
          detail={t('rfx.dashboard.statWonDetail', { diverse: diverse.won })}
          data-testid="stat-won"
        />
      </div>
      <div className={grid.span3}>
        <StatCard
          label={t('rfx.dashboard.statValue')}
          icon={<DollarOutlined />}
          value={formatMoney(totals.wonValue)}
          detail={t('rfx.dashboard.statValueDetail', { diverse: formatMoney(diverse.wonValue) })}
          data-testid="stat-value"
        />
      </div>
    </div>
  );
}

function Dashboard({ period }: { period: RfxPeriod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = rfxPeriodTitle(period);
  const graph = useQuery(dashboardGraphQuery(period));
  const sourcing = useQuery(dashboardSourcingQuery(period));
  const analysis = useAnalysis(reportKey('rfx', { quaters: period.quaters, year: period.year }));

  const columns = useMemo<NonNullable<TableProps<RfxRecord>['columns']>>(
    () => [
      {
        title: t('rfx.dashboard.rfx'),
        dataIndex: 'rfxName',
        key: 'rfx',
        ellipsis: true,
        render: (name: string, record) => (
          <span title={`${record.rfxNumber} · ${name}`}>
            <span className="cell-strong">{name}</span>
            <span className="cell-muted"> · {record.rfxNumber}</span>
          </span>
        ),
      },
      {
        title: t('rfx.dashboard.rfxType'),
        dataIndex: 'type',
        key: 'type',
        width: 96,
        render: (type: RfxType) => (
          <Tag variant="outlined" title={RFX_TYPE_NAMES[type]}>
            {type}
          </Tag>
        ),
      },
      {
        title: t('rfx.dashboard.startDate'),
        dataIndex: 'startDate',
        key: 'startDate',
        width: 120,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('rfx.dashboard.submitted'),
        dataIndex: 'submited',
        key: 'submited',
        width: 120,
        className: 'cell-nowrap',
        render: (value: string) => formatDate(value),
      },
      {
        title: t('rfx.dashboard.suppliers'),
        dataIndex: 'supplierCount',
        key: 'supplierCount',
        width: 150,
        align: 'right',
      },
      {
        title: t('rfx.dashboard.status'),
        dataIndex: 'status',
        key: 'status',
        width: 130,
        render: (status: RfxRecord['status']) => <StatusTag status={status} />,
      },
    ],
    [t],
  );

  const error = graph.error ?? sourcing.error;

  return (
    <div data-testid="rfx-dashboard-page">
      <ModuleHeader
        title={t('rfx.title')}
        view={t('records.dashboard')}
        onTitleClick={() => navigate('/home/rfx')}
        actions={
          <ExportBar
            report={{ key: 'rfx', body: { quaters: period.quaters, year: period.year } }}
            analysis={analysis.text}
            onExcel={() => downloadRfxDashboard(period, analysis.text)}
          />
        }
      />
      {error && <Alert type="error" showIcon title={error.message} />}
      <div className="dashboard" data-testid="rfx-dashboard">
        <div className="dashboard-heading">
          <h2 data-testid="rfx-dashboard-title">{title}</h2>
          <span>
            {t('rfx.dashboard.periodNote', {
              quarters: period.quaters.join(', '),
              year: period.year,
            })}
          </span>
        </div>
        {sourcing.data ? (
          <Headline sourcing={sourcing.data} rows={sourcing.data.totals.rfxCount} />
        ) : (
          <Spin />
        )}
        <div className={grid.grid}>
          <div className={grid.span12}>
            <ChartCard title={t('rfx.dashboard.tableTitle')} data-testid="rfx-dashboard-table-card">
              <InfiniteTable<RfxRecord>
                queryKey={dashboardListKey(period)}
                fetchPage={fetchDashboardPage(period)}
                columns={columns}
                rowKey="id"
                size="small"
                height={264}
                data-testid="rfx-dashboard-table"
              />
            </ChartCard>
          </div>
          <div className={grid.span5}>
            <ChartCard
              title={t('rfx.dashboard.chartTitle')}
              subtitle={t('rfx.dashboard.chartSubtitle')}
              note={<CountingNote />}
              data-testid="rfx-contract-value"
            >
              {graph.data ? (
                <ContractValueChart
                  graph={graph.data}
                  height={sourcing.data ? sourcingHeight(sourcing.data) : 420}
                />
              ) : (
                <Spin />
              )}
            </ChartCard>
          </div>
          <div className={grid.span7}>
            {sourcing.data ? <SourcingView sourcing={sourcing.data} /> : <Spin />}
          </div>
        </div>
      </div>
      {/* The analysis is exported as text with every download, not in the picture. */}
      <div className="dashboard-analysis">
        <AnalysisBox title={t('rfx.dashboard.analysisTitle')} analysis={analysis} />
      </div>
    </div>
  );
}

export default function RfxDashboard() {
  const [params] = useSearchParams();
  const period = periodFromSearch(params);
  if (!period) return <Navigate to="/home/rfx" replace />;
  return <Dashboard key={`${period.quaters.join('-')}-${period.year}`} period={period} />;
}
