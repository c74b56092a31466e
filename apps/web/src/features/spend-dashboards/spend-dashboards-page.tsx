/**
 * /home/supplierSpend/report/*: Create Report's chooser and the Supplier, Spend and Category
 * Dashboards of the selected files (spec 01 point 2). The breadcrumbs return to the table view
 * with the same selection.
 */
import { useMemo, type ReactNode } from 'react';
import { Breadcrumb, Segmented, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Route, Routes, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GOALS_TITLE, fiscalYearLabel } from '@spotzcity/shared/goals';
import { reportKey } from '@spotzcity/shared/reports';
import {
  COUNTING_RULES,
  COUNTING_RULE_LABELS,
  type CountingRule,
} from '@spotzcity/shared/verified-diversity';
import {
  DASHBOARD_KINDS,
  DASHBOARD_TITLES,
  type DashboardKind,
} from '@spotzcity/shared/spend-dashboards';
import { goalYearsQuery } from '../../api/goal-years.ts';
import { AfterFirstScreen } from '../../components/after-first-screen.tsx';
import { AnalysisBox, useAnalysis } from '../../components/analysis-box.tsx';
import { ExportBar } from '../../components/export-bar.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { downloadDashboardExcel } from './api/download-excel.ts';
import { downloadGoalsExcel, goalsGraphQuery } from './api/goals.ts';
import { CategoryDashboard } from './components/category-dashboard.tsx';
import { GOALS_SETTINGS_PATH, GoalsDashboard } from './components/goals-dashboard.tsx';
import { ReportChooser } from './components/report-chooser.tsx';
import { SpendBaseSwitch, useSpendBase } from './components/spend-base.tsx';
import { SpendDashboard } from './components/spend-dashboard.tsx';
import { SupplierDashboard } from './components/supplier-dashboard.tsx';
import { useCountingRule } from './components/use-counting-rule.ts';
import { parseFileIds, reportPath, spendHomePath, tableViewPath } from './paths.ts';
import css from './spend-dashboards.module.css';

/** The selected files, the same array while the selection is (the dashboards are memoised). */
function useFileIds() {
  const [params] = useSearchParams();
  const files = params.get('files');
  return useMemo(() => parseFileIds(files), [files]);
}

function Frame({
  fileIds,
  title,
  actions,
  children,
}: {
  fileIds: number[];
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={css.spendDashboards}>
      <Breadcrumb
        data-testid="report-breadcrumbs"
        items={[
          { title: <Link to={spendHomePath(fileIds)}>{t('modules.supplierSpend')}</Link> },
          {
            title: (
              <Link to={tableViewPath(fileIds)} data-testid="breadcrumb-table-view">
                {t('spendDashboards.tableView')}
              </Link>
            ),
          },
          { title },
        ]}
      />
      <PageHeading
        title={title}
        lead={
          fileIds.length === 0
            ? t('spendDashboards.allFiles')
            : t('spendDashboards.selectedFiles', { count: fileIds.length })
        }
        actions={actions}
      />
      {children}
    </div>
  );
}

const ANALYSIS_TITLE = {
  supplier: 'spendDashboards.supplierAnalysis',
  spend: 'spendDashboards.spendAnalysis',
  category: 'spendDashboards.categoryAnalysis',
} as const;

function DashboardView({ kind }: { kind: DashboardKind }) {
  const { t } = useTranslation();
  const fileIds = useFileIds();
  const analysis = useAnalysis(reportKey(kind, { files: fileIds }));
  const title = DASHBOARD_TITLES[kind];
  // Only the Spend Dashboard offers the counting rule; the other two count as reported.
  const [rule] = useCountingRule(kind === 'spend');
  const countingRule = kind === 'spend' ? { countingRule: rule } : {};
  const [base, setBase] = useSpendBase();
  // The Supplier Dashboard counts suppliers: it has no percentage of spend, so no base.
  const hasBase = kind !== 'supplier';
  return (
    <Frame
      fileIds={fileIds}
      title={title}
      actions={
        <div className={css.goalsActions}>
          {hasBase && <SpendBaseSwitch value={base} onChange={setBase} />}
          <ExportBar
            report={{
              key: kind,
              body: { selectedIds: fileIds, ...(hasBase ? { base } : {}), ...countingRule },
            }}
            analysis={analysis.text}
            onExcel={() => downloadDashboardExcel(kind, fileIds, analysis.text, base, countingRule)}
          />
        </div>
      }
    >
      <div className={css.dashboardCapture} data-testid={`dashboard-${kind}`}>
        {kind === 'supplier' ? (
          <SupplierDashboard fileIds={fileIds} />
        ) : kind === 'spend' ? (
          <SpendDashboard fileIds={fileIds} base={base} />
        ) : (
          <CategoryDashboard fileIds={fileIds} base={base} />
        )}
      </div>
      {/* The analysis goes out as text with every export and Print, not in the picture. */}
      <div className={css.dashboardAnalysisBelow}>
        <AfterFirstScreen>
          <AnalysisBox title={t(ANALYSIS_TITLE[kind])} analysis={analysis} />
        </AfterFirstScreen>
      </div>
    </Frame>
  );
}

function DashboardRoute() {
  const { kind } = useParams();
  const fileIds = useFileIds();
  if (!DASHBOARD_KINDS.includes(kind as DashboardKind)) {
    return <Navigate to={reportPath(null, fileIds)} replace />;
  }
  return <DashboardView key={kind} kind={kind as DashboardKind} />;
}

/** The Goals Dashboard: a fiscal year (`?year=`, today's by default) of the selected files. */
function GoalsView() {
  const { t } = useTranslation();
  const fileIds = useFileIds();
  const [params, setParams] = useSearchParams();
  const years = useQuery(goalYearsQuery());
  const fiscalYear = Number(params.get('year')) || years.data?.current || null;
  const [rule, setRule] = useCountingRule();
  const figures = useQuery({
    ...goalsGraphQuery(fileIds, fiscalYear, rule),
    enabled: fiscalYear !== null,
  });
  const start = figures.data?.fiscalYearStartMonth ?? 1;
  const analysis = useAnalysis(reportKey('goals', { files: fileIds, year: fiscalYear ?? '' }));
  const options = [
    ...new Set([
      ...(years.data?.years ?? []),
      ...(years.data ? [years.data.current, years.data.current - 1, years.data.current - 2] : []),
      ...(fiscalYear ? [fiscalYear] : []),
    ]),
  ]
    .sort((a, b) => b - a)
    .map((y) => ({ value: y, label: fiscalYearLabel(y, start) }));
  return (
    <Frame
      fileIds={fileIds}
      title={GOALS_TITLE}
      actions={
        <div className={css.goalsActions}>
          <Select
            aria-label={t('goals.fiscalYear')}
            data-testid="goals-year"
            value={fiscalYear ?? undefined}
            options={options}
            onChange={(y: number) => {
              const next = new URLSearchParams(params);
              next.set('year', String(y));
              setParams(next, { replace: true });
            }}
            style={{ minWidth: 220 }}
          />
          <Link
            to={`${GOALS_SETTINGS_PATH}${fiscalYear ? `?year=${fiscalYear}` : ''}`}
            data-testid="goals-settings-link"
          >
            {t('goals.open')}
          </Link>
          <Segmented<CountingRule>
            value={rule}
            onChange={setRule}
            options={COUNTING_RULES.map((r) => ({ value: r, label: COUNTING_RULE_LABELS[r] }))}
            aria-label={t('verified.countingRule')}
            data-testid="goals-counting-rule"
          />
          <ExportBar
            report={{
              key: 'goals',
              body: {
                selectedIds: fileIds,
                ...(fiscalYear ? { fiscalYear } : {}),
                countingRule: rule,
              },
            }}
            analysis={analysis.text}
            onExcel={() => downloadGoalsExcel(fileIds, fiscalYear, analysis.text, rule)}
          />
        </div>
      }
    >
      <div className={css.dashboardCapture} data-testid="dashboard-goals">
        {fiscalYear !== null && (
          <GoalsDashboard fileIds={fileIds} fiscalYear={fiscalYear} countingRule={rule} />
        )}
      </div>
      <div className={css.dashboardAnalysisBelow}>
        <AnalysisBox title={t('goals.analysis')} analysis={analysis} />
      </div>
    </Frame>
  );
}

function ChooserRoute() {
  const { t } = useTranslation();
  const fileIds = useFileIds();
  return (
    <Frame fileIds={fileIds} title={t('spendDashboards.createReport')}>
      <ReportChooser fileIds={fileIds} />
    </Frame>
  );
}

export default function SpendDashboardsPage() {
  return (
    <Routes>
      <Route index element={<ChooserRoute />} />
      <Route path="goals" element={<GoalsView />} />
      <Route path=":kind" element={<DashboardRoute />} />
    </Routes>
  );
}
