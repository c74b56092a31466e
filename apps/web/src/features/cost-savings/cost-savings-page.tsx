/**
 * /home/costSaving (spec 02 points 2, 4): the list, the add and edit forms and the dashboard, each
 * its own route so that the browser's Back works. Buttons follow features.costSaving.*. Each view
 * has its own frame: the dashboard is wider than the list and the form.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Space } from 'antd';
import { BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/get-profile.ts';
import { ModuleHeader } from '../../components/module-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { RecordModuleRoutes } from '../../components/record-module-routes.tsx';
import { costSavingQuery } from './api/get-cost-saving.ts';
import { CostSavingForm } from './components/cost-saving-form.tsx';
import { CostSavingList } from './components/cost-saving-list.tsx';
import dashboardCss from '../../components/dashboard-page.module.css';

// The dashboard (and echarts with it) loads only when a report is opened.
const CostSavingsDashboard = lazy(() => import('./components/cost-savings-dashboard.tsx'));

const BASE = '/home/costSaving';

function ListView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { costSaving } = useCurrentUser().features;
  const [total, setTotal] = useState<number | undefined>(undefined);

  return (
    <div
      className={`page ${dashboardCss.listCard} cost-savings-page`}
      data-testid="cost-savings-list-page"
    >
      <ModuleHeader
        title={t('costSaving.title')}
        subtitle={t('costSaving.subtitle')}
        actions={
          <Space wrap>
            {costSaving.addEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`${BASE}/add`)}
                data-testid="cost-saving-add"
              >
                {t('costSaving.addData')}
              </Button>
            )}
            {costSaving.createReport && (
              <Button
                icon={<BarChartOutlined />}
                disabled={!total}
                onClick={() => navigate(`${BASE}/dashboard`)}
                data-testid="cost-saving-create-report"
              >
                {t('costSaving.createReport')}
              </Button>
            )}
          </Space>
        }
      />
      <CostSavingList
        canEdit={costSaving.addEdit}
        canDelete={costSaving.deleteFile}
        onEdit={(record) => navigate(`${BASE}/edit/${record.id}`)}
        onTotalChange={setTotal}
      />
    </div>
  );
}

function DashboardView() {
  const navigate = useNavigate();
  return (
    <div
      className={`page ${dashboardCss.pageWide} cost-savings-page`}
      data-testid="cost-savings-dashboard-page"
    >
      {/* Inside the frame, so that the page keeps its width while the dashboard loads. */}
      <Suspense fallback={<PageLoader />}>
        <CostSavingsDashboard onBack={() => navigate(BASE)} />
      </Suspense>
    </div>
  );
}

export default function CostSavingsPage() {
  const { t } = useTranslation();
  const { features } = useCurrentUser();
  return (
    <RecordModuleRoutes
      module="cost-saving"
      basePath={BASE}
      title={t('costSaving.title')}
      // Spec 02: the form is titled 'Add Data' or 'Edit Data'.
      views={{ add: t('costSaving.addData'), edit: t('costSaving.editData') }}
      formSubtitle={t('costSaving.formSubtitle')}
      formClassName="page cost-savings-page"
      can={features.costSaving}
      list={<ListView />}
      recordQuery={costSavingQuery}
      Form={CostSavingForm}
      Dashboard={DashboardView}
    />
  );
}
