/**
 * The cost savings dashboard (DESIGN.md §6): 'Total Cost Savings' per year, 'Savings
 * by Diversity' (Direct and Indirect share, 0–100%), 'Savings Per Category' with a per-year
 * sparkline, the 'Cost Savings Analysis' text and the exports. Loaded lazily (echarts).
 */
import { useMemo } from 'react';
import { Col, Empty, Row, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategorySaving } from '@spotzcity/shared/cost-savings';
import { formatMoney } from '@spotzcity/shared/format';
import { reportKey } from '@spotzcity/shared/report-words';
import { AnalysisBox } from '../../../components/analysis-box.tsx';
import { useAnalysis } from '../../../components/use-analysis.ts';
import {
  savingsByDiversityOption,
  sparklineOption,
  totalCostSavingsOption,
} from '@spotzcity/shared/charts/cost-savings';
import { EChart, type EChartsCoreOption } from '../../../components/echart.tsx';
import { CountingNote } from '../../../components/counting-note.tsx';
import { ExportBar } from '../../../components/export-bar.tsx';
import { downloadCostSavingsDashboard } from '../api/excel.ts';
import { savingPerCategoryQuery } from '../api/get-saving-per-category.ts';
import { savingPerDiversityQuery } from '../api/get-saving-per-diversity.ts';
import { totalCostSavingQuery } from '../api/get-total-cost-saving.ts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { ModuleHeader } from '../../../components/module-header.tsx';
import css from '../cost-savings.module.css';
import dashboardCss from '../../../components/dashboard-page.module.css';

function Sparkline({ row, years }: { row: CategorySaving; years: string[] }) {
  const option = useMemo<EChartsCoreOption>(() => sparklineOption(row, years), [row, years]);
  return <EChart option={option} height={40} className={css.savingsSparkline} />;
}

/** The chosen years of the address (`?years=2024,2025`), ascending; none is all years. */
export function yearsFromSearch(params: URLSearchParams): number[] {
  const years = (params.get('years') ?? '')
    .split(',')
    .map(Number)
    .filter((y) => Number.isInteger(y) && y >= 1900 && y <= 9999);
  return [...new Set(years)].sort((a, b) => a - b);
}

export default function CostSavingsDashboard({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  // The years live in the address, so that a reload or a shared link shows the same period.
  const [params, setParams] = useSearchParams();
  const years = useMemo(() => yearsFromSearch(params), [params]);
  const setYears = (chosen: number[]) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (chosen.length) next.set('years', [...chosen].sort((a, b) => a - b).join(','));
        else next.delete('years');
        return next;
      },
      { replace: true },
    );
  const allYears = useQuery(totalCostSavingQuery([]));
  const perYear = useQuery(totalCostSavingQuery(years));
  const perCategory = useQuery(savingPerCategoryQuery(years));
  const perDiversity = useQuery(savingPerDiversityQuery(years));
  const analysis = useAnalysis(reportKey('costSaving', { years }));

  const yearOptions = (allYears.data ?? []).map((y) => ({ value: y.year, label: String(y.year) }));
  const covered = (perYear.data ?? []).map((y) => y.year);
  const period = years.length
    ? years.join(', ')
    : covered.length
      ? `${t('costSaving.dashboard.allYears')} (${covered[0]}–${covered.at(-1)})`
      : t('costSaving.dashboard.allYears');
  const subtitle = t('costSaving.dashboard.period', { years: period });

  const lineOption = useMemo<EChartsCoreOption>(
    () =>
      totalCostSavingsOption(perYear.data ?? [], {
        savingsAxis: t('costSaving.dashboard.savingsAxis'),
        totalCostSavings: t('costSaving.dashboard.totalCostSavings'),
      }),
    [perYear.data, t],
  );

  const barOption = useMemo<EChartsCoreOption>(
    () =>
      savingsByDiversityOption(perDiversity.data ?? [], {
        direct: t('costSaving.dashboard.direct'),
        indirect: t('costSaving.dashboard.indirect'),
      }),
    [perDiversity.data, t],
  );

  const sparkYears = covered.map(String);
  const loading = perYear.isPending || perCategory.isPending || perDiversity.isPending;
  const empty = !loading && (perYear.data ?? []).every((d) => d.totalSaving === 0);

  return (
    <div className="dashboard" data-testid="cost-savings-dashboard">
      <div className={dashboardCss.dashboardCapture}>
        <ModuleHeader
          title={t('costSaving.title')}
          view={t('records.dashboard')}
          onTitleClick={onBack}
          actions={
            <ExportBar
              report={{ key: 'cost', body: { years } }}
              analysis={analysis.text}
              onExcel={() => downloadCostSavingsDashboard(years, analysis.text)}
            />
          }
        />
        <div className="dashboard-heading">
          <h2 data-testid="dashboard-title">{t('costSaving.dashboard.title')}</h2>
          <span data-testid="dashboard-period">{subtitle}</span>
        </div>
        <div className={dashboardCss.dashboardToolbar} data-export-ignore="true">
          <Space wrap>
            <Typography.Text type="secondary">{t('costSaving.dashboard.years')}</Typography.Text>
            <Select
              mode="multiple"
              allowClear
              value={years}
              onChange={(value: number[]) => setYears(value)}
              options={yearOptions}
              placeholder={t('costSaving.dashboard.allYears')}
              style={{ minWidth: 240 }}
              data-testid="dashboard-years"
            />
          </Space>
        </div>

        {empty && (
          <Empty
            description={t('costSaving.dashboard.noData')}
            className={dashboardCss.dashboardEmpty}
          />
        )}

        <Row gutter={[20, 20]}>
          <Col xs={24} xl={13}>
            <ChartCard
              title={t('costSaving.dashboard.totalCostSavings')}
              loading={perYear.isPending}
              data-testid="total-cost-savings"
            >
              <EChart option={lineOption} height={300} data-testid="total-cost-savings-chart" />
            </ChartCard>
          </Col>
          <Col xs={24} xl={11}>
            <ChartCard
              title={t('costSaving.dashboard.byDiversity')}
              loading={perDiversity.isPending}
              data-testid="savings-by-diversity"
            >
              <EChart option={barOption} height={276} data-testid="savings-by-diversity-chart" />
              <CountingNote />
            </ChartCard>
          </Col>
          <Col xs={24} xl={13}>
            <ChartCard
              title={t('costSaving.dashboard.perCategory')}
              data-testid="savings-per-category"
            >
              <Table<CategorySaving>
                size="small"
                rowKey="category"
                loading={perCategory.isPending}
                dataSource={perCategory.data ?? []}
                pagination={false}
                // On a phone the table scrolls sideways inside its card: the category keeps
                // 160 px beside the fixed savings and sparkline columns.
                scroll={{ x: 480, y: 300 }}
                columns={[
                  {
                    title: t('costSaving.dashboard.category'),
                    dataIndex: 'category',
                    key: 'category',
                    ellipsis: true,
                  },
                  {
                    title: t('costSaving.dashboard.savings'),
                    dataIndex: 'totalSaving',
                    key: 'totalSaving',
                    align: 'right',
                    width: 140,
                    render: (value: number) => (
                      <span className="cell-money">{formatMoney(value)}</span>
                    ),
                  },
                  {
                    title: t('costSaving.dashboard.savingsPerYear'),
                    key: 'sparkline',
                    width: 180,
                    render: (_: unknown, row: CategorySaving) => (
                      <Sparkline row={row} years={sparkYears} />
                    ),
                  },
                ]}
              />
            </ChartCard>
          </Col>
          <Col xs={24} xl={11} className={dashboardCss.analysisFill}>
            <AnalysisBox title={t('costSaving.dashboard.analysis')} analysis={analysis} />
          </Col>
        </Row>
      </div>
    </div>
  );
}
