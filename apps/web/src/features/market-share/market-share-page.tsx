/**
 * /home/marketShare (spec 02 points 2, 4): the supplier list; 'Create Report' opens the report
 * parameters, whose result opens the dashboard (its parameters live in the URL, so a reload or a
 * shared link shows the same report). Clicking the dashboard's header returns to the list.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { Navigate, Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { ModuleHeader } from '../../components/module-header.tsx';
import { fromSearch, toSearch } from './api/report-params.ts';
import { MarketShareList } from './components/market-share-list.tsx';
import { ReportDialog } from './components/report-dialog.tsx';
import dashboardCss from '../../components/dashboard-page.module.css';
import { PageLoader } from '../../components/page-loader.tsx';

const MarketShareDashboard = lazy(() => import('./components/market-share-dashboard.tsx'));

const BASE = '/home/marketShare';

function ListView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { marketShare } = useCurrentUser().features;
  const [total, setTotal] = useState<number | undefined>(undefined);
  const [dialog, setDialog] = useState(false);

  return (
    <div
      className={`page ${dashboardCss.listCard} market-share-page`}
      data-testid="market-share-list-page"
    >
      <ModuleHeader
        title={t('marketShare.title')}
        subtitle={t('marketShare.subtitle')}
        actions={
          marketShare.createReport && (
            <Button
              type="primary"
              icon={<BarChartOutlined />}
              disabled={!total}
              onClick={() => setDialog(true)}
              data-testid="market-share-create-report"
            >
              {t('marketShare.createReport')}
            </Button>
          )
        }
      />
      <MarketShareList onTotalChange={setTotal} />
      <ReportDialog
        open={dialog}
        onClose={() => setDialog(false)}
        onCreate={(params) => {
          setDialog(false);
          navigate(`${BASE}/dashboard?${toSearch(params)}`);
        }}
      />
    </div>
  );
}

function DashboardView() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { marketShare } = useCurrentUser().features;
  const params = fromSearch(search);
  if (!marketShare.createReport || !params) return <Navigate to={BASE} replace />;
  return (
    <div
      className={`page ${dashboardCss.pageWide} market-share-page`}
      data-testid="market-share-dashboard-page"
    >
      <Suspense fallback={<PageLoader />}>
        <MarketShareDashboard params={params} onBack={() => navigate(BASE)} />
      </Suspense>
    </div>
  );
}

export default function MarketSharePage() {
  return (
    <Routes>
      <Route index element={<ListView />} />
      <Route path="dashboard" element={<DashboardView />} />
      <Route path="*" element={<Navigate to={BASE} replace />} />
    </Routes>
  );
}
