/**
 * The contract dashboard for a year (DESIGN.md §6): completed contracts per
 * month, total diverse contracts, percent of contracts, diverse contract value per month, the
 * new-contracts table, the analysis text and the export bar.
 */
import { useMemo, useState } from 'react';
import { Alert, Spin, type TableProps } from 'antd';
import {
  FileAddOutlined,
  FileProtectOutlined,
  PieChartOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  contractDashboardTitle,
  contractYearSchema,
  type ContractMonth,
  type NewContract,
  type PercentageContract,
} from '@spotzcity/shared/contracts';
import { NON_DIVERSE, diversityLabel } from '@spotzcity/shared/diversity-words';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/report-words';
import { AnalysisBox } from '../../../components/analysis-box.tsx';
import { useAnalysis } from '../../../components/use-analysis.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { ChartEmpty } from '../../../components/chart-empty.tsx';
import { DiversityTags } from '../../../components/diversity.tsx';
import {
  completedOption,
  diverseValueOption,
  percentOption,
} from '@spotzcity/shared/charts/contracts';
import { EChart, type EChartsCoreOption } from '../../../components/echart.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { InfiniteTable } from '../../../components/infinite-table.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import grid from '../../../components/dashboard-grid.module.css';
import { perMonthQuery } from '../api/contract-per-diversity-mom.ts';
import { downloadContractDashboard } from '../api/excel.ts';
import { percentageQuery } from '../api/percentage-contract.ts';
import { fetchNewContracts, newContractsKey } from '../api/top-new-contract.ts';
import { totalDiverseQuery } from '../api/total-diverse-supplier.ts';

function CompletedChart({ months }: { months: ContractMonth[] }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () =>
      completedOption(months, {
        contracts: t('contracts.dashboard.contracts'),
        diverse: t('contracts.dashboard.diverse'),
        nonDiverse: diversityLabel(NON_DIVERSE),
      }),
    [months, t],
  );
  if (!months.some((m) => m.completed > 0)) {
    return <ChartEmpty height={280} text={t('contracts.dashboard.noneCompleted')} />;
  }
  return <EChart option={option} height={280} data-testid="contract-completed-chart" />;
}

function PercentChart({ percentage }: { percentage: PercentageContract }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () =>
      percentOption(percentage, {
        diverse: t('contracts.dashboard.diverse'),
        nonDiverse: diversityLabel(NON_DIVERSE),
      }),
    [percentage, t],
  );
  if (percentage.diverseCount + percentage.nonDiverseCount === 0) {
    return <ChartEmpty height={280} text={t('contracts.dashboard.noneInForce')} />;
  }
  return <EChart option={option} height={280} data-testid="contract-percent-chart" />;
}

function DiverseValueChart({ months }: { months: ContractMonth[] }) {
  const { t } = useTranslation();
  const option = useMemo<EChartsCoreOption>(
    () =>
      diverseValueOption(months, {
        axisValue: t('contracts.dashboard.axisValue'),
        valueTitle: t('contracts.dashboard.valueTitle'),
      }),
    [months, t],
  );
  if (!months.some((m) => m.diverseValue > 0)) {
    return <ChartEmpty height={300} text={t('contracts.dashboard.noDiverseValue')} />;
  }
  return <EChart option={option} height={300} data-testid="contract-value-chart" />;
}

function Dashboard({ year }: { year: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = contractDashboardTitle(year);
  const months = useQuery(perMonthQuery(year));
  const total = useQuery(totalDiverseQuery(year));
  const percentage = useQuery(percentageQuery(year));
  const analysis = useAnalysis(reportKey('contracts', { year }));
  const [newCount, setNewCount] = useState<number | null>(null);

  const columns = useMemo<NonNullable<TableProps<NewContract>['columns']>>(
    () => [
      {
        title: t('contracts.dashboard.supplierName'),
        dataIndex: 'supplierName',
        key: 'supplierName',
        ellipsis: true,
        render: (name: string, row) => (
          <span title={`${row.contractNumber} · ${row.contractName}`} className="cell-strong">
            {name}
          </span>
        ),
      },
      {
        title: t('contracts.dashboard.diversity'),
        dataIndex: 'diversity',
        key: 'diversity',
        width: 130,
        render: (types: string[]) => <DiversityTags types={types} />,
      },
      {
        title: t('contracts.dashboard.contractValue'),
        dataIndex: 'contractValue',
        key: 'contractValue',
        width: 124,
        align: 'right',
        className: 'cell-money',
        render: (value: number) => formatMoney(value),
      },
    ],
    [t],
  );

  const error = months.error ?? total.error ?? percentage.error;
  const diverseValue = months.data?.reduce((sum, m) => sum + m.diverseValue, 0) ?? 0;

  return (
    <div data-testid="contract-dashboard-page">
      <ModuleHeader
        title={t('contracts.title')}
        view={t('records.dashboard')}
        onTitleClick={() => navigate('/home/contracts')}
        actions={
          <ExportBar
            report={{ key: 'contract', body: { year } }}
            analysis={analysis.text}
            onExcel={() => downloadContractDashboard(year, analysis.text)}
          />
        }
      />
      {error && <Alert type="error" showIcon title={error.message} />}
      <div className="dashboard" data-testid="contract-dashboard">
        <div className="dashboard-heading">
          <h2 data-testid="contract-dashboard-title">{title}</h2>
          <span>{t('contracts.dashboard.subtitle', { year })}</span>
        </div>
        <div className={grid.grid}>
          <div className={grid.span3}>
            <StatCard
              label={t('contracts.dashboard.totalDiverse')}
              icon={<FileProtectOutlined />}
              value={total.data?.totalDiverseContracts ?? '…'}
              detail={
                total.data &&
                t('contracts.dashboard.totalDiverseDetail', {
                  total: total.data.totalContracts,
                  suppliers: total.data.diverseSuppliers,
                  year,
                })
              }
              data-testid="stat-total-diverse"
            />
          </div>
          <div className={grid.span3}>
            <StatCard
              label={t('contracts.dashboard.percent')}
              icon={<PieChartOutlined />}
              value={percentage.data ? `${percentage.data.diverse.toFixed(2)}%` : '…'}
              detail={t('contracts.dashboard.percentDetail')}
              data-testid="stat-percent"
            />
          </div>
          <div className={grid.span3}>
            <StatCard
              label={t('contracts.dashboard.diverseValue')}
              icon={<ShopOutlined />}
              value={months.data ? formatMoney(diverseValue) : '…'}
              detail={t('contracts.dashboard.diverseValueDetail', { year })}
              data-testid="stat-diverse-value"
            />
          </div>
          <div className={grid.span3}>
            <StatCard
              label={t('contracts.dashboard.newContracts')}
              icon={<FileAddOutlined />}
              value={newCount ?? '…'}
              detail={t('contracts.dashboard.newContractsDetail', { year })}
              data-testid="stat-new"
            />
          </div>
          <div className={grid.span7}>
            <ChartCard
              title={t('contracts.dashboard.completedTitle')}
              subtitle={t('contracts.dashboard.completedSubtitle')}
              data-testid="contract-completed"
            >
              {months.data ? <CompletedChart months={months.data} /> : <Spin />}
            </ChartCard>
          </div>
          <div className={grid.span5}>
            <ChartCard
              title={t('contracts.dashboard.percentTitle')}
              subtitle={t('contracts.dashboard.percentSubtitle')}
              data-testid="contract-percent"
            >
              {percentage.data ? <PercentChart percentage={percentage.data} /> : <Spin />}
            </ChartCard>
          </div>
          <div className={grid.span7}>
            <ChartCard
              title={t('contracts.dashboard.valueTitle')}
              subtitle={t('contracts.dashboard.valueSubtitle')}
              data-testid="contract-diverse-value"
            >
              {months.data ? <DiverseValueChart months={months.data} /> : <Spin />}
            </ChartCard>
          </div>
          <div className={grid.span5}>
            <ChartCard
              title={t('contracts.dashboard.newTitle')}
              subtitle={t('contracts.dashboard.newSubtitle', { year })}
              data-testid="contract-new"
            >
              <InfiniteTable<NewContract>
                queryKey={newContractsKey(year)}
                fetchPage={fetchNewContracts(year)}
                columns={columns}
                rowKey="id"
                size="small"
                height={268}
                onTotalChange={setNewCount}
                data-testid="contract-new-table"
              />
            </ChartCard>
          </div>
        </div>
      </div>
      {/* The analysis is exported as text with every download, not in the picture. */}
      <div className="dashboard-analysis">
        <AnalysisBox title={t('contracts.dashboard.analysisTitle')} analysis={analysis} />
      </div>
    </div>
  );
}

export default function ContractDashboard() {
  const [params] = useSearchParams();
  const parsed = contractYearSchema.safeParse({ year: params.get('year') ?? '' });
  if (!parsed.success) return <Navigate to="/home/contracts" replace />;
  return <Dashboard key={parsed.data.year} year={parsed.data.year} />;
}
