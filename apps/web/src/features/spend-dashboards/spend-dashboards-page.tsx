/**
 * /home/supplierSpend/report/*: Create Report's chooser and the Supplier, Spend and Category
 * Dashboards of the selected files. The breadcrumbs return to the table view
 * with the same selection.
 */
import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { reportKey } from '@spotzcity/shared/report-words';
import {
  DASHBOARD_KINDS,
  DASHBOARD_TITLES,
  type DashboardKind,
} from '@spotzcity/shared/spend-dashboard-words';
import { ExportBar } from '../../components/export-bar.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useAnalysis } from '../../components/use-analysis.ts';
import { downloadDashboardExcel } from './api/download-excel.ts';
import { Frame, useFileIds } from './components/report-frame.tsx';
import { SpendBaseSwitch, useSpendBase } from './components/spend-base.tsx';
import { SpendDashboard } from './components/spend-dashboard.tsx';
import { useCountingRule } from './components/use-counting-rule.ts';
import { reportPath } from './paths.ts';
import css from './spend-dashboards.module.css';

// The Spend Dashboard's first screen is in this chunk (the server names its files in the HTML of
// its address); the other dashboards, and the parts below a first screen, are chunks of their own.
const SupplierDashboard = lazy(() =>
  import('./components/supplier-dashboard.tsx').then((m) => ({ default: m.SupplierDashboard })),
);
// Create Report's chooser (cards of antd's) is a chunk of its own too: not a dashboard's first screen.
const ReportChooser = lazy(() =>
  import('./components/report-chooser.tsx').then((m) => ({ default: m.ReportChooser })),
);
const CategoryDashboard = lazy(() =>
  import('./components/category-dashboard.tsx').then((m) => ({ default: m.CategoryDashboard })),
);
const GoalsView = lazy(() =>
  import('./components/goals-view.tsx').then((m) => ({ default: m.GoalsView })),
);
const AnalysisBox = lazy(() =>
  import('../../components/analysis-box.tsx').then((m) => ({ default: m.AnalysisBox })),
);

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
  const [rule, , ruleKnown] = useCountingRule(kind === 'spend');
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
        {kind === 'spend' ? (
          <SpendDashboard fileIds={fileIds} base={base} rule={ruleKnown ? rule : null} />
        ) : (
          <Suspense fallback={<PageLoader />}>
            {kind === 'supplier' ? (
              <SupplierDashboard fileIds={fileIds} />
            ) : (
              <CategoryDashboard fileIds={fileIds} base={base} />
            )}
          </Suspense>
        )}
      </div>
      {/* The analysis goes out as text with every export and Print, not in the picture. */}
      <div className={css.dashboardAnalysisBelow}>
        <Suspense fallback={null}>
          <AnalysisBox title={t(ANALYSIS_TITLE[kind])} analysis={analysis} />
        </Suspense>
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

function ChooserRoute() {
  const { t } = useTranslation();
  const fileIds = useFileIds();
  return (
    <Frame fileIds={fileIds} title={t('spendDashboards.createReport')}>
      <Suspense fallback={<PageLoader />}>
        <ReportChooser fileIds={fileIds} />
      </Suspense>
    </Frame>
  );
}

export default function SpendDashboardsPage() {
  return (
    <Routes>
      <Route index element={<ChooserRoute />} />
      <Route
        path="goals"
        element={
          <Suspense fallback={<PageLoader />}>
            <GoalsView />
          </Suspense>
        }
      />
      <Route path=":kind" element={<DashboardRoute />} />
    </Routes>
  );
}
